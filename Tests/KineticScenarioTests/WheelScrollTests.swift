import XCTest
import KineticCore
import KineticRuntime
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// The mouse wheel and the trackpad scroll the list under the pointer, as desktop people expect.
final class WheelScrollTests: XCTestCase {
    private let overList = Point(x: 500, y: 400)

    private func mailbox(_ events: [ScenarioEvent] = []) throws -> (ScenarioRunner, MailboxScreen) {
        let runner = try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0, events: events), entries: KineticApps.catalog)
        runner.stage.run(until: 0.3)
        return (runner, Mailbox.screen(of: runner))
    }

    private func wheel(_ stage: Stage, dy: Double, precise: Bool = false, at point: Point? = nil) {
        stage.send(WheelEvent(location: point ?? overList, delta: Vector(dx: 0, dy: dy), isPrecise: precise, timestamp: stage.time))
    }

    func testEachClickScrollsALineAndQuickClicksAddUp() throws {
        let (runner, screen) = try mailbox()
        let stage = runner.stage
        for _ in 0..<3 {
            wheel(stage, dy: -1)
            stage.step()
        }
        stage.run(for: 1)
        XCTAssertEqual(screen.scroll.offset, 3 * ScrollView.lineStep, accuracy: 0.5, "three clicks towards the person, three lines down")
        wheel(stage, dy: 1)
        stage.run(for: 1)
        XCTAssertEqual(screen.scroll.offset, 2 * ScrollView.lineStep, accuracy: 0.5)
        for _ in 0..<10 { wheel(stage, dy: 1) }
        stage.run(for: 1)
        XCTAssertEqual(screen.scroll.offset, 0, accuracy: 0.5, "never past the top")
    }

    func testATrackpadStreamMovesOneToOneThenCoastsAndStops() throws {
        let (runner, screen) = try mailbox()
        let stage = runner.stage
        for _ in 0..<10 {
            wheel(stage, dy: -0.25, precise: true)
            XCTAssertFalse(screen.scroll.offset.isNaN)
            stage.step()
        }
        wheel(stage, dy: -0.25, precise: true)
        let followed = screen.scroll.offset
        XCTAssertEqual(followed, 11 * 0.25 * ScrollView.lineStep, accuracy: 0.01, "the content under the fingers moved exactly as they did")
        stage.run(for: 0.2)
        XCTAssertGreaterThan(screen.scroll.offset, followed + 5, "it coasts on when the stream stops")
        stage.run(for: 8)
        let resting = screen.scroll.offset
        stage.run(for: 0.5)
        XCTAssertEqual(screen.scroll.offset, resting, "and comes to rest")
    }

    func testAStreamPastTheTopRubberBandsAndSpringsBack() throws {
        let (runner, screen) = try mailbox()
        let stage = runner.stage
        for _ in 0..<20 {
            wheel(stage, dy: 0.5, precise: true)
            stage.step()
        }
        let pulled = -screen.scroll.offset
        XCTAssertGreaterThan(pulled, 10, "the list gives past its top")
        XCTAssertLessThan(pulled, 20 * 0.5 * ScrollView.lineStep, "but less than the fingers moved")
        stage.run(for: 2)
        XCTAssertEqual(screen.scroll.offset, 0, accuracy: 0.5, "and springs back")
    }

    func testAWheelOverNothingScrollableScrollsNothing() throws {
        let (runner, screen) = try mailbox()
        wheel(runner.stage, dy: -3, at: Point(x: 500, y: 30))  // over the bar
        runner.stage.run(for: 1)
        XCTAssertEqual(screen.scroll.offset, 0)
    }

    func testAScenarioWheelEventScrolls() throws {
        let scenario = try Scenario.decode(Data(#"{"app": "mailbox", "duration": 2, "events": [{"at": 0.5, "wheel": [0, -2], "x": 500, "y": 400}, {"at": 1.8, "capture": "after"}]}"#.utf8), name: "wheel.json")
        let captures = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: nil)
        let first = try XCTUnwrap(captures.first { $0.name == "after" }?.dump.layer("row.m01"))
        XCTAssertEqual(first.frame.y, Mailbox.navHeight - 2 * ScrollView.lineStep, accuracy: 0.5)
    }
}

/// The keyboard moves through the list, and a key that opens a field never types into it.
final class MailboxKeyboardTests: XCTestCase {
    func testPageKeysMoveByAPageAndHomeAndEndGoToTheEnds() throws {
        let (_, stage, screen) = try Mailbox.opened()
        let page = 704 - ScrollView.lineStep  // the visible height less a line of overlap
        for (key, expected) in [("pagedown", page), ("pagedown", 2 * page), ("pageup", page), ("end", 30 * 96 - 704.0), ("home", 0.0)] {
            stage.send(KeyEvent(scenarioName: key, timestamp: stage.time))
            stage.run(for: 1)
            XCTAssertEqual(screen.scroll.offset, expected, accuracy: 0.5, key)
        }
    }

