import Foundation
import KineticData
import NIOCore
import NIOSSL

/// A conversation with an IMAP server over one connection (RFC 3501, RFC 9051), one command at a time: each is sent
/// with a tag of its own (`K1`, `K2`…), and what the server says until that tag comes back is its answer.
///
/// Every command has a deadline (`IMAPSession.timeout`, from when it is sent to its tagged end, whatever arrives
/// meanwhile): a server that stops answering, stops reading, or trickles, ends the session with `IMAPError.timedOut`
/// instead of holding the app; so does the greeting. The server's bytes go through `IMAPResponseParser`, which refuses
/// what its limits do not allow.
///
/// Over TLS (`imaps://`, implicit TLS on 993, the server's certificate checked against the system's roots or the ones
/// given), turned to TLS with STARTTLS before logging in (`imap://host`, 143), or, on loopback only, plain.
package final class IMAPSession {
    /// The longest wait for any reply.
    package let timeout: Duration
    private var parser: IMAPResponseParser
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// Closes the connection when a command's deadline passes.
    private let deadlines: MailDeadline
    private var nextTag = 1
    /// When the command under way must have ended.
    private var deadline = NIODeadline.now()
    /// The most untagged responses one command may bring (a mailbox's worth of FETCHes, not an endless stream).
    static let responsesPerCommand = 200_000
    /// The most bytes one command may bring: 64 MB. The largest the Mailbox asks for is five texts of 1 MB each, or
    /// the headers of 500 messages (some 150 KB); a server sending more is not answering what was asked.
    static let bytesPerCommand = 64 * 1_048_576
    /// Bytes received since the command under way was sent.
    private var receivedThisCommand = 0
    /// When the whole session must be over (a check's deadline: `endBy`), if it must.
    private var sessionEnds: NIODeadline?
    /// The session's deadline in seconds, for its sentence.
    private var sessionSeconds = 0
    /// What the server said it can do, when it said it.
    package private(set) var capabilities: Set<String> = []

    private init(channel: Channel, inbound: NIOAsyncChannelInboundStream<ByteBuffer>, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
                 timeout: Duration, limits: IMAPResponseParser.Limits) {
        deadlines = MailDeadline(channel: channel, timeout: timeout)
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.timeout = timeout
        parser = IMAPResponseParser(limits: limits)
    }

    /// Connects to `host`:`port`, reads the server's greeting, runs `body` with the session, and closes the connection
    /// whatever `body` does.
    ///
    /// With `tls`, the connection is TLS from its first byte, the certificate checked for `host`.
    package static func connect<Result: Sendable>(host: String, port: Int, tls: IMAPTLS? = nil, timeout: Duration = .seconds(30),
                                                 limits: IMAPResponseParser.Limits = .init(),
                                                 _ body: (IMAPSession) async throws -> Result) async throws -> Result {
        let channel = try await MailChannel.connect(host: host, port: port, tls: tls, timeout: timeout, dialect: .imap)
        return try await channel.executeThenClose { inbound, outbound in
            let session = IMAPSession(channel: channel.channel, inbound: inbound, outbound: outbound, timeout: timeout, limits: limits)
            session.deadline = .now() + timeAmount(timeout)
            if tls?.startTLS == true {
                // The greeting and STARTTLS were the channel's (`StartTLSOpening`): what the server can do is asked
                // again, over TLS, and nothing said in the clear is kept. The session's tags go on from K1.
                try await session.askCapabilities()
                return try await body(session)
            }
            let greeting = try await session.response()
            guard case .untagged(let values) = greeting, let word = values.first?.text?.uppercased(), word == "OK" || word == "PREAUTH" else {
                throw IMAPError.refused("greeting", Self.words(of: greeting))
            }
            if case .list(let code)? = values.dropFirst().first, code.first?.text?.uppercased() == "CAPABILITY" {
                session.capabilities = Set(code.dropFirst().compactMap { $0.text?.uppercased() })
            }
            return try await body(session)
        }
    }

    // MARK: Commands

    /// What one command brought: the untagged data that came with it, and how it ended.
    package struct Reply: Sendable {
        /// Each untagged response's values, in the order they came.
        package var data: [[IMAPValue]]
        /// The tagged OK's response code (`[COPYUID …]`), if any.
        package var code: [IMAPValue]?
        /// The tagged OK's text.
        package var text: String
    }

    /// Sends `command` (its words, without the tag), with `literals` sent as the server asks for each (`literalPlace` in
    /// the command stands where each goes, in order); returns the reply, or throws `IMAPError.refused` on NO or BAD.
    @discardableResult
    package func run(_ command: String, literals: [[UInt8]] = []) async throws -> Reply {
        do {
            return try await runWithinBudget(command, literals: literals)
        } catch IMAPError.timedOut where sessionEnds.map({ NIODeadline.now() >= $0 }) == true {
            throw IMAPError.overTime(seconds: sessionSeconds)
        }
    }

    /// Ends the session (each command's deadline held to it) `seconds` from now: a check, however slowly the server
    /// answers each command, ends by then.
    func endBy(seconds: Int) {
        sessionSeconds = seconds
        sessionEnds = .now() + .seconds(Int64(seconds))
    }

    /// The deadline of a command sent now: its own, or the session's if that comes first.
    private func commandDeadline() -> NIODeadline {
        let own = NIODeadline.now() + Self.timeAmount(timeout)
        return sessionEnds.map { min($0, own) } ?? own
    }

    private func runWithinBudget(_ command: String, literals: [[UInt8]]) async throws -> Reply {
        if let sessionEnds, NIODeadline.now() >= sessionEnds {
            throw IMAPError.overTime(seconds: sessionSeconds)
        }
        let tag = "K\(nextTag)"
        nextTag += 1
        receivedThisCommand = 0
        deadline = commandDeadline()
        var parts = command.components(separatedBy: Self.literalPlace)
        // Never the command itself in the error: it may hold a password.
        guard parts.count == literals.count + 1 else { throw IMAPError.refused(Self.firstWord(command), "a command's literals do not match its places") }
        var data: [[IMAPValue]] = []
        try await send(Array("\(tag) \(parts.removeFirst())".utf8))
        for literal in literals {
            try await send(Array("{\(literal.count)}\r\n".utf8))
            // The server says "+" before it takes a literal's bytes; any data before that is kept.
            while true {
                let response = try await self.response()
                if case .continuation = response { break }
                if case .untagged(let values) = response { data.append(values); continue }
                throw IMAPError.refused(Self.firstWord(command), "\(response)")
            }
            try await send(literal + Array(parts.removeFirst().utf8))
        }
        try await send(Array("\r\n".utf8))
        while true {
            switch try await response() {
            case .untagged(let values):
                if values.first?.text?.uppercased() == "BYE" { throw IMAPError.closed(values.last?.text ?? "") }
                guard data.count < Self.responsesPerCommand else {
                    throw IMAPError.refused(Self.firstWord(command), "the server sent more than \(Self.responsesPerCommand) responses to one command")
                }
                data.append(values)
            case .continuation:
                continue
            case .tagged(let doneTag, let status, let code, let text):
                guard doneTag == tag else { continue }
                guard status == .ok else { throw IMAPError.refused(Self.firstWord(command), "\(status.rawValue) \(text)") }
                return Reply(data: data, code: code, text: text)
            }
        }
    }

    /// `duration` for NIO's timers, held to a day (a longer wait is no deadline).
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let seconds = min(max(duration.components.seconds, 0), 86_400)
        return .nanoseconds(seconds * 1_000_000_000 + max(duration.components.attoseconds, 0) / 1_000_000_000)
    }

    private static func firstWord(_ command: String) -> String { String(command.prefix { $0 != " " }) }

    /// Where a command's literal goes in `run`'s text: a character no quoted string or mailbox name can hold (they are
    /// plain ASCII), so a person's words can never make one.
    static let literalPlace = "\u{E000}"

    private func send(_ bytes: [UInt8]) async throws {
        do {
            try await guarded { try await self.outbound.write(ByteBuffer(bytes: bytes)) }
        } catch {
            throw await deadlines.whyWriteFailed(error, inbound: &inbound)
        }
    }

    /// The next response, by the command's deadline.
    func response() async throws -> IMAPResponse {
        while true {
            if let response = try parser.next() { return response }
            guard let chunk = try await guarded({ try await self.inbound.next() }) else {
                throw IMAPError.closed("the server closed the connection")
            }
            receivedThisCommand += chunk.readableBytes
            guard receivedThisCommand <= Self.bytesPerCommand else {
                throw IMAPError.overBudget("sent more than \(Self.bytesPerCommand / 1_048_576) MB for one command")
            }
            parser.append(chunk.readableBytesView)
        }
    }

    /// Runs `work` (a read or a write) by the command's deadline (`MailDeadline`).
    private func guarded<Value>(_ work: () async throws -> Value) async throws -> Value {
        try await deadlines.guarded(by: deadline, work)
    }

    // MARK: The commands the Mailbox needs

    /// Asks the server what it can do (CAPABILITY), as after STARTTLS, when what it said in the clear is forgotten.
    func askCapabilities() async throws {
        let reply = try await run("CAPABILITY")
        capabilities = Set(reply.data.filter { $0.first?.text?.uppercased() == "CAPABILITY" }.flatMap { $0.dropFirst().compactMap { $0.text?.uppercased() } })
    }

    /// Logs in with the account's name and password (sent as quoted strings, or literals when they hold what a
    /// quoted string cannot).
    package func login(user: String, password: String) async throws {
        var literals: [[UInt8]] = []
        let words = [user, password].map { word -> String in
            if let quoted = Self.quoted(word) { return quoted }
            literals.append(Array(word.utf8))
            return Self.literalPlace
        }
        let reply: Reply
        do {
            reply = try await run("LOGIN \(words[0]) \(words[1])", literals: literals)
        } catch IMAPError.refused(let command, let why) where !password.isEmpty {
            // A server that echoes the command in its refusal must not put the password in a banner or the log.
            throw IMAPError.refused(command, why.replacingOccurrences(of: password, with: "•••"))
        }
        // A server says what it can do once logged in (often more than before: CONDSTORE) in the OK's code, or in an
        // untagged CAPABILITY line beside it (RFC 3501 §6.2.3 allows either).
        if let code = reply.code, code.first?.text?.uppercased() == "CAPABILITY" {
            capabilities = Set(code.dropFirst().compactMap { $0.text?.uppercased() })
        } else if let line = reply.data.first(where: { $0.first?.text?.uppercased() == "CAPABILITY" }) {
            capabilities = Set(line.dropFirst().compactMap { $0.text?.uppercased() })
        }
    }

    /// A response as a person reads it: its words (`BYE Too many connections`), not the parser's values, at most 300
    /// characters.
    static func words(of response: IMAPResponse) -> String {
        let said: String
        switch response {
        case .untagged(let values): said = values.compactMap(\.text).joined(separator: " ")
        case .continuation(let text): said = text
        case .tagged(_, let status, _, let text): said = "\(status.rawValue) \(text)"
        }
        return String(said.prefix(300))
    }

    /// `text` as an IMAP quoted string, or `nil` when it must go as a literal (a line break, a NUL, eight-bit bytes).
    static func quoted(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Every mailbox, with its attributes (RFC 6154's special uses among them: `\Archive`, `\Trash`…).
    package func listMailboxes() async throws -> [IMAPMailbox] {
        let reply = try await run("LIST \"\" \"*\"")
        return reply.data.compactMap { values in
            guard values.first?.text?.uppercased() == "LIST", values.count >= 4, let attributes = values[1].list, let name = values[3].text else { return nil }
            return IMAPMailbox(name: name, attributes: Set(attributes.compactMap { $0.text }), delimiter: values[2].text)
        }
    }

    /// Opens `mailbox` for reading and changing: how many messages it holds, and its UIDVALIDITY and UIDNEXT; with
    /// `modSequences`, on a server that offers CONDSTORE (RFC 7162), also its HIGHESTMODSEQ.
    package func select(_ mailbox: String, modSequences: Bool = false) async throws -> IMAPMailboxStatus {
        try await open(mailbox, with: "SELECT", modSequences: modSequences && offersModSequences)
    }

    /// Whether the server keeps a mod-sequence for each message (CONDSTORE, or QRESYNC which implies it).
    package var offersModSequences: Bool { capabilities.contains("CONDSTORE") || capabilities.contains("QRESYNC") }

    /// Opens `mailbox` read-only (EXAMINE): nothing a command does there marks a message read.
    package func examine(_ mailbox: String) async throws -> IMAPMailboxStatus {
        try await open(mailbox, with: "EXAMINE")
    }

    /// SELECT or EXAMINE, and what the server says of the mailbox: EXISTS, UIDVALIDITY, UIDNEXT.
    private func open(_ mailbox: String, with verb: String, modSequences: Bool = false) async throws -> IMAPMailboxStatus {
        let reply = try await run("\(verb) \(try Self.mailboxName(mailbox))\(modSequences ? " (CONDSTORE)" : "")")
        var status = IMAPMailboxStatus()
        for values in reply.data {
            if values.count >= 2, values[1].text?.uppercased() == "EXISTS" { status.exists = values[0].number ?? 0 }
            if case .list(let code)? = values.dropFirst().first, code.count >= 2 {
                switch code[0].text?.uppercased() {
                case "UIDVALIDITY": status.uidValidity = code[1].number
                case "UIDNEXT": status.uidNext = code[1].number
                // A value of 0 or past 2⁶³ − 1 is not one RFC 7162 allows (mod-sequence-value): as if none were given.
                case "HIGHESTMODSEQ": status.highestModSeq = code[1].number.flatMap { (1...UInt64(Int64.max)).contains($0) ? $0 : nil }
                default: break
                }
            }
        }
        return status
    }

    /// The UIDs of the open mailbox's messages holding every one of `words` in their headers or text (SEARCH TEXT,
    /// RFC 3501 §6.4.4: the server's own matching, case-insensitive on the servers in use), in UTF-8.
    func searchText(_ words: [String]) async throws -> [UInt64] {
        var literals: [[UInt8]] = []
        let criteria = words.map { word -> String in
            if let quoted = Self.quoted(word) { return "TEXT \(quoted)" }
            literals.append(Array(word.utf8))
            return "TEXT \(Self.literalPlace)"
        }
        let reply = try await run("UID SEARCH CHARSET UTF-8 \(criteria.joined(separator: " "))", literals: literals)
        return reply.data.filter { $0.first?.text?.uppercased() == "SEARCH" }.flatMap { $0.dropFirst().compactMap(\.number) }
    }

    /// The UIDs of every message in the open mailbox.
    package func allUIDs() async throws -> [UInt64] {
        try await searchUIDs("ALL")
    }

    /// The UIDs of the open mailbox's messages whose Message-ID is `quotedMessageID` (already an IMAP quoted string).
    package func uids(withMessageID quotedMessageID: String) async throws -> [UInt64] {
        try await searchUIDs("HEADER Message-ID \(quotedMessageID)")
    }

    /// The UIDs UID SEARCH finds in the open mailbox for `criteria` (IMAP's words, values already quoted).
    func searchUIDs(_ criteria: String) async throws -> [UInt64] {
        let reply = try await run("UID SEARCH \(criteria)")
        return reply.data.filter { $0.first?.text?.uppercased() == "SEARCH" }.flatMap { $0.dropFirst().compactMap(\.number) }
    }

    /// Makes the mailbox `name`; one made meanwhile by another program is there all the same (LIST says), so the
    /// server's no is passed by.
    func createMailbox(_ name: String) async throws {
        do { try await run("CREATE \(try Self.mailboxName(name))") } catch IMAPError.refused {}
    }

    /// Deletes the open mailbox's messages `uids`: marked `\Deleted`, then expunged by UID where the server offers
    /// UIDPLUS (without it they are only marked: a plain EXPUNGE would take other programs' deleted messages too).
    func deleteMessages(_ uids: [UInt64]) async throws {
        guard !uids.isEmpty else { return }
        let set = IMAPUIDSet.compressed(uids)
        try await run("UID STORE \(set) +FLAGS.SILENT (\\Deleted)")
        if capabilities.contains("UIDPLUS") { try await run("UID EXPUNGE \(set)") }
    }

    /// Each message's flags and the header fields a list row shows, by UID: also Bcc and `X-Kinetic-Draft`, which
    /// only a draft carries (a draft another program kept opens with its blind copies; this device's own are known).
    package func headers(of uids: [UInt64]) async throws -> [IMAPMessageHeaders] {
        guard !uids.isEmpty else { return [] }
        let set = IMAPUIDSet.compressed(uids)
        let reply = try await run("UID FETCH \(set) (UID FLAGS BODY.PEEK[HEADER.FIELDS (FROM TO CC BCC SUBJECT DATE MESSAGE-ID REPLY-TO REFERENCES X-KINETIC-SCHEDULE X-KINETIC-DRAFT)])")
        let requested = Set(uids)
        var found: [UInt64: IMAPMessageHeaders] = [:]
        var order: [UInt64] = []
        // Only the messages asked for, once each: a server may add FETCHes of its own (a flag changed elsewhere), so
        // the reply that carries the header fields wins over one that carries only flags.
        for fetched in reply.fetched {
            guard let uid = fetched.uid, requested.contains(uid) else { continue }
            let header = fetched.bytes(prefixed: "BODY[HEADER")
            if let kept = found[uid], !kept.fields.isEmpty || header == nil { continue }
            if found[uid] == nil { order.append(uid) }
            var message = IMAPMessageHeaders()
            message.uid = uid
            message.flags = Set(fetched.value(named: "FLAGS")?.list?.compactMap(\.text) ?? [])
            message.fields = header.map(Self.headerFields) ?? [:]
            found[uid] = message
        }
        return order.compactMap { found[$0] }
    }

    /// Header fields as `name: value` lines (folded lines unfolded), the names lowercased.
    static func headerFields(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        var last: String?
        // Split on the bytes: a String sees CR LF as one character, which no "\n" matches.
        for lineBytes in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = String(decoding: lineBytes.last == UInt8(ascii: "\r") ? lineBytes.dropLast() : lineBytes[...], as: UTF8.self)
            if line.isEmpty { continue }
            if line.first == " " || line.first == "\t", let name = last {
                // Unfolded (RFC 5322 §2.2.3); a value that starts on the next line (Exchange's Message-ID) has no space before it.
                let joined = (fields[name, default: ""] + " " + line.trimmingCharacters(in: .whitespaces))
                fields[name] = joined.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                last = name
            }
        }
        return fields
    }

    /// Moves the open mailbox's messages `uids` to `mailbox`; returns their new UIDs there when the server says them
    /// (UIDPLUS's COPYUID), old UID → new UID.
    ///
    /// With RFC 6851's MOVE where the server offers it; else as RFC 6851 §3.3 says a client does without: UID COPY,
    /// then `\Deleted` and UID EXPUNGE of those UIDs (UIDPLUS), or a plain EXPUNGE on a server without UIDPLUS, since a
    /// copy left behind in the Inbox would show the message in two places.
    @discardableResult
    package func move(_ uids: [UInt64], to mailbox: String) async throws -> [UInt64: UInt64] {
        guard !uids.isEmpty else { return [:] }
        let set = IMAPUIDSet.compressed(uids)
        let verb = offers("MOVE") ? "MOVE" : "COPY"
        let reply = try await run("UID \(verb) \(set) \(try Self.mailboxName(mailbox))")
        if verb == "COPY" {
            try await run("UID STORE \(set) +FLAGS.SILENT (\\Deleted)")
            try await run(offers("UIDPLUS") ? "UID EXPUNGE \(set)" : "EXPUNGE")
        }
        // COPYUID comes in the tagged reply or, with MOVE, in an untagged OK before the EXPUNGEs.
        let codes = [reply.code].compactMap { $0 } + reply.data.compactMap { $0.dropFirst().first?.list }
        for code in codes where code.count >= 4 && code[0].text?.uppercased() == "COPYUID" {
            let old = IMAPUIDSet.expand(code[2].text ?? ""), new = IMAPUIDSet.expand(code[3].text ?? "")
            guard old.count == new.count else { continue }
            return Dictionary(zip(old, new), uniquingKeysWith: { first, _ in first })
        }
        return [:]
    }

    /// Adds a message (its RFC 5322 bytes) to `mailbox`, with `flags`.
    package func append(_ message: [UInt8], to mailbox: String, flags: [String] = []) async throws {
        try await run("APPEND \(try Self.mailboxName(mailbox)) (\(flags.joined(separator: " "))) \(Self.literalPlace)", literals: [message])
    }

    /// Waits in IDLE (RFC 2177) until the open mailbox changes (a message came, went, or its flags changed: `true`) or
    /// `wait` passes (`false`; the connection is then closed, and the session over). A cancelled task closes the
    /// connection at once. Ended with DONE, so after `true` the session goes on.
    package func idle(upTo wait: Duration) async throws -> Bool {
        let tag = "K\(nextTag)"
        nextTag += 1
        receivedThisCommand = 0
        deadline = .now() + Self.timeAmount(timeout)
        try await send(Array("\(tag) IDLE\r\n".utf8))
        while true {
            let response = try await self.response()
            if case .continuation = response { break }
            if case .tagged(let doneTag, let status, _, let text) = response, doneTag == tag {
                throw IMAPError.refused("IDLE", "\(status.rawValue) \(text)")
            }
        }
        deadline = .now() + Self.timeAmount(wait)
        let deadlines = self.deadlines
        let changed = try await withTaskCancellationHandler {
            do {
                while true {
                    let response = try await response()
                    // The server ended the IDLE itself (RFC 2177 lets it): the wait is over, the session goes on.
                    if case .tagged(let doneTag, let status, _, let text) = response, doneTag == tag {
                        guard status == .ok else { throw IMAPError.refused("IDLE", "\(status.rawValue) \(text)") }
                        return false
                    }
                    guard case .untagged(let values) = response else { continue }
                    if values.first?.text?.uppercased() == "BYE" { throw IMAPError.closed(values.last?.text ?? "") }
                    if values.count >= 2, ["EXISTS", "EXPUNGE", "FETCH", "RECENT"].contains(values[1].text?.uppercased() ?? "") { return true }
                }
            } catch IMAPError.timedOut {
                return false
            }
        } onCancel: {
            deadlines.closeNow()
        }
        guard changed else { return false }
        deadline = .now() + Self.timeAmount(timeout)
        try await send(Array("DONE\r\n".utf8))
        while true {
            if case .tagged(let doneTag, _, _, _) = try await response(), doneTag == tag { return true }
        }
    }

    /// Says goodbye; the server closes the connection.
    package func logout() async throws {
        _ = try? await run("LOGOUT")  // a server may close before its OK: the goodbye is said either way
    }

    /// A mailbox's name as a command's argument: quoted. Names outside ASCII need modified UTF-7 (RFC 3501 §5.1.3) or
    /// UTF8=ACCEPT, which come with the accounts; until then they are refused here rather than sent wrong.
    static func mailboxName(_ name: String) throws -> String {
        guard let quoted = quoted(name) else { throw IMAPError.refused("a mailbox name", "\(name.debugDescription) is not plain ASCII") }
        return quoted
    }
}

