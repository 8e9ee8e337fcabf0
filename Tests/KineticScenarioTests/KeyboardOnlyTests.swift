import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

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
}
