import Foundation
import NIOConcurrencyHelpers
import KineticData

/// An account on an IMAP server, as `kinetic run mailbox --imap URL --mail-user NAME --mail-password-file FILE` gives
/// it (or `KINETIC_IMAP_URL`, `KINETIC_MAIL_USER`, `KINETIC_MAIL_PASSWORD_FILE`).
public struct MailAccount: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The server: `127.0.0.1` (for `localhost` too) until TLS is built.
    public var host: String
    /// Its port: 143 unless the address names one.
    public var port: Int
    /// The account's login name.
    public var user: String
    /// TLS (`imaps://`), or `nil` for plain IMAP on loopback.
    public var tls: IMAPTLS?
    /// Where the account sends (`smtps://host[:465]`, or `smtp://127.0.0.1:port` plain), when it can: the same name
    /// and password log in there.
    public var smtp: (host: String, port: Int, tls: IMAPTLS?)?

    /// The address the account sends from: its user name when that is an address, else the name at the server.
    public var fromAddress: String { user.contains("@") ? user : "\(user)@\(host)" }

    /// The same account: server, user, password and TLS, and the same SMTP server.
    public static func == (a: MailAccount, b: MailAccount) -> Bool {
        (a.host, a.port, a.user, a.password, a.tls) == (b.host, b.port, b.user, b.password, b.tls)
            && a.smtp?.host == b.smtp?.host && a.smtp?.port == b.smtp?.port && a.smtp?.tls == b.smtp?.tls
    }
    /// Never in a log, a dump or a message: `description` leaves it out.
    public var password: String

    /// The account at `address`, checked: the scheme, a host, a port from 1 to 65535. `imaps://host[:993]` is IMAP
    /// over TLS (RFC 8314's implicit TLS), its certificate checked against the system's roots or `trustRootsFile`'s;
    /// plain `imap://host[:143]` is taken only on loopback, where nothing travels.
    public init(address: String, user: String, password: String, trustRootsFile: String? = nil, smtpAddress: String? = nil) throws {
        guard let url = URLComponents(string: address), let scheme = url.scheme?.lowercased() else {
            throw MailAccountError("\(Self.shown(address)) is not an address (expected imaps://host or imap://127.0.0.1:port)")
        }
        guard scheme == "imap" || scheme == "imaps" else {
            throw MailAccountError("\(Self.shown(address)) is not an IMAP address (expected imaps://host or imap://127.0.0.1:port)")
        }
        guard let bracketed = url.host, !bracketed.isEmpty else { throw MailAccountError("\(Self.shown(address)) names no host") }
        let host = bracketed.hasPrefix("[") && bracketed.hasSuffix("]") ? String(bracketed.dropFirst().dropLast()) : bracketed
        let port = url.port ?? (scheme == "imaps" ? 993 : 143)
        guard (1...65535).contains(port) else { throw MailAccountError("\(Self.shown(address)): port \(port) is not between 1 and 65535") }
        guard scheme == "imaps" || ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) else {
            throw MailAccountError("imap:// sends the password in the clear: use imaps://\(Self.shown(host).dropFirst().dropLast()) (plain IMAP is taken on 127.0.0.1 only)")
        }
        guard !user.isEmpty, !user.contains(where: \.isNewline) else { throw MailAccountError("the mail user name is empty or holds a line break") }
        let plainHost = scheme == "imap" && host == "localhost" ? "127.0.0.1" : host  // TLS checks the name: kept
        (self.host, self.port, self.user, self.password) = (plainHost, port, user, password)
        tls = scheme == "imaps" ? IMAPTLS(trustRootsFile: trustRootsFile) : nil
        if let smtpAddress {
            let endpoint = try Self.endpoint(smtpAddress, secure: "smtps", plain: "smtp", securePort: 465, plainPort: 587)
            smtp = (endpoint.host, endpoint.port, endpoint.secure ? IMAPTLS(trustRootsFile: trustRootsFile) : nil)
        }
    }

    /// A server's address checked: the scheme (`secure` for TLS, `plain` on loopback only), a host, a port.
    static func endpoint(_ address: String, secure: String, plain: String, securePort: Int, plainPort: Int) throws -> (host: String, port: Int, secure: Bool) {
        guard let url = URLComponents(string: address), let scheme = url.scheme?.lowercased(), [secure, plain].contains(scheme) else {
            throw MailAccountError("\(Self.shown(address)) is not an address (expected \(secure)://host or \(plain)://127.0.0.1:port)")
        }
        guard let bracketed = url.host, !bracketed.isEmpty else { throw MailAccountError("\(Self.shown(address)) names no host") }
        let host = bracketed.hasPrefix("[") && bracketed.hasSuffix("]") ? String(bracketed.dropFirst().dropLast()) : bracketed
        let port = url.port ?? (scheme == secure ? securePort : plainPort)
        guard (1...65535).contains(port) else { throw MailAccountError("\(Self.shown(address)): port \(port) is not between 1 and 65535") }
        guard scheme == secure || ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) else {
            throw MailAccountError("\(plain):// sends the password in the clear: use \(secure):// (plain is taken on 127.0.0.1 only)")
        }
        return (scheme == plain && host == "localhost" ? "127.0.0.1" : host, port, scheme == secure)
    }

    /// The account as a log, a dump or a failed test may print it: never the password.
    public var description: String { "\(user) at \(tls == nil ? "imap" : "imaps")://\(host):\(port) (password not shown)" }
    /// As `description`.
    public var debugDescription: String { description }
    /// What `dump` and mirrors see: no password.
    public var customMirror: Mirror { Mirror(self, children: ["host": host, "port": port, "user": user, "tls": tls as Any], displayStyle: .struct) }

    /// The password from a file: its first line; a file others can read is taken with a warning, as ssh warns.
    public static func password(fromFile path: String, warn: (String) -> Void) throws -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            warn("mail: \(Self.shown(path)) can be read by others (mode \(String(mode & 0o777, radix: 8))); chmod 600 it")
        }
        // At most 4 KB read: a password file is a line, and a device (/dev/zero) must not be read for ever.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: 4097) else {
            throw MailAccountError("the password file \(Self.shown(path)) can't be read")
        }
        try? handle.close()  // a read-only handle: nothing to lose on close
        guard data.count <= 4096, let text = String(data: data, encoding: .utf8) else {
            throw MailAccountError("the password file \(Self.shown(path)) is not a short UTF-8 text")
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw MailAccountError("the password file \(Self.shown(path)) is empty") }
        return line
    }

    /// Outside text as a log shows it: escaped and capped.
    static func shown(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return escaped.count > 120 ? "\"" + escaped.prefix(120) + "…\"" : "\"" + escaped + "\""
    }
}

