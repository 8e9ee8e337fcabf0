import XCTest
import Foundation
@testable import KineticMail
import KineticData

/// The session against a real server: Debian's Dovecot, started by `scripts/with-dovecot` on a free loopback port
/// with its own configuration and maildirs (`make test` runs this suite under it). Without that server (a plain
/// `swift test`), the suite says so and skips.
final class IMAPDovecotTests: XCTestCase {
    fileprivate struct Server {
        let host: String, port: Int, user: String, password: String, maildir: URL
    }

    fileprivate func server() throws -> Server {
        let environment = ProcessInfo.processInfo.environment
        guard let address = environment["KINETIC_TEST_IMAP_URL"], let url = URL(string: address), let host = url.host, let port = url.port,
              let user = environment["KINETIC_TEST_MAIL_USER"], let password = environment["KINETIC_TEST_MAIL_PASSWORD"],
              let maildir = environment["KINETIC_TEST_MAILDIR"] else {
            throw XCTSkip("no test IMAP server: run under scripts/with-dovecot (make test does)")
        }
        return Server(host: host, port: port, user: user, password: password, maildir: URL(fileURLWithPath: maildir))
    }

    /// A message as a person's mail program would send it.
    private func message(subject: String, id: String) -> [UInt8] {
        Array("""
        From: Ana Lima <ana@example.org>\r
        To: Scotch <scotch@example.org>\r
        Subject: \(subject)\r
        Date: Mon, 5 Jan 2026 09:41:00 +0000\r
        Message-ID: <\(id)@example.org>\r
        \r
        Hey! Are you free for lunch on Thursday?\r

        """.utf8)
    }

    /// Archive as the seed's swipe does it on a server: the message moves from the Inbox to the mailbox marked
    /// `\\Archive` (RFC 6154), or named Archive in the person's namespace (`INBOX.Archive` under the hosting layout,
    /// where the server offers no MOVE and the session copies and expunges), with its new UID from UIDPLUS, and the
    /// maildir on disk shows it there.
    func testAMessageIsArchivedOnTheServer() async throws {
        let server = try server()
        let environment = ProcessInfo.processInfo.environment
        let prefix = environment["KINETIC_TEST_IMAP_PREFIX"] ?? "", separator = environment["KINETIC_TEST_IMAP_SEPARATOR"] ?? "/"
        try await IMAPSession.connect(host: server.host, port: server.port, timeout: .seconds(10)) { session in
            try await session.login(user: server.user, password: server.password)
            let namespace = try await session.personalNamespace()
            XCTAssertEqual(namespace, IMAPNamespace(prefix: prefix, delimiter: separator), "the namespace scripts/with-dovecot set up")
            XCTAssertEqual(session.offers("MOVE"), prefix.isEmpty, "the hosting layout offers no MOVE")
            let mailboxes = try await session.listMailboxes()
            let archive = try XCTUnwrap(prefix.isEmpty ? mailboxes.first { $0.isSpecial("\\Archive") } : mailboxes.first { $0.name == prefix + "Archive" },
                                        "the server's Archive mailbox: \(mailboxes)")
            XCTAssertEqual(archive.name, prefix + "Archive")
            XCTAssertTrue(mailboxes.contains { $0.name == "INBOX" })
            // Whatever a test run before this one left there (the server is the run's, shared by its suites) goes first.
            for mailbox in ["INBOX", archive.name] where try await session.select(mailbox).exists > 0 {
                try await session.run("STORE 1:* +FLAGS.SILENT (\\Deleted)")
                try await session.run("EXPUNGE")
            }
            try await session.append(self.message(subject: "Lunch on Thursday?", id: "lunch-1"), to: "INBOX")
            let inbox = try await session.select("INBOX")
            XCTAssertEqual(inbox.exists, 1)
            XCTAssertNotNil(inbox.uidValidity)
            let uids = try await session.allUIDs()
            XCTAssertEqual(uids.count, 1)
            let headers = try await session.headers(of: uids)
            XCTAssertEqual(headers.first?.fields["subject"], "Lunch on Thursday?")
            XCTAssertEqual(headers.first?.fields["from"], "Ana Lima <ana@example.org>")
            XCTAssertEqual(headers.first?.fields["message-id"], "<lunch-1@example.org>")
            XCTAssertFalse(headers.first?.flags.contains("\\Seen") == true, "fetched with PEEK: still unread")
            let moved = try await session.move(uids, to: archive.name)
            XCTAssertEqual(Array(moved.keys), uids, "UIDPLUS names the message's new UID")
            let inboxAfter = try await session.select("INBOX").exists
            XCTAssertEqual(inboxAfter, 0)
            let archiveAfter = try await session.select(archive.name).exists
            XCTAssertEqual(archiveAfter, 1)
            let archivedUIDs = try await session.allUIDs()
            XCTAssertEqual(archivedUIDs, Array(moved.values))
            try await session.logout()
        }
        // Dovecot's maildir++ layout keeps a mailbox in a dot-folder of the account's maildir.
        let archived = ["cur", "new"].flatMap { (try? FileManager.default.contentsOfDirectory(atPath: server.maildir.appendingPathComponent(".Archive/\($0)").path)) ?? [] }
        XCTAssertEqual(archived.count, 1, "the message's file is in the Archive's maildir")
    }

