import Foundation
import KineticCore

/// Where a message lives, as the person put it there.
public struct Placement: Codable, Equatable, Sendable {
    /// `gone`: deleted for good, by emptying the Trash (kept so that undo can bring it back, and so that a refresh of
    /// the server's messages does not bring it back either).
    /// `sent`: written and sent from compose; `draft`: written and kept for later (the text of both is kept in
    /// `mailbox-sent.json`). `folder`: one of a mail server's other mailboxes (`Receipts`, `INBOX.Projects`), its
    /// name as the server's LIST gives it in `detail`.
    public enum List: String, Codable, Sendable, CaseIterable {
        case inbox, later, archive, list, deleted, gone, sent, draft, folder

        /// Whether the list holds the person's own writing, Sent or Drafts. One written on this device (no server
        /// placement) has its text in `mailbox-sent.json`, and a refresh of the server's messages keeps it; the server's
        /// Sent and Drafts hold what other programs (and this one's copies) put there.
        public var isWrittenHere: Bool { self == .sent || self == .draft }
    }

    /// The list the message is filed in.
    public var list: List
    /// For `later`: the id of the option chosen (`tomorrow`); for `list`: the list's id (`to-read`); for `folder`: the
    /// server's name of the mailbox (`INBOX.Receipts`, in modified UTF-7 as the server writes it). Files written
    /// before ids held English titles ("Tomorrow", "To Read"), which the Mailbox reads as the same ids.
    public var detail: String?
    /// For `later`: when it comes back to the Inbox; `nil` for Someday (and in files written before there were
    /// dates: such a message waits until the person moves it). For `inbox`: when it came back from Later (see
    /// `returned(at:)`).
    public var until: Date?

    /// A placement in `list`, with the Later option or list name as `detail` and, for Later, the date it comes back.
    public init(_ list: List, _ detail: String? = nil, until: Date? = nil) {
        self.list = list
        self.detail = detail
        self.until = until
    }

    /// Where every message starts, and where one without a saved placement is; such placements are not saved.
    public static let inbox = Placement(.inbox)

    /// In the Inbox again, having come back from Later at `moment`: saved (unlike a plain Inbox placement), so that
    /// after a relaunch the message is still at the top, and still unread until the person opens it.
    public static func returned(at moment: Date) -> Placement { Placement(.inbox, until: moment) }

    /// When the message came back from Later, for one in the Inbox that did; else nil.
    public var returnedAt: Date? { list == .inbox ? until : nil }

    /// Whether a mail server keeps the message in this list: the Inbox, Later, the Archive, a list, the Trash, Sent,
    /// Drafts. A message gone from the Trash stays in the server's Trash.
    public var isKeptOnServer: Bool { list != .gone }

    /// Whether `other` files the message the same way on a mail server: the same list, the same list name, and for
    /// Later the same option and a return moment within a second (a server keeps whole seconds). A return to the
    /// Inbox is the Inbox there.
    public func isFiledOnServer(like other: Placement) -> Bool {
        guard list == other.list else { return false }
        switch list {
        case .list, .folder: return detail == other.detail
        case .later:
            guard detail == other.detail else { return false }
            switch (until, other.until) {
            case (nil, nil): return true
            case let (mine?, theirs?): return abs(mine.timeIntervalSince(theirs)) < 1
            default: return false
            }
        default: return true
        }
    }
}

/// What the person did to messages, kept in `mailbox.json` in the data folder: message id → placement. A refresh
/// of the messages never touches it, so the person's own actions are never undone by the server; a message the
/// server no longer sends simply has nothing to show. Written atomically.
public struct MailboxSavedFiles: Sendable {
    /// The data folder that holds `mailbox.json`, `mailbox-read.json` and `mailbox-sent.json`.
    public let folder: URL
    /// A store for the files in `folder`; nothing is read or written until asked.
    public init(folder: URL) { self.folder = folder }

    /// The placements' file, `mailbox.json`.
    public var fileURL: URL { folder.appendingPathComponent("mailbox.json") }

    /// The file as written: every placement the person made.
    struct File: Encodable {
        var placements: [String: Placement]
    }

    /// The file as read: each placement on its own, so one that cannot be read costs only itself.
    struct ReadFile: Decodable {
        var placements: LenientDictionary<Placement>
    }

