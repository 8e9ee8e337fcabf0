import XCTest
import Foundation
import KineticCore
import KineticData
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticMail

/// The Mailbox on a real mail server (issue #40, begun): with an account, its Inbox is the server's, and a message
/// delivered while it runs appears at the top, unread, within the check's interval. Run by `make test` under
/// `scripts/with-dovecot`; without that server it skips.
final class MailboxOnIMAPTests: XCTestCase {
    func account() throws -> MailAccount {
        let environment = ProcessInfo.processInfo.environment
        guard let address = environment["KINETIC_TEST_IMAP_URL"], let user = environment["KINETIC_TEST_MAIL_USER"],
              let password = environment["KINETIC_TEST_MAIL_PASSWORD"] else {
            throw XCTSkip("no test IMAP server: run under scripts/with-dovecot (make test does)")
        }
        return try MailAccount(address: address, user: user, password: password)
    }

    /// The server's name for the mailbox the tests write as `written` (`Archive`, `Lists/to-read`): the same under
    /// `scripts/with-dovecot`'s plain layout, `INBOX.Archive` and `INBOX.Lists.to-read` under its hosting layout.
    static func onServer(_ written: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        guard written != "INBOX" else { return written }
        return (environment["KINETIC_TEST_IMAP_PREFIX"] ?? "") + written.replacingOccurrences(of: "/", with: environment["KINETIC_TEST_IMAP_SEPARATOR"] ?? "/")
    }

    /// The tests' way of writing the server's mailbox `name` (`onServer`, turned back).
    static func written(_ name: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let prefix = environment["KINETIC_TEST_IMAP_PREFIX"] ?? "", separator = environment["KINETIC_TEST_IMAP_SEPARATOR"] ?? "/"
        let unprefixed = name != "INBOX" && !prefix.isEmpty && name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
        return unprefixed.replacingOccurrences(of: separator, with: "/")
    }

