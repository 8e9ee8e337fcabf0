import XCTest
import Foundation
import KineticData
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticMail

/// The account sheet against a real server, with `kinetic run`'s own set-up (`MailAccountSetUp.keepingForGood`) and
/// no session bus, so no keyring answers: run by `make test` under `scripts/with-dovecot`; without it, it skips.
extension MailboxOnIMAPTests {
    /// The Mailbox opens on the bundled messages (no account). A wrong password is refused in Dovecot's words and
    /// nothing is written; so is an SMTP server nothing answers at. The right password and the SMTP sink log in, the
    /// account goes into `mail.json` with its password in an owner-only file (no keyring answered), and the Mailbox
    /// opens anew on the server's Inbox, its one message.
    func testAnAccountSetUpInTheSheetIsKeptAndTheMailboxOpensOnIt() async throws {
        let account = try account()
        try await emptyInbox(account)
        try await deliver("Minutes of the board", from: "Ana Lima", to: account)
        let environment = ProcessInfo.processInfo.environment
        let address = try XCTUnwrap(environment["KINETIC_TEST_IMAP_URL"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-sheet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let accountsFile = folder.appendingPathComponent("config/kinetic/mail.json")
        var apps = AppsEnvironment.offline
        apps.mailAccountSetting = MailAccountSetUp.keepingForGood(in: accountsFile, keptMailFolder: folder.appendingPathComponent("cache/mail"), caFile: nil,
                                                                  environment: ["HOME": folder.path], warn: { _ in })
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: KineticApps.entries(environment: apps),
                                        dataDirectory: folder.appendingPathComponent("data"))
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let stage = runner.stage
        stage.run(until: 0.5)
        XCTAssertFalse(rowSubjects(stage).contains("Minutes of the board"), "no account yet: the bundled messages")
        func step(until condition: () -> Bool) {
            let start = ContinuousClock.now
            while !condition(), ContinuousClock.now - start < .seconds(20) {
                stage.run(for: 0.2)
                stage.backgroundWork.waitUntilIdle(timeout: 5)
            }
        }
        let screen = Mailbox.screen(of: runner)
        screen.send(.account(.open))
        for (field, text) in [(AccountSetUp.Field.name, "Test"), (.imap, address), (.user, account.user), (.password, account.password + "-not")] {
            screen.send(.account(.edit(field, text)))
        }
        screen.send(.account(.connect))
        step { screen.state.account?.problem != nil }
        let refusal = try XCTUnwrap(screen.state.account?.problem)
        XCTAssertTrue(refusal.contains("AUTHENTICATIONFAILED") || refusal.lowercased().contains("authentication failed"), refusal)
        XCTAssertFalse(FileManager.default.fileExists(atPath: accountsFile.path), "a refused account is not kept")

        // The right password, but an SMTP server nothing answers at: refused, in the SMTP connection's words.
        screen.send(.account(.edit(.password, account.password)))
        screen.send(.account(.edit(.smtp, "smtp://127.0.0.1:1")))
        screen.send(.account(.connect))
        step { screen.state.account?.problem != nil }
        let smtpRefusal = try XCTUnwrap(screen.state.account?.problem)
        XCTAssertTrue(smtpRefusal.hasPrefix("the SMTP server:") && smtpRefusal.contains("Connection refused"), smtpRefusal)
        XCTAssertFalse(FileManager.default.fileExists(atPath: accountsFile.path), "nothing kept for an SMTP server that does not answer")
        let sink = environment["KINETIC_TEST_SMTP_URL"]
        screen.send(.account(.edit(.smtp, sink ?? "")))  // under scripts/with-smtp-sink, its sink; else no SMTP server
        screen.send(.account(.connect))
        step { rowSubjects(stage) == ["Minutes of the board"] }
        XCTAssertEqual(rowSubjects(stage), ["Minutes of the board"], "the Mailbox opened anew on the server's Inbox")
        XCTAssertFalse(Mailbox.screen(of: runner) === screen, "a new Mailbox")
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: accountsFile)) as? [String: Any])
        let entry = try XCTUnwrap((written["accounts"] as? [[String: Any]])?.first)
        XCTAssertEqual(entry["name"] as? String, "Test")
        XCTAssertEqual(entry["imap"] as? String, address)
        XCTAssertEqual(entry["smtp"] as? String, sink, "the SMTP server the sink logged the account in at")
        XCTAssertNil(entry["password"], "never the password itself")
        let passwordFile = try XCTUnwrap(entry["passwordFile"] as? String)
        XCTAssertEqual(try String(contentsOfFile: passwordFile, encoding: .utf8), account.password + "\n")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: passwordFile)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
        XCTAssertFalse(try String(contentsOf: accountsFile, encoding: .utf8).contains(account.password + "\""), "mail.json holds no password")
    }
}