    func testTheKeyThatOpensComposeDoesNotTypeAndCtrlZThereLeavesTheListAlone() throws {
        let (_, stage, screen) = try Mailbox.opened()
        stage.send(KeyEvent(scenarioName: "d", timestamp: stage.time))  // delete the first message
        stage.run(for: 1)
        let deleted = screen.state.placements
        XCTAssertEqual(deleted.count, 1)
        stage.send(KeyEvent(scenarioName: "c", timestamp: stage.time))
        stage.send(text: "c")  // the same keystroke's text, as a window delivers it
        stage.step()
        XCTAssertEqual(screen.state.compose?.to, "", "the c that opened compose typed nothing")
        stage.send(text: "c")
        stage.step()
        XCTAssertEqual(screen.state.compose?.to, "c", "a c typed afterwards is typed")
        stage.send(KeyEvent(scenarioName: "ctrl+z", timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placements, deleted, "Ctrl-Z in compose did not undo the delete behind it")
    }
}

/// The scroll indicator: shown while the list moves, gone a moment after, and a handle a mouse can drag.
final class ScrollIndicatorTests: XCTestCase {
    func testTheIndicatorShowsWhileTheListMovesThenFadesAndCanBeDragged() throws {
        let (_, stage, screen) = try Mailbox.opened()
        XCTAssertFalse(stage.dump().layer("mailbox.list.indicator")?.visible ?? false, "hidden at rest")
        for _ in 0..<3 { stage.send(WheelEvent(location: Point(x: 500, y: 400), delta: Vector(dx: 0, dy: -1), isPrecise: false, timestamp: stage.time)) }
        stage.run(for: 0.3)
        let shown = try XCTUnwrap(stage.dump().layer("mailbox.list.indicator"))
        XCTAssertTrue(shown.visible, "shown while the list moves")
        XCTAssertFalse(screen.isAtRest, "a showing indicator keeps the stage stepping until it has faded")
        stage.run(for: 2)
        XCTAssertFalse(stage.dump().layer("mailbox.list.indicator")?.visible ?? true, "faded a moment after")
        XCTAssertTrue(screen.isAtRest)
        // Dragged: shown again by a wheel click, the bar is pulled to the bottom of its track, and the list follows to its end.
        stage.send(WheelEvent(location: Point(x: 500, y: 400), delta: Vector(dx: 0, dy: -1), isPrecise: false, timestamp: stage.time))
        stage.run(for: 0.3)
        let track = try XCTUnwrap(stage.dump().layer("mailbox.list.indicator")).frame
        let grab = Point(x: track.center.x, y: track.y + 0.05 * track.height)
        stage.send(stage.touch(1, .began, at: grab))
        for step in 1...20 {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: grab.x, y: grab.y + Double(step) * 40)))
        }
        stage.send(stage.touch(1, .ended, at: Point(x: grab.x, y: grab.y + 800)))
        stage.step()
        XCTAssertEqual(screen.scroll.offset, screen.scroll.maximumOffset, accuracy: 1, "dragging the bar to the bottom shows the end")
    }
}

/// A trackpad's two-finger swipe across a message swipes it like a finger; one along the list scrolls it.
final class TrackpadSwipeTests: XCTestCase {
    /// `count` deltas, `steps` fixed steps (of 1/120 s) apart.
    private func stream(_ stage: Stage, dx: Double, dy: Double, count: Int, at point: Point, steps: Int = 1) {
        for _ in 0..<count {
            stage.send(WheelEvent(location: point, delta: Vector(dx: dx, dy: dy), isPrecise: true, timestamp: stage.time))
            for _ in 0..<steps { stage.step() }
        }
    }

    func testAStreamAcrossARowWalksItThroughTheZonesAndCommitsAtItsEnd() throws {
        let (_, stage, screen) = try Mailbox.opened()
        let row = Point(x: 500, y: Mailbox.rowY(1))
        stream(stage, dx: -0.1, dy: 0, count: 10, at: row)  // 48 pt: short of the first line
        XCTAssertEqual(Mailbox.offset(stage, "m02") ?? 0, 48, accuracy: 0.5, "the message follows the fingers 1:1")
        stream(stage, dx: -0.1, dy: 0.01, count: 10, at: row)  // 96 pt, past 60: archive
        XCTAssertEqual(stage.dump().layer("swipe.m02")?.color, "#62D962", "the archive zone's green (the seed's)")
        stage.run(for: 1.5)  // the fingers lift: the stream goes quiet and the row is released
        XCTAssertEqual(screen.state.placement(of: "m02").list, .archive)
    }

    func testAShortStreamSpringsBackAndAStreamAlongTheListScrollsIt() throws {
        let (_, stage, screen) = try Mailbox.opened()
        // 24 pt, slowly (a delta every 67 ms): released at about 36 pt/s, short of the line and no flick.
        stream(stage, dx: -0.05, dy: 0, count: 10, at: Point(x: 500, y: Mailbox.rowY(2)), steps: 8)
        stage.run(for: 1.5)
        XCTAssertEqual(Mailbox.offset(stage, "m03") ?? 99, 0, accuracy: 0.5, "sprung back")
        XCTAssertEqual(screen.state.placements, [:])
        stream(stage, dx: 0.02, dy: -0.3, count: 10, at: Point(x: 500, y: Mailbox.rowY(2)))  // along the list, wobbling across
        XCTAssertGreaterThan(screen.scroll.offset, 100, "the list scrolled")
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.placements, [:], "and no row was swiped")
        XCTAssertTrue(screen.rows.values.allSatisfy { abs($0.offset) < 0.5 })
    }
}