/// How a session's TLS checks the server: against the system's trusted roots, or the certificates in a PEM file (a
/// company's own authority; the tests' server); and whether it is TLS from the first byte or after STARTTLS.
package struct IMAPTLS: Sendable, Equatable {
    /// A PEM file of the roots to trust instead of the system's.
    package var trustRootsFile: String?
    /// Whether the connection starts plain and turns to TLS with STARTTLS (`imap://host`, port 143; `smtp://host`, port
    /// 587), before any password is sent; else TLS from the first byte (`imaps://`, `smtps://`: RFC 8314's implicit TLS).
    /// A server that will not turn is refused: there is no falling back to plain.
    package var startTLS: Bool

    /// TLS trusting `trustRootsFile`'s certificates, or the system's when `nil`; after STARTTLS when `startTLS`.
    package init(trustRootsFile: String? = nil, startTLS: Bool = false) {
        self.trustRootsFile = trustRootsFile
        self.startTLS = startTLS
    }

    func context() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        configuration.certificateVerification = .fullVerification
        if let trustRootsFile { configuration.trustRoots = .file(trustRootsFile) }
        return try NIOSSLContext(configuration: configuration)
    }
}

/// A mailbox on the server.
package struct IMAPMailbox: Equatable, Sendable {
    /// Its name, as LIST gives it (`INBOX`, `Archive`, `Lists/To Read`).
    package var name: String
    /// `\HasNoChildren`, and RFC 6154's special uses: `\Archive`, `\Trash`, `\Sent`, `\Drafts`, `\Junk`, `\All`, `\Flagged`.
    package var attributes: Set<String>
    /// What separates a parent's name from its child's (`/`, `.`); `nil` for a server with no hierarchy.
    package var delimiter: String?

    /// A mailbox as LIST gives it.
    package init(name: String, attributes: Set<String>, delimiter: String? = nil) {
        (self.name, self.attributes, self.delimiter) = (name, attributes, delimiter)
    }

    /// Whether the server marks this mailbox for `use` (`\Archive`), whatever the case it writes it in.
    package func isSpecial(_ use: String) -> Bool { attributes.contains { $0.lowercased() == use.lowercased() } }
}


