import Foundation
import GRDB
import Synchronization
import KineticData
import KineticPlatform

/// One account's mail as the last checks left it, kept in SQLite (GRDB): each mailbox the Mailbox reads (its
/// UIDVALIDITY, and where the Mailbox files what is in it), each message's flags and header fields, the bodies read
/// so far, and Later's schedule. A check asks the server only for what is not here yet (`MailSync`), and the Mailbox
/// opens on what is here before the server answers: quit, go offline, and the messages are still there to read.
///
/// It is a cache of what the server holds, so it lives in the cache folder (`$XDG_CACHE_HOME/kinetic/mail/`): a file
/// that cannot be read is moved aside (`.damaged`), said once, and the mail read from the server again.
final class MailStore: Sendable {
    /// The database now: a file, or memory for a run that keeps nothing (`kinetic play`, `run --fresh`, tests); a new
    /// one when the file was found damaged (`setAsideIfDamaged`).
    private let current: Mutex<DatabaseQueue>
    /// The database the store reads and writes now.
    private var database: DatabaseQueue { current.withLock { $0 } }
    /// The file, when the mail is kept in one.
    private let file: URL?
    /// What went wrong opening the file, in a sentence; `nil` when it opened as it was.
    let problem: String?

    /// A store in `file` (made, with its folder, when missing; both readable by their owner only: they hold the mail),
    /// else in memory. A file that is no SQLite database, or a damaged one, is moved to `<file>.damaged` (owner only)
    /// and a new one begun; any other failure (a folder that can't be written, another process holding the file past
    /// ten seconds) leaves the file alone and keeps the mail in memory. Either way the sentence is in `problem`.
    init(file: URL?) {
        self.file = file
        guard let file else {
            current = Mutex(Self.inMemory())
            problem = nil
            return
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            current = Mutex(try Self.open(file))
            problem = nil
        } catch let damage as DatabaseError where Self.isDamage(damage) {
            let (queue, said) = Self.afresh(file, damage: damage)
            current = Mutex(queue)
            problem = said
        } catch {
            current = Mutex(Self.inMemory())
            problem = "the mail can't be kept in \(file.path) (\(error)); this run keeps it in memory only"
        }
    }

    /// Whether `error` says the file is damaged: SQLite's CORRUPT or NOTADB, found on open or on any later read (inner
    /// pages overwritten behind an intact header are found only when read).
    static func isDamage(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// When `error` says the file is damaged, moves it aside as `<file>.damaged` (owner only) and begins a new one,
    /// returning the sentence to say once; `nil` (nothing done) for any other error, or mail kept in memory.
    func setAsideIfDamaged(_ error: Error) -> String? {
        guard let file, let damage = error as? DatabaseError, Self.isDamage(damage) else { return nil }
        return current.withLock { queue in
            // A queue the damage left unusable may not close; the file is set aside either way, and the log says so.
            do { try queue.close() } catch { Log.line("mail: the damaged mail store did not close (\(error)); it is set aside all the same") }
            let (fresh, said) = Self.afresh(file, damage: damage)
            queue = fresh
            return said
        }
    }

    /// A new database in `file`, the damaged one moved aside; in memory when even that fails. With the sentence.
    private static func afresh(_ file: URL, damage: DatabaseError) -> (DatabaseQueue, String) {
        let aside = file.appendingPathExtension("damaged")
        do {
            try? FileManager.default.removeItem(at: aside)  // nil: no earlier damaged copy to replace
            try FileManager.default.moveItem(at: file, to: aside)
            for suffix in ["-wal", "-shm"] { _ = unlink(file.path + suffix) }  // the damaged file's journal goes with it
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: aside.path)  // nil: a file system without modes
            return (try open(file), "the mail kept in \(file.path) could not be read (\(damage)); it is now \(aside.lastPathComponent), and the mail is read from the server again")
        } catch {
            return (inMemory(), "the mail can't be kept in \(file.path) (\(error)); this run keeps it in memory only")
        }
    }

