import XCTest
import KineticCore
import KineticRuntime
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// A right-click on a message offers the swipe's actions, each doing what the swipe does.
final class ContextMenuTests: XCTestCase {
    func testARightClickOffersTheActionsAndOneFilesTheMessage() throws {
        let (_, stage, screen) = try Mailbox.opened()
        XCTAssertTrue(stage.sendContextClick(at: Point(x: 400, y: Mailbox.rowY(1))))
        stage.step()
        let dump = stage.dump()
        let menu = try XCTUnwrap(dump.layer("context.menu"))
        XCTAssertEqual(menu.frame.x, 400, accuracy: 0.5, "at the pointer")
        let titles = ["archive", "delete", "later", "list"].map { "context.item.\($0)" }
        for id in titles { XCTAssertNotNil(dump.layer(id), id) }
        let archive = try XCTUnwrap(dump.layer("context.item.archive"))
        stage.tap(archive.frame.center)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.placement(of: "m02").list, .archive)
        XCTAssertNil(stage.dump().layer("context.menu"), "the menu closed")
        XCTAssertNil(stage.dump().layer("row.m02"), "the row left as a swipe's would")
    }

    func testEscapeOrAClickOutsideClosesItDoingNothing() throws {
        let (_, stage, screen) = try Mailbox.opened()
        stage.sendContextClick(at: Point(x: 400, y: Mailbox.rowY(0)))
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.step()
        XCTAssertNil(stage.dump().layer("context.menu"))
        stage.sendContextClick(at: Point(x: 400, y: Mailbox.rowY(0)))
        stage.tap(Point(x: 900, y: 700))
        stage.run(for: 0.5)
        XCTAssertNil(stage.dump().layer("context.menu"))
        XCTAssertEqual(screen.state.placements, [:], "nothing was filed")
        XCTAssertEqual(screen.state.options, nil)
    }

    func testTheMenuKeyOpensTheFocusedMessagesMenuAndAScenarioRightClickOpensOne() throws {
        let (_, stage, _) = try Mailbox.opened()
        stage.send(KeyEvent(scenarioName: "down", timestamp: stage.time))
        stage.send(KeyEvent(scenarioName: "menu", timestamp: stage.time))
        stage.step()
        XCTAssertNotNil(stage.dump().layer("context.item.delete"))
        let scenario = try Scenario.decode(Data(#"{"app": "mailbox", "duration": 1, "events": [{"at": 0.5, "click": [400, 208], "button": "right"}, {"at": 0.8, "capture": "menu"}]}"#.utf8), name: "right.json")
        let captures = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: nil)
        XCTAssertNotNil(captures.first?.dump.layer("context.menu"))
    }

    /// A draft is never filed away (it would be lost at the next launch), so a right-click on it offers nothing.
    func testADraftOffersNoActions() throws {
        let (_, stage, screen) = try Mailbox.opened()
        for action: MailboxAction in [.compose(.open), .compose(.edit(.subject, "Plan")), .compose(.close), .compose(.saveDraft), .openShelf(.drafts)] { screen.send(action) }
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.visibleMessages.count, 1, "the one draft shows")
        XCTAssertFalse(stage.sendContextClick(at: Point(x: 400, y: Mailbox.rowY(0))))
        stage.step()
        XCTAssertNil(stage.dump().layer("context.menu"))
    }
}