    /// The saved placements (empty when there are none) and what went wrong reading them. Each placement is read
    /// on its own: a bad one is left out with its reason and the rest kept. A file that was read only in part is
    /// copied aside before anything is saved over it, and one that cannot be read at all is moved aside, so nothing
    /// the person did is lost to the next save.
    public func load() -> (placements: [String: Placement], problem: String?) {
        let (saved, problem) = SavedFile<ReadFile>(fileURL).load()
        if let problem { return ([:], "saved mailbox: \(problem); starting with every message in the Inbox") }
        guard let saved else { return ([:], nil) }
        let refused = saved.placements.refused.map { "\"\($0.key)\" (\($0.reason))" }
        guard !refused.isEmpty else { return (saved.placements.values, nil) }
        let kept = SavedFile<ReadFile>(fileURL).keepAside(copying: true)
        return (saved.placements.values, "saved mailbox \(fileURL.path): left out \(refused.joined(separator: ", ")); the file is \(kept)")
    }

    /// Writes the placements atomically, leaving out the messages in the Inbox; throws when the file cannot be written.
    public func save(_ placements: [String: Placement]) throws {
        try SavedFile<File>(fileURL).save(File(placements: placements.filter { $0.value != .inbox }))
    }

    /// The messages the person has opened, kept in `mailbox-read.json` (their unread dots stay cleared), apart
    /// from the placements so that either file can be lost without the other.
    public var readFileURL: URL { folder.appendingPathComponent("mailbox-read.json") }

    struct ReadMessages: Codable { var read: [String] }
    /// `mailbox-read.json` as read: each id on its own.
    struct ReadMessagesEntries: Decodable { var read: LenientList<String> }

    /// The ids of the messages opened so far (empty when none, or when the file cannot be read: said in `problem`).
    /// Each id is read on its own: one that cannot be read is left out with its reason and the rest kept, and the
    /// file is copied aside before a save replaces it.
    public func loadRead() -> (read: Set<String>, problem: String?) {
        let file = SavedFile<ReadMessagesEntries>(readFileURL)
        let (saved, problem) = file.load()
        if let problem { return ([], "saved read messages: \(problem); showing them as the server marks them") }
        let (read, refused) = Self.entries(saved?.read.elements ?? [], in: "read", of: file, called: "saved read messages")
        return (Set(read), refused)
    }

    /// Writes the ids of the opened messages atomically, sorted; throws when the file cannot be written.
    public func saveRead(_ read: Set<String>) throws {
        try SavedFile<ReadMessages>(readFileURL).save(ReadMessages(read: read.sorted()))
    }

    /// The messages the person wrote, sent or kept as drafts, in `mailbox-sent.json` (the server never has them).
    public var sentFileURL: URL { folder.appendingPathComponent("mailbox-sent.json") }

    struct SentMessages: Codable { var sent: [MailMessage] }
    /// `mailbox-sent.json` as read: each message on its own.
    struct SentMessagesEntries: Decodable { var sent: LenientList<MailMessage> }

    /// The messages written here (empty when none, or when the file cannot be read: said in `problem`). Each message
    /// is read on its own: one that cannot be read is left out with its reason and every other draft and sent
    /// message kept, and the file is copied aside before a save replaces it, so nothing the person wrote is lost.
    public func loadSent() -> (sent: [MailMessage], problem: String?) {
        let file = SavedFile<SentMessagesEntries>(sentFileURL)
        let (saved, problem) = file.load()
        if let problem { return ([], "saved sent messages: \(problem)") }
        return Self.entries(saved?.sent.elements ?? [], in: "sent", of: file, called: "saved sent messages")
    }

    /// The entries of a saved list that could be read, and a sentence for those that could not (the first few named,
    /// the rest counted), after which the file has been copied aside so the next save does not lose them.
    static func entries<Element, Saved>(_ elements: [Result<Element, ElementRefusal>], in list: String,
                                                of file: SavedFile<Saved>, called name: String) -> ([Element], String?) {
        var kept: [Element] = [], problems = DocumentProblems(document: "\(name) \(file.url.path)")
        var refused = 0
        for element in elements {
            switch element {
            case .success(let value): kept.append(value)
            case .failure(let refusal):
                refused += 1
                if refused <= namedRefusals { problems.refused(refusal, in: list) }
            }
        }
        guard refused > 0 else { return (kept, nil) }
        if refused > namedRefusals { problems.note("and \(refused - namedRefusals) more left out") }
        return (kept, problems.lines.joined(separator: "; ") + "; \(kept.count) kept; the file is \(file.keepAside(copying: true))")
    }

    /// How many unreadable entries a problem names one by one; the rest are counted.
    private static let namedRefusals = 5

    /// Writes the messages written here atomically, in order; throws when the file cannot be written.
    public func saveSent(_ sent: [MailMessage]) throws {
        try SavedFile<SentMessages>(sentFileURL).save(SentMessages(sent: sent))
    }
}