/// One FETCH response's items, as the server named them (`UID`, `FLAGS`, `BODY[TEXT]<0>`), in its order.
struct IMAPFetched {
    /// Each item's name, uppercased, and value.
    var items: [(name: String, value: IMAPValue)]

    /// The message's UID, when the response says it.
    var uid: UInt64? { value(named: "UID")?.number }

    /// The item called `name` exactly.
    func value(named name: String) -> IMAPValue? { items.first { $0.name == name }?.value }

    /// The bytes of the first string item whose name starts with `prefix` (`BODY[TEXT]` for `BODY[TEXT]<0>`).
    func bytes(prefixed prefix: String) -> [UInt8]? {
        for item in items where item.name.hasPrefix(prefix) {
            if case .string(let bytes) = item.value { return bytes }
        }
        return nil
    }
}

extension IMAPSession.Reply {
    /// The FETCH responses among the reply's data (`* 12 FETCH (…)`), each as its items.
    var fetched: [IMAPFetched] {
        data.compactMap { values in
            guard values.count >= 3, values[1].text?.uppercased() == "FETCH", let list = values[2].list else { return nil }
            let items = stride(from: 0, to: list.count - 1, by: 2).map { (name: list[$0].text?.uppercased() ?? "", value: list[$0 + 1]) }
            return IMAPFetched(items: items)
        }
    }
}

