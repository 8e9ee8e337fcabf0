import XCTest
import Foundation
import KineticCore
import KineticData
import KineticRuntime
import KineticScene
@testable import KineticApps
import KineticScenario
import KineticMail

/// The account sheet on the Mailbox's screen, against a set-up of the test's own (the real one, against Dovecot, is
/// `MailboxOnIMAPTests`): reached from the menu by the keyboard alone, each field typed, the password drawn and dumped
/// as bullets and offered to a screen reader as password text; a refusal said in the sheet and to the screen reader;
/// Cancel while the server is asked keeps nothing; an account kept opens the Mailbox anew on its server.
final class MailboxAccountSheetTests: XCTestCase {
    /// A set-up that records what it was asked, refuses the password "wrong" in the server's words, and can hold its
    /// check until the test lets it go.
    final class RecordingSetting: @unchecked Sendable {
        private let lock = NSLock()
        /// Guarded by `lock`.
        private var checkedForms: [MailAccountForm] = [], keptForms: [MailAccountForm] = [], holding = false
        let server: MailServer

        init(server: MailServer) { self.server = server }

        var setting: MailAccountSetting {
            MailAccountSetting(check: { form in
                self.lock.withLock { self.checkedForms.append(form) }
                while self.lock.withLock({ self.holding }) { try await Task.sleep(for: .milliseconds(5)) }
                struct Refused: Error, CustomStringConvertible { let description = "NO [AUTHENTICATIONFAILED] Authentication failed." }
                if form.password == "wrong" { throw Refused() }
            }, keep: { form in
                self.lock.withLock { self.keptForms.append(form) }
                return MailAccountKept(server: self.server, passwordInFile: true)
            })
        }

        var checked: [MailAccountForm] { lock.withLock { checkedForms } }
        var kept: [MailAccountForm] { lock.withLock { keptForms } }
        func hold(_ on: Bool) { lock.withLock { holding = on } }
    }

    /// The new account's server: one message.
    struct NewAccountServer: MailServer {
        let checkInterval = 30.0
        let canSend = false
        func inbox() async throws -> [MailMessage] {
            var message = MailMessage(id: "new-1", sender: "Server", subject: "From the new account", snippet: "Welcome", time: "09:41")
            message.serverPlacement = .inbox
            return [message]
        }
        func move(_ id: String, to placement: Placement) async throws {}
        func markRead(_ ids: Set<String>) async throws {}
        func send(to: [String], subject: String, body: String, inReplyTo: String?) async throws {}
    }

