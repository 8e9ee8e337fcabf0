import Foundation

/// One message of the Mailbox, as `mailbox/messages.json` describes it:
/// `{"id", "sender", "address"?, "subject", "snippet", "time", "unread"?, "body"?, "cc"?, "bcc"?, "forwarding"?,
/// "forwardedFiles"?, "date"?, "sentAs"?}`. Files without `body` (older ones)
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
    /// Where a mail server keeps it, which the Mailbox follows: its Inbox, its `\Archive`, its `\Trash`, its Later
    /// (with the return moment and option the server keeps, when it keeps one) or one of its lists (the list's id as
    /// `detail`); `nil` for messages of a document, whose places are the person's own. Not saved.
    public var serverPlacement: Placement?
    /// The sender's address (`ana@example.org`), which a reply goes to; `nil` when only a name is known. Not saved.
    public var senderAddress: String?
    /// Its Message-ID header (`<…@…>`), which a reply names in In-Reply-To; `nil` when unknown. Not saved.
    public var messageID: String?
    /// The files it carries, by name and size, as the reader lists them under its text. Not saved.
    public var attachments: [MailAttachment] = []
    /// When it was written (its Date header), which its row says as mail programs do (today a time, this week a day,
    /// older a date) and the reader whole, in the person's time zone; `nil` for a document's messages, which say
    /// `time` as written. Saved for a message written here (`"date"`, ISO 8601 with its offset), which Sent and Drafts
    /// order by, among the server's.
    public var date: Date?
    /// The name of the account it came through, when the Mailbox reads several (its row says it); `nil` with one.
    /// Not saved.
    public var account: String?
    /// Its Reply-To header (`Lists <list@example.org>`), where a reply goes instead of the sender; `nil` when it has
    /// none. Not saved.
    public var replyTo: String?
    /// Its References header: the Message-IDs of the thread before it, which a reply carries on. Not saved.
    public var references: String?
    /// Its To header as the sender wrote it (`Ana <ana@example.org>, bo@example.org`), which Reply All answers too;
    /// `nil` when unknown. Not saved.
    public var to: String?
    /// Its Cc header; for a draft or a message sent from here, the Cc as typed. Saved, with a draft's.
    public var cc: String?
    /// A draft's or sent message's Bcc as typed (a message received never shows its blind copies). Saved.
    public var bcc: String?
    /// A draft's of a forward: the row id of the message it forwards, so it reopens with that message's files. Saved.
    public var forwarding: String?
    /// A draft's of a forward: how many of the forwarded message's files go with it (0 or `nil`: none). Saved.
    public var forwardedFiles: Int?
    /// The address of the account it was read from, which Reply All leaves out of its recipients (the person does not
    /// write to themselves); `nil` for a document's messages. Not saved.
    public var receivedBy: String?
    /// A message sent from here: the left part of the Message-ID it went with (before the `@`), chosen as it was
    /// sent, so the copy the server keeps in its Sent is known as this one and shown once. Saved.
    public var sentAs: String?
    /// A draft in the server's Drafts that a Kinetic kept there: its `X-Kinetic-Draft` mark, `<device>/<draft id>`
    /// (`IMAPMailServer.draftHeader`), so this device's own, which it shows from its own file, are not shown twice.
    /// Not saved.
    public var draftMark: String?
    /// How many characters of its text are left out of `body`, past what the reader is given (a message of a
    /// server's longer than `MailMessage.readerCharacters`): the reader says so where the text stops. Not saved.
    public var charactersLeftOut = 0

    /// The most characters of a message's text the reader is given: a 400-page book's worth of words, laid out in
    /// well under a second; a longer text stops at a word, and says how much more there is.
    public static let readerCharacters = 200_000

    /// A message from code (compose, tests); the values are not checked here, `problem` says what is wrong.
    public init(id: String, sender: String, subject: String, snippet: String, time: String, unread: Bool = false, body: String? = nil) {
        (self.id, self.sender, self.subject, self.snippet, self.time, self.unread, self.body) = (id, sender, subject, snippet, time, unread, body)
    }

    /// What the reader shows: the body, or the snippet when there is none.
    public var text: String { body ?? snippet }

    enum CodingKeys: String, CodingKey {
        case id, sender, subject, snippet, time, unread, body, cc, bcc, forwarding, forwardedFiles, date, sentAs
        case senderAddress = "address"
    }

    /// The fields `CodingKeys` names, each left out when it has no value; the date as ISO 8601 text with its offset,
    /// which any program reads, whatever the encoder's own date strategy.
    public func encode(to encoder: Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(id, forKey: .id)
        try fields.encode(sender, forKey: .sender)
        try fields.encode(subject, forKey: .subject)
        try fields.encode(snippet, forKey: .snippet)
        try fields.encode(time, forKey: .time)
        try fields.encode(unread, forKey: .unread)
        try fields.encodeIfPresent(body, forKey: .body)
        try fields.encodeIfPresent(cc, forKey: .cc)
        try fields.encodeIfPresent(bcc, forKey: .bcc)
        try fields.encodeIfPresent(forwarding, forKey: .forwarding)
        try fields.encodeIfPresent(forwardedFiles, forKey: .forwardedFiles)
        try fields.encodeIfPresent(date.map(Self.writtenDate.string(from:)), forKey: .date)
        try fields.encodeIfPresent(sentAs, forKey: .sentAs)
        try fields.encodeIfPresent(senderAddress, forKey: .senderAddress)
    }

    /// How `"date"` is written and read: `2026-11-29T15:21:20Z`, `2026-11-29T16:21:20+01:00`.
    private static var writtenDate: ISO8601DateFormatter { ISO8601DateFormatter() }

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
        cc = try fields.decodeIfPresent(String.self, forKey: .cc)
        bcc = try fields.decodeIfPresent(String.self, forKey: .bcc)
        // Leniently: a draft whose forward can't be read keeps its text.
        forwarding = (try? fields.decodeIfPresent(String.self, forKey: .forwarding)) ?? nil
        forwardedFiles = (try? fields.decodeIfPresent(Int.self, forKey: .forwardedFiles)) ?? nil
        // Leniently: a date that is not ISO 8601 leaves the row its `time`; a Message-ID part that is not one, none.
        date = ((try? fields.decodeIfPresent(String.self, forKey: .date)) ?? nil).flatMap(Self.writtenDate.date(from:))
        sentAs = ((try? fields.decodeIfPresent(String.self, forKey: .sentAs)) ?? nil).flatMap { OutgoingMessage.isMessageIDPart($0) ? $0 : nil }
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
        for (name, text, limit) in [("sender", sender, 200), ("subject", subject, 200), ("snippet", snippet, 2000), ("time", time, 200), ("body", body ?? "", 50_000), ("cc", cc ?? "", 10_000), ("bcc", bcc ?? "", 10_000)]
            where text.count > limit {
            return "\"\(name)\" is too long (at most \(limit) characters)"
        }
        if sender.trimmingCharacters(in: .whitespaces).isEmpty { return "\"sender\" is empty" }
        return nil
    }
}