    /// Over TLS (implicit, `imaps://`): with the run's own authority trusted, the session logs in; trusting only the
    /// system's roots, the server's certificate is refused before a password is sent.
    func testTLSIsCheckedAgainstTheTrustedRoots() async throws {
        let server = try server()
        let environment = ProcessInfo.processInfo.environment
        guard let address = environment["KINETIC_TEST_IMAPS_URL"], let components = URLComponents(string: address),
              let host = components.host, let port = components.port, let authority = environment["KINETIC_TEST_MAIL_CA"] else {
            throw XCTSkip("the test server offers no imaps:// (scripts/with-dovecot does)")
        }
        XCTAssertEqual(host, "localhost")
        let mailboxes = try await IMAPSession.connect(host: host, port: port, tls: IMAPTLS(trustRootsFile: authority), timeout: .seconds(10)) { session in
            try await session.login(user: server.user, password: server.password)
            let names = try await session.listMailboxes().map(\.name)
            try await session.logout()
            return names
        }
        XCTAssertTrue(mailboxes.contains("INBOX"), "\(mailboxes)")
        do {
            try await IMAPSession.connect(host: host, port: port, tls: IMAPTLS(), timeout: .seconds(10)) { session in
                try await session.login(user: server.user, password: server.password)
            }
            XCTFail("a certificate no trusted authority signed was taken")
        } catch IMAPError.refused(let what, let why) where what == "TLS" {
            // Refused in the handshake (the connection's first read fails, or the connect itself), said as a sentence.
            XCTAssertTrue(why.hasPrefix("the server's certificate is not signed by an authority this machine trusts"), why)
        }
    }

    /// The account sheet's check (issue #54): an `imaps://` server whose certificate only the run's own authority signed
    /// is refused, in words, when the form names no CA file; with the authority's file typed in the form (`~/` the home
    /// folder), the same account logs in.
    func testTheSheetsCertificateAuthorityFileIsTrusted() async throws {
        let server = try server()
        let environment = ProcessInfo.processInfo.environment
        guard let address = environment["KINETIC_TEST_IMAPS_URL"], let authority = environment["KINETIC_TEST_MAIL_CA"] else {
            throw XCTSkip("the test server offers no imaps:// (scripts/with-dovecot does)")
        }
        let untrusted = MailAccountForm(name: "Self-hosted", imap: address, smtp: nil, user: server.user, password: server.password)
        do {
            try await MailAccountSetUp.check(untrusted, caFile: nil, timeout: .seconds(10))
            XCTFail("a certificate no trusted authority signed was taken")
        } catch {
            XCTAssertTrue("\(error)".contains("the server's certificate is not signed by an authority this machine trusts"), "\(error)")
        }
        let home = URL(fileURLWithPath: authority).deletingLastPathComponent().path
        let trusted = MailAccountForm(name: "Self-hosted", imap: address, smtp: nil, user: server.user, password: server.password,
                                      caFile: "~/" + URL(fileURLWithPath: authority).lastPathComponent)
        let account = try MailAccountSetUp(trusted).account(password: trusted.password, home: home)
        try await IMAPMailServer(account: account, timeout: .seconds(10)).logIn()
    }