    private func opened(with setting: MailAccountSetting?, localization: Localization = .english) throws -> (ScenarioRunner, Stage) {
        var environment = AppsEnvironment.offline
        environment.mailAccountSetting = setting
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-account-sheet-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: KineticApps.entries(environment: environment),
                                        dataDirectory: folder, localization: localization)
        runner.stage.run(until: 0.5)
        return (runner, runner.stage)
    }

    /// A key, with the text it types, then half a second.
    private func press(_ stage: Stage, _ key: String) {
        let event = KeyEvent(scenarioName: key, timestamp: stage.time)
        stage.send(event)
        if let typed = event.typedText { stage.send(text: typed) }
        stage.run(for: 0.5)
    }

    /// Steps until `condition` holds (the set-up's answers come from another thread), for up to 5 s.
    private func step(_ stage: Stage, until condition: () -> Bool) {
        for _ in 0..<200 where !condition() {
            stage.run(for: 0.1)
            stage.backgroundWork.waitUntilIdle(timeout: 1)
        }
    }

    /// F10 opens the Mailbox's menu, End goes to its last entry (Gallery) and ↑ to Add Mail Account; Enter opens the
    /// sheet with the Name field focused. Each field is typed and Enter goes on; Enter in the SMTP field, left empty,
    /// goes on too. "wrong" as the password: the check is asked with what was typed, the refusal shows in the sheet in
    /// the server's words and a screen reader hears it; the password field has the keyboard again. Then "right": the
    /// account is kept, the sheet closes, and the Mailbox opens anew on the new account's server, saying so.
    func testAnAccountIsSetUpByTheKeyboardAndTheMailboxOpensOnIt() throws {
        let recording = RecordingSetting(server: NewAccountServer())
        let (runner, stage) = try opened(with: recording.setting)
        for key in ["f10", "end", "up"] { press(stage, key) }
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "mailbox.menu.account")
        press(stage, "enter")
        XCTAssertEqual(stage.dump().state, "account")
        XCTAssertEqual(stage.dump().layer("account.name")?.focused, true)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "account.name", "the focus a screen reader follows is the field's, not Cancel's")
        // Tab goes through the fields in their order, and from the last around the sheet's buttons, never behind it.
        var order: [String] = []
        for _ in 0..<9 {
            press(stage, "tab")
            order.append(stage.keyboardFocus.focused?.identifier ?? "nothing")
        }
        XCTAssertEqual(Array(order.prefix(6)), ["account.from-name", "account.imap", "account.smtp", "account.ca-file", "account.user", "account.password"])
        // Connect, disabled while nothing is typed, is no stop (as GTK's insensitive buttons); Cancel is, then the top.
        XCTAssertEqual(Array(order.suffix(3)), ["account.cancel", "account.name", "account.from-name"], "\(order)")
        while stage.keyboardFocus.focused?.identifier != "account.name" { press(stage, "tab") }
        for (text, _) in [("Work", "name"), ("", "from-name"), ("imap://127.0.0.1:1143", "imap"), ("", "smtp"), ("", "ca-file"), ("ana", "user")] {
            if !text.isEmpty { stage.send(text: text) }
            press(stage, "enter")
        }
        XCTAssertEqual(stage.dump().layer("account.password")?.focused, true, "Enter went through the six fields")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "account.password")
        stage.send(text: "wrong")
        stage.run(for: 0.2)
        XCTAssertEqual(stage.dump().layer("account.password")?.text, "●●●●●", "five bullets, no letter, in the dump")
        XCTAssertEqual(stage.dump().layer("account.password.text")?.text, "●●●●●", "and on screen")
        let tree = AccessibilityTree(root: stage.root, title: "Kinetic", size: stage.size, announcement: stage.announcement)
        let password = try XCTUnwrap(tree.root.first(key: "account.password"))
        XCTAssertEqual(password.role, .passwordText)
        XCTAssertEqual(password.text, "●●●●●", "a screen reader is given the bullets only")
        press(stage, "enter")
        step(stage) { recording.checked.count == 1 && stage.dump().state == "account" }
        XCTAssertEqual(recording.checked.first, MailAccountForm(name: "Work", imap: "imap://127.0.0.1:1143", smtp: nil, user: "ana", password: "wrong"))
        XCTAssertTrue(recording.kept.isEmpty, "a refused account is not kept")
        let status = try XCTUnwrap(stage.dump().layer("account.status")?.text)
        XCTAssertTrue(status.contains("AUTHENTICATIONFAILED"), status)
        XCTAssertTrue(stage.announcement?.text.contains("AUTHENTICATIONFAILED") == true, "heard: \(stage.announcement?.text ?? "nothing")")
        XCTAssertEqual(stage.dump().layer("account.password")?.focused, true)
        press(stage, "ctrl+a")
        stage.send(text: "right")
        press(stage, "enter")
        step(stage) { Mailbox.screen(of: runner).state.messages.contains { $0.id == "new-1" } }
        XCTAssertEqual(recording.kept.map(\.password), ["right"])
        let reopened = Mailbox.screen(of: runner)
        XCTAssertNil(reopened.state.account)
        XCTAssertEqual(reopened.state.messages.map(\.id), ["new-1"], "the new account's mail, not the bundled messages")
        XCTAssertTrue(stage.dump().layers.contains { $0.text?.contains("only you can read") == true }, "the banner says where the password went")
    }

    /// The real set-up's own checks of what was typed, before any server is asked, are said in the person's language
    /// (issue #54): a port out of range and a certificate authority file that is a folder, in French, with what was
    /// typed quoted as typed.
    func testWhatWasTypedWrongIsSaidInThePersonsLanguage() throws {
        let french = Localization(languages: ["fr"], catalogues: KineticApps.shippedCatalogues())
        let (runner, stage) = try opened(with: MailAccountSetUp.keepingForTheRun(caFile: nil), localization: french)
        let screen = Mailbox.screen(of: runner)
        let folder = FileManager.default.temporaryDirectory.path
        let tries: [(imap: String, caFile: String, said: String)] = [
            ("imap://127.0.0.1:99999", "", "Compte non ajouté\u{00A0}: \"imap://127.0.0.1:99999\"\u{00A0}: le port 99999 n’est pas entre 1 et 65535"),
            ("imaps://mail.example.org", folder,
             "Compte non ajouté\u{00A0}: le fichier d’autorité de certification \"\(folder)\" n’a pas pu être lu\u{00A0}: ce n’est pas un fichier ordinaire mais un dossier"),
        ]
        for attempt in tries {
            screen.send(.account(.close))
            screen.send(.account(.open))
            for (field, text) in [(AccountSetUp.Field.imap, attempt.imap), (.caFile, attempt.caFile), (.user, "ana"), (.password, "secret")] {
                screen.send(.account(.edit(field, text)))
            }
            screen.send(.account(.connect))
            step(stage) { stage.dump().state == "account" && stage.dump().layer("account.status")?.text?.isEmpty == false }
            XCTAssertEqual(stage.dump().layer("account.status")?.text, attempt.said)
        }
    }

    /// Cancel while the server is asked: the sheet closes at once, and when the check then passes nothing is kept and
    /// the Mailbox stays as it was. Without a way to set accounts up (the benchmark's runs) the menu offers none.
    func testCancelWhileConnectingKeepsNothingAndNoSetUpOffersNoSheet() throws {
        let recording = RecordingSetting(server: NewAccountServer())
        recording.hold(true)
        let (runner, stage) = try opened(with: recording.setting)
        let screen = Mailbox.screen(of: runner)
        screen.send(.account(.open))
        for (field, text) in [(AccountSetUp.Field.imap, "imaps://mail.example.org"), (.user, "ana"), (.password, "secret")] {
            screen.send(.account(.edit(field, text)))
        }
        screen.send(.account(.connect))
        stage.run(for: 0.3)
        XCTAssertEqual(stage.dump().state, "account.connecting")
        XCTAssertEqual(stage.dump().layer("account.status")?.text, "Connecting…")
        press(stage, "escape")
        XCTAssertNil(screen.state.account, "Esc closes the sheet at once")
        recording.hold(false)
        step(stage) { recording.checked.count == 1 }
        stage.backgroundWork.waitUntilIdle(timeout: 5)
        stage.run(for: 1)
        XCTAssertTrue(recording.kept.isEmpty, "the login passed after the Cancel: nothing is kept")
        XCTAssertTrue(Mailbox.screen(of: runner) === screen, "the Mailbox stays as it was")
        XCTAssertEqual(stage.dump().layer("account.password")?.text, "", "the password left with the sheet")

        let (plain, plainStage) = try opened(with: nil)
        Mailbox.screen(of: plain).send(.setMenu(open: true))
        plainStage.run(for: 1)
        XCTAssertNil(plainStage.dump().layer("mailbox.menu.account"))
        XCTAssertNotNil(plainStage.dump().layer("mailbox.menu.gallery"))
    }

    /// What reading `mail.json` said (in the log already) is said by the Mailbox's first banner too, heard whole by a
    /// screen reader: the first problem in the person's words, and how many more the log has. Said once: the
    /// Mailbox opened again says nothing of it.
    func testWhatReadingTheAccountsSaidIsTheFirstBanner() throws {
        var environment = AppsEnvironment.offline
        environment.mailWarnings = [.account(.entryLeftOut(number: 2, path: "\"/home/ana/.config/kinetic/mail.json\"", why: "no user")),
                                    .account(.passwordFileOpenToOthers(path: "\"/home/ana/pw\"", mode: "644"))]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-account-said-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: KineticApps.entries(environment: environment),
                                        dataDirectory: folder)
        let stage = runner.stage
        stage.run(until: 0.5)
        XCTAssertEqual(stage.announcement?.text,
                       "Mail accounts: account 2 in \"/home/ana/.config/kinetic/mail.json\" was left out: no user (and one more in the log)")
        XCTAssertEqual(stage.dump().layer("banner")?.visible, true)
        let said = stage.announcement?.serial
        let shell = try XCTUnwrap(stage.screen as? Shell)
        shell.show(shell.entries[1])
        stage.run(for: 1)
        XCTAssertEqual(stage.announcement?.serial, said, "said once, not again when the Mailbox opens again")
    }
}
