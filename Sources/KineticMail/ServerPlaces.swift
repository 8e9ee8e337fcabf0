import KineticData

/// Which of an IMAP server's mailboxes holds each of the Mailbox's lists, as the server's LIST names them:
///
/// - the Inbox is `INBOX`;
/// - the Archive and the Trash are the mailboxes RFC 6154 marks `\Archive` and `\Trash`, else the ones so named;
/// - Later is the mailbox named `Later`;
/// - each list is a mailbox under `Lists`, named by the list's id (`Lists/to-read`): an id, not a title, so that a
///   Mailbox in any language finds the same one.
///
/// A list with no mailbox yet gets one when a message is first filed there (`nameToCreate`).
struct ServerPlaces: Equatable {
    /// The parent of the lists' mailboxes.
    static let listsParent = "Lists"
    /// The Later mailbox's name.
    static let laterName = "Later"

    /// The server's `\Archive` (or Archive), if it has one.
    var archive: String?
    /// The server's `\Trash` (or Trash), if it has one.
    var trash: String?
    /// The Later mailbox, if the server has one.
    var later: String?
    /// Each list's mailbox, by list id.
    var lists: [String: String] = [:]
    /// What separates a parent's name from a child's in this server's names (`/` or `.`).
    var delimiter = "/"

    /// The places among `mailboxes`, as LIST gave them.
    init(_ mailboxes: [IMAPMailbox]) {
        archive = mailboxes.forUse("\\Archive", else: "Archive")?.name
        trash = mailboxes.forUse("\\Trash", else: "Trash")?.name
        later = mailboxes.first { $0.name == Self.laterName }?.name
        delimiter = mailboxes.first { $0.name.uppercased() == "INBOX" }?.delimiter ?? mailboxes.first?.delimiter ?? "/"
        let prefix = Self.listsParent + delimiter
        for mailbox in mailboxes where mailbox.name.hasPrefix(prefix) && !mailbox.isSpecial("\\Noselect") {
            let id = String(mailbox.name.dropFirst(prefix.count))
            if !id.isEmpty, !id.contains(delimiter) { lists[id] = mailbox.name }
        }
    }

    /// Every mailbox the Mailbox reads, with where its messages are: the Inbox first, then the Archive, the Trash,
    /// Later and the lists (their ids in order). Later's moments are not here: its schedule says them.
    var all: [(placement: Placement, mailbox: String)] {
        var places: [(Placement, String)] = [(.inbox, "INBOX")]
        if let archive { places.append((Placement(.archive), archive)) }
        if let trash { places.append((Placement(.deleted), trash)) }
        if let later { places.append((Placement(.later), later)) }
        for id in lists.keys.sorted() { places.append((Placement(.list, id), lists[id] ?? "")) }
        return places
    }

    /// The mailbox that holds `placement`'s list, if the server has it; `nil` for a list kept on this device only.
    func mailbox(for placement: Placement) -> String? {
        switch placement.list {
        case .inbox: return "INBOX"
        case .archive: return archive
        case .deleted: return trash
        case .later: return later
        case .list: return placement.detail.flatMap { lists[$0] }
        case .gone, .sent, .draft: return nil
        }
    }

    /// The mailbox to make for `placement` when the server has none: `Archive`, `Trash`, `Later` or `Lists/<id>`;
    /// `nil` when there is nothing to make (the Inbox, a list without a name that a mailbox can hold).
    func nameToCreate(for placement: Placement) -> String? {
        switch placement.list {
        case .archive: return "Archive"
        case .deleted: return "Trash"
        case .later: return Self.laterName
        case .list:
            guard let id = placement.detail, !id.isEmpty, id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
                  !id.contains(delimiter), !id.contains("*"), !id.contains("%") else { return nil }
            return Self.listsParent + delimiter + id
        case .inbox, .gone, .sent, .draft: return nil
        }
    }
}