/// How far reading a mail account has got: of `kept` messages, `read` have their text.
public struct MailSyncProgress: Equatable, Sendable {
    /// The messages whose text is read.
    public var read: Int
    /// The messages kept.
    public var kept: Int

    /// `read` of `kept`.
    public init(read: Int, kept: Int) {
        (self.read, self.kept) = (read, kept)
    }

    /// Whether everything kept is read.
    public var isComplete: Bool { read >= kept }
}

/// A person's mail server, as the Mailbox reads it (issue #40): its Inbox, Archive and Trash, newest first. Implemented
/// at the edge over IMAP (`KineticMail.IMAPMailServer`); the app knows only this.
public protocol MailServer: Sendable {
    /// The messages now, each with its `serverPlacement`; throws what went wrong, in a sentence (the server unreachable,
    /// the password refused).
    func inbox() async throws -> [MailMessage]
    /// What the last checks left kept on this machine, at once and without the network: the Mailbox opens on it, and
    /// shows it while the server can't be reached. None by default.
    func keptMessages() -> [MailMessage]
    /// How far reading the mailboxes has got: of the messages kept, how many have their text read (a first check of
    /// thousands gives every row at once and their texts over the checks that follow). `nil` when there is nothing
    /// to say (the default).
    func syncProgress() -> MailSyncProgress?
    /// The server's other folders (`Placement.List.folder`'s names) that the last check read, or the kept mail holds,
    /// those without a message among them: the menu lists each. None by default.
    func folders() -> [String]
    /// The ids (as `inbox()` gives them) of the messages the server finds holding every one of `words` in their text
    /// or headers (IMAP's SEARCH TEXT): the messages whose text is not read here yet are found too. None by default.
    func search(_ words: [String]) async throws -> Set<String>
    /// Files a message (by the id `inbox()` gave it) where `placement` says on the server: the mailbox that holds its
    /// list (`inbox`, `later`, `archive`, `list`, `deleted`), and for Later its return moment. Work that could not
    /// reach the server waits for it, in the order it was asked; a refusal throws the server's words.
    func move(_ id: String, to placement: Placement) async throws
    /// How often the Inbox is read again for new mail, in seconds.
    var checkInterval: Double { get }
    /// Marks the messages (by the ids `inbox()` gave them) as read on the server; ids of other messages are passed by.
    func markRead(_ ids: Set<String>) async throws
    /// Marks the message (by the id `inbox()` gave it) answered on the server (`\Answered`), once a reply to it was
    /// sent, so every mail program shows it replied to. Nothing by default.
    func markAnswered(_ id: String) async throws
    /// Whether the account can send (an SMTP server is given).
    var canSend: Bool { get }
    /// Sends a message the person wrote (`to` addresses, a reply naming `inReplyTo`'s Message-ID) and keeps a copy in
    /// the server's `\Sent`; throws the server's refusal.
    func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws
    /// Hands `message` to the SMTP server once, with no waiting and trying again here (the Mailbox's sync rules try
    /// again on the stage's clock), then keeps a copy in `\Sent` once the server took it. `committed` is called just
    /// before the end of the message is sent: from then on a send whose answer never comes may have arrived, and is
    /// never sent again without the person. Throws a `SendFailure`.
    func submit(_ message: OutgoingMessage, committed: @escaping @Sendable () -> Void) async throws
    /// As `submit(_:committed:)`, with `files` (a forward's, read already) sent after the text.
    func submit(_ message: OutgoingMessage, files: [MailAttachmentFile], committed: @escaping @Sendable () -> Void) async throws
    /// The files a forward sends with it (`forwarding`'s first `forwardedFiles`, at most 100), read from the server;
    /// none for another message. Throws what reading them threw.
    func forwardedFiles(of message: OutgoingMessage) async throws -> [MailAttachmentFile]
    /// Watches for new mail until the task is cancelled, calling `changed` when the Inbox changes, so that a check
    /// runs at once rather than at its interval. A server that can't tell returns at once (the default).
    func watchForNewMail(_ changed: @escaping @Sendable () -> Void) async
    /// The file a message carries (by the id `inbox()` gave it, and its place in `attachments`), read whole from the
    /// server: its name, type and bytes. Throws what went wrong in a sentence (the server away, the message gone).
    func attachment(of id: String, at index: Int) async throws -> MailAttachmentFile
    /// Keeps the drafts this device wrote (`device` names it) in the server's `\Drafts`, as `drafts` has them now:
    /// each written anew, and those it kept there before and no longer has taken away; other programs' and other
    /// devices' drafts are left alone.
    func keepDrafts(_ drafts: [MailMessage], device: String) async throws
}

