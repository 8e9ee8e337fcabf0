import Foundation

/// A filing the mail server has not carried out yet: the message, and where the person put it.
public struct WaitingMove: Codable, Equatable, Sendable {
    /// The message's id.
    public var id: String
    /// Where it goes on the server.
    public var placement: Placement

    /// `id` to `placement`.
    public init(id: String, placement: Placement) {
        (self.id, self.placement) = (id, placement)
    }
}

/// A message the person sent, as a mail server takes it: kept in the outbox until the SMTP server took it.
public struct OutgoingMessage: Codable, Equatable, Sendable {
    /// The recipients' addresses.
    public var to: [String]
    /// The subject as sent.
    public var subject: String
    /// The text as written.
    public var body: String
    /// The copies' addresses (Cc), each with its name as typed; `nil` in one an older Kinetic wrote (none).
    public var cc: [String]?
    /// The blind copies' addresses (Bcc): given to the SMTP server, written in no header; `nil` for none.
    public var bcc: [String]?
    /// The Message-ID of the message it answers, for a reply.
    public var inReplyTo: String?
    /// The thread's Message-IDs, oldest first, ending with `inReplyTo` (a reply's References); `nil` in one an older
    /// Kinetic wrote, which then refers to `inReplyTo` alone.
    public var references: [String]?
    /// The row (by its id) of the message this answers, marked answered on the server once it is sent.
    public var answers: String?
    /// A forward's: the row (by its id) of the message it passes on. It goes out through the account that message
    /// came to, and its first `forwardedFiles` files go with it, read from the server as it is sent (so the outbox
    /// keeps no copy of them); `nil` for a message that forwards none.
    public var forwarding: String?
    /// How many files of `forwarding` go with it: the first that many, as the reader lists them; `nil` or 0 for none.
    public var forwardedFiles: Int?
    /// The left part of its Message-ID (before the `@`, which the account's domain follows), chosen as it was sent:
    /// each try, and the copy kept in the server's Sent, carry the same Message-ID (RFC 5322 §3.6.4), and the Sent row
    /// knows that copy as itself (`MailMessage.sentAs`). `nil` in one an older Kinetic wrote: a new one each try.
    public var messageIDPart: String?
    /// Its row in Sent (`sent-3`), in the outbox file; `nil` in one an older Kinetic wrote.
    public var sentID: String?
    /// In the outbox file: whether the end of the message had been sent to the server, unanswered, when the app
    /// quit: it may have arrived, and is not sent again.
    public var committed: Bool?

    /// A message to `to`.
    public init(to: [String], subject: String, body: String, inReplyTo: String?) {
        (self.to, self.subject, self.body, self.inReplyTo) = (to, subject, body, inReplyTo)
    }

    /// Whether `part` can be a Message-ID's left part as this app writes one: 1 to 100 of RFC 5322's atom characters
    /// and dots, not starting or ending with a dot, nor holding two together (dot-atom-text).
    public static func isMessageIDPart(_ part: String) -> Bool {
        let atom = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~".utf8)
        return !part.isEmpty && part.utf8.count <= 100 && !part.hasPrefix(".") && !part.hasSuffix(".") && !part.contains("..")
            && part.utf8.allSatisfy { atom.contains($0) || $0 == UInt8(ascii: ".") }
    }
}

extension MailboxSavedFiles {
    /// What the mail server has not carried out yet, in the order it was asked, kept in `mailbox-outbox.json`: the
    /// filings and the sends the person made while a server was away outlive a quit, and are carried out at the next
    /// launch.
    public var outboxFileURL: URL { folder.appendingPathComponent("mailbox-outbox.json") }

    /// `mailbox-outbox.json` as written.
    struct Outbox: Encodable {
        var moves: [WaitingMove]
        var sends: [OutgoingMessage]
    }
    /// `mailbox-outbox.json` as read: each move and send on its own.
    struct OutboxEntries: Decodable {
        var moves: LenientList<WaitingMove>
        var sends: LenientList<OutgoingMessage>?
    }

    /// The waiting filings and sends, oldest first (none when there is no file, or it cannot be read: said in
    /// `problem`). Each is read on its own: one that cannot be read is left out with its reason, and the file copied
    /// aside.
    public func loadOutbox() -> (moves: [WaitingMove], sends: [OutgoingMessage], problem: String?) {
        let file = SavedFile<OutboxEntries>(outboxFileURL)
        let (saved, problem) = file.load()
        if let problem { return ([], [], "work waiting for the mail server: \(problem); the server's places are shown") }
        let (moves, movesProblem) = Self.entries(saved?.moves.elements ?? [], in: "moves", of: file, called: "filings waiting for the mail server")
        let (sends, sendsProblem) = Self.entries(saved?.sends?.elements ?? [], in: "sends", of: file, called: "messages waiting to be sent")
        return (moves, sends, [movesProblem, sendsProblem].compactMap { $0 }.first)
    }

    /// Writes the waiting filings and sends atomically, in order; throws when the file cannot be written.
    public func saveOutbox(_ moves: [WaitingMove], sends: [OutgoingMessage]) throws {
        try SavedFile<Outbox>(outboxFileURL).save(Outbox(moves: moves, sends: sends))
    }
}