    /// `imap://host` off loopback: the plain port turned to TLS by STARTTLS before the password goes (RFC 3501
    /// §6.2.1), the certificate checked as for `imaps://`; the capabilities are asked again over TLS (Dovecot offers
    /// STARTTLS before and LOGINDISABLED never after, so the list must change). With only the system's roots the
    /// turn fails, and no password is sent.
    func testStartTLSTurnsThePlainPortToTLSBeforeLoggingIn() async throws {
        let server = try server()
        guard let authority = ProcessInfo.processInfo.environment["KINETIC_TEST_MAIL_CA"] else { throw XCTSkip("no certificate authority from scripts/with-dovecot") }
        let (before, after) = try await IMAPSession.connect(host: "localhost", port: server.port, tls: IMAPTLS(trustRootsFile: authority, startTLS: true),
                                                            timeout: .seconds(10)) { session in
            let after = session.capabilities
            try await session.login(user: server.user, password: server.password)
            let status = try await session.select("INBOX")
            try await session.logout()
            return (status, after)
        }
        XCTAssertNotNil(before.uidValidity, "logged in and selected over TLS")
        XCTAssertFalse(after.contains("STARTTLS"), "the capabilities were asked again over TLS: \(after)")
        do {
            try await IMAPSession.connect(host: "localhost", port: server.port, tls: IMAPTLS(startTLS: true), timeout: .seconds(10)) { session in
                try await session.login(user: server.user, password: server.password)
            }
            XCTFail("a certificate no trusted authority signed was taken after STARTTLS")
        } catch IMAPError.refused(let what, _) where what == "TLS" {
            // Refused in the handshake.
        }
    }

    func testAWrongPasswordIsRefusedWithTheServersWords() async throws {
        let server = try server()
        do {
            try await IMAPSession.connect(host: server.host, port: server.port, timeout: .seconds(10)) { session in
                try await session.login(user: server.user, password: "not-" + server.password)
            }
            XCTFail("logged in with a wrong password")
        } catch IMAPError.refused(let command, let why) {
            XCTAssertEqual(command, "LOGIN")
            XCTAssertTrue(why.hasPrefix("NO"), why)
        }
    }
}

/// Servers that misbehave, made here on loopback: one that accepts and never speaks.
final class IMAPHostileServerTests: XCTestCase {
    /// A listening socket on a free loopback port that never accepts: the kernel completes the connection, and nothing
    /// is ever said on it.
    private func silentServer() throws -> (socket: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw XCTSkip("no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(descriptor, 4), 0)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    func testAServerThatNeverSpeaksTimesOut() async throws {
        let (descriptor, port) = try silentServer()
        defer { close(descriptor) }
        let started = ContinuousClock.now
        do {
            try await IMAPSession.connect(host: "127.0.0.1", port: port, timeout: .seconds(1)) { _ in }
            XCTFail("a greeting came from a silent server")
        } catch IMAPError.timedOut(let limit) {
            XCTAssertEqual(limit, .seconds(1))
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10), "the deadline held")
    }