/// Why an account was not taken.
public struct MailAccountError: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The Mailbox's `MailServer` over IMAP: each check opens a session, reads the Inbox's newest messages (their
/// headers, flags and the start of their text, unread kept unread), and closes it.
public struct IMAPMailServer: MailServer {
    /// The account read.
    public let account: MailAccount
    /// Seconds between checks for new mail.
    public let checkInterval: Double
    /// The most messages read at each check, newest first.
    public let limit: Int
    /// The longest wait for the server at any step.
    public let timeout: Duration

    /// Reads `account`'s Inbox every `checkInterval` seconds.
    public init(account: MailAccount, checkInterval: Double = 3, limit: Int = 200, timeout: Duration = .seconds(20)) {
        self.account = account
        self.checkInterval = checkInterval
        self.limit = limit
        self.timeout = timeout
    }

    /// Whether the account has an SMTP server to send through.
    public var canSend: Bool { account.smtp != nil }

    /// Sends through the account's SMTP server (logged in with the account's name and password), then keeps a copy,
    /// read, in the server's `\Sent` (or the mailbox named Sent).
    public func send(to recipients: [String], subject: String, body: String, inReplyTo: String?) async throws {
        guard let smtp = account.smtp else { throw MailAccountError("this account has no SMTP server to send through") }
        let account = self.account
        let mail = OutgoingMail(from: account.fromAddress, to: recipients, subject: subject, body: body, inReplyTo: inReplyTo, date: Date())
        try await SMTPSubmission.send(mail.bytes, from: mail.from, to: recipients, host: smtp.host, port: smtp.port, tls: smtp.tls,
                                      user: account.user, password: account.password, timeout: timeout)
        try await IMAPSession.connect(host: account.host, port: account.port, tls: account.tls, timeout: timeout) { session in
            try await session.login(user: account.user, password: account.password)
            let mailboxes = try await session.listMailboxes()
            if let sent = mailboxes.first(where: { $0.isSpecial("\\Sent") }) ?? mailboxes.first(where: { $0.name.lowercased() == "sent" }) {
                try await session.append(mail.bytes, to: sent.name, flags: ["\\Seen"])
            }
            try await session.logout()
        }
    }

    /// One check: log in, read the newest `limit` messages of the Inbox, the `\Archive` and the `\Trash` (RFC 6154's
    /// special uses; the mailboxes so named when none is marked), each with its `serverList`, and log out.
    public func inbox() async throws -> [MailMessage] {
        let account = self.account, limit = self.limit
        return try await IMAPSession.connect(host: account.host, port: account.port, tls: account.tls, timeout: timeout) { session in
            try await session.login(user: account.user, password: account.password)
            let places = Self.places(try await session.listMailboxes())
            var messages: [MailMessage] = []
            var seen = Set<String>()
            for (list, mailbox) in places {
                let status = try await session.select(mailbox)
                let uids = Array(try await session.allUIDs().suffix(limit))
                let headers = try await session.headers(of: uids)
                let previews = try await session.previews(of: uids)
                for header in headers.sorted(by: { $0.uid > $1.uid }) {
                    var message = Self.mailMessage(header, preview: previews[header.uid] ?? "", mailbox: mailbox, uidValidity: status.uidValidity ?? 0)
                    // One message in two mailboxes (a copy left behind) is shown once, where it was found first.
                    guard seen.insert(message.id).inserted else { continue }
                    message.serverList = list
                    messages.append(message)
                }
            }
            try await session.logout()
            return messages
        }
    }

    /// The mailboxes that hold the Inbox, the Archive and the Trash on this server, in that order: by special use,
    /// else by name; a list with no mailbox is left out.
    static func places(_ mailboxes: [IMAPMailbox]) -> [(Placement.List, String)] {
        var places: [(Placement.List, String)] = [(.inbox, "INBOX")]
        for (list, use, name) in [(Placement.List.archive, "\\Archive", "Archive"), (.deleted, "\\Trash", "Trash")] {
            if let mailbox = mailboxes.first(where: { $0.isSpecial(use) }) ?? mailboxes.first(where: { $0.name.lowercased() == name.lowercased() }) {
                places.append((list, mailbox.name))
            }
        }
        return places
    }

    /// Moves the message `id` names to the mailbox of `list`: found by its Message-ID in the Inbox, Archive and Trash,
    /// moved with UID MOVE (RFC 6851). A mailbox the server does not have for `list` is made (`CREATE Archive`).
    public func move(_ id: String, to list: Placement.List) async throws {
        guard let messageID = Self.messageIDs.withLockedValue({ $0[id] }) else {
            throw MailAccountError("the message has no Message-ID the server can find it by")
        }
        let account = self.account
        try await IMAPSession.connect(host: account.host, port: account.port, tls: account.tls, timeout: timeout) { session in
            try await session.login(user: account.user, password: account.password)
            var places = Self.places(try await session.listMailboxes())
            if !places.contains(where: { $0.0 == list }) {
                let name = list == .archive ? "Archive" : "Trash"
                try await session.run("CREATE \(try IMAPSession.mailboxName(name))")
                places.append((list, name))
            }
            guard let target = places.first(where: { $0.0 == list })?.1 else { return }
            guard let quoted = IMAPSession.quoted(messageID) else { throw MailAccountError("the message's Message-ID is not plain ASCII") }
            for (_, mailbox) in places where mailbox != target {
                _ = try await session.select(mailbox)
                let reply = try await session.run("UID SEARCH HEADER Message-ID \(quoted)")
                let uids = reply.data.filter { $0.first?.text?.uppercased() == "SEARCH" }.flatMap { $0.dropFirst().compactMap(\.number) }
                if !uids.isEmpty { try await session.move(uids, to: target) }
            }
            try await session.logout()
        }
    }

    /// The Message-ID each id was made from (ids are a hash of it, the same in every mailbox), for `move`.
    private static let messageIDs = NIOLockedValueBox<[String: String]>([:])

    /// `\Seen` on the messages among `ids`, wherever they are (the Inbox, the Archive, the Trash): each found by its
    /// Message-ID. Ids of other messages are passed by.
    public func markRead(_ ids: Set<String>) async throws {
        let messageIDs = Self.messageIDs.withLockedValue { known in ids.compactMap { known[$0] } }.compactMap(IMAPSession.quoted)
        guard !messageIDs.isEmpty else { return }
        let account = self.account
        try await IMAPSession.connect(host: account.host, port: account.port, tls: account.tls, timeout: timeout) { session in
            try await session.login(user: account.user, password: account.password)
            for (_, mailbox) in Self.places(try await session.listMailboxes()) {
                _ = try await session.select(mailbox)
                var uids: [UInt64] = []
                for messageID in messageIDs.sorted() {
                    let reply = try await session.run("UID SEARCH HEADER Message-ID \(messageID)")
                    uids += reply.data.filter { $0.first?.text?.uppercased() == "SEARCH" }.flatMap { $0.dropFirst().compactMap(\.number) }
                }
                if !uids.isEmpty { try await session.run("UID STORE \(uids.sorted().map(String.init).joined(separator: ",")) +FLAGS.SILENT (\\Seen)") }
            }
            try await session.logout()
        }
    }

    /// A server's message as a Mailbox row: its id from UIDVALIDITY and UID (so a reset mailbox never reuses one), its
    /// sender's name (else address), subject, the start of its text, its time of day, unread unless `\Seen`.
    static func mailMessage(_ message: IMAPMessageHeaders, preview: String, mailbox: String = "INBOX", uidValidity: UInt64) -> MailMessage {
        let from = message.fields["from"] ?? ""
        // `Ana Lima <ana@example.org>`: the name; `<ana@example.org>` or a bare address: the address.
        let name = from.firstIndex(of: "<").map { from[..<$0].trimmingCharacters(in: CharacterSet(charactersIn: " \"")) } ?? ""
        let bracketed = from.firstIndex(of: "<").flatMap { open in from[open...].firstIndex(of: ">").map { from[from.index(after: open)..<$0] } }
        let address = (bracketed.map(String.init) ?? from).trimmingCharacters(in: CharacterSet(charactersIn: "<> \""))
        let sender = name.isEmpty ? (address.isEmpty ? "(unknown sender)" : address) : name
        let words = preview.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var mail = MailMessage(id: id(of: message, mailbox: mailbox, uidValidity: uidValidity), sender: String(sender.prefix(200)),
                               subject: String((message.fields["subject"] ?? "").prefix(200)), snippet: String(words.prefix(200)),
                               time: time(of: message.fields["date"] ?? ""), unread: !message.flags.contains("\\Seen"),
                               body: String(preview.prefix(50_000)))
        if address.contains("@"), address.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { mail.senderAddress = String(address.prefix(200)) }
        mail.messageID = message.fields["message-id"].map { String($0.prefix(500)) }
        return mail
    }

    /// A message's id in the Mailbox: a hash of its Message-ID (`imap-` and 16 hex digits), the same in whichever
    /// mailbox it is, so it keeps its row and its place when it moves; without one, its mailbox, UIDVALIDITY and UID
    /// (`imap-<uidvalidity>-<uid>` in the Inbox).
    static func id(of message: IMAPMessageHeaders, mailbox: String, uidValidity: UInt64) -> String {
        if let messageID = message.fields["message-id"]?.trimmingCharacters(in: .whitespaces), !messageID.isEmpty {
            var hash: UInt64 = 0xcbf29ce484222325  // FNV-1a, 64 bits: stable across runs and machines
            for byte in messageID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            let id = "imap-" + String(hash, radix: 16)
            messageIDs.withLockedValue { $0[id] = messageID }
            return id
        }
        let place = mailbox == "INBOX" ? "" : "\(String(mailbox.utf8.reduce(UInt32(5381)) { ($0 &* 33) ^ UInt32($1) }, radix: 16))-"
        return "imap-\(place)\(uidValidity)-\(message.uid)"
    }

    /// "09:41" from an RFC 5322 date (`Mon, 5 Jan 2026 09:41:00 +0000`), as the sender wrote it; "" when there is none.
    static func time(of date: String) -> String {
        let parts = date.split(separator: " ")
        guard let clock = parts.first(where: { $0.split(separator: ":").count >= 2 }) else { return "" }
        return String(clock.split(separator: ":").prefix(2).joined(separator: ":").prefix(5))
    }
}

extension IMAPSession {
    /// The start of each message's text (`BODY.PEEK[TEXT]<0.2000>`, so it stays unread), by UID.
    func previews(of uids: [UInt64]) async throws -> [UInt64: String] {
        guard !uids.isEmpty else { return [:] }
        let set = uids.map(String.init).joined(separator: ",")
        let reply = try await run("UID FETCH \(set) (UID BODY.PEEK[TEXT]<0.2000>)")
        var previews: [UInt64: String] = [:]
        for values in reply.data where values.count >= 3 && values[1].text?.uppercased() == "FETCH" {
            guard let items = values[2].list else { continue }
            var uid: UInt64?, text: String?
            var index = 0
            while index + 1 < items.count {
                let name = items[index].text?.uppercased() ?? ""
                if name == "UID" { uid = items[index + 1].number }
                if name.hasPrefix("BODY[TEXT]"), case .string(let bytes) = items[index + 1] { text = String(decoding: bytes, as: UTF8.self) }
                index += 2
            }
            if let uid, let text { previews[uid] = text }
        }
        return previews
    }
}
