import XCTest
import KineticCore
import KineticRuntime
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// The pointer over the window: what can be clicked shows a hand and a hover look, everything else the arrow.
final class PointerTests: XCTestCase {
    func testAButtonShowsAHandAndAHoverShadeAndTheListTheArrow() throws {
        let (_, stage, _) = try Mailbox.opened()
        XCTAssertEqual(stage.dump().cursor, .arrow)
        let compose = try XCTUnwrap(stage.dump().layer("compose.button"))
        stage.sendPointer(at: compose.frame.center)
        stage.step()
        var dump = stage.dump()
        XCTAssertEqual(dump.cursor, .hand, "over \(compose.id)")
        XCTAssertEqual(dump.layer(compose.id)?.hovered, true)
        let shade = try XCTUnwrap(dump.layer("hover"), "the hover look")
        XCTAssertEqual(shade.frame.center.x, compose.frame.center.x, accuracy: 0.5)
        stage.sendPointer(at: Point(x: 280, y: 32))  // the bar, between its buttons
        stage.step()
        dump = stage.dump()
        XCTAssertEqual(dump.cursor, .arrow)
        XCTAssertNil(dump.layer(compose.id)?.hovered, "hovered no more")
        XCTAssertNil(dump.layer("hover"), "the shade is gone")
        stage.sendPointerLeft()
        XCTAssertEqual(stage.dump().cursor, .arrow)
    }

    /// Issue #58: the pointer rests over the list, then a drag from the left edge pulls the menu in under where it
    /// rested. While the button is down nothing is shaded (the pointer presses, it does not hover; before, the menu
    /// row sliding in under the old place took the shade, painted over the Inbox); let go, the hover is where it was
    /// let go.
    func testADragShadesNothingUnderWhereThePointerRestedBefore() throws {
        let (_, stage, _) = try Mailbox.opened()
        stage.sendPointer(at: Point(x: 150, y: 150))  // over the first row, where the menu's rows will slide in
        stage.step()
        XCTAssertNotNil(stage.dump().layer("hover"), "the row's shade, before")
        stage.send(stage.touch(1, .began, at: Point(x: 4, y: 400)))
        var shaded: [String] = []
        for x in stride(from: 20.0, through: 320, by: 20) {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: x, y: 400)))
            if stage.dump().layer("hover") != nil { shaded.append("at \(x)") }
        }
        XCTAssertEqual(shaded, [], "no shade while the drag is under way")
        stage.send(stage.touch(1, .ended, at: Point(x: 320, y: 400)))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "menu")
        let underRelease = stage.dump().layers.filter { $0.hovered == true }.map(\.id)
        let releasePoint = Point(x: 320, y: 400)
        for id in underRelease {
            let frame = try XCTUnwrap(stage.dump().layer(id)).frame
            XCTAssertTrue((frame.x...frame.x + frame.width).contains(releasePoint.x) && (frame.y...frame.y + frame.height).contains(releasePoint.y),
                          "\(id) hovered is under where the drag let go")
        }
    }

    func testASheetThatSlidesInUnderAStillPointerTakesTheHoverAndItsBackgroundIsNoButton() throws {
        let (_, stage, _) = try Mailbox.opened()
        let row = Point(x: 700, y: 150)  // the first row, which a click acts on, where the sheet's title will be
        stage.sendPointer(at: row)
        stage.step()
        XCTAssertEqual(stage.dump().cursor, .hand)
        XCTAssertNotNil(stage.dump().layer("hover"), "the row's shade")
        stage.send(KeyEvent(scenarioName: "c", timestamp: stage.time))
        stage.run(for: 0.8)  // compose slides up over the still pointer: the sheet's empty body is there now
        let dump = stage.dump()
        XCTAssertEqual(dump.cursor, .arrow, "the sheet's background is not a button")
        XCTAssertNil(dump.layer("hover"), "and the row behind the sheet is hovered no more")
        stage.sendPointer(at: try XCTUnwrap(dump.layer("compose.subject")).frame.center)
        XCTAssertEqual(stage.dump().cursor, .ibeam, "text that can be edited")
    }

    func testAScenarioPointerEventHoversAGalleryCard() throws {
        let scenario = try Scenario.decode(Data(#"{"app": "gallery", "duration": 1, "events": [{"at": 0.5, "pointer": [512, 480]}, {"at": 0.9, "capture": "hovering"}]}"#.utf8), name: "pointer.json")
        let captures = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: nil)
        let dump = try XCTUnwrap(captures.first { $0.name == "hovering" }?.dump)
        XCTAssertEqual(dump.cursor, .hand)
        XCTAssertTrue(dump.layers.contains { $0.hovered == true }, "a card is hovered")
    }
}

/// A hovered thing that goes away takes its hover look with it.
final class HoverAfterLeavingTests: XCTestCase {
    func testTheShadeGoesWhenTheHoveredCardsScreenGoes() throws {
        let runner = try ScenarioRunner(scenario: Scenario(app: "gallery", duration: 0), entries: KineticApps.catalog)
        let stage = runner.stage
        stage.run(until: 0.5)
        let card = try XCTUnwrap(stage.dump().layer("card.mailbox"))
        stage.sendPointer(at: card.frame.center)
        stage.step()
        XCTAssertNotNil(stage.dump().layer("hover"))
        stage.tap(card.frame.center)  // opens the Mailbox: the gallery and its card leave the stage
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "inbox")
        // The pointer has not moved: what is under it now (a message row) may take the shade, never the card gone.
        let dump = stage.dump()
        if let shade = dump.layer("hover") {
            let hovered = try XCTUnwrap(dump.layers.first { $0.hovered == true }, "a shade with nothing hovered")
            XCTAssertTrue(hovered.id.hasPrefix("row."), "the shade is on \(hovered.id)")
            XCTAssertEqual(shade.frame, hovered.frame)
            XCTAssertTrue(hovered.frame.rect.contains(card.frame.center), "under the pointer")
        }
    }
}
