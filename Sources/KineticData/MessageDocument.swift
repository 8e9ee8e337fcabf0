import Foundation

/// The Mailbox's document: `{"messages": [message, …]}`. Strict per message (a message with a missing or
/// mistyped field, a bad id or a duplicate id is left out with a reason naming it), forgiving per document.
public enum MessageDocument {
    /// The most messages kept.
    public static let maximumMessages = 500

    /// The messages that were kept and one line per message left out.
    public struct Decoded: Equatable, Sendable {
        /// The messages kept, in document order, at most `maximumMessages`.
        public var messages: [MailMessage]
        /// One line per message left out; empty when the document was sound.
        public var problems: [String]
    }

    /// The document's shape on the wire.
    private struct File: Decodable {
        let messages: LenientList<MailMessage>
    }

    /// - Throws: `DocumentError` when `data` is not JSON or has no `messages` list.
    public static func decode(_ data: Data, name: String = "messages.json") throws -> Decoded {
        let file = try DocumentDecoder.decode(File.self, from: data, name: name)
        var problems = DocumentProblems(document: name)
        let messages = file.messages.accepted(in: "messages", limit: maximumMessages, problems: &problems).map(\.element)
        return Decoded(messages: messages, problems: problems.lines)
    }
}
