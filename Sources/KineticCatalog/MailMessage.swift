import Foundation

/// One message of the Mailbox, as `mailbox/messages.json` describes it:
/// `{"id", "sender", "subject", "snippet", "time", "unread"?}`.
public struct MailMessage: Codable, Equatable, Sendable, Identifiable {
    /// Letters, digits, `-` and `_`; unique in the document.
    public var id: String
    public var sender: String
    public var subject: String
    /// The start of the body, shown on two lines.
    public var snippet: String
    /// When it arrived, as shown ("9:41 AM", "Yesterday").
    public var time: String
    public var unread: Bool

    public init(id: String, sender: String, subject: String, snippet: String, time: String, unread: Bool = false) {
        (self.id, self.sender, self.subject, self.snippet, self.time, self.unread) = (id, sender, subject, snippet, time, unread)
    }
}

/// The Mailbox's document: `{"messages": [message, …]}`. Strict per message (a message with a missing or
/// mistyped field, a bad id or a duplicate id is left out with a reason naming it), forgiving per document.
public enum MessageDocument {
    /// The most messages kept.
    public static let maximumMessages = 500

    public struct Decoded: Equatable, Sendable {
        public var messages: [MailMessage]
        public var problems: [String]
    }

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    public static func decode(_ data: Data, name: String = "messages.json") throws -> Decoded {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw Invalid(description: "\(name) is not JSON (\(error.localizedDescription))")
        }
        guard let top = json as? [String: Any], let items = top["messages"] as? [Any] else {
            throw Invalid(description: "\(name) has no \"messages\" list")
        }
        var messages: [MailMessage] = [], problems: [String] = [], seen = Set<String>()
        for (index, item) in items.enumerated() {
            let label = ((item as? [String: Any])?["id"] as? String).map { "messages[\(index)] \"\($0)\"" } ?? "messages[\(index)]"
            func leftOut(_ reason: String) { problems.append("\(name): \(label) left out: \(reason)") }
            guard let fields = item as? [String: Any] else { leftOut("not an object"); continue }
            guard let id = fields["id"] as? String else { leftOut("\"id\" must be a string"); continue }
            if let problem = ContentIdentifier.problem(id) { leftOut(problem); continue }
            var texts: [String: String] = [:]
            var bad: String?
            for key in ["sender", "subject", "snippet", "time"] {
                guard let text = fields[key] as? String else { bad = "\"\(key)\" must be a string"; break }
                guard text.count <= (key == "snippet" ? 2000 : 200) else { bad = "\"\(key)\" is too long"; break }
                texts[key] = text
            }
            if let bad { leftOut(bad); continue }
            if texts["sender"]!.trimmingCharacters(in: .whitespaces).isEmpty { leftOut("\"sender\" is empty"); continue }
            if let unread = fields["unread"], !(unread is Bool) { leftOut("\"unread\" must be true or false"); continue }
            guard seen.insert(id).inserted else { leftOut("duplicate id"); continue }
            guard messages.count < maximumMessages else { leftOut("at most \(maximumMessages) messages"); continue }
            messages.append(MailMessage(id: id, sender: texts["sender"]!, subject: texts["subject"]!, snippet: texts["snippet"]!,
                                        time: texts["time"]!, unread: (fields["unread"] as? Bool) ?? false))
        }
        return Decoded(messages: messages, problems: problems)
    }
}
