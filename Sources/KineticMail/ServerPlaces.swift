import KineticData

/// Which of an IMAP server's mailboxes holds each of the Mailbox's lists, as the server's LIST names them, in the
/// person's namespace (`IMAPNamespace`: `Archive` on most servers, `INBOX.Archive` on Courier's and hosting panels'):
///
/// - the Inbox is `INBOX`;
/// - the Archive, the Trash, Sent and Drafts are the mailboxes RFC 6154 marks `\Archive`, `\Trash`, `\Sent` and
///   `\Drafts`, else the ones so named (with the namespace's prefix, or without it);
/// - Later is the mailbox named `Later`;
/// - each list is a mailbox under `Lists`, named by the list's id (`Lists/to-read`, `INBOX.Lists.to-read`): an id,
///   not a title, so that a Mailbox in any language finds the same one.
///
/// A list with no mailbox yet gets one when a message is first filed there (`nameToCreate`), made under the prefix.
/// Every other mailbox is a folder (`folders`), read as the others are and reached from the Mailbox's menu.
struct ServerPlaces: Equatable {
    /// The parent of the lists' mailboxes.
    static let listsParent = "Lists"
    /// The Later mailbox's name.
    static let laterName = "Later"

    /// The server's `\Archive` (or Archive), if it has one.
    var archive: String?
    /// The server's `\Trash` (or Trash), if it has one.
    var trash: String?
    /// The server's `\Sent` (or Sent), if it has one.
    var sent: String?
    /// The server's `\Drafts` (or Drafts), if it has one.
    var drafts: String?
    /// The Later mailbox, if the server has one.
    var later: String?
    /// Each list's mailbox, by list id.
    var lists: [String: String] = [:]
    /// Every other mailbox the person can open, by name, sorted (at most `mostFolders`): folders they or another
    /// program made (`Receipts`, `INBOX.Projects`), the server's `\Junk`. Not those RFC 6154 marks `\All` or
    /// `\Flagged`, nor RFC 8457's `\Important`, which are views of messages kept elsewhere (each would show every
    /// message twice), nor `\Noselect` parents, which hold no messages.
    var folders: [String] = []

    /// The most other folders a check reads: each costs a SELECT and its headers at every check.
    static let mostFolders = 100
    /// Where the mailboxes made here go, and what separates a parent's name from a child's.
    var namespace: IMAPNamespace

    /// The places among `mailboxes`, as LIST gave them, in `namespace`.
    init(_ mailboxes: [IMAPMailbox], namespace: IMAPNamespace = IMAPNamespace()) {
        self.namespace = namespace
        func named(_ name: String) -> IMAPMailbox? {
            // The prefixed name first: on a server with a prefix, a bare name is another program's, outside it.
            let full = namespace.name([name])?.lowercased()
            return mailboxes.first { $0.name.lowercased() == full } ?? mailboxes.first { $0.name.lowercased() == name.lowercased() }
        }
        func forUse(_ use: String, else name: String) -> String? {
            (mailboxes.first { $0.isSpecial(use) && !$0.isSpecial("\\Noselect") } ?? named(name))?.name
        }
        archive = forUse("\\Archive", else: "Archive")
        trash = forUse("\\Trash", else: "Trash")
        sent = forUse("\\Sent", else: "Sent")
        drafts = forUse("\\Drafts", else: "Drafts")
        later = (mailboxes.first { $0.name == namespace.name([Self.laterName]) } ?? mailboxes.first { $0.name == Self.laterName })?.name
        defer { folders = Self.others(in: mailboxes, besides: self) }
        guard let delimiter = namespace.delimiter else { return }
        // The lists under the prefixed parent; those under a bare `Lists` (made before the prefix was known) too.
        let parents = Set([namespace.name([Self.listsParent]), Self.listsParent].compactMap { $0 }).map { $0 + delimiter }
        for mailbox in mailboxes where !mailbox.isSpecial("\\Noselect") {
            guard let parent = parents.first(where: { mailbox.name.hasPrefix($0) }) else { continue }
            let id = String(mailbox.name.dropFirst(parent.count))
            if !id.isEmpty, !id.contains(delimiter), lists[id] == nil || parent != Self.listsParent + delimiter { lists[id] = mailbox.name }
        }
    }

