import Foundation
import NIOConcurrencyHelpers
import KineticData
import KineticPlatform

/// The Mailbox's `MailServer` over IMAP: each check opens a session, brings the account's `MailStore` up to date with
/// the newest messages of each mailbox the Mailbox has a list for (`MailSync`: only what changed since the last check
/// is fetched; unread stays unread), and gives what the store then holds. At launch the store's messages show before
/// the server answers, and stay readable while it can't be reached. Filing, reading and sending are done in sessions of
/// their own, tried again while the server cannot be reached (`MailRetry`).
package struct IMAPMailServer: MailServer {
    /// The account read.
    package let account: MailAccount
    /// Seconds between checks for new mail.
    package let checkInterval: Double
    /// The most messages read from each mailbox at each check, newest first.
    package let limit: Int
    /// The longest wait for the server at any step but one: the SMTP server's answer to a message's end.
    package let timeout: Duration
    /// The longest wait for the SMTP server's answer to a message's end: until then the message may still arrive.
    package let finalReplyTimeout: Duration
    /// How work that could not reach the server is tried again.
    package let retry: MailRetry
    /// The account's mail as the checks left it: a message is fetched and parsed once, not at every check.
    let store: MailStore
    /// The kept-mail file's path, whose checks run one at a time (`KeptMailChecks`); `nil` in memory.
    private let keptPath: String?
    /// The most bodies one check fetches (`MailSync.bodiesPerCheck`).
    let bodiesPerCheck: Int
    /// The watch's word that a check is due (`watchForNewMail`'s `changed`), said by a check that left bodies to read,
    /// so the next one comes at once rather than at the interval.
    let checkAgain = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)
    /// The store's progress as last counted (`syncProgress`).
    let progress = NIOLockedValueBox<MailSyncProgress?>(nil)
    /// Where each message last shown is on the server, by its row's id: what filing and marking read go by.
    let shown = NIOLockedValueBox(ShownServerMessages())
    /// The other folders the store holds, as the rows were last made from it (`show`).
    private let keptFolders = NIOLockedValueBox<[String]>([])

    /// Reads `account`'s mailboxes every `checkInterval` seconds (new mail in the Inbox is watched for apart, and
    /// comes within seconds: `watchForNewMail`), keeping what it read in `keptIn` (a SQLite file, made if missing;
    /// `MailAccount.keptMailFileName` names one per account), or in memory only when `nil`.
    ///
    /// Each place keeps its newest `limit` messages (a mail server's Inbox of 10,000 whole); a check fetches at most
    /// `bodiesPerCheck` bodies, newest first, and asks for the next check at once while some are left. Every reply is
    /// waited for `timeout`, but the SMTP server's to a message's end, waited for `finalReplyTimeout` (RFC 5321's 10
    /// minutes: a server's filters may read the whole message first).
    package init(account: MailAccount, checkInterval: Double = 30, limit: Int = 10_000, bodiesPerCheck: Int = 200, timeout: Duration = .seconds(20),
                finalReplyTimeout: Duration = .seconds(600), retry: MailRetry = MailRetry(), keptIn file: URL? = nil) {
        self.finalReplyTimeout = finalReplyTimeout
        self.account = account
        self.checkInterval = checkInterval
        self.limit = limit
        self.bodiesPerCheck = bodiesPerCheck
        self.timeout = timeout
        self.retry = retry
        store = MailStore(file: file)
        keptPath = file?.standardizedFileURL.path
        if let problem = store.problem { Log.line("mail: \(problem)") }
        progress.withLockedValue { $0 = try? store.progress() }  // nil: nothing to say until a check counts
    }

    /// Whether the account has an SMTP server to send through.
    package var canSend: Bool { account.smtp != nil }

    /// Logs in and out once: the account sheet's check that the server answers and takes the name and password,
    /// before anything is kept. Throws the connection's or the server's words.
    package func logIn() async throws {
        try await session { _ in () }
    }

    /// A session logged in to the account, for `body`, logged out after it.
    func session<Answer: Sendable>(_ body: (IMAPSession) async throws -> Answer) async throws -> Answer {
        let account = self.account
        return try await IMAPSession.connect(host: account.host, port: account.port, tls: account.tls, timeout: timeout) { session in
            try await session.login(user: account.user, password: account.password)
            let answer = try await body(session)
            try await session.logout()
            return answer
        }
    }

    /// Sends through the account's SMTP server (logged in with the account's name and password), then keeps a copy,
    /// read, in the server's `\Sent` (or the mailbox named Sent). Each step waits for its server when it can't be
    /// reached; a message the SMTP server took, or may have taken, is not sent again.
    package func send(to recipients: [String], subject: String, body: String, inReplyTo: String?) async throws {
        guard let smtp = account.smtp else { throw MailAccountError(.noSMTPServer) }
        let account = self.account, timeout = self.timeout
        var mail = OutgoingMail(from: account.fromAddress, to: recipients, subject: subject, body: body, inReplyTo: inReplyTo, date: Date())
        mail.fromName = account.fromName
        try await retry.run {
            try await SMTPSubmission.send(mail.bytes, from: mail.from, to: mail.envelope, host: smtp.host, port: smtp.port, tls: smtp.tls,
                                          user: account.user, password: account.password, timeout: timeout, finalReplyTimeout: finalReplyTimeout)
        }
        try await keepCopyInSent(mail, retry: retry)
    }

    /// Keeps a sent message's copy, read, in `\\Sent` (or the mailbox named Sent), waiting for the server with `retry`
    /// when one is given. The message is sent: a copy the server will not keep is not a message unsent, and is not said
    /// as one; the log names it. The copy keeps its Bcc (as mail programs keep it): the sender may see whom it went to.
    private func keepCopyInSent(_ mail: OutgoingMail, retry: MailRetry?) async throws {
        var copy = mail
        copy.keepsBcc = true
        let append = {
            try await session { session in
                if let sent = try await session.places().sent {
                    try await session.append(copy.bytes, to: sent, flags: ["\\Seen"])
                }
            }
        }
        do {
            if let retry { try await retry.run(append) } else { try await append() }
        } catch {
            Log.line("mail: \(MailAccount.shown(mail.subject)) was sent, but the server did not keep a copy in Sent: \(error)")
        }
    }

    /// Hands `message` to the SMTP server once (no retry: the Mailbox's sync rules decide when to try again), then keeps
    /// a copy, read, in `\Sent`. Throws a `SendFailure`; a copy the IMAP server will not keep is logged, not a failure.
    package func submit(_ message: OutgoingMessage, committed: @escaping @Sendable () -> Void) async throws {
        try await submit(message, files: try await Self.readForwardedFiles { try await forwardedFiles(of: message) }, committed: committed)
    }

    /// The files a forward sends, read by `read`; a failure as a send's: a server away is waited for (`unreachable`),
    /// anything else refuses the send (the message goes back to Drafts, the banner saying why).
    static func readForwardedFiles(_ read: () async throws -> [MailAttachmentFile]) async throws -> [MailAttachmentFile] {
        do {
            return try await read()
        } catch let error as IMAPError where error.meansUnreachable {
            throw SendFailure.unreachable(error.description)
        } catch {
            throw SendFailure.cannotSend(.forwardedFilesUnreadable(MailProblem.of(error)))
        }
    }

    /// As `submit(_:committed:)`, with `files` sent after the text (a forward's, read already).
    package func submit(_ message: OutgoingMessage, files: [MailAttachmentFile], committed: @escaping @Sendable () -> Void) async throws {
        guard let smtp = account.smtp else { throw SendFailure.cannotSend(.account(.noSMTPServer)) }
        let account = self.account, timeout = self.timeout
        // The Message-ID chosen as it was sent, so a try again and the Sent copy carry the one it was first given.
        let part = message.messageIDPart.flatMap { OutgoingMessage.isMessageIDPart($0) ? $0 : nil } ?? UUID().uuidString
        var mail = OutgoingMail(from: account.fromAddress, to: message.to, subject: message.subject, body: message.body,
                                inReplyTo: message.inReplyTo, date: Date(), uniqueness: part)
        mail.references = message.references ?? []
        (mail.cc, mail.bcc, mail.fromName, mail.files) = (message.cc ?? [], message.bcc ?? [], account.fromName, files)
        do {
            try await SMTPSubmission.send(mail.bytes, from: mail.from, to: mail.envelope, host: smtp.host, port: smtp.port, tls: smtp.tls,
                                          user: account.user, password: account.password, timeout: timeout, finalReplyTimeout: finalReplyTimeout, committed: committed)
        } catch {
            throw SendFailure(smtp: error)
        }
        // Once, not waited for: the Mailbox already counts the message sent.
        try await keepCopyInSent(mail, retry: nil)
    }

    /// One check: log in, bring the store up to date with the newest `limit` messages of each place (`MailSync`), log
    /// out, and give what the store holds (`keptMessages`). With bodies left to read, the watch is told a check is due.
    package func inbox() async throws -> [MailMessage] {
        do {
            return try await check()
        } catch where store.setAsideIfDamaged(error) != nil {
            // The kept file was damaged (found on a read): set aside, said once in the log, and read from the server anew.
            Log.line("mail: the kept mail was damaged and is read from the server again: \(error)")
            return try await check()
        }
    }

    /// One check, as `inbox` says.
    private func check() async throws -> [MailMessage] {
        let counted = progress
        let sync = MailSync(store: store, limit: limit, owner: account.fromAddress, bodiesPerCheck: bodiesPerCheck,
                            progressed: { now in counted.withLockedValue { $0 = now } })
        // One check at a time per file: a Mailbox reopened on a new account makes new servers for the accounts already
        // open, while the old one's check may still be running; two interleaved would keep the older flags last.
        let outcome: (leftUnread: Bool, refusals: [MailProblem])
        do {
            outcome = try await KeptMailChecks.shared.oneAtATime(keptPath) {
                try await self.session { session in
                    session.endBy(seconds: Self.checkSeconds)
                    return try await sync.run(session)
                }
            }
        } catch {
            // Cut short (a BYE mid-FETCH, a dropped connection): what the check kept before is shown, and why it
            // stopped is said; with nothing kept, the check failed.
            var kept: [MailMessage] = []
            do { kept = show(try store.contents()) } catch let unread {
                Log.line("mail: the check was cut short, and what it kept can't be read either: \(unread)")
            }
            guard !kept.isEmpty else { throw error }
            var partial = PartialMailCheck(messages: kept, problems: ["\(error)"])
            partial.problem = MailProblem.of(error)
            throw partial
        }
        if outcome.leftUnread { checkAgain.withLockedValue { $0 }?() }
        let rows = show(try store.contents())
        guard let refusal = outcome.refusals.first else { return rows }
        var partial = PartialMailCheck(messages: rows, problems: outcome.refusals.map(\.description))
        partial.problem = refusal
        throw partial
    }

    /// The rows of what the store holds, each message's place on the server kept for filing and reading.
    private func show(_ kept: (mailboxes: [MailStore.KeptMailbox], schedule: LaterSchedule)) -> [MailMessage] {
        keptFolders.withLockedValue { $0 = kept.mailboxes.filter { $0.placement.list == .folder }.map(\.name).sorted() }
        let before = self.shown.withLockedValue { $0.aliases }
        let (rows, shown) = Self.rows(kept, owner: account.fromAddress, aliases: before)
        self.shown.withLockedValue { current in
            // A move that ended while these rows were made keeps its alias for the next check.
            let added = current.aliases.filter { before[$0.key] == nil }
            current = shown
            current.aliases.merge(added) { made, _ in made }
        }
        return rows
    }

    /// The longest one check may take, however slowly the server answers each command: 2 minutes. What it read by
    /// then is kept and shown, and the next check goes on from there.
    static let checkSeconds = 120

    /// What the store holds, at once and without the network: the messages the last check left, with their bodies.
    /// A store that can't be read gives none (the check then reads the server again), and says why in the log.
    package func keptMessages() -> [MailMessage] {
        do {
            return show(try store.contents())
        } catch {
            Log.line("mail: the mail kept on this machine could not be read: \(error)")
            if let said = store.setAsideIfDamaged(error) { Log.line("mail: \(said)") }
            return []
        }
    }

    /// The kept messages the server finds holding every one of `words` (at most 12), in each mailbox kept: UID SEARCH
    /// CHARSET UTF-8 TEXT, each word a literal when it is not plain ASCII, looked at read-only (EXAMINE). A mailbox whose
    /// UIDVALIDITY changed since it was kept is passed by (its UIDs name other messages now).
    package func search(_ words: [String]) async throws -> Set<String> {
        let words = Array(words.filter { !$0.isEmpty }.prefix(12))
        guard !words.isEmpty else { return [] }
        let kept = try store.keptHeaders()
        // Each place's message by the row that shows it, as the rows were last made (a copy in Sent or a folder is a
        // row of its own, its id not the one its headers alone give).
        let rows = shown.withLockedValue { shown in
            Dictionary(shown.messages.flatMap { id, message in message.locations.map { ($0, id) } }, uniquingKeysWith: { first, _ in first })
        }
        return try await session { session in
            var found = Set<String>()
            for mailbox in kept where !mailbox.headers.isEmpty {
                guard try await session.examine(mailbox.name).uidValidity ?? 0 == mailbox.uidValidity else { continue }
                let aliases = shown.withLockedValue { $0.aliases(in: mailbox.name, uidValidity: mailbox.uidValidity) }
                let ids = ServerMessageIdentity.ids(of: Array(mailbox.headers.values), mailbox: mailbox.name, uidValidity: mailbox.uidValidity,
                                                    aliases: aliases)
                for uid in try await session.searchText(words) {
                    let row = rows[ServerMessageLocation(mailbox: mailbox.name, uidValidity: mailbox.uidValidity, uid: uid)]
                    if let id = row ?? ids[uid] { found.insert(id) }
                }
            }
            return found
        }
    }

    /// The other folders the store holds, empty ones too, as the last rows were made (`keptMessages`, a check).
    package func folders() -> [String] { keptFolders.withLockedValue { $0 } }

    /// How far the store has got: its messages, and how many have their body read, as the check under way last
    /// counted them (never a read of the store on the caller's thread); `nil` before anything was counted.
    package func syncProgress() -> MailSyncProgress? {
        progress.withLockedValue { $0 }
    }

    /// The Mailbox's messages of what a store holds (`rows`).
    static func messages(_ kept: (mailboxes: [MailStore.KeptMailbox], schedule: LaterSchedule), owner: String) -> [MailMessage] {
        rows(kept, owner: owner).rows
    }

    /// The Mailbox's messages of what a store holds, newest first by their Date (in UID order where there is none),
    /// each with its `serverPlacement` (Later's
    /// with the moment its schedule says; the schedule itself is no message); one message in two mailboxes (a copy left
    /// behind) is shown once, where it was found first (`ServerMessageIdentity`). A body not read yet is empty. With
    /// them, where each is on the server.
    static func rows(_ kept: (mailboxes: [MailStore.KeptMailbox], schedule: LaterSchedule), owner: String,
                     aliases: [ServerMessageLocation: String] = [:]) -> (rows: [MailMessage], shown: ShownServerMessages) {
        var messages: [MailMessage] = []
        var shown = ShownServerMessages()
        let known = ShownServerMessages(aliases: aliases)
        for mailbox in kept.mailboxes {
            let isLater = mailbox.placement.list == .later
            let mailboxAliases = known.aliases(in: mailbox.name, uidValidity: mailbox.uidValidity)
            let ids = ServerMessageIdentity.ids(of: mailbox.messages.map(\.headers), mailbox: mailbox.name, uidValidity: mailbox.uidValidity,
                                                aliases: mailboxAliases)
            // The aliases of messages still there stay for the next check.
            for message in mailbox.messages {
                if let alias = mailboxAliases[message.headers.uid] {
                    shown.aliases[ServerMessageLocation(mailbox: mailbox.name, uidValidity: mailbox.uidValidity, uid: message.headers.uid)] = alias
                }
            }
            // Sent, Drafts and the other folders are the person's own keeping: a message there that is also in another
            // mailbox (one they sent themselves, one they copied into a folder) is a row of each, and filing one never
            // moves the other. (A copy the Mailbox left behind among its own places is one row, filed with it.)
            let keepsItsOwn = [.sent, .draft, .folder].contains(mailbox.placement.list)
            let ownSuffix = mailbox.placement.list == .folder ? "-f" + String(MailAccount.stableHash(mailbox.name), radix: 16) : "-" + mailbox.placement.list.rawValue
            for message in mailbox.messages where !(isLater && isSchedule(message.headers, writtenBy: owner)) {
                var id = ids[message.headers.uid] ?? ""
                if keepsItsOwn, let first = shown.messages[id], !first.locations.contains(where: { $0.mailbox == mailbox.name }) { id += ownSuffix }
                let location = ServerMessageLocation(mailbox: mailbox.name, uidValidity: mailbox.uidValidity, uid: message.headers.uid)
                guard shown.messages[id] == nil else {
                    shown.messages[id]?.locations.append(location)  // a copy left behind: filed and read with it
                    continue
                }
                shown.messages[id] = ShownServerMessages.Shown(locations: [location], headers: message.headers)
                var row = mailMessage(message.headers, body: message.body ?? MessageBody(subject: "", from: "", text: "", attachments: []), id: id)
                row.serverPlacement = mailbox.placement
                row.receivedBy = owner
                // The person's own, in Sent and Drafts: whom they copied blind (a message received never shows its).
                if mailbox.placement.list.isWrittenHere {
                    row.bcc = message.headers.fields["bcc"].map { String($0.prefix(MIMEMessage.addressListCharacters)) }
                }
                if isLater, let entry = ServerMessageIdentity.scheduleKey(of: message.headers).flatMap({ kept.schedule.entries[$0] }) {
                    row.serverPlacement = Placement(.later, entry.option, until: entry.until)
                }
                messages.append(row)
            }
        }
        return (messages.newestFirst(), shown)
    }

    /// The file number `index` of message `id`, read whole from where the last check or filing found it (the message
    /// fetched whole, up to `MIMELimits.messageBytes`, and walked as the reader walked it). Throws when the server can't
    /// be reached, no longer has the message, or the message no longer holds the file.
    package func attachment(of id: String, at index: Int) async throws -> MailAttachmentFile {
        guard index >= 0, let file = try await files(of: id, index..<index + 1).first else { throw MailAccountError(.fileGone) }
        return file
    }

    /// A forward's files, the message read whole once for all of them.
    package func forwardedFiles(of message: OutgoingMessage) async throws -> [MailAttachmentFile] {
        guard let original = message.forwarding, let count = message.forwardedFiles, count > 0 else { return [] }
        return try await files(of: original, 0..<min(count, 100))
    }

    /// Files `range` of message `id`, from one read of the whole message where the last check or filing found it.
    private func files(of id: String, _ range: Range<Int>) async throws -> [MailAttachmentFile] {
        guard let message = shown.withLockedValue({ $0.messages[id] }) else {
            throw MailAccountError(.messageNotChecked)
        }
        let locations = message.locations
        return try await session { session in
            for location in locations {
                let status: IMAPMailboxStatus
                do { status = try await session.select(location.mailbox) } catch IMAPError.refused { continue }
                guard status.uidValidity ?? 0 == location.uidValidity, let bytes = try await session.wholeMessage(location.uid) else { continue }
                return try MIMEMessage.files(range, of: bytes).map {
                    MailAttachmentFile(name: $0.attachment.name, mimeType: $0.attachment.mimeType, bytes: Data($0.bytes))
                }
            }
            throw MailAccountError(.messageGone)
        }
    }

    /// Whether a message is Later's schedule as this account wrote it (`address`): its header, from the account's own
    /// address, read. Anyone can send a message with the header; only the account's own is taken as its schedule.
    static func isSchedule(_ header: IMAPMessageHeaders, writtenBy address: String) -> Bool {
        header.fields[LaterSchedule.header.name.lowercased()]?.lowercased() == LaterSchedule.header.value
            && header.flags.contains("\\Seen") && (header.fields["from"]?.lowercased().contains(address.lowercased()) ?? false)
    }

    /// Files the message `id` names where `placement` says, in the mailbox of `placement`'s list, made under the
    /// person's namespace if the server has none (`Later`, `Lists/to-read`, `INBOX.Lists.to-read`); for Later, its
    /// moment written in the schedule. Waits for a server that can't be reached; throws a refusal.
    ///
    /// The message is taken where the Mailbox knows it is (`ServerMessageLocation`s: where the last check read it, or
    /// where the last filing put it); when it is no longer there (another program moved it), it is looked for by what
    /// it says of itself (its Message-ID; else its Date and Subject) in every place. Moved with RFC 6851's MOVE, or
    /// COPY and EXPUNGE where the server has no MOVE; a copy already in the target stays.
    package func move(_ id: String, to placement: Placement) async throws {
        guard let message = shown.withLockedValue({ $0.messages[id] }) else {
            throw MailAccountError(.messageNotChecked)
        }
        let known = message.locations
        let criteria = ServerMessageIdentity.searchCriteria(of: message.headers), key = ServerMessageIdentity.scheduleKey(of: message.headers)
        let from = account.fromAddress, shown = self.shown
        try await retry.run {
            try await session { session in
                var places = try await session.places()
                if places.mailbox(for: placement) == nil, let name = places.nameToCreate(for: placement) {
                    try await session.createMailbox(name)
                    places = try await session.places()
                }
                guard let target = places.mailbox(for: placement) else {
                    throw MailAccountError(.noMailbox(for: placement.list))
                }
                var moved = ServerMove()
                try await Self.inEachMailbox(of: known, but: target, session) { uids in
                    let present = try await session.searchUIDs("UID \(IMAPUIDSet.compressed(uids))")
                    moved.took((present.count, try await session.move(present, to: target)))
                }
                // Nothing where it was known to be: a check that began before the last filing ended may have said the
                // place it left (an Undo right after an archive), or another program moved it. Looked for everywhere
                // else, by what it says of itself; a message already in the target is found nowhere else.
                if !moved.anything, let criteria {
                    // Among the Mailbox's own places only: Sent, Drafts and the other folders hold the person's separate
                    // copies (each its own row), which a message moved elsewhere must never take with it. (One of
                    // theirs that another program moved is where the next check finds it.)
                    let ownKeeping = Set([places.sent, places.drafts].compactMap { $0 } + places.folders)
                    for place in places.all where place.mailbox != target && !ownKeeping.contains(place.mailbox) {
                        _ = try await session.select(place.mailbox)
                        let found = try await session.searchUIDs(criteria)
                        moved.took((found.count, try await session.move(found, to: target)))
                    }
                }
                // Where it is now, for the next filing before the next check (an Undo).
                let status = try await session.select(target)
                var there = moved.newUIDs
                if !moved.allNewUIDsKnown, let criteria { there = try await session.searchUIDs(criteria) }
                if moved.anything || !there.isEmpty {
                    let now = there.map { ServerMessageLocation(mailbox: target, uidValidity: status.uidValidity ?? 0, uid: $0) }
                    shown.withLockedValue { shown in
                        shown.messages[id]?.locations = now
                        for location in now { shown.aliases[location] = id }
                    }
                }
                if placement.list == .later, let key {
                    let entry = LaterSchedule.Entry(until: placement.until, option: placement.detail.flatMap { LaterSchedule.isWritable(option: $0) ? $0 : nil })
                    try await session.schedule(key, entry, in: target, from: from)
                }
            }
        }
    }

    /// `\Seen` on the messages among `ids`, on every copy where the last check read it (by UID, in mailboxes whose
    /// UIDVALIDITY is unchanged). Ids of other messages are passed by. Not tried again: the next check that finds them
    /// unread on the server tells it again.
    package func markRead(_ ids: Set<String>) async throws {
        try await add(flag: "\\Seen", to: shown.withLockedValue { $0.locations(of: ids) })
    }

    /// `\Answered` on every copy of the message `id`, where the last check read it: a reply to it was sent.
    package func markAnswered(_ id: String) async throws {
        try await add(flag: "\\Answered", to: shown.withLockedValue { $0.locations(of: [id]) })
    }

    /// `flag` added to the messages at `locations` (those still there: `inEachMailbox`), in one session.
    private func add(flag: String, to locations: [ServerMessageLocation]) async throws {
        guard !locations.isEmpty else { return }
        try await session { session in
            try await Self.inEachMailbox(of: locations, but: nil, session) { uids in
                try await session.run("UID STORE \(IMAPUIDSet.compressed(uids)) +FLAGS.SILENT (\(flag))")
            }
        }
    }

    /// Runs `body` in each mailbox of `locations` but `excluded`, selected, with its UIDs among them: a mailbox whose
    /// UIDVALIDITY changed since the check holds other messages now, and is passed by, as is one the server no longer
    /// has (another program deleted it: its messages went with it).
    private static func inEachMailbox(of locations: [ServerMessageLocation], but excluded: String?, _ session: IMAPSession,
                                      _ body: ([UInt64]) async throws -> Void) async throws {
        let byMailbox = Dictionary(grouping: locations.filter { $0.mailbox != excluded }, by: \.mailbox)
        for (mailbox, here) in byMailbox.sorted(by: { $0.key < $1.key }) {
            let status: IMAPMailboxStatus
            do { status = try await session.select(mailbox) } catch IMAPError.refused { continue }
            let uids = here.filter { $0.uidValidity == status.uidValidity ?? 0 }.map(\.uid)
            if !uids.isEmpty { try await body(uids.sorted()) }
        }
    }

    /// A server's message as a Mailbox row under `id` (`ServerMessageIdentity`): its sender's name (else address), subject, the start of its text, its time of day, unread unless `\Seen`.
    static func mailMessage(_ message: IMAPMessageHeaders, body: MessageBody, id: String) -> MailMessage {
        // The headers as GMime decoded them (RFC 2047's encoded words), else as the server gave them.
        let from = body.from.isEmpty ? message.fields["from"] ?? "" : body.from
        // `Ana Lima <ana@example.org>`: the name; `<ana@example.org>` or a bare address: the address.
        let name = from.firstIndex(of: "<").map { from[..<$0].trimmingCharacters(in: CharacterSet(charactersIn: " \"")) } ?? ""
        let bracketed = from.firstIndex(of: "<").flatMap { open in from[open...].firstIndex(of: ">").map { from[from.index(after: open)..<$0] } }
        let address = (bracketed.map(String.init) ?? from).trimmingCharacters(in: CharacterSet(charactersIn: "<> \""))
        let sender = name.isEmpty ? (address.isEmpty ? "(unknown sender)" : address) : name
        var mail = MailMessage(id: id, sender: capped(sender, 200),
                               subject: capped(body.subject.isEmpty ? message.fields["subject"] ?? "" : body.subject, 200), snippet: snippet(of: body.text),
                               time: time(of: message.fields["date"] ?? ""), unread: !message.flags.contains("\\Seen"),
                               body: nil)
        (mail.body, mail.charactersLeftOut) = readable(body.text)
        mail.attachments = body.attachments
        if address.contains("@"), address.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { mail.senderAddress = String(address.prefix(200)) }
        mail.messageID = message.fields["message-id"].map { String($0.prefix(500)) }
        mail.date = message.fields["date"].flatMap(MailDate.parse)
        mail.replyTo = message.fields["reply-to"].map { String($0.prefix(2_000)) }
        mail.references = message.fields["references"].map { String($0.prefix(4_000)) }
        mail.to = message.fields["to"].map { String($0.prefix(MIMEMessage.addressListCharacters)) }
        mail.cc = message.fields["cc"].map { String($0.prefix(MIMEMessage.addressListCharacters)) }
        mail.draftMark = message.fields[IMAPMailServer.draftHeader.lowercased()].map { String($0.trimmingCharacters(in: .whitespaces).prefix(200)) }
        return mail
    }

    /// `text` as the reader is given it: whole up to `MailMessage.readerCharacters`, else cut there at the end of a
    /// word (the last white space in its last 1,000 characters; else where the limit falls), with how many characters
    /// were left out. Not walked when it is shorter in bytes.
    static func readable(_ text: String) -> (text: String, leftOut: Int) {
        let limit = MailMessage.readerCharacters
        guard text.utf8.count > limit, text.count > limit else { return (text, 0) }
        var kept = text.prefix(limit)
        if let space = kept.suffix(1_000).lastIndex(where: \.isWhitespace) { kept = kept[..<space] }
        return (String(kept), text.count - kept.count)
    }

    /// `text` cut to `characters`, not walked when it is shorter in bytes (a row is made for each of 10,000 messages).
    static func capped(_ text: String, _ characters: Int) -> String {
        text.utf8.count <= characters ? text : String(text.prefix(characters))
    }

    /// The start of a text for a row: its first 200 characters with every run of white space one space.
    static func snippet(of text: String) -> String {
        // Mail is mostly ASCII: its bytes are read as they are, without asking each Character whether it is a space
        // (the Mailbox makes 10,000 rows from a store at launch, and again after each check). One rule for both.
        let head = text.utf8.prefix(1_000)
        if head.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: collapsingSpaces(head, isSpace: { $0 == 0x20 || (0x09...0x0D).contains($0) }, space: 0x20), as: UTF8.self)
        }
        return String(collapsingSpaces(text.prefix(1_000), isSpace: \.isWhitespace, space: " "))
    }

    /// The first 200 of `units` that a row shows: every run of spaces one `space`, none at either end.
    private static func collapsingSpaces<Units: Sequence>(_ units: Units, isSpace: (Units.Element) -> Bool, space: Units.Element) -> [Units.Element] {
        var kept: [Units.Element] = [], pendingSpace = false
        kept.reserveCapacity(200)
        for unit in units {
            if isSpace(unit) {
                pendingSpace = !kept.isEmpty
                continue
            }
            guard kept.count + (pendingSpace ? 1 : 0) < 200 else { break }
            if pendingSpace {
                kept.append(space)
                pendingSpace = false
            }
            kept.append(unit)
        }
        return kept
    }

    /// "09:41" from an RFC 5322 date (`Mon, 5 Jan 2026 09:41:00 +0000`), as the sender wrote it; "" when there is none.
    static func time(of date: String) -> String {
        let parts = date.split(separator: " ")
        guard let clock = parts.first(where: { $0.split(separator: ":").count >= 2 }) else { return "" }
        return String(clock.split(separator: ":").prefix(2).joined(separator: ":").prefix(5))
    }
}

/// The checks of each kept-mail file, one at a time in the order they began, however many `IMAPMailServer`s open the
/// file (several in one process: the Mailbox reopened on a new account; other processes wait on SQLite's lock).
actor KeptMailChecks {
    /// The process's one queue of checks.
    static let shared = KeptMailChecks()
    /// The last check begun on each file, which the next waits for.
    private var last: [String: Task<Void, Never>] = [:]

    /// Runs `check` once the checks begun before it on `path` have ended; at once for `nil` (mail kept in memory).
    func oneAtATime<Answer: Sendable>(_ path: String?, _ check: @escaping @Sendable () async throws -> Answer) async throws -> Answer {
        guard let path else { return try await check() }
        let previous = last[path]
        let task = Task { () async throws -> Answer in
            await previous?.value
            return try await check()
        }
        // The next check waits for this one to end, however it ends: its failure is its caller's, thrown below.
        last[path] = Task { _ = try? await task.value }
        return try await task.value
    }
}

