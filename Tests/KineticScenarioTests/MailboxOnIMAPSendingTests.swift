import XCTest
import Foundation
import KineticData
import KineticRuntime
@testable import KineticApps
import KineticMail

/// What the person sees when the SMTP server does not take a message at once, against Dovecot and the project's SMTP
/// sink made to answer the end of a message with a 4xx, a 5xx, or nothing (`scripts/with-smtp-sink`'s answers file).
/// RFC 5321 §4.2.1: a 4xx is transient (the message goes again by itself), a 5xx permanent (it never goes again
/// without the person); no answer after the final dot is neither, for the message may have arrived.
extension MailboxOnIMAPTests {
    /// The account with SMTP, the sink's folder, and the answers file the sink reads.
    private func sendingAccount() throws -> (account: MailAccount, sink: URL) {
        let environment = ProcessInfo.processInfo.environment
        guard let smtp = environment["KINETIC_TEST_SMTP_URL"], let outbox = environment["KINETIC_TEST_SMTP_OUTBOX"],
              let address = environment["KINETIC_TEST_IMAP_URL"], let user = environment["KINETIC_TEST_MAIL_USER"],
              let password = environment["KINETIC_TEST_MAIL_PASSWORD"] else {
            throw XCTSkip("no test IMAP and SMTP servers: run under scripts/with-dovecot and scripts/with-smtp-sink (make test does)")
        }
        return (try MailAccount(address: address, user: user, password: password, smtpAddress: smtp), URL(fileURLWithPath: outbox))
    }

    /// The sink's messages whose subject is `subject`.
    private func arrived(_ subject: String, at sink: URL) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sink.path).filter { $0.hasSuffix(".eml") }) ?? []
        return files.filter { (try? String(contentsOf: sink.appendingPathComponent($0), encoding: .utf8))?.contains("Subject: \(subject)\r\n") == true }.count
    }

    /// Writes a new message to Léa and sends it.
    private func send(_ subject: String, on screen: MailboxScreen, _ stage: Stage) {
        Mailbox.act(.compose(.open), .compose(.edit(.to, "lea@example.org")), .compose(.edit(.subject, subject)), .compose(.edit(.body, "The slides, at last.")),
                    .compose(.send), on: screen, stage, waiting: 0.5)
    }

    /// Runs `stage` (a window's steps) until `done` holds, for up to `seconds` of the wall clock.
    private func run(_ stage: Stage, until done: () -> Bool, within seconds: Double = 15) {
        let start = Date()
        while !done(), Date().timeIntervalSince(start) < seconds {
            stage.run(for: 0.1)
            stage.backgroundWork.waitUntilIdle(timeout: 1)
        }
    }

    func testA451WaitsAndGoesAgainByItselfAndA554GoesBackToDrafts() async throws {
        let (account, sink) = try sendingAccount()
        try await emptyInbox(account)
        try "451 4.7.1 Greylisted, try again later\n554 5.7.1 Message rejected by policy\n"
            .write(to: sink.appendingPathComponent("answers"), atomically: true, encoding: .utf8)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600, timeout: .seconds(5)))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        send("Slides for Monday", on: screen, stage)

        run(stage, until: { if case .waiting = screen.state.sync.outbox.first?.phase { return true } else { return false } })
        guard case .waiting(let seconds, let reason) = screen.state.sync.outbox.first?.phase else {
            return XCTFail("the 451 leaves the message waiting in the outbox, not \(String(describing: screen.state.sync.outbox.first?.phase))")
        }
        XCTAssertEqual(seconds, ServerSyncRules.firstRetryWait)
        XCTAssertTrue(reason.hasPrefix("451 4.7.1 Greylisted"), reason)
        XCTAssertEqual(stage.announcement?.text.contains("waits for the mail server, which said: 451 4.7.1 Greylisted"), true,
                       stage.announcement?.text ?? "nothing said")
        XCTAssertEqual(arrived("Slides for Monday", at: sink), 0)

        // Its wait is a timer on the stage's clock: it goes again by itself, and this time the server refuses it for good.
        stage.run(for: ServerSyncRules.firstRetryWait + 0.5)
        run(stage, until: { screen.state.sync.outbox.isEmpty })
        let slides = try XCTUnwrap(screen.state.messages.first { $0.subject == "Slides for Monday" })
        XCTAssertEqual(screen.state.placement(of: slides.id).list, .draft, "not sent: in Drafts, as written")
        XCTAssertEqual(slides.sender, "lea@example.org", "ready to send again")
        XCTAssertEqual(stage.announcement?.text, "Not sent: “Slides for Monday” is in Drafts. The mail server said: 554 5.7.1 Message rejected by policy")
        // Never sent again without the person, however long the Mailbox runs.
        stage.run(for: 700)
        XCTAssertTrue(screen.state.sync.outbox.isEmpty)
        XCTAssertEqual(arrived("Slides for Monday", at: sink), 0, "the sink kept neither refused message")
    }

    func testAMessageWhoseEndIsNeverAnsweredIsNotSentTwice() async throws {
        let (account, sink) = try sendingAccount()
        try await emptyInbox(account)
        try "silence\n".write(to: sink.appendingPathComponent("answers"), atomically: true, encoding: .utf8)
        let runner = try mailbox(on: IMAPMailServer(account: account, checkInterval: 600, timeout: .seconds(3)))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        send("Book club: next pick", on: screen, stage)
        run(stage, until: { screen.state.sync.outbox.first?.phase == .committed }, within: 5)
        XCTAssertEqual(screen.state.sync.outbox.first?.phase, .committed, "the whole message went: its answer is awaited")

        run(stage, until: { screen.state.sync.outbox.isEmpty })
        let club = try XCTUnwrap(screen.state.messages.first { $0.subject == "Book club: next pick" })
        XCTAssertEqual(screen.state.placement(of: club.id).list, .draft, "it may have arrived: kept in Drafts, not sent again")
        XCTAssertTrue(stage.announcement?.text.hasPrefix("“Book club: next pick” may not have been sent: the mail server took all of it and never answered")
                      == true, stage.announcement?.text ?? "nothing said")
        stage.run(for: 700)
        XCTAssertTrue(screen.state.sync.outbox.isEmpty, "never sent again by itself")
    }
}