extension MailServer {
    /// No folders: a server of the Mailbox's own places only.
    public func folders() -> [String] { [] }

    /// No mark: a server that keeps no flags.
    public func markAnswered(_ id: String) async throws {}

    /// `send(to:subject:body:inReplyTo:)`, its failure a refusal: a server that can tell neither a wait from a refusal
    /// nor when the end of the message went. It never says `committed`, so a quit meanwhile sends the message again at
    /// the next launch; a server that can tell (`IMAPMailServer`) implements this itself.
    public func submit(_ message: OutgoingMessage, committed: @escaping @Sendable () -> Void) async throws {
        do {
            try await send(to: message.to, subject: message.subject, body: message.body, inReplyTo: message.inReplyTo)
        } catch let failure as SendFailure {
            throw failure
        } catch {
            throw SendFailure.refused("\(error)")
        }
    }

    /// Files are sent only by a server that implements this: a server that can't refuses a message with files, and one
    /// without them goes through `submit(_:committed:)`.
    public func submit(_ message: OutgoingMessage, files: [MailAttachmentFile], committed: @escaping @Sendable () -> Void) async throws {
        guard files.isEmpty else { throw SendFailure.refused("this mail server sends no files") }
        try await submit(message, committed: committed)
    }

    /// The files a forward sends with it, read one by one through `attachment(of:at:)` (a server that can read them
    /// all at once does so itself).
    public func forwardedFiles(of message: OutgoingMessage) async throws -> [MailAttachmentFile] {
        guard let original = message.forwarding, let count = message.forwardedFiles, count > 0 else { return [] }
        var files: [MailAttachmentFile] = []
        for index in 0..<min(count, 100) { files.append(try await attachment(of: original, at: index)) }
        return files
    }

