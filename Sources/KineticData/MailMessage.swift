import Foundation

/// One message of the Mailbox, as `mailbox/messages.json` describes it:
/// `{"id", "sender", "address"?, "subject", "snippet", "time", "unread"?, "body"?}`. Files without `body` (older ones)
/// still read: the reader then shows the snippet; an `address` that is not one is left out (a reply then goes to the
/// name, and Send waits for an address).
public struct MailMessage: Codable, Equatable, Sendable, Identifiable, DocumentElement {
    /// Letters, digits, `-` and `_`; unique in the document.
    public var id: String
    /// Who sent it, as the row shows it; never blank.
    public var sender: String
    /// The subject line, shown on its row and in the reader.
    public var subject: String
    /// The start of the body, shown on two lines.
    public var snippet: String
    /// When it arrived, as shown ("9:41 AM", "Yesterday").
    public var time: String
    /// Whether the server marks it unread (`false` when the document says nothing): its row shows the unread dot.
    public var unread: Bool
    /// The whole message, for the reader; `nil` when the document has none.
    public var body: String?
    /// Where a mail server keeps it (`inbox`, `archive`, `deleted`: its Inbox, its `\Archive`, its `\Trash`), which
    /// the Mailbox follows; `nil` for messages of a document, whose places are the person's own. Not saved.
    public var serverList: Placement.List?
    /// The sender's address (`ana@example.org`), which a reply goes to; `nil` when only a name is known. Not saved.
    public var senderAddress: String?
    /// Its Message-ID header (`<…@…>`), which a reply names in In-Reply-To; `nil` when unknown. Not saved.
    public var messageID: String?

    /// A message from code (compose, tests); the values are not checked here, `problem` says what is wrong.
    public init(id: String, sender: String, subject: String, snippet: String, time: String, unread: Bool = false, body: String? = nil) {
        (self.id, self.sender, self.subject, self.snippet, self.time, self.unread, self.body) = (id, sender, subject, snippet, time, unread, body)
    }

    /// What the reader shows: the body, or the snippet when there is none.
    public var text: String { body ?? snippet }

    enum CodingKeys: String, CodingKey {
        case id, sender, subject, snippet, time, unread, body
        case senderAddress = "address"
    }

    /// Every text field must be a string and `unread`, when present, true or false; the values are checked by
    /// `problem`.
    public init(from decoder: Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        id = try fields.decode(String.self, forKey: .id)
        sender = try fields.decode(String.self, forKey: .sender)
        subject = try fields.decode(String.self, forKey: .subject)
        snippet = try fields.decode(String.self, forKey: .snippet)
        time = try fields.decode(String.self, forKey: .time)
        unread = try fields.decodeIfPresent(Bool.self, forKey: .unread) ?? false
        body = try fields.decodeIfPresent(String.self, forKey: .body)
        // Leniently: a malformed address costs only itself.
        let address = (try? fields.decodeIfPresent(String.self, forKey: .senderAddress)) ?? nil
        senderAddress = address.flatMap { Self.isAddress($0) ? $0 : nil }
    }

    /// Whether `text` is an address a reply can go to: `local@domain.tld`, printable ASCII, at most 200 characters.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return text.count <= 200 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: ",") }
    }

    /// What is wrong with the message's values, if anything: an id that could not name a row, a text too long to
    /// show, or no sender.
    public var problem: String? {
        if let problem = ContentIdentifier.problem(id) { return problem }
        for (name, text, limit) in [("sender", sender, 200), ("subject", subject, 200), ("snippet", snippet, 2000), ("time", time, 200), ("body", body ?? "", 50_000)]
            where text.count > limit {
            return "\"\(name)\" is too long (at most \(limit) characters)"
        }
        if sender.trimmingCharacters(in: .whitespaces).isEmpty { return "\"sender\" is empty" }
        return nil
    }
}



/// A person's mail server, as the Mailbox reads it (issue #40): its Inbox, Archive and Trash, newest first. Implemented
/// at the edge over IMAP (`KineticMail.IMAPMailServer`); the app knows only this.
public protocol MailServer: Sendable {
    /// The messages now, each with its `serverList`; throws what went wrong, in a sentence (the server unreachable,
    /// the password refused).
    func inbox() async throws -> [MailMessage]
    /// Moves a message (by the id `inbox()` gave it) to the mailbox that holds `list` (`inbox`, `archive`, `deleted`).
    func move(_ id: String, to list: Placement.List) async throws
    /// How often the Inbox is read again for new mail, in seconds.
    var checkInterval: Double { get }
    /// Marks the messages (by the ids `inbox()` gave them) as read on the server; ids of other messages are passed by.
    func markRead(_ ids: Set<String>) async throws
    /// Whether the account can send (an SMTP server is given).
    var canSend: Bool { get }
    /// Sends a message the person wrote (`to` addresses, a reply naming `inReplyTo`'s Message-ID) and keeps a copy in
    /// the server's `\Sent`; throws the server's refusal.
    func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws
}