    /// A server that greets, then answers a command a byte at a time, each well inside the timeout: the command's
    /// deadline still ends it (a deadline per read would wait for ever).
    func testAServerThatTricklesTimesOutAtTheCommandsDeadline() async throws {
        let (descriptor, port) = try silentServer()
        let server = Thread {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            func say(_ text: String) -> Bool { text.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, text.utf8.count) } > 0 }
            guard say("* OK ready\r\n") else { return }
            for _ in 0..<200 {
                usleep(200_000)
                guard say("a") else { return }
            }
        }
        server.start()
        defer { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }
        let started = ContinuousClock.now
        do {
            try await IMAPSession.connect(host: "127.0.0.1", port: port, timeout: .seconds(2)) { session in
                try await session.login(user: "ana", password: "secret")
            }
            XCTFail("a trickle finished a command")
        } catch IMAPError.timedOut(let limit) {
            XCTAssertEqual(limit, .seconds(2))
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(6), "the deadline held, a byte every 0.2 s notwithstanding")
    }

    /// A server that answers each command line with what `reply` says for it (given the tag and the command's words;
    /// `nil` hangs up, and so does an answer ending in `hangUp`, once it is sent), on a thread of its own, for
    /// `connections` connections one after the other, greeting each with `capabilities`.
    private static let hangUp = "<hang up>"

    private func scriptedServer(capabilities: String = "IMAP4rev1 IDLE", connections: Int = 1, greeting: String? = nil,
                                _ reply: @escaping @Sendable (_ tag: String, _ command: String) -> String?) throws -> (descriptor: Int32, port: Int) {
        let (descriptor, port) = try silentServer()
        Thread {
            for _ in 0..<connections {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                Self.converse(on: connection, greeting: greeting ?? "* OK [CAPABILITY \(capabilities)] ready\r\n", reply)
            }
        }.start()
        return (descriptor, port)
    }

    /// One connection's talk: the greeting, then each command line answered as `reply` says, until it hangs up.
    private static func converse(on connection: Int32, greeting: String, _ reply: @Sendable (_ tag: String, _ command: String) -> String?) {
        defer { close(connection) }
        do {
            // All of it, however many writes the socket takes.
            func say(_ text: String) {
                let bytes = Array(text.utf8)
                var sent = 0
                while sent < bytes.count {
                    let wrote = bytes[sent...].withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count) }
                    guard wrote > 0 else { return }
                    sent += wrote
                }
            }
            say(greeting)
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(connection, &chunk, chunk.count)
                guard count > 0 else { return }
                pending += chunk[0..<count]
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    pending.removeSubrange(...end)
                    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                    guard words.count == 2, let answer = reply(words[0], words[1]) else { return }
                    say(answer.hasSuffix(Self.hangUp) ? String(answer.dropLast(Self.hangUp.count)) : answer)
                    if answer.hasSuffix(Self.hangUp) { return }
                }
            }
        }
    }

    /// What a server says is said in its words, never the parser's values, and never with the password it echoed
    /// (issue #54, item 7).
    func testAGreetingByeAndAnEchoedPasswordAreSaidAsWords() async throws {
        let (busy, busyPort) = try scriptedServer(greeting: "* BYE Too many connections from your address\r\n") { _, _ in nil }
        defer { shutdown(busy, Int32(SHUT_RDWR)); close(busy) }
        do {
            try await IMAPSession.connect(host: "127.0.0.1", port: busyPort, timeout: .seconds(5)) { _ in }
            XCTFail("a BYE greeting was taken")
        } catch IMAPError.refused(let what, let why) {
            XCTAssertEqual(what, "greeting")
            XCTAssertEqual(why, "BYE Too many connections from your address")
        }
        let (echo, echoPort) = try scriptedServer { tag, command in "\(tag) NO [AUTHENTICATIONFAILED] refused: \(command)\r\n" }
        defer { shutdown(echo, Int32(SHUT_RDWR)); close(echo) }
        do {
            try await IMAPSession.connect(host: "127.0.0.1", port: echoPort, timeout: .seconds(5)) { session in
                try await session.login(user: "ana", password: "s3cret-word")
            }
            XCTFail("a refused login was taken")
        } catch IMAPError.refused(let what, let why) {
            XCTAssertEqual(what, "LOGIN")
            XCTAssertFalse(why.contains("s3cret-word"), why)
            XCTAssertTrue(why.contains("•••"), why)
        }
    }

    /// A server that hangs up in the middle of a FETCH's literal: the check ends with a sentence saying the server
    /// closed the connection; what it read before (the row) is shown, nothing half-read (the text) is.
    func testAServerThatHangsUpMidFetchIsSaidAsSuch() async throws {
        let (descriptor, port) = try scriptedServer { tag, command in
            switch command.split(separator: " ").prefix(2).joined(separator: " ").uppercased() {
            case let word where word.hasPrefix("LOGIN"): return "\(tag) OK logged in\r\n"
            case let word where word.hasPrefix("LIST"): return "* LIST () \"/\" INBOX\r\n\(tag) OK listed\r\n"
            case let word where word.hasPrefix("SELECT"): return "* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n\(tag) OK [READ-WRITE] selected\r\n"
            case "UID SEARCH": return "* SEARCH 1\r\n\(tag) OK searched\r\n"
            case "UID FETCH" where command.contains("HEADER.FIELDS"):
                let header = "From: Ana <ana@example.org>\r\nSubject: Hi\r\nMessage-ID: <hi@example.org>\r\n\r\n"
                return "* 1 FETCH (UID 1 FLAGS () BODY[HEADER.FIELDS (FROM SUBJECT DATE MESSAGE-ID X-KINETIC-SCHEDULE)] {\(header.utf8.count)}\r\n\(header))\r\n\(tag) OK fetched\r\n"
            case "UID FETCH": return "* 1 FETCH (UID 1 BODY[]<0> {5000}\r\nFrom: Ana <ana@example.org>\r\nSubject: Hi\r\n\r\nThe first li" + Self.hangUp
            default: return nil
            }
        }
        defer { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }
        let account = try MailAccount(address: "imap://127.0.0.1:\(port)", user: "ana", password: "secret")
        do {
            let messages = try await IMAPMailServer(account: account, timeout: .seconds(5)).inbox()
            XCTFail("a half-sent FETCH gave \(messages.count) message(s) as if whole")
        } catch let partial as PartialMailCheck {
            XCTAssertEqual(partial.problems.first?.prefix(45), "the mail server closed the connection: the se", "\(partial.problems)")
            XCTAssertEqual(partial.messages.map(\.subject), ["Hi"], "the row read before the hang-up")
            XCTAssertEqual(partial.messages.first?.body, "", "and none of the half-sent text")
        }
    }

    /// One mailbox the server will not open costs only itself (issue #54, item 6): the Inbox's messages show, and the
    /// refusal is said naming the mailbox.
    func testAMailboxTheServerRefusesCostsOnlyItself() async throws {
        let (descriptor, port) = try scriptedServer { tag, command in
            let upper = command.uppercased()
            switch command.split(separator: " ").prefix(2).joined(separator: " ").uppercased() {
            case let word where word.hasPrefix("LOGIN"): return "\(tag) OK logged in\r\n"
            case let word where word.hasPrefix("LIST"): return "* LIST () \"/\" INBOX\r\n* LIST (\\Archive) \"/\" Archive\r\n\(tag) OK listed\r\n"
            case let word where word.hasPrefix("SELECT") && upper.contains("ARCHIVE"): return "\(tag) NO [SERVERBUG] Archive is broken today\r\n"
            case let word where word.hasPrefix("SELECT"): return "* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n\(tag) OK [READ-WRITE] selected\r\n"
            case "UID SEARCH": return "* SEARCH 1\r\n\(tag) OK searched\r\n"
            case "UID FETCH" where command.contains("HEADER.FIELDS"):
                let header = "From: Ana <ana@example.org>\r\nSubject: Hi\r\nMessage-ID: <hi@example.org>\r\n\r\n"
                return "* 1 FETCH (UID 1 FLAGS () BODY[HEADER.FIELDS (FROM SUBJECT)] {\(header.utf8.count)}\r\n\(header))\r\n\(tag) OK fetched\r\n"
            case "UID FETCH":
                let body = "From: Ana <ana@example.org>\r\nSubject: Hi\r\n\r\nSee you.\r\n"
                return "* 1 FETCH (UID 1 BODY[]<0> {\(body.utf8.count)}\r\n\(body))\r\n\(tag) OK fetched\r\n"
            case let word where word.hasPrefix("LOGOUT"): return "* BYE\r\n\(tag) OK bye\r\n"
            default: return "\(tag) OK\r\n"
            }
        }
        defer { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }
        let account = try MailAccount(address: "imap://127.0.0.1:\(port)", user: "ana", password: "secret")
        do {
            _ = try await IMAPMailServer(account: account, timeout: .seconds(5)).inbox()
            XCTFail("a refused mailbox went unsaid")
        } catch let partial as PartialMailCheck {
            XCTAssertEqual(partial.messages.map(\.subject), ["Hi"], "the Inbox still shows")
            XCTAssertEqual(partial.problems.count, 1)
            XCTAssertTrue(partial.problems[0].hasPrefix("\"Archive\" could not be read (SELECT: NO"), partial.problems[0])
            // By kind, for the Mailbox to say in the person's language.
            guard case .mailboxUnreadable(let mailbox, let command, _)? = partial.problem else { return XCTFail("\(String(describing: partial.problem))") }
            XCTAssertEqual([mailbox, command], ["\"Archive\"", "SELECT"])
        }
    }

    /// A server that floods one command is stopped at the command's byte budget (64 MB), and one that answers slowly
    /// at the check's deadline, each with a sentence (issue #54, item 1).
    func testACommandHasAByteBudgetAndASessionADeadline() async throws {
        // Nine FETCHes of 8 MB each, none asked for: 72 MB for one SEARCH, each response under the parser's own caps.
        let literal = String(repeating: "a", count: 8 * 1_048_576)
        let response = "* 1 FETCH (UID 1 BODY[] {\(literal.utf8.count)}\r\n\(literal))\r\n"
        let (flood, floodPort) = try scriptedServer { tag, command in
            command.uppercased().hasPrefix("UID SEARCH") ? String(repeating: response, count: 9) + "\(tag) OK searched\r\n" : "\(tag) OK\r\n"
        }
        defer { shutdown(flood, Int32(SHUT_RDWR)); close(flood) }
        do {
            _ = try await IMAPSession.connect(host: "127.0.0.1", port: floodPort, timeout: .seconds(30)) { session in
                try await session.allUIDs()
            }
            XCTFail("72 MB for one command were taken")
        } catch let error as IMAPError {
            XCTAssertEqual(error, .overBudget("sent more than 64 MB for one command"))
        }
        let (slow, slowPort) = try scriptedServer { tag, _ in
            Thread.sleep(forTimeInterval: 2)
            return "\(tag) OK slowly\r\n"
        }
        defer { shutdown(slow, Int32(SHUT_RDWR)); close(slow) }
        do {
            try await IMAPSession.connect(host: "127.0.0.1", port: slowPort, timeout: .seconds(30)) { session in
                session.endBy(seconds: 1)
                try await session.run("NOOP")
            }
            XCTFail("a session went past its deadline")
        } catch let error as IMAPError {
            XCTAssertEqual(error, .overTime(seconds: 1))
            XCTAssertEqual(error.mailProblem, .overTime(seconds: 1), "said as time, not as size")
        }
    }

    /// STARTTLS injection: a server (or someone between) that says yes and, in the same breath, more in the clear is
    /// refused before TLS, and one that says no is refused too; neither ever hears the password.
    func testStartTLSNeverTakesPlainTextAfterItsYesNorFallsBack() async throws {
        for (answer, expected) in [("K0 OK begin TLS\r\n* 9 EXISTS\r\n", "in the clear"), ("K0 NO not today\r\n", "NO not today")] {
            let heardLogin = LoginWitness()
            let (descriptor, port) = try scriptedServer { _, command in
                if command.uppercased().hasPrefix("LOGIN") { heardLogin.heard() }
                return command.uppercased() == "STARTTLS" ? answer : nil
            }
            defer { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }
            do {
                try await IMAPSession.connect(host: "localhost", port: port, tls: IMAPTLS(startTLS: true), timeout: .seconds(5)) { session in
                    try await session.login(user: "ana", password: "hunter2-secret")
                }
                XCTFail("\(answer.debugDescription) was taken")
            } catch IMAPError.refused(let what, let why) {
                XCTAssertEqual(what, "STARTTLS")
                XCTAssertTrue(why.contains(expected), why)
            }
            XCTAssertFalse(heardLogin.wasHeard, "the password was sent without TLS")
        }
    }

    /// CONDSTORE (RFC 7162) on a server of the test's own that offers it once logged in: messages 1 and 2, the mailbox's
    /// HIGHESTMODSEQ 10. The first check opens the Inbox with `(CONDSTORE)` and reads both whole (their flags come with
    /// their headers). The second, HIGHESTMODSEQ still 10, asks for no flags at all. The third, at 12, asks only for
    /// the flags changed since 10, and the server's answer (message 2 now \Seen) is what the Mailbox shows.
    func testWithCondstoreOnlyTheFlagsChangedSinceTheLastCheckAreRead() async throws {
        let heard = CommandLog()
        // CONDSTORE is said only once logged in, in an untagged CAPABILITY line beside LOGIN's OK (as some servers do).
        let (descriptor, port) = try scriptedServer(capabilities: "IMAP4rev1 IDLE", connections: 3) { tag, command in
            heard.add(command)
            let upper = command.uppercased()
            func messages(_ uids: [Int], _ item: (Int) -> String) -> String { uids.map { "* \($0) FETCH (UID \($0) \(item($0)))\r\n" }.joined() }
            let bodyOrHeader = { (uid: Int) -> String in "From: Ana <ana@example.org>\r\nSubject: Message \(uid)\r\nMessage-ID: <m\(uid)@example.org>\r\n\r\n" }
            switch upper.split(separator: " ").prefix(2).joined(separator: " ") {
            case let word where word.hasPrefix("LOGIN"): return "* CAPABILITY IMAP4rev1 IDLE CONDSTORE\r\n\(tag) OK logged in\r\n"
            case let word where word.hasPrefix("LOGOUT"): return "* BYE\r\n\(tag) OK bye\r\n"
            case let word where word.hasPrefix("LIST"): return "* LIST () \"/\" INBOX\r\n\(tag) OK listed\r\n"
            case let word where word.hasPrefix("SELECT"):
                let highest = heard.count(of: "SELECT") >= 3 ? 12 : 10
                return "* 2 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n* OK [HIGHESTMODSEQ \(highest)] ok\r\n\(tag) OK [READ-WRITE] selected\r\n"
            case "UID SEARCH": return "* SEARCH 1 2\r\n\(tag) OK searched\r\n"
            case "UID FETCH" where upper.contains("HEADER.FIELDS"):
                return messages([1, 2]) { uid in
                    let header = bodyOrHeader(uid)
                    return "FLAGS () BODY[HEADER.FIELDS (FROM SUBJECT DATE MESSAGE-ID X-KINETIC-SCHEDULE)] {\(header.utf8.count)}\r\n\(header)"
                } + "\(tag) OK fetched\r\n"
            case "UID FETCH" where upper.contains("BODY.PEEK[]"):
                return messages([1, 2]) { uid in
                    let body = bodyOrHeader(uid) + "Text \(uid)\r\n"
                    return "BODY[]<0> {\(body.utf8.count)}\r\n\(body)"
                } + "\(tag) OK fetched\r\n"
            case "UID FETCH" where upper.contains("CHANGEDSINCE 10"): return "* 2 FETCH (UID 2 FLAGS (\\Seen) MODSEQ (12))\r\n\(tag) OK fetched\r\n"
            case "UID FETCH": return messages([1, 2]) { _ in "FLAGS ()" } + "\(tag) OK fetched\r\n"
            default: return "\(tag) OK\r\n"
            }
        }
        defer { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }
        let account = try MailAccount(address: "imap://127.0.0.1:\(port)", user: "ana", password: "secret")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-condstore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let server = IMAPMailServer(account: account, timeout: .seconds(5), keptIn: folder.appendingPathComponent("kept.sqlite"))
        let first = try await server.inbox()
        XCTAssertEqual(first.count, 2)
        XCTAssertTrue(heard.all.contains { $0.uppercased() == "SELECT \"INBOX\" (CONDSTORE)" }, "\(heard.all)")
        XCTAssertEqual(heard.all.filter { $0.uppercased().contains("(UID FLAGS)") }, [], "the first check's flags came with the headers")
        _ = try await server.inbox()
        XCTAssertEqual(heard.all.filter { $0.uppercased().contains("(UID FLAGS)") }, [], "HIGHESTMODSEQ unmoved: no flags asked for")
        let third = try await server.inbox()
        let asked = heard.all.filter { $0.uppercased().contains("(UID FLAGS)") }
        XCTAssertEqual(asked.count, 1, "\(asked)")
        XCTAssertTrue(asked.first?.hasSuffix("(CHANGEDSINCE 10)") == true, "\(asked)")
        XCTAssertEqual(third.filter(\.unread).map(\.subject), ["Message 1"], "message 2's \\Seen, changed since 10, is followed")
    }

    func testAnAccountNeverShowsItsPassword() throws {
        let account = try MailAccount(address: "imap://127.0.0.1:1143", user: "ana", password: "hunter2-secret")
        var dumped = ""
        dump(account, to: &dumped)
        for shown in ["\(account)", String(reflecting: account), dumped] {
            XCTAssertFalse(shown.contains("hunter2"), shown)
        }
    }

    func testNothingListeningIsSaidUnreachable() async throws {
        let (descriptor, port) = try silentServer()
        close(descriptor)  // the port is free again: nothing listens there
        do {
            try await IMAPSession.connect(host: "127.0.0.1", port: port, timeout: .seconds(2)) { _ in }
            XCTFail("connected to nothing")
        } catch IMAPError.unreachable(let address, _) {
            XCTAssertEqual(address, "127.0.0.1:\(port)")
        }
    }
}