    /// The file as a database, its tables made or brought up to date; a second Kinetic writing it is waited for.
    private static func open(_ file: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: file.path, configuration: configuration)
        try migrator.migrate(queue)
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)  // nil: a file system without modes
        return queue
    }

    private static func inMemory() -> DatabaseQueue {
        // An in-memory database opens on any machine SQLite runs on, and the migration is this file's own SQL on an empty
        // database: neither reads anything from outside, so neither can fail on input.
        let queue = try! DatabaseQueue()
        try! migrator.migrate(queue)
        return queue
    }

    /// The tables, version by version. UIDs and UIDVALIDITY are kept as their 64 bits (`Int64(bitPattern:)`), so no
    /// value a server sends is refused or changed on the way.
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("mail kept, 1") { db in
            try db.execute(sql: """
                CREATE TABLE mailbox (
                    name TEXT PRIMARY KEY NOT NULL,
                    position INTEGER NOT NULL,
                    uidValidity INTEGER NOT NULL,
                    placement TEXT NOT NULL
                );
                CREATE TABLE message (
                    mailbox TEXT NOT NULL REFERENCES mailbox(name) ON DELETE CASCADE,
                    uid INTEGER NOT NULL,
                    flags TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    messageID TEXT,
                    hasBody INTEGER NOT NULL DEFAULT 0,
                    bodySubject TEXT NOT NULL DEFAULT '',
                    bodyFrom TEXT NOT NULL DEFAULT '',
                    bodyText TEXT NOT NULL DEFAULT '',
                    attachments TEXT NOT NULL DEFAULT '[]',
                    PRIMARY KEY (mailbox, uid)
                ) WITHOUT ROWID;
                CREATE INDEX messageByMessageID ON message(messageID);
                CREATE TABLE laterSchedule (
                    messageID TEXT PRIMARY KEY NOT NULL,
                    until REAL,
                    option TEXT
                );
                """)
        }
        // CONDSTORE (RFC 7162): the mailbox's HIGHESTMODSEQ when its flags were last read whole, or NULL.
        migrator.registerMigration("mail kept, 2: mod-sequences") { db in
            try db.execute(sql: "ALTER TABLE mailbox ADD COLUMN highestModSeq INTEGER")
        }
        // The UIDVALIDITY a HIGHESTMODSEQ was kept under: a value kept before an older Kinetic (which knows nothing of
        // mod-sequences) saw the UIDVALIDITY change is not trusted after it.
        migrator.registerMigration("mail kept, 3: mod-sequences' UIDVALIDITY") { db in
            try db.execute(sql: "ALTER TABLE mailbox ADD COLUMN modSeqUIDValidity INTEGER")
        }
        // Which header fields a row's `fields` were asked with (`headerFieldsVersion`): rows kept before To and Cc were
        // asked for (1) have their fields read again at the next check, so Reply All knows every recipient.
        migrator.registerMigration("mail kept, 4: the header fields' version") { db in
            try db.execute(sql: "ALTER TABLE message ADD COLUMN fieldsVersion INTEGER NOT NULL DEFAULT 1")
        }
        return migrator
    }

    /// The header fields a check asks for, as a version: 1 until 2.0 (From, Subject, Date, Message-ID, Reply-To,
    /// References, Later's mark), 2 with To and Cc. A row kept under an older one is read again (`withoutHeaders`).
    static let headerFieldsVersion = 2

    // MARK: What a check writes

    /// `name` as a check found it, at `position` among the places read, filed as `placement`: a UIDVALIDITY other than
    /// the one kept means every UID kept for it names nothing now (RFC 3501 §2.3.1.1), so its messages are forgotten
    /// (and its HIGHESTMODSEQ, kept under the old one, is no longer read: `highestModSeq`).
    /// Gives the UIDs kept for it.
    func mailboxFound(_ name: String, position: Int, uidValidity: UInt64, placement: Placement) throws -> Set<UInt64> {
        let placementText = String(decoding: try JSONEncoder().encode(placement), as: UTF8.self)
        return try database.write { db in
            let kept = try Int64.fetchOne(db, sql: "SELECT uidValidity FROM mailbox WHERE name = ?", arguments: [name])
            if let kept, kept != Int64(bitPattern: uidValidity) {
                try db.execute(sql: "DELETE FROM message WHERE mailbox = ?", arguments: [name])
            }
            try db.execute(sql: """
                INSERT INTO mailbox (name, position, uidValidity, placement) VALUES (?, ?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET position = excluded.position, uidValidity = excluded.uidValidity, placement = excluded.placement
                """, arguments: [name, position, Int64(bitPattern: uidValidity), placementText])
            let uids = try Int64.fetchAll(db, sql: "SELECT uid FROM message WHERE mailbox = ?", arguments: [name])
            return Set(uids.map { UInt64(bitPattern: $0) })
        }
    }

    /// The HIGHESTMODSEQ `name` had when the flags kept for it were read (`keepHighestModSeq`), or `nil`: none kept,
    /// or its UIDVALIDITY changed since.
    func highestModSeq(of name: String) throws -> UInt64? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT highestModSeq FROM mailbox WHERE name = ? AND modSeqUIDValidity = uidValidity",
                               arguments: [name]).map { UInt64(bitPattern: $0) }
        }
    }

    /// Whether some message kept in `mailbox` has flags that do not read back (another program wrote the file): the
    /// next check then reads every flag, not only those changed.
    func hasUnreadableFlags(in mailbox: String) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM message WHERE mailbox = ? AND (NOT json_valid(flags) OR json_type(flags) != 'array'
                    OR EXISTS (SELECT 1 FROM json_each(message.flags) WHERE json_each.type != 'text')))
                """, arguments: [mailbox]) ?? false
        }
    }

    /// Keeps `value` as `name`'s HIGHESTMODSEQ, once every flag it had then is kept; `nil` forgets it.
    func keepHighestModSeq(_ value: UInt64?, of name: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE mailbox SET highestModSeq = ?, modSeqUIDValidity = uidValidity WHERE name = ?",
                           arguments: [value.map { Int64(bitPattern: $0) }, name])
        }
    }

    /// Forgets every mailbox but `names`, with its messages: one the server no longer has, or the Mailbox no longer reads.
    func keepOnlyMailboxes(_ names: Set<String>) throws {
        try database.write { db in
            for name in try String.fetchAll(db, sql: "SELECT name FROM mailbox") where !names.contains(name) {
                try db.execute(sql: "DELETE FROM message WHERE mailbox = ?", arguments: [name])
                try db.execute(sql: "DELETE FROM mailbox WHERE name = ?", arguments: [name])
            }
        }
    }

    /// Forgets `uids` in `mailbox`: messages gone from the server, or fallen out of what the Mailbox keeps.
    func forget(_ uids: some Collection<UInt64>, in mailbox: String) throws {
        guard !uids.isEmpty else { return }
        try database.write { db in
            for uid in uids {
                try db.execute(sql: "DELETE FROM message WHERE mailbox = ? AND uid = ?", arguments: [mailbox, Int64(bitPattern: uid)])
            }
        }
    }

    /// Keeps each message's flags and header fields (a body kept before stays). A message whose body is kept in
    /// another mailbox under the same Message-ID (moved from there) takes that body, so a filing never costs a fetch
    /// again; two of one mailbox sharing a Message-ID are two messages, and each body is its own.
    func keep(_ headers: [IMAPMessageHeaders], in mailbox: String) throws {
        guard !headers.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try database.write { db in
            for header in headers {
                let fields = String(decoding: try encoder.encode(header.fields), as: UTF8.self)
                let messageID = header.fields["message-id"]?.trimmingCharacters(in: .whitespaces)
                let uid = Int64(bitPattern: header.uid)
                try db.execute(sql: """
                    INSERT INTO message (mailbox, uid, flags, fields, messageID, fieldsVersion) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(mailbox, uid) DO UPDATE SET flags = excluded.flags, fields = excluded.fields, messageID = excluded.messageID,
                        fieldsVersion = excluded.fieldsVersion
                    """, arguments: [mailbox, uid, try Self.flagsText(header.flags), fields, messageID, Self.headerFieldsVersion])
                guard let messageID, !messageID.isEmpty else { continue }
                try db.execute(sql: """
                    UPDATE message SET hasBody = 1, bodySubject = kept.bodySubject, bodyFrom = kept.bodyFrom, bodyText = kept.bodyText,
                        attachments = kept.attachments
                    FROM (SELECT bodySubject, bodyFrom, bodyText, attachments FROM message WHERE messageID = ? AND mailbox <> ? AND hasBody = 1 LIMIT 1) AS kept
                    WHERE message.mailbox = ? AND message.uid = ? AND message.hasBody = 0
                    """, arguments: [messageID, mailbox, mailbox, uid])
            }
        }
    }

    /// Of `mailbox`'s kept messages, those kept without header fields they can be read by (a server's reply that held
    /// only flags; fields that are not an object of texts, which `fields(_:)` refuses), or asked for with fewer fields
    /// than a check asks for now (`headerFieldsVersion`): the next check asks for them again, rather than their rows
    /// staying out of the Mailbox or Reply All missing recipients.
    func withoutHeaders(in mailbox: String) throws -> Set<UInt64> {
        try database.read { db in
            Set(try Int64.fetchAll(db, sql: """
                SELECT uid FROM message WHERE mailbox = ? AND (fields = '{}' OR NOT json_valid(fields) OR json_type(fields) != 'object'
                    OR EXISTS (SELECT 1 FROM json_each(message.fields) WHERE json_each.type != 'text') OR fieldsVersion < ?)
                """, arguments: [mailbox, Self.headerFieldsVersion]).map { UInt64(bitPattern: $0) })
        }
    }

    /// Keeps the flags a check read for messages already kept.
    func keepFlags(_ flags: [UInt64: Set<String>], in mailbox: String) throws {
        guard !flags.isEmpty else { return }
        try database.write { db in
            for (uid, set) in flags {
                try db.execute(sql: "UPDATE message SET flags = ? WHERE mailbox = ? AND uid = ?",
                               arguments: [try Self.flagsText(set), mailbox, Int64(bitPattern: uid)])
            }
        }
    }

    /// The flags and header fields kept for `mailbox`'s messages.
    func headers(in mailbox: String) throws -> [IMAPMessageHeaders] {
        try database.read { db in try Self.messages(in: mailbox, db).map(\.headers) }
    }

    /// Of `mailbox`'s kept messages, the UIDs whose body is not read yet, newest (highest UID) first.
    func withoutBody(in mailbox: String) throws -> [UInt64] {
        try database.read { db in
            try Int64.fetchAll(db, sql: "SELECT uid FROM message WHERE mailbox = ? AND hasBody = 0", arguments: [mailbox])
                .map { UInt64(bitPattern: $0) }.sorted(by: >)
        }
    }

    /// Keeps bodies read, by UID, in `mailbox` (a message forgotten meanwhile is passed by).
    func keep(_ bodies: [UInt64: MessageBody], in mailbox: String) throws {
        guard !bodies.isEmpty else { return }
        try database.write { db in
            for (uid, body) in bodies {
                let attachments = String(decoding: try JSONEncoder().encode(body.attachments.map(KeptAttachment.init)), as: UTF8.self)
                try db.execute(sql: """
                    UPDATE message SET hasBody = 1, bodySubject = ?, bodyFrom = ?, bodyText = ?, attachments = ?
                    WHERE mailbox = ? AND uid = ?
                    """, arguments: [Self.withoutNUL(body.subject), Self.withoutNUL(body.from), Self.withoutNUL(body.text), attachments, mailbox,
                                     Int64(bitPattern: uid)])
            }
        }
    }

    /// Keeps Later's schedule as a check read it, in place of the one kept.
    func keep(_ schedule: LaterSchedule) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM laterSchedule")
            for (messageID, entry) in schedule.entries {
                try db.execute(sql: "INSERT INTO laterSchedule (messageID, until, option) VALUES (?, ?, ?)",
                               arguments: [messageID, entry.until?.timeIntervalSince1970, entry.option])
            }
        }
    }

    // MARK: What the Mailbox reads

    /// How many messages are kept, and how many of them have their body read (Later's schedule, which is no message
    /// shown, left out of both).
    func progress() throws -> MailSyncProgress {
        try database.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS kept, COALESCE(SUM(hasBody), 0) AS read FROM message
                WHERE json_extract(fields, '$."x-kinetic-schedule"') IS NULL
                """)
            return MailSyncProgress(read: row?["read"] ?? 0, kept: row?["kept"] ?? 0)
        }
    }

    /// A message as kept: its flags and header fields, and its body (`nil` until read).
    struct KeptMessage: Equatable {
        var headers: IMAPMessageHeaders
        var body: MessageBody?
    }

    /// A mailbox as kept: its name, UIDVALIDITY, place, and messages, newest first.
    struct KeptMailbox: Equatable {
        var name: String
        var uidValidity: UInt64
        var placement: Placement
        var messages: [KeptMessage]
    }

    /// Each mailbox kept, with its UIDVALIDITY and its messages' header fields by UID (no bodies): what a search on the
    /// server maps its UIDs back through.
    func keptHeaders() throws -> [(name: String, uidValidity: UInt64, headers: [UInt64: IMAPMessageHeaders])] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, uidValidity FROM mailbox ORDER BY position, name").map { mailbox in
                let name: String = mailbox["name"], validity: Int64 = mailbox["uidValidity"]
                var headers: [UInt64: IMAPMessageHeaders] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT uid, fields FROM message WHERE mailbox = ?", arguments: [name]) {
                    let uid: Int64 = row["uid"], text: String = row["fields"]
                    guard let fields = Self.fields(text) else { continue }  // asked again at the next check (`withoutHeaders`)
                    headers[UInt64(bitPattern: uid)] = IMAPMessageHeaders(uid: UInt64(bitPattern: uid), flags: [], fields: fields)
                }
                return (name, UInt64(bitPattern: validity), headers)
            }
        }
    }

    /// Everything kept: the mailboxes in the order the last check read them, and Later's schedule. A mailbox or message
    /// that does not read back is left out on its own.
    func contents() throws -> (mailboxes: [KeptMailbox], schedule: LaterSchedule) {
        try database.read { db in
            let decoder = JSONDecoder()
            var mailboxes: [KeptMailbox] = []
            for row in try Row.fetchAll(db, sql: "SELECT name, uidValidity, placement FROM mailbox ORDER BY position, name") {
                let name: String = row["name"]
                guard let placementText: String = row["placement"],
                      let placement = try? decoder.decode(Placement.self, from: Data(placementText.utf8)) else { continue }  // nil: unreadable, left out
                let messages = try Self.messages(in: name, db)
                let uidValidity: Int64 = row["uidValidity"]
                mailboxes.append(KeptMailbox(name: name, uidValidity: UInt64(bitPattern: uidValidity), placement: placement, messages: messages))
            }
            var schedule = LaterSchedule()
            for row in try Row.fetchAll(db, sql: "SELECT messageID, until, option FROM laterSchedule") {
                let until: Double? = row["until"]
                schedule.entries[row["messageID"]] = LaterSchedule.Entry(until: until.map(Date.init(timeIntervalSince1970:)), option: row["option"])
            }
            return (mailboxes, schedule)
        }
    }

    /// A row's header fields, or `nil` when they are not an object of texts (`withoutHeaders` finds those rows by the
    /// same rule, so the next check fetches them again).
    private static func fields(_ text: String, _ decoder: JSONDecoder = JSONDecoder()) -> [String: String]? {
        try? decoder.decode([String: String].self, from: Data(text.utf8))  // nil: not fields this version reads
    }

    /// `name`'s messages as kept, newest first; a row that does not read back (a field written by a newer version) is
    /// left out on its own.
    private static func messages(in name: String, _ db: Database) throws -> [KeptMessage] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT uid, flags, fields, hasBody, bodySubject, bodyFrom, bodyText, attachments FROM message
            WHERE mailbox = ? ORDER BY uid DESC
            """, arguments: [name])
        let decoder = JSONDecoder()
        return rows.compactMap { row -> KeptMessage? in
            guard let fieldsText: String = row["fields"], let fields = Self.fields(fieldsText, decoder) else { return nil }  // asked again (`withoutHeaders`)
            let uid: Int64 = row["uid"]
            let flagsText: String = row["flags"]
            // Most rows hold no flag and no attachment: "[]" is read without a decoder.
            let flags = flagsText == "[]" ? [] : (try? decoder.decode([String].self, from: Data(flagsText.utf8))) ?? []  // nil: unreadable, read as none (the next check reads every flag: `hasUnreadableFlags`)
            let headers = IMAPMessageHeaders(uid: UInt64(bitPattern: uid), flags: Set(flags), fields: fields)
            guard row["hasBody"] as Bool else { return KeptMessage(headers: headers, body: nil) }
            let attachmentsText: String = row["attachments"]
            var attachments: [KeptAttachment] = []
            if attachmentsText != "[]" {
                do { attachments = try decoder.decode([KeptAttachment].self, from: Data(attachmentsText.utf8)) } catch {
                    Log.line("mail: the attachments kept for message \(uid) of \(MailAccount.shown(name)) do not read back; listed as none")
                }
            }
            return KeptMessage(headers: headers, body: MessageBody(subject: row["bodySubject"], from: row["bodyFrom"], text: row["bodyText"],
                                                                   attachments: attachments.map { MailAttachment(name: $0.name, size: $0.size) }))
        }
    }

    /// Flags as a JSON list: a server's flag may hold any character.
    private static func flagsText(_ flags: Set<String>) throws -> String {
        String(decoding: try JSONEncoder().encode(flags.sorted()), as: UTF8.self)
    }

    /// `text` without U+0000, which SQLite's text ends at: what is kept reads back whole.
    private static func withoutNUL(_ text: String) -> String {
        text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "") : text
    }

    /// An attachment as the store writes it.
    private struct KeptAttachment: Codable {
        var name: String
        var size: Int

        init(_ attachment: MailAttachment) {
            (name, size) = (attachment.name, attachment.size)
        }
    }
}
