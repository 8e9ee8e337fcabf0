import XCTest
import Foundation
@testable import KineticMail

/// The session against a real server: Debian's Dovecot, started by `scripts/with-dovecot` on a free loopback port
/// with its own configuration and maildirs (`make test` runs this suite under it). Without that server (a plain
/// `swift test`), the suite says so and skips.
final class IMAPDovecotTests: XCTestCase {
    private struct Server {
        let host: String, port: Int, user: String, password: String, maildir: URL
    }

    private func server() throws -> Server {
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
    /// `\\Archive` (RFC 6154), with its new UID from UIDPLUS, and the maildir on disk shows it there.
    func testAMessageIsArchivedOnTheServer() async throws {
        let server = try server()
        try await IMAPSession.connect(host: server.host, port: server.port, timeout: .seconds(10)) { session in
            try await session.login(user: server.user, password: server.password)
            let mailboxes = try await session.listMailboxes()
            let archive = try XCTUnwrap(mailboxes.first { $0.isSpecial("\\Archive") }, "the server's \\Archive mailbox: \(mailboxes)")
            XCTAssertEqual(archive.name, "Archive")
            XCTAssertTrue(mailboxes.contains { $0.name == "INBOX" })
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
        } catch IMAPError.unreachable, IMAPError.closed {
            // Refused in the handshake (the connection's first read fails, or the connect itself).
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
