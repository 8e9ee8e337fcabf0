import XCTest
import Foundation
import KineticCore
import KineticData
import KineticScene
import KineticRuntime
@testable import KineticApps
import KineticScenario
import KineticTestSupport

/// A mail server's other folders in the Mailbox's menu (issue #53: "the menu reaches every folder"): each is a row
/// that opens its messages; forty do not fit a 768 pt stage, and the rows past its foot are reached by the wheel and
/// by the keyboard, which scroll them under the title.
final class MailboxFolderMenuTests: XCTestCase {
    /// Forty folders ("Folder 01" … "Folder 40"), a message in each, on a 1024 × 768 stage with the menu open.
    private func fortyFolders() throws -> (runner: ScenarioRunner, stage: Stage, screen: MailboxScreen) {
        let names = (1...40).map { String(format: "Folder %02d", $0) }
        let messages = names.enumerated().map { index, name in
            MailMessage(id: "m\(index + 1)", sender: "Ana Lima", subject: "In \(name)", snippet: "", time: "09:41")
        }
        let placements = Dictionary(uniqueKeysWithValues: names.enumerated().map { ("m\($0.offset + 1)", Placement(.folder, $0.element)) })
        var entries = KineticApps.catalog
        entries[1].makeScreen = { _ in
            MailboxScreen(messages: messages, environment: MailboxEnvironment(loadPlacements: { (placements, nil) }, savePlacements: { _ in }, log: { _ in }))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mailbox-\(UUID().uuidString)")
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: entries, dataDirectory: folder)
        let stage = runner.stage
        stage.run(until: 0.3)
        let screen = Mailbox.screen(of: runner)
        Mailbox.act(.setMenu(open: true), on: screen, stage)
        return (runner, stage, screen)
    }

    func testEachFolderIsAMenuRowAndTheRowsPastTheFootAreReachedByTheWheel() throws {
        let (runner, stage, screen) = try fortyFolders()
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        XCTAssertEqual(stage.dump().layer("menu.item.folder.Folder_2001")?.text, "Folder 01   1")
        let first = try XCTUnwrap(stage.dump().layer("mailbox.menu.folder.Folder_2001")).frame.rect
        XCTAssertLessThanOrEqual(first.maxY, 768)
        let last = try XCTUnwrap(stage.dump().layer("mailbox.menu.folder.Folder_2040")).frame.rect
        XCTAssertGreaterThan(last.minY, 768, "forty folders do not fit: the last is past the foot")
        // Closed up only so far: no label runs into the next (the rest scroll).
        let labels = stage.dump().layers.filter { $0.id.hasPrefix("menu.item.") && $0.frame.x >= 0 }.map(\.frame.rect).sorted { $0.minY < $1.minY }
        for (upper, lower) in zip(labels, labels.dropFirst()) { XCTAssertLessThanOrEqual(upper.maxY, lower.minY + 0.5, "\(upper) over \(lower)") }
        // Thirty clicks of the wheel down, over the menu (past the end: the rows stop at their last).
        stage.send(WheelEvent(location: Point(x: 120, y: 600), delta: Vector(dx: 0, dy: -30), isPrecise: false, timestamp: stage.time))
        stage.run(for: 0.5)
        let scrolled = try XCTUnwrap(stage.dump().layer("mailbox.menu.folder.Folder_2040")).frame.rect
        XCTAssertLessThan(scrolled.maxY, 768, "the wheel brought it into sight")
        XCTAssertGreaterThanOrEqual(scrolled.minY, 130, "below the title")
        XCTAssertNotNil(stage.dump().layer("mailbox.menu.top"), "the title's band, over the rows scrolled under it")
        // A click on it opens the folder.
        stage.tap(Point(x: 120, y: scrolled.midY))
        stage.run(for: 1)
        XCTAssertEqual(screen.state.shelf, .folder("Folder 40"))
        XCTAssertEqual(screen.state.visibleMessages.map(\.subject), ["In Folder 40"])
        XCTAssertEqual(stage.dump().layer("mailbox.shelf.title")?.text, "Folder 40")
    }

    func testTheKeyboardScrollsTheRowItIsOnIntoSight() throws {
        let (runner, stage, _) = try fortyFolders()
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        // Down past every item to the last, the way back to the gallery (the arrows stop at the ends); then up into
        // the folders.
        for key in Array(repeating: "down", count: 60) + Array(repeating: "up", count: 3) {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.run(for: 0.2)
        }
        let focused = try XCTUnwrap(stage.keyboardFocus.focused?.identifier)
        XCTAssertTrue(focused.hasPrefix("mailbox.menu.folder."), focused)
        let row = try XCTUnwrap(stage.dump().layer(focused)).frame.rect
        XCTAssertLessThanOrEqual(row.maxY, 768)
        XCTAssertGreaterThanOrEqual(row.minY, 130)
        // Up to the first item, the Inbox, scrolled back into sight from under the title.
        for _ in 0..<60 {
            stage.send(KeyEvent(scenarioName: "up", timestamp: stage.time))
            stage.run(for: 0.05)
        }
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "mailbox.menu.inbox")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(stage.dump().layer("mailbox.menu.inbox")).frame.rect.minY, 130)
    }
}