    /// Nothing kept: the first check shows the mail.
    public func keptMessages() -> [MailMessage] { [] }
    /// Nothing to say of progress.
    public func syncProgress() -> MailSyncProgress? { nil }
    /// No search on a server.
    public func search(_ words: [String]) async throws -> Set<String> { [] }
    /// No watch: the checks every `checkInterval` find new mail.
    public func watchForNewMail(_ changed: @escaping @Sendable () -> Void) async {}
    /// No drafts kept on the server.
    public func keepDrafts(_ drafts: [MailMessage], device: String) async throws {}
    /// No files to read: a server that keeps none.
    public func attachment(of id: String, at index: Int) async throws -> MailAttachmentFile {
        throw MailAttachmentFile.Unavailable()
    }
}

/// A file a message carries: what the reader lists of it.
public struct MailAttachment: Equatable, Sendable {
    /// Its file name as the sender gave it ("report.pdf"), or a stand-in when none was given.
    public var name: String
    /// Its size in bytes, decoded.
    public var size: Int

    /// A file named `name`, of `size` bytes.
    public init(name: String, size: Int) {
        (self.name, self.size) = (name, size)
    }
}

/// A file a message carries, read whole: what saving or opening it writes.
public struct MailAttachmentFile: Equatable, Sendable {
    /// Its name as the sender gave it, cleaned for display; not yet a safe file name (`SafeFileName` makes one).
    public var name: String
    /// Its MIME type, lowercase ("application/pdf").
    public var mimeType: String
    /// Its bytes, decoded.
    public var bytes: Data

    /// The file `name` of type `mimeType`.
    public init(name: String, mimeType: String, bytes: Data) {
        (self.name, self.mimeType, self.bytes) = (name, mimeType, bytes)
    }

    /// Said when a message's files can't be read from where it came from (a document's message, a demo's).
    public struct Unavailable: Error, CustomStringConvertible, MailProblemReporting {
        /// The one such failure.
        public init() {}
        /// The sentence said.
        public var description: String { "the file is not kept anywhere it can be read from" }
        /// No server has the message to read the file from.
        public var mailProblem: MailProblem { .account(.fileNotKept) }
    }
}

/// A check that worked for some of a person's accounts and not for others: the messages to show all the same (the
/// working accounts', and the failing ones' last), and a sentence per account that newly failed.
public struct PartialMailCheck: Error, CustomStringConvertible {
    /// Every message to show.
    public var messages: [MailMessage]
    /// "Work: the mail server … could not be reached", one per account.
    public var problems: [String]
    /// The first problem by kind, when it came from a connection's error (a check cut short), for the Mailbox to say
    /// in the person's language.
    public var problem: MailProblem?

    /// A check that found `messages`, with `problems`.
    public init(messages: [MailMessage], problems: [String]) {
        (self.messages, self.problems) = (messages, problems)
    }

    /// The sentences, joined.
    public var description: String { problems.joined(separator: "; ") }
}

extension PartialMailCheck: MailProblemReporting {
    /// The first problem by its kind, else the sentences as they came.
    public var mailProblem: MailProblem { problem ?? .other(description) }
}

/// Why the SMTP server did not take a message, in the terms that decide what happens to it next (RFC 5321 §4.2.1).
public enum SendFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A 4xx answer ("451 try again later"): the message is tried again later, with growing waits.
    case tryAgainLater(String)
    /// A 5xx answer, or one that is not SMTP: not sent, and never sent again without the person.
    case refused(String)
    /// The whole message went and no answer came: it may have arrived, so it is never sent again without the person.
    case unanswered(String)
    /// The server could not be reached, or the connection ended before the end of the message was sent: nothing was
    /// sent, and it is tried again as a 4xx is.
    case unreachable(String)
    /// It could not be sent for a reason of this side's (no SMTP server, a forward's files unreadable): not sent, and
    /// never sent again without the person. No words of the server's.
    case cannotSend(MailProblem)

    /// The server's words (or what happened), as said to the person.
    public var words: String {
        switch self {
        case .tryAgainLater(let words), .refused(let words), .unanswered(let words), .unreachable(let words): return words
        case .cannotSend(let problem): return problem.description
        }
    }

    /// Whether the message goes again by itself, later.
    public var isTemporary: Bool {
        switch self {
        case .tryAgainLater, .unreachable: return true
        case .refused, .unanswered, .cannotSend: return false
        }
    }

    /// The server's words.
    public var description: String { words }
}