    /// The mailboxes of `mailboxes` that are none of `places`' own, as `folders` says.
    private static func others(in mailboxes: [IMAPMailbox], besides places: ServerPlaces) -> [String] {
        let taken = Set(["INBOX", places.archive, places.trash, places.sent, places.drafts, places.later].compactMap { $0?.lowercased() }
                        + places.lists.values.map { $0.lowercased() })
        let parents = Set([places.namespace.name([listsParent]), listsParent].compactMap { $0?.lowercased() })
        let names = mailboxes.filter { mailbox in
            let name = mailbox.name.lowercased()
            return !taken.contains(name) && !parents.contains(name) && !mailbox.isSpecial("\\Noselect") && !mailbox.isSpecial("\\NonExistent")
                && !mailbox.isSpecial("\\All") && !mailbox.isSpecial("\\Flagged") && !mailbox.isSpecial("\\Important") && !name.isEmpty
        }.map(\.name)
        return Array(Set(names).sorted().prefix(mostFolders))
    }

    /// Every mailbox the Mailbox reads, with where its messages are: the Inbox first, then the Archive, the Trash,
    /// Later, the lists (their ids in order), the other folders, Sent and Drafts: what other programs put in the last
    /// two shows as the person's own writing. Later's moments are not here: its schedule says them.
    var all: [(placement: Placement, mailbox: String)] {
        var places: [(Placement, String)] = [(.inbox, "INBOX")]
        if let archive { places.append((Placement(.archive), archive)) }
        if let trash { places.append((Placement(.deleted), trash)) }
        if let later { places.append((Placement(.later), later)) }
        for id in lists.keys.sorted() { places.append((Placement(.list, id), lists[id] ?? "")) }
        for folder in folders { places.append((Placement(.folder, folder), folder)) }
        // Read last: a message also in a mailbox of mail received keeps its id there (`IMAPMailServer.rows`).
        for (list, mailbox) in [(Placement.List.sent, sent), (.draft, drafts)] {
            if let mailbox, !places.contains(where: { $0.1 == mailbox }) { places.append((Placement(list), mailbox)) }
        }
        return places
    }

    /// The mailbox that holds `placement`'s list, if the server has it (a message of Sent or Drafts filed elsewhere
    /// comes back there with Undo); `nil` for a list kept on this device only.
    func mailbox(for placement: Placement) -> String? {
        switch placement.list {
        case .inbox: return "INBOX"
        case .archive: return archive
        case .deleted: return trash
        case .later: return later
        case .list: return placement.detail.flatMap { lists[$0] }
        case .sent: return sent
        case .draft: return drafts
        case .folder: return placement.detail.flatMap { folders.contains($0) ? $0 : nil }
        case .gone: return nil
        }
    }

    /// The mailbox to make for `placement` when the server has none: `Archive`, `Trash`, `Later` or `Lists/<id>`
    /// under the namespace's prefix (`INBOX.Lists.<id>`); `nil` when there is nothing to make (the Inbox, a list
    /// without a name that a mailbox can hold).
    func nameToCreate(for placement: Placement) -> String? {
        switch placement.list {
        case .archive: return namespace.name(["Archive"])
        case .deleted: return namespace.name(["Trash"])
        case .later: return namespace.name([Self.laterName])
        case .list:
            guard let id = placement.detail, !id.isEmpty, id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
                  !id.contains("*"), !id.contains("%") else { return nil }
            return namespace.name([Self.listsParent, id])
        case .inbox, .gone, .sent, .draft, .folder: return nil
        }
    }

    /// The Drafts mailbox to make when the server has none.
    var draftsToCreate: String? { namespace.name(["Drafts"]) }
}

extension IMAPSession {
    /// The server's places for the Mailbox: its mailboxes (LIST) read in its personal namespace (NAMESPACE).
    func places() async throws -> ServerPlaces {
        ServerPlaces(try await listMailboxes(), namespace: try await personalNamespace())
    }
}
