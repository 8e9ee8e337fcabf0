import KineticData

/// Where a message the Mailbox shows is on the server: its mailbox, that mailbox's UIDVALIDITY, and its UID there.
/// Filing and marking read go by these, never by a search for the Message-ID, so a message without one (cron mail,
/// a scanner's) or two sharing one are handled as any other.
struct ServerMessageLocation: Hashable, Sendable {
    /// The mailbox's name, as LIST gave it.
    var mailbox: String
    /// The mailbox's UIDVALIDITY when the message was read: a mailbox that has another now holds other messages.
    var uidValidity: UInt64
    /// The message's UID in that mailbox.
    var uid: UInt64
}

/// How a server's message is known to the Mailbox: the row's id, and the key Later's schedule writes for it.
///
/// - A message with a Message-ID is `imap-m` and a hash of it with its Date and Subject: the same id in whichever
///   mailbox it is, so it keeps its row and its place when it moves; two messages a script sent under one Message-ID
///   (another date, another subject) are two.
/// - One without is known the same way by its Date, From and Subject (`imap-h…`), which a move does not change
///   either; without even a Date, by its mailbox, UIDVALIDITY and UID.
/// - Two messages of one mailbox that would still have the same id (one message delivered twice, two cron mails of
///   the same second) are two rows: the lowest UID keeps the id, each other one has its UID added.
/// - The same id in two mailboxes is one message and a copy left behind: one row, where it is found first.
/// - A message this app moved keeps the id it had where it was (`ShownServerMessages.aliases`): one of several alike
///   (five "Lyrics" of one second, none with a Message-ID) is still itself in the Archive, and its Undo finds it.
enum ServerMessageIdentity {
    /// Each message's row id among the messages of one mailbox (UID → id); `aliases` (UID → id) are the ids of
    /// messages this app moved there, kept, and never given to another of the mailbox.
    static func ids(of headers: [IMAPMessageHeaders], mailbox: String, uidValidity: UInt64, aliases: [UInt64: String] = [:]) -> [UInt64: String] {
        var ids: [UInt64: String] = [:]
        var lowest: [String: UInt64] = [:]
        var plain: [UInt64: String] = [:]
        for header in headers {
            if let alias = aliases[header.uid] {
                ids[header.uid] = alias
                continue
            }
            let id = plainID(of: header, mailbox: mailbox, uidValidity: uidValidity)
            plain[header.uid] = id
            lowest[id] = min(lowest[id] ?? header.uid, header.uid)
        }
        let taken = Set(ids.values)
        for (uid, id) in plain {
            ids[uid] = lowest[id] == uid && !taken.contains(id) ? id : "\(id)-\(uid)"
        }
        return ids
    }

    /// The id before two of one mailbox are told apart.
    private static func plainID(of header: IMAPMessageHeaders, mailbox: String, uidValidity: UInt64) -> String {
        if let key = scheduleKey(of: header) {
            if key.hasPrefix(selfKnownPrefix) { return "imap-h" + String(MailAccount.stableHash(key), radix: 16) }
            let said = [key, header.fields["date"] ?? "", header.fields["subject"] ?? ""].joined(separator: "\n")
            return "imap-m" + String(MailAccount.stableHash(said), radix: 16)
        }
        let place = mailbox == "INBOX" ? "" : "\(String(mailbox.utf8.reduce(UInt32(5381)) { ($0 &* 33) ^ UInt32($1) }, radix: 16))-"
        return "imap-\(place)\(uidValidity)-\(header.uid)"
    }

    /// UID SEARCH's criteria for finding a message by what it says of itself: `HEADER Message-ID "<…>"`; else its Date
    /// and Subject; `nil` when those are not plain ASCII (a quoted string can't hold them) or there is no Date.
    static func searchCriteria(of header: IMAPMessageHeaders) -> String? {
        if let messageID = header.fields["message-id"]?.trimmingCharacters(in: .whitespaces), !messageID.isEmpty {
            return IMAPSession.quoted(messageID).map { "HEADER Message-ID \($0)" }
        }
        guard let date = header.fields["date"]?.trimmingCharacters(in: .whitespaces), !date.isEmpty,
              let quotedDate = IMAPSession.quoted(date), let subject = IMAPSession.quoted(header.fields["subject"] ?? "") else { return nil }
        return "HEADER Date \(quotedDate) HEADER Subject \(subject)"
    }

    /// What a key made from a message's own Date, From and Subject starts with.
    static let selfKnownPrefix = "kinetic-self-"

    /// The key Later's schedule keeps a message's moment under, the same on every device that reads the server: its
    /// Message-ID; else `kinetic-self-` and a hash of its Date, From and Subject; `nil` for one without a Date.
    static func scheduleKey(of header: IMAPMessageHeaders) -> String? {
        if let messageID = header.fields["message-id"]?.trimmingCharacters(in: .whitespaces), !messageID.isEmpty { return messageID }
        guard let date = header.fields["date"]?.trimmingCharacters(in: .whitespaces), !date.isEmpty else { return nil }
        let said = [date, header.fields["from"] ?? "", header.fields["subject"] ?? ""].joined(separator: "\n")
        return selfKnownPrefix + String(MailAccount.stableHash(said), radix: 16)
    }
}

/// What the Mailbox was last shown from the store, by each row's id (how the Mailbox names a message when filing it or
/// opening it): where on the server its message is, every copy, and the header fields it was read with, which give its
/// key in Later's schedule and the criteria to find it elsewhere (`ServerMessageIdentity`) when a filing needs them.
struct ShownServerMessages: Sendable {
    /// One row's message on the server.
    struct Shown: Sendable {
        /// Where it was read, and any copy of it in another mailbox.
        var locations: [ServerMessageLocation]
        /// Its header fields, as read.
        var headers: IMAPMessageHeaders
    }

    /// Each row's message, by id.
    var messages: [String: Shown] = [:]
    /// The id each message this app moved had before the move, by where the move put it (COPYUID's new UID): a
    /// check then shows it under the same id. Kept while the message is there.
    var aliases: [ServerMessageLocation: String] = [:]

    /// The aliases of `mailbox` as it is now (its UIDVALIDITY), by UID.
    func aliases(in mailbox: String, uidValidity: UInt64) -> [UInt64: String] {
        aliases.reduce(into: [:]) { found, alias in
            if alias.key.mailbox == mailbox && alias.key.uidValidity == uidValidity { found[alias.key.uid] = alias.value }
        }
    }

    /// The copies of the messages `ids` names, wherever they were read.
    func locations<Ids: Sequence>(of ids: Ids) -> [ServerMessageLocation] where Ids.Element == String {
        ids.flatMap { messages[$0]?.locations ?? [] }
    }
}

/// What one filing moved: whether anything, and the new UIDs the server said (UIDPLUS's COPYUID).
struct ServerMove {
    /// Whether any message was moved.
    private(set) var anything = false
    /// The moved messages' UIDs in the target, as the server said them.
    private(set) var newUIDs: [UInt64] = []
    /// Whether the server said every moved message's new UID.
    private(set) var allNewUIDsKnown = true

    /// Counts one MOVE of `asked` messages, with their new UIDs as the server said them (old UID → new UID).
    mutating func took(_ result: (asked: Int, newUIDs: [UInt64: UInt64])) {
        guard result.asked > 0 else { return }
        anything = true
        newUIDs += result.newUIDs.values.sorted()
        if result.newUIDs.count != result.asked { allNewUIDsKnown = false }
    }
}