/// What SELECT says of a mailbox.
package struct IMAPMailboxStatus: Equatable, Sendable {
    /// How many messages it holds.
    package var exists: UInt64 = 0
    /// The UIDs' generation: when it changes, every UID kept from before means nothing (RFC 3501 §2.3.1.1).
    package var uidValidity: UInt64?
    /// The UID the next message will get: below it, every message has been seen.
    package var uidNext: UInt64?
    /// The highest mod-sequence of the mailbox (RFC 7162 CONDSTORE), when it was asked for and the server keeps them:
    /// a flag changed anywhere since a value kept makes it larger.
    package var highestModSeq: UInt64?
}

/// A message's flags and header fields, by UID.
package struct IMAPMessageHeaders: Equatable, Sendable {
    /// Its UID in the mailbox.
    package var uid: UInt64 = 0
    /// `\Seen`, `\Flagged`…
    package var flags: Set<String> = []
    /// Lowercased names: `from`, `to`, `cc`, `subject`, `date`, `message-id`, `reply-to`, `references`, `x-kinetic-schedule`.
    package var fields: [String: String] = [:]
}

/// UID sets as servers write them (`304,319:320`).
enum IMAPUIDSet {
    /// `uids` as a set a command sends: runs as ranges (`1:500,502`), so a mailbox of thousands stays a short line
    /// (servers refuse lines past 64 KB or so).
    static func compressed(_ uids: [UInt64]) -> String {
        var parts: [String] = []
        var run: (low: UInt64, high: UInt64)?
        for uid in Set(uids).sorted() {
            if let current = run, uid == current.high + 1 {
                run = (current.low, uid)
                continue
            }
            if let current = run { parts.append(current.low == current.high ? "\(current.low)" : "\(current.low):\(current.high)") }
            run = (uid, uid)
        }
        if let current = run { parts.append(current.low == current.high ? "\(current.low)" : "\(current.low):\(current.high)") }
        return parts.joined(separator: ",")
    }

