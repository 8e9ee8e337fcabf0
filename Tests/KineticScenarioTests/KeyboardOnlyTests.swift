import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// Tasks done with the keyboard alone, as scenarios (the documented interface) checked from their dumps: the stage's
/// one keyboard focus over the gallery's cards, the shell's menu and a context menu.
final class KeyboardOnlyTests: XCTestCase {
    private func play(_ json: String) throws -> [String: SceneDump] {
        let scenario = try Scenario.decode(Data(json.utf8), name: "keys.json")
        let captures = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: nil)
        return Dictionary(captures.map { ($0.name, $0.dump) }, uniquingKeysWith: { first, _ in first })
    }

    /// The gallery's cards are, in order, Disguise-O-Rama, Mailbox and Honeycomb (`kinetic apps`): Tab reaches the
    /// first, → the second, Enter opens it. M opens the shell's menu with the focus on the app showing; its rows are
    /// Gallery, Disguise-O-Rama, Mailbox, Honeycomb, so ↑ ↑ reaches Gallery, and Enter goes there.
    func testOpenAnAppFromTheGalleryAndGoBackThroughTheMenu() throws {
        let dumps = try play("""
        {"app": "gallery", "events": [
          {"at": 0.3, "key": "tab"}, {"at": 0.4, "capture": "first"},
          {"at": 0.5, "key": "right"}, {"at": 0.6, "capture": "second"},
          {"at": 0.7, "key": "enter"}, {"at": 1.5, "capture": "opened"},
          {"at": 1.6, "key": "m"}, {"at": 2.2, "capture": "menu"},
          {"at": 2.3, "key": "up"}, {"at": 2.4, "key": "up"}, {"at": 2.5, "capture": "on-gallery"},
          {"at": 2.6, "key": "enter"}, {"at": 3.4, "capture": "back"}
        ]}
        """)
        func focused(_ name: String) -> [String] { dumps[name]?.layers.filter { $0.focused == true }.map(\.id) ?? ["no capture \(name)"] }
        XCTAssertEqual(focused("first"), ["card.disguise"])
        XCTAssertEqual(focused("second"), ["card.mailbox"])
        XCTAssertEqual(dumps["opened"]?.state, "inbox")
        XCTAssertEqual(dumps["menu"]?.state, "menu")
        XCTAssertEqual(focused("menu"), ["menu.item.mailbox"], "the menu opens on the app showing")
        XCTAssertEqual(focused("on-gallery"), ["menu.item.gallery"])
        XCTAssertEqual(dumps["back"]?.state, "gallery")
    }

    /// The Menu key opens the focused message's actions (Archive, Delete, Later…, List…) with the first focused; ↓
    /// reaches Delete and Enter does what a click on it does: the message goes to the Trash.
    func testAContextMenuIsWorkedByTheKeyboard() throws {
        let (_, stage, screen) = try Mailbox.opened()
        for key in ["down", "menu"] { stage.send(KeyEvent(scenarioName: key, timestamp: stage.time)) }
        stage.step()
        XCTAssertEqual(stage.dump().layers.filter { $0.focused == true }.map(\.id), ["context.item.archive"])
        let focusedMessage = try XCTUnwrap(screen.state.focus)
        for key in ["down", "enter"] {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.step()
        }
        stage.run(for: 1.5)
        XCTAssertNil(stage.dump().layer("context.menu"), "the menu closed")
        XCTAssertEqual(screen.state.placement(of: focusedMessage).list, .deleted)
    }

    /// A long message read to its end by the keyboard: ↓ focuses it, Enter opens it, and the reader's page keys scroll
    /// its body (they used to be swallowed). The body is 200 numbered lines; the reader's scroll view is 768 − 196 =
    /// 572 pt tall, so Page Down moves 572 − 48 = 524 pt, ↓ 48 pt more, and End brings the body's last line to the
    /// view's bottom edge.
    func testALongMessageIsReadToItsEndByTheKeyboard() throws {
        let body = (1...200).map { "Line \($0) of a long message." }.joined(separator: "\n")
        let messages = [MailMessage(id: "long", sender: "Sender", subject: "Long", snippet: "…", time: "9:41 AM", body: body)]
        var entries = KineticApps.catalog
        // Inside the run's own temporary folder (scripts/hermetic removes it), as the other scenario tests' folders.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-keys-\(UUID().uuidString)")
        entries[1].makeScreen = { _ in
            MailboxScreen(messages: messages, environment: MailboxEnvironment(loadPlacements: { ([:], nil) }, savePlacements: { _ in }, log: { _ in }))
        }
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: entries, dataDirectory: folder)
        let stage = runner.stage
        stage.run(for: 0.3)
        func press(_ key: String) {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.run(for: 1)
        }
        press("down")
        press("enter")
        XCTAssertEqual(stage.stateName, "message.long")
        let top = try XCTUnwrap(stage.dump().layer("reader.body")).frame.y
        press("pagedown")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("reader.body")).frame.y, top - 524, accuracy: 0.5)
        press("down")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("reader.body")).frame.y, top - 524 - 48, accuracy: 0.5)
        press("end")
        let bodyFrame = try XCTUnwrap(stage.dump().layer("reader.body")).frame
        let view = try XCTUnwrap(stage.dump().layer("reader.scroll")).frame
        XCTAssertGreaterThan(bodyFrame.height, 2 * view.height, "long enough to need scrolling")
        XCTAssertEqual(bodyFrame.y + bodyFrame.height, view.y + view.height, accuracy: 0.5, "the end shows at the bottom")
        XCTAssertEqual(stage.stateName, "message.long", "the page keys never closed the reader")
    }

    /// Cancel's question by the keyboard: C opens compose, a letter is typed, Esc leaves the field and a second Esc
    /// asks "Keep this message?" with the ring on its first button, Save Draft; Tab moves it to Delete Draft and Enter
    /// presses that: compose closes and no draft is kept. The Trash's question likewise starts on its first button,
    /// Cancel, so a stray Enter never deletes for good.
    func testTheQuestionsButtonsAreReachedByTheKeyboard() throws {
        let (_, stage, screen) = try Mailbox.opened()
        func press(_ key: String) {
            let event = KeyEvent(scenarioName: key, timestamp: stage.time)
            stage.send(event)
            if let typed = event.typedText { stage.send(text: typed) }
            stage.run(for: 0.5)
        }
        for key in ["c", "x", "escape", "escape"] { press(key) }
        XCTAssertEqual(screen.state.compose?.confirmingCancel, true)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "compose.confirm.save")
        press("tab")
        XCTAssertEqual(stage.dump().layers.filter { $0.focused == true }.map(\.id), ["compose.confirm.delete"])
        press("enter")
        XCTAssertNil(screen.state.compose)
        XCTAssertTrue(screen.state.messages.allSatisfy { screen.state.placement(of: $0.id).list != .draft }, "no draft kept")

        press("d")  // the top message to the Trash
        screen.send(.openShelf(.trash))
        stage.run(for: 1)
        screen.send(.askToEmptyTrash)
        stage.run(for: 0.5)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "trash.confirm.cancel", "the question opens on Cancel")
        press("right")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "trash.confirm.empty")
        press("enter")
        XCTAssertTrue(screen.state.messages(filedIn: .deleted).isEmpty, "emptied")
    }

    /// A message filed into a list is found again by the keyboard: ↓ focuses m01, T opens the lists with the first, To
    /// Read, ringed, Enter files it there. F10 opens the Mailbox's own menu on the list that shows (Inbox); its items
    /// starting with "t" are, in order, Trash, To Read, To Buy, To Watch, Travel, so "t" twice reaches To Read, and
    /// Enter opens it: m01 is there.
    func testAMessageFiledInAListIsFoundThroughTheMenu() throws {
        let (_, stage, screen) = try Mailbox.opened()
        func press(_ key: String) {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.run(for: 1)
        }
        for key in ["down", "t", "enter"] { press(key) }
        XCTAssertEqual(screen.state.placement(of: "m01"), Placement(.list, "To Read"))
        press("f10")
        XCTAssertTrue(screen.state.menuOpen)
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "mailbox.menu.inbox", "the menu opens on the list that shows")
        press("t")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "mailbox.menu.trash")
        press("t")
        XCTAssertEqual(stage.dump().layers.filter { $0.focused == true }.map(\.id), ["mailbox.menu.list.to-read"])
        press("enter")
        XCTAssertFalse(screen.state.menuOpen)
        XCTAssertEqual(screen.state.shelf, .list("To Read"))
        XCTAssertEqual(screen.state.visibleMessages.map(\.id), ["m01"])
        XCTAssertNotNil(stage.dump().layer("row.m01"))
    }

    /// A honeycomb category, a panel and Learn More by the keyboard alone, and back: → focuses the first category,
    /// Enter opens its grid; → focuses a cell, Enter opens its panel; Tab rings Learn More (every bundled cell has a
    /// link) and Enter opens it (a headless run shows the banner saying what it opened); Esc closes the panel, and Esc
    /// again goes back to the categories.
    func testACategoryAPanelAndLearnMoreByTheKeyboard() throws {
        let dumps = try play("""
        {"app": "honeycomb", "events": [
          {"at": 1.5, "key": "right"}, {"at": 1.6, "key": "enter"},
          {"at": 3.5, "key": "right"}, {"at": 3.6, "key": "enter"}, {"at": 4.5, "capture": "panel"},
          {"at": 4.6, "key": "tab"}, {"at": 4.8, "capture": "learn-more"},
          {"at": 4.9, "key": "enter"}, {"at": 5.3, "capture": "opened"},
          {"at": 5.4, "key": "escape"}, {"at": 6.2, "key": "escape"}, {"at": 8.0, "capture": "back"}
        ]}
        """)
        XCTAssertTrue(dumps["panel"]?.state.hasPrefix("panel.") == true, dumps["panel"]?.state ?? "no capture")
        XCTAssertEqual(dumps["learn-more"]?.layers.filter { $0.focused == true }.map(\.id), ["panel.learn-more"])
        let banner = dumps["opened"]?.layers.first { $0.id.hasPrefix("banner") && ($0.text ?? "").hasPrefix("Learn More: ") }
        XCTAssertNotNil(banner, "Enter on Learn More opened the link")
        XCTAssertEqual(dumps["opened"]?.state, dumps["panel"]?.state, "the panel stays open")
        XCTAssertEqual(dumps["back"]?.state, "categories")
    }
}