    /// The server emptied: Later, the lists' mailboxes and the tests' folder (Receipts) deleted, the Inbox, Archive, Trash, Sent and Drafts
    /// emptied (those there); each test starts from no mail.
    func emptyInbox(_ account: MailAccount) async throws {
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            let listed = try await session.listMailboxes().map(\.name)
            let made = listed.filter { name in ["Later", "Lists", "Receipts"].contains { Self.written(name).hasPrefix($0) } }
            // Children before parents; a parent that holds no mail of its own may not be deletable, and is left.
            for name in made.sorted(by: >) { _ = try? await session.run("DELETE \"\(name)\"") }
            let emptied = ["INBOX", "Archive", "Trash", "Sent", "Drafts"].map(Self.onServer).filter { $0 == "INBOX" || listed.contains($0) }
            for mailbox in emptied where try await session.select(mailbox).exists > 0 {
                try await session.run("STORE 1:* +FLAGS.SILENT (\\Deleted)")
                try await session.run("EXPUNGE")
            }
            try await session.logout()
        }
    }

    /// What `read` finds in the server's mailbox `name` (as the tests write it, `Sent`), selected by a client of the
    /// test's own; `[]` when the server has no such mailbox or it is empty.
    func read<Found: Sendable>(_ name: String, of account: MailAccount, _ read: (IMAPSession) async throws -> [Found]) async throws -> [Found] {
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            let mailbox = Self.onServer(name)
            var found: [Found] = []
            if try await session.listMailboxes().contains(where: { $0.name == mailbox }), try await session.select(mailbox).exists > 0 {
                found = try await read(session)
            }
            try await session.logout()
            return found
        }
    }

    func deliver(_ subject: String, from sender: String, to account: MailAccount) async throws {
        let id = subject.lowercased().filter(\.isLetter)
        let message = Array("From: \(sender) <\(sender.lowercased().replacingOccurrences(of: " ", with: "."))@example.org>\r\nSubject: \(subject)\r\nDate: Mon, 5 Jan 2026 09:41:00 +0000\r\nMessage-ID: <\(id)@example.org>\r\n\r\nSee you at noon.\r\n".utf8)
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            try await session.append(message, to: "INBOX")
            try await session.logout()
        }
    }

    func rowSubjects(_ stage: Stage) -> [String] {
        let dump = stage.dump()
        return dump.layers.filter { $0.id.hasPrefix("message.") && $0.id.hasSuffix(".subject") }.sorted { $0.frame.y < $1.frame.y }.compactMap(\.text)
    }

    func testTheInboxIsTheServersAndNewMailArrives() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 2))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage
        stage.run(for: 0.5)  // a second after the first check arrived, as before
        XCTAssertEqual(rowSubjects(stage), ["Lunch on Thursday?"], "the server's Inbox, not the bundled messages")
        let screen = Mailbox.screen(of: runner)
        let first = try XCTUnwrap(screen.state.messages.first)
        XCTAssertEqual(first.sender, "Ana Lima")
        XCTAssertTrue(first.unread)
        // Delivered while the app runs: there at a check within 5 s (the next, or the one the server's word starts), on top.
        try await deliver("Slides for Monday", from: "Carla Diaz", to: account)
        let delivered = ContinuousClock.now
        while rowSubjects(stage).first != "Slides for Monday", ContinuousClock.now - delivered < .seconds(5) {
            stage.run(for: 0.5)
            stage.backgroundWork.waitUntilIdle(timeout: 5)
        }
        stage.run(for: 0.5)
        XCTAssertEqual(rowSubjects(stage), ["Slides for Monday", "Lunch on Thursday?"], "new mail comes in at the top")
        XCTAssertTrue(screen.state.isUnread(try XCTUnwrap(screen.state.messages.first { $0.subject == "Slides for Monday" })))
    }

    /// Reading a message in the Mailbox marks it `\Seen` on the server, so another mail program sees it read.
    func testAMessageOpenedHereIsReadOnTheServer() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await deliver("Book club: next pick", from: "Lea Martin", to: account)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage
        stage.run(for: 0.5)  // a second after the first check arrived, as before
        let screen = Mailbox.screen(of: runner)
        let message = try XCTUnwrap(screen.state.messages.first { $0.subject == "Book club: next pick" })
        XCTAssertTrue(message.unread)
        screen.send(.reader(.open(message.id)))
        stage.run(for: 0.5)
        var seen = false
        for _ in 0..<50 where !seen {
            seen = try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
                try await session.login(user: account.user, password: account.password)
                _ = try await session.select("INBOX")
                let headers = try await session.headers(of: try await session.allUIDs())
                try await session.logout()
                return headers.contains { $0.fields["subject"] == "Book club: next pick" && $0.flags.contains("\\Seen") }
            }
            if !seen {
                try await Task.sleep(for: .milliseconds(100))
                stage.run(for: 0.1)
            }
        }
        XCTAssertTrue(seen, "the server has it \\Seen within 5 s")
    }

    /// A Mailbox on `server` (keeping its data in `folder`, else a folder of its own; reading what it saved there unless
    /// `freshStart`), its first check arrived.
    func mailbox(on server: MailServer, folder: URL? = nil, freshStart: Bool = true,
                 adjusting adjust: (inout AppsEnvironment) -> Void = { _ in }) throws -> ScenarioRunner {
        var environment = AppsEnvironment.offline
        environment.mailServer = server
        adjust(&environment)
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", freshStart: freshStart, duration: 0),
                                        entries: KineticApps.entries(environment: environment), dataDirectory: folder)
        runner.stage.run(until: 0.5)
        runner.stage.backgroundWork.waitUntilIdle(timeout: 15)
        runner.stage.run(for: 0.5)
        return runner
    }

    /// Lunch (from Ana Lima) and Slides (from Carla Diaz) alone on the server, and a Mailbox on it, checking every
    /// `checkInterval` seconds: its runner and the two messages' ids.
    func lunchAndSlides(_ account: MailAccount, checkInterval: Double) async throws -> (runner: ScenarioRunner, lunch: String, slides: String) {
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        try await deliver("Slides for Monday", from: "Carla Diaz", to: account)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: checkInterval))
        let messages = Mailbox.screen(of: runner).state.messages
        let lunch = try XCTUnwrap(messages.first { $0.subject == "Lunch on Thursday?" }).id
        let slides = try XCTUnwrap(messages.first { $0.subject == "Slides for Monday" }).id
        return (runner, lunch, slides)
    }

    /// The subjects in each of the server's mailboxes but Sent and Drafts (Later's schedule left out), sorted; a
    /// mailbox Kinetic has not made is not there.
    func serverMailboxes(_ account: MailAccount) async throws -> [String: [String]] {
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            var subjects: [String: [String]] = [:]
            for mailbox in try await session.listMailboxes().map(\.name) where !["Sent", "Drafts", "Lists"].contains(Self.written(mailbox)) {
                _ = try await session.select(mailbox)
                let headers = try await session.headers(of: try await session.allUIDs()).filter { $0.fields["x-kinetic-schedule"] == nil }
                subjects[Self.written(mailbox)] = headers.compactMap { $0.fields["subject"] }.sorted()
            }
            try await session.logout()
            return subjects
        }
    }

    /// Waits (up to 5 s) until the server's mailboxes are `expected`, `stage` running meanwhile as a window's would:
    /// what the server answers reaches the Mailbox's rules at its next step, and the next errand starts from there.
    func waitForServer(running stage: Stage?, _ account: MailAccount, _ expected: [String: [String]], _ what: String) async throws {
        var found: [String: [String]] = [:]
        for _ in 0..<50 {
            found = try await serverMailboxes(account)
            if found == expected { return }
            try await Task.sleep(for: .milliseconds(100))
            stage?.run(for: 0.1)
        }
        XCTAssertEqual(found, expected, what)
    }

    /// The seed's swipes on the server: archiving moves the message to the `\\Archive` mailbox, Undo brings it back to
    /// the Inbox, deleting moves it to the `\\Trash`; and a message another program archived is in the Mailbox's
    /// Archive at the next check.
    func testFilingMovesMessagesOnTheServer() async throws {
        let account = try account()
        let (runner, lunch, slides) = try await lunchAndSlides(account, checkInterval: 1)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        Mailbox.act(.command(id: lunch, zone: .archive), on: screen, stage)
        try await waitForServer(running: stage, account, ["INBOX": ["Slides for Monday"], "Archive": ["Lunch on Thursday?"], "Trash": []], "archived on the server")
        Mailbox.act(.undo, on: screen, stage)
        try await waitForServer(running: stage, account, ["INBOX": ["Lunch on Thursday?", "Slides for Monday"], "Archive": [], "Trash": []], "undone on the server")
        Mailbox.act(.command(id: slides, zone: .delete), on: screen, stage)
        try await waitForServer(running: stage, account, ["INBOX": ["Lunch on Thursday?"], "Archive": [], "Trash": ["Slides for Monday"]], "deleted on the server")
        XCTAssertEqual(screen.state.placement(of: slides).list, .deleted)
        // Another program archives Lunch: the Mailbox follows at its next check.
        try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
            try await session.login(user: account.user, password: account.password)
            _ = try await session.select("INBOX")
            try await session.move(try await session.allUIDs(), to: Self.onServer("Archive"))
            try await session.logout()
        }
        for _ in 0..<6 where screen.state.placement(of: lunch).list != .archive {
            stage.run(for: 1)
            stage.backgroundWork.waitUntilIdle(timeout: 15)
        }
        XCTAssertEqual(screen.state.placement(of: lunch).list, .archive, "moved elsewhere, shown in the Archive here")
    }

    /// A server that refuses a move: the message comes back where it was, and a banner says what the server said.
    func testAMoveTheServerRefusesComesBackWithTheReason() throws {
        struct RefusingServer: MailServer {
            let checkInterval = 60.0
            func inbox() async throws -> [MailMessage] {
                var message = MailMessage(id: "srv-1", sender: "Ana Lima", subject: "Lunch on Thursday?", snippet: "Hey", time: "09:41")
                message.serverPlacement = .inbox
                return [message]
            }
            struct Refusal: Error, CustomStringConvertible { let description = "NO [OVERQUOTA] Mailbox is full" }
            func move(_ id: String, to placement: Placement) async throws { throw Refusal() }
            func markRead(_ ids: Set<String>) async throws {}
            let canSend = false
            func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws { throw Refusal() }
        }
        let runner = try mailbox(on: RefusingServer())
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        XCTAssertEqual(screen.state.messages.map(\.id), ["srv-1"])
        screen.send(.command(id: "srv-1", zone: .archive))
        var back = false
        for _ in 0..<50 where !back {
            stage.run(for: 0.1)
            back = screen.state.placement(of: "srv-1").list == .inbox
            if !back { Thread.sleep(forTimeInterval: 0.02) }
        }
        XCTAssertTrue(back, "refused: back in the Inbox")
        stage.run(for: 0.5)
        // The banner's line is shortened in its middle to fit; the whole sentence is what a screen reader hears.
        XCTAssertEqual(stage.announcement?.text, "The mail server did not move “Lunch on Thursday?”: NO [OVERQUOTA] Mailbox is full")
        let banner = try XCTUnwrap(stage.dump().layer("banner")?.text)
        XCTAssertTrue(banner.hasPrefix("The mail server did not") && banner.hasSuffix("Mailbox is full"), banner)
        XCTAssertNotNil(stage.dump().layer("message.srv-1"), "its row is back on the Inbox")
    }

    /// Reply and Send with an SMTP server (under `scripts/with-smtp-sink` too): the reply goes to the sender's address,
    /// threaded by In-Reply-To, a copy is kept, read, in the server's Sent, and the message answered is `\\Answered` there.
    func testAReplyIsSentThroughTheServerAndKeptInSent() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let smtp = environment["KINETIC_TEST_SMTP_URL"], let outbox = environment["KINETIC_TEST_SMTP_OUTBOX"],
              let address = environment["KINETIC_TEST_IMAP_URL"], let user = environment["KINETIC_TEST_MAIL_USER"],
              let password = environment["KINETIC_TEST_MAIL_PASSWORD"] else {
            throw XCTSkip("no test IMAP and SMTP servers: run under scripts/with-dovecot and scripts/with-smtp-sink (make test does)")
        }
        let account = try MailAccount(address: address, user: user, password: password, smtpAddress: smtp)
        try await emptyInbox(account)
        try await deliver("Lunch on Thursday?", from: "Ana Lima", to: account)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        let lunch = try XCTUnwrap(screen.state.messages.first { $0.subject == "Lunch on Thursday?" })
        Mailbox.act(.reply(lunch.id), on: screen, stage)
        XCTAssertEqual(screen.state.compose?.to, "ana.lima@example.org", "a reply goes to the sender's address")
        Mailbox.act(.compose(.send), on: screen, stage)
        var eml = ""
        for _ in 0..<50 where eml.isEmpty {
            // The sink may hold other suites' mail: the one that answers Lunch is this test's.
            let files = (try? FileManager.default.contentsOfDirectory(atPath: outbox).filter { $0.hasSuffix(".eml") }) ?? []
            eml = files.compactMap { try? String(contentsOfFile: outbox + "/" + $0, encoding: .utf8) }
                .first { $0.contains("In-Reply-To: <lunchonthursday@example.org>") } ?? ""
            if eml.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                stage.run(for: 0.1)  // as a window runs: what the work sends back is taken in at a step
            }
        }
        let headers = eml.components(separatedBy: "\r\n\r\n").first?.components(separatedBy: "\r\n") ?? []
        XCTAssertTrue(headers.contains("To: ana.lima@example.org"), "\(headers)")
        XCTAssertTrue(headers.contains("In-Reply-To: <lunchonthursday@example.org>"), "\(headers)")
        XCTAssertTrue(headers.contains("Subject: Re: Lunch on Thursday?"), "\(headers)")
        var keptInSent = false
        for _ in 0..<50 where !keptInSent {
            keptInSent = try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
                try await session.login(user: account.user, password: account.password)
                _ = try await session.select(Self.onServer("Sent"))
                let subjects = try await session.headers(of: try await session.allUIDs()).compactMap { $0.fields["subject"] }
                try await session.logout()
                return subjects.contains("Re: Lunch on Thursday?")
            }
            if !keptInSent {
                try await Task.sleep(for: .milliseconds(100))
                stage.run(for: 0.1)
            }
        }
        XCTAssertTrue(keptInSent, "a copy in the server's Sent")
        // And the message answered is marked so on the server, for every mail program.
        var answered = false
        for _ in 0..<50 where !answered {
            stage.run(for: 0.1)
            answered = try await IMAPSession.connect(host: account.host, port: account.port, timeout: .seconds(10)) { session in
                try await session.login(user: account.user, password: account.password)
                _ = try await session.select("INBOX")
                let flags = try await session.headers(of: try await session.allUIDs()).first { $0.fields["subject"] == "Lunch on Thursday?" }?.flags ?? []
                try await session.logout()
                return flags.contains("\\Answered")
            }
            if !answered { try await Task.sleep(for: .milliseconds(100)) }
        }
        XCTAssertTrue(answered, "\\Answered on the message replied to")
    }

    /// A server that cannot be reached: the banner says so in the session's words, not that built-in messages show (an
    /// account has none).
    func testAnUnreachableServerIsSaidAsSuch() throws {
        let account = try MailAccount(address: "imap://127.0.0.1:1", user: "ana", password: "x")
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 60, timeout: .seconds(5)))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        runner.stage.run(for: 0.5)
        let said = try XCTUnwrap(runner.stage.announcement?.text, "said as the strip comes")
        XCTAssertTrue(said.hasPrefix("The mail server can’t be reached: the mail server at 127.0.0.1:1 could not be reached"), said)
        XCTAssertTrue(said.hasSuffix("What you do here is kept, and done when it’s back."), said)
        // Still said after the banners' 4 s have long gone, and the list starts below it.
        runner.stage.run(for: 30)
        let dump = runner.stage.dump()
        XCTAssertEqual(dump.layer("mailbox.offline")?.visible, true, "said for as long as the server is away")
        XCTAssertTrue(dump.layer("mailbox.offline.text")?.text?.hasPrefix("Offline: the mail server at 127.0.0.1:1") == true)
        let strip = try XCTUnwrap(dump.layer("mailbox.offline")?.frame), list = try XCTUnwrap(dump.layer("mailbox.list")?.frame)
        XCTAssertEqual(list.y, strip.y + strip.height, accuracy: 0.5, "no row hides under the strip")
    }

    /// Said in the person's language: the strip's sentence is the catalogue's, only the address and the system's reason
    /// quoted as they came (issue #54: "every error the person sees is a sentence in their language").
    func testAnUnreachableServerIsSaidInThePersonsLanguage() throws {
        let account = try MailAccount(address: "imap://127.0.0.1:1", user: "ana", password: "x")
        var environment = AppsEnvironment.offline
        environment.mailServer = IMAPMailServer(account: account, checkInterval: 60, timeout: .seconds(5))
        for (language, expected) in [("fr", "Hors ligne\u{00A0}: le serveur de messagerie à 127.0.0.1:1 est injoignable ("),
                                     ("de", "Offline: der Mailserver unter 127.0.0.1:1 ist nicht erreichbar (")] {
            let localization = Localization(languages: [language], catalogues: KineticApps.shippedCatalogues())
            let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: KineticApps.entries(environment: environment),
                                            localization: localization)
            defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
            runner.stage.run(until: 0.5)
            runner.stage.backgroundWork.waitUntilIdle(timeout: 15)
            runner.stage.run(for: 1)
            let strip = try XCTUnwrap(runner.stage.dump().layer("mailbox.offline.text")?.text, language)
            XCTAssertTrue(strip.hasPrefix(expected), "\(language): \(strip)")
        }
    }

    func testAccountsAreChecked() {
        let secure = try? MailAccount(address: "imaps://mail.example.org", user: "ana", password: "x")
        XCTAssertEqual(secure?.port, 993, "imaps:// is IMAP over TLS, on 993 unless told")
        XCTAssertNotNil(secure?.tls)
        let turned = try? MailAccount(address: "imap://mail.example.org", user: "ana", password: "x", smtpAddress: "smtp://mail.example.org")
        XCTAssertEqual(turned?.tls, IMAPTLS(startTLS: true), "off loopback, imap:// turns to TLS with STARTTLS: no password in the clear")
        XCTAssertEqual(turned?.port, 143)
        XCTAssertEqual(turned?.smtp?.tls, IMAPTLS(startTLS: true))
        XCTAssertEqual(turned?.smtp?.port, 587, "submission's port (RFC 6409)")
        XCTAssertNil(try? MailAccount(address: "imap://127.0.0.1:1143", user: "ana", password: "x").tls, "plain on loopback")
        XCTAssertThrowsError(try MailAccount(address: "imap://127.0.0.1:70000", user: "ana", password: "x"))
        XCTAssertThrowsError(try MailAccount(address: "http://127.0.0.1", user: "ana", password: "x"))
        XCTAssertThrowsError(try MailAccount(address: "imap://127.0.0.1", user: "", password: "x"))
        XCTAssertEqual(try MailAccount(address: "imap://localhost", user: "ana", password: "x").port, 143)
    }
}