    /// The UIDs a set names, in its order; nothing for a set of more than `limit` UIDs in all, with a `*` (which no
    /// reply of a copy names), or with a part that is not a UID or a range.
    static func expand(_ set: String, limit: Int = 100_000) -> [UInt64] {
        var uids: [UInt64] = []
        for part in set.split(separator: ",") {
            let ends = part.split(separator: ":", omittingEmptySubsequences: false).map { UInt64($0) }
            guard (1...2).contains(ends.count), ends.allSatisfy({ $0 != nil }) else { return [] }
            let numbers = ends.compactMap { $0 }
            let (low, high) = (numbers.min() ?? 0, numbers.max() ?? 0)
            guard high - low < UInt64(limit), uids.count + Int(high - low) + 1 <= limit else { return [] }
            uids += Array(low...high)
        }
        return uids
    }
}

/// Why a conversation with an IMAP server stopped.
package enum IMAPError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreachable(String, String)
    case refused(String, String)
    case closed(String)
    case timedOut(Duration)
    /// The server sent more than one command, or took longer than one check, may: what was read before is kept, and
    /// the rest waits for the next check.
    case overBudget(String)
    /// The session took longer than one check may (`seconds`): what was read before is kept, and the rest waits for
    /// the next check.
    case overTime(seconds: Int)

    /// The sentence a log line says: its problem's (`mailProblem`), and for one over budget, which budget.
    package var description: String {
        if case .overBudget(let what) = self { return "the mail server \(what); what was read is kept, and the rest comes at the next check" }
        if case .overTime(let seconds) = self {
            return "the mail server took longer than the \(seconds) s one check may take; what was read is kept, and the rest comes at the next check"
        }
        return mailProblem.description
    }
}

extension IMAPError: MailProblemReporting {
    /// The failure's kind, for the Mailbox to say in the person's language, with the server's and the system's words.
    package var mailProblem: MailProblem {
        switch self {
        case .unreachable(let address, let why): return .unreachable(server: address, why: why)
        case .refused(let command, let why): return .refused(command: command, serverSaid: why)
        case .closed(let why): return .closed(why: why)
        case .timedOut(let limit): return .timedOut(seconds: Int(limit.components.seconds))
        case .overBudget: return .overBudget
        case .overTime(let seconds): return .overTime(seconds: seconds)
        }
    }
}