/// Whether a scripted server heard LOGIN, from its thread to the test's.
private final class LoginWitness: @unchecked Sendable {
    private let lock = NSLock()
    private var login = false
    /// It heard one.
    func heard() { lock.withLock { login = true } }
    /// Whether it did.
    var wasHeard: Bool { lock.withLock { login } }
}

/// The commands a scripted server heard, from its thread.
private final class CommandLog: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var commands: [String] = []

    func add(_ command: String) { lock.withLock { commands.append(command) } }
    var all: [String] { lock.withLock { commands } }
    /// How many commands began with `verb`.
    func count(of verb: String) -> Int { all.filter { $0.uppercased().hasPrefix(verb) }.count }
}

extension IMAPDovecotTests {
    /// A file larger than one FETCH's piece (2.5 MB, where `wholeMessage` asks a megabyte at a time) comes back whole
    /// from a real server, its bytes the sender's, the message read from where the check found it.
    func testALargeFileIsReadWholeInPieces() async throws {
        let server = try server()
        var generator = SystemRandomNumberGenerator()
        let file = Data((0..<2_500_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let message = Array(([
            "From: Ana Lima <ana@example.org>", "Subject: The big file", "Message-ID: <bigfile@example.org>", "MIME-Version: 1.0",
            "Content-Type: multipart/mixed; boundary=\"b\"", "", "--b", "Content-Type: text/plain", "", "Here it is.", "--b",
            "Content-Type: application/octet-stream; name=\"big.bin\"", "Content-Disposition: attachment; filename=\"big.bin\"",
            "Content-Transfer-Encoding: base64", "",
        ].joined(separator: "\r\n") + "\r\n" + file.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
            + "\r\n--b--\r\n").utf8)
        XCTAssertGreaterThan(message.count, 3 * IMAPSession.piece, "more than three pieces")
        try await IMAPSession.connect(host: server.host, port: server.port, timeout: .seconds(10)) { session in
            try await session.login(user: server.user, password: server.password)
            _ = try await session.select("INBOX")
            if try await session.allUIDs().isEmpty == false {
                try await session.run("STORE 1:* +FLAGS.SILENT (\\Deleted)")
                try await session.run("EXPUNGE")
            }
            try await session.append(message, to: "INBOX")
            try await session.logout()
        }
        let account = try MailAccount(address: "imap://\(server.host):\(server.port)", user: server.user, password: server.password)
        let mail = IMAPMailServer(account: account, checkInterval: 600)
        let messages = try await mail.inbox()
        let big = try XCTUnwrap(messages.first { $0.subject == "The big file" })
        XCTAssertEqual(big.attachments.map { $0.name }, ["big.bin"])
        let read = try await mail.attachment(of: big.id, at: 0)
        XCTAssertEqual(read.name, "big.bin")
        XCTAssertEqual(read.bytes.count, file.count)
        XCTAssertEqual(read.bytes, file, "the sender's bytes, whole")
        // The Inbox left empty, as the suite's other tests find it.
        try await IMAPSession.connect(host: server.host, port: server.port, timeout: .seconds(10)) { session in
            try await session.login(user: server.user, password: server.password)
            _ = try await session.select("INBOX")
            try await session.run("STORE 1:* +FLAGS.SILENT (\\Deleted)")
            try await session.run("EXPUNGE")
            try await session.logout()
        }
    }
}
