import Foundation
import KineticCore
import KineticRuntime
import KineticScenario
import KineticScene
import KineticTestSupport
import XCTest

/// The Counter, tested the three ways every app is (docs/adding-an-app.md): its rules alone, its screen on a
/// headless stage, and its entry opened by the shell and played by a scenario. Every expected value is worked out
/// from the rules and the layout as written in their comments, not read back from a run.
final class SkeletonTests: XCTestCase {
    /// What reached the log, in order.
    private final class LogRecord { var lines: [String] = [] }

    private func environment(_ record: LogRecord) -> SkeletonEnvironment {
        SkeletonEnvironment { record.lines.append($0) }
    }

    // MARK: The rules alone

    /// Three presses reach a goal of three, and only the third asks for the goal's effect; past it a press does
    /// nothing; a reset starts again.
    func testTheRulesCountUpToTheGoalOnceAndReset() {
        var state = SkeletonState(goal: 3)
        XCTAssertEqual(state.stateName, "count.0")
        XCTAssertEqual(SkeletonRules.reduce(&state, .advance), [])
        XCTAssertEqual(SkeletonRules.reduce(&state, .advance), [])
        XCTAssertEqual(state.count, 2)
        XCTAssertEqual(state.stateName, "count.2")
        XCTAssertEqual(SkeletonRules.reduce(&state, .advance), [.reachedGoal(3), .startOverAfter(5)],
                       "the third press reaches the goal, says so, and sets the timer that starts again")
        XCTAssertEqual(state.stateName, "goal")
        let atGoal = state
        XCTAssertEqual(SkeletonRules.reduce(&state, .advance), [], "past the goal a press asks for nothing")
        XCTAssertEqual(state, atGoal, "and changes nothing")
        XCTAssertEqual(SkeletonRules.reduce(&state, .reset), [.stopStartingOver], "a reset at the goal stops the timer")
        XCTAssertEqual(state, SkeletonState(goal: 3), "a reset is a fresh start")
        XCTAssertEqual(SkeletonRules.reduce(&state, .reset), [], "at nought there is no timer to stop")
        XCTAssertEqual(SkeletonRules.reduce(&state, .advance), [], "one press after it is no goal")
        XCTAssertEqual(SkeletonState(goal: 0).goal, 1, "a goal is at least one press away")

        XCTAssertEqual(SkeletonRules.reduce(&state, .appeared), [.fetchGoal])
        XCTAssertEqual(SkeletonRules.reduce(&state, .goalArrived(5)), [])
        XCTAssertEqual(state.goal, 5)
        XCTAssertEqual(state.count, 1, "the count stays")
        _ = SkeletonRules.reduce(&state, .goalArrived(0))
        XCTAssertEqual(state.goal, 1, "a goal of none is one")
        XCTAssertEqual(state.count, 1, "and the count no further than it")
    }

    // MARK: Work that outlives a frame

    /// The goal comes from the environment off the stage's thread, and arrives at a step; at the goal, 5 s of the stage's
    /// clock start the count again by itself (a timer), unless Backspace did first.
    func testTheGoalArrivesFromTheEnvironmentAndTheCountStartsAgainAfterFiveSeconds() throws {
        let record = LogRecord()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counter-\(UUID().uuidString)")
        let stage = Stage(size: Size(width: 1000, height: 600), settings: StageSettings(dataDirectory: folder))
        stage.present(SkeletonScreen(environment: SkeletonEnvironment(log: { record.lines.append($0) }, loadGoal: { 2 })))
        stage.backgroundWork.waitUntilIdle(timeout: 10)
        stage.run(for: 0.1)
        XCTAssertEqual(stage.dump().layer("counter.label")?.text, "0 of 2", "the environment's goal, not the state's first")
        XCTAssertTrue(stage.send(KeyEvent(key: .space)))
        XCTAssertTrue(stage.send(KeyEvent(key: .space)))
        XCTAssertEqual(stage.stateName, "goal")
        stage.run(for: 4.9)
        XCTAssertEqual(stage.stateName, "goal", "4.9 s in, the goal still shows")
        stage.run(for: 0.2)
        XCTAssertEqual(stage.stateName, "count.0", "at 5 s of the stage's clock the count starts again by itself")

        XCTAssertTrue(stage.send(KeyEvent(key: .space)))
        XCTAssertTrue(stage.send(KeyEvent(key: .space)))
        XCTAssertTrue(stage.send(KeyEvent(key: .backspace)))
        XCTAssertTrue(stage.send(KeyEvent(key: .space)))
        stage.run(for: 6)
        XCTAssertEqual(stage.stateName, "count.1", "Backspace stopped the timer: it does not reset the count begun after it")
    }

    // MARK: The screen on a headless stage

    /// On a stage 1000 × 600 with a goal of 3, the width is cut into 3 + 2 = 5 parts of 200 pt, so the button's
    /// centre belongs at x = 200 × (count + 1), y = 300, and its 120 pt square spans 60 pt either side of it. The
    /// spring (response 0.4 s, damping ratio 0.8) covers about a fifth of a move in its first 0.05 s and is within
    /// 200 × e^(−0.8 · 2π/0.4 · 2) ≈ 2e−9 pt of its target 2 s after the last change.
    func testATapAndKeysSpringTheButtonAndTheLayerTreeFollowsTheState() throws {
        let record = LogRecord()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counter-\(UUID().uuidString)")
        let stage = Stage(size: Size(width: 1000, height: 600), settings: StageSettings(dataDirectory: folder))
        stage.present(SkeletonScreen(environment: environment(record)))
        func button() throws -> LayerDump { try XCTUnwrap(stage.dump().layer("counter.button")) }

        XCTAssertEqual(stage.stateName, "count.0")
        XCTAssertEqual(try button().frame.rect, Rect(x: 140, y: 240, width: 120, height: 120))
        XCTAssertEqual(stage.dump().layer("counter.label")?.text, "0 of 3")

        // Inside the button's square but √(55² + 55²) ≈ 77.8 pt from its centre: outside the 60 pt circle.
        stage.tap(Point(x: 145, y: 245))
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "count.0", "a tap by a corner of the square misses the round button")

        stage.tap(Point(x: 200, y: 300))
        XCTAssertEqual(stage.stateName, "count.1")
        XCTAssertEqual(stage.dump().layer("counter.label")?.text, "1 of 3", "the text changes at once")
        stage.run(for: 0.05)
        let moving = try button().frame.center.x
        XCTAssertTrue(moving > 200 && moving < 400, "0.05 s in, the button is on its way, neither still nor there: x = \(moving)")
        stage.run(for: 2)
        XCTAssertEqual(try button().frame.center.x, 400, accuracy: 0.01)
        XCTAssertEqual(try button().frame.center.y, 300, accuracy: 0.01)

        XCTAssertTrue(stage.send(KeyEvent(key: .space)))
        XCTAssertTrue(stage.send(KeyEvent(key: .enter)))
        XCTAssertEqual(stage.stateName, "goal")
        XCTAssertEqual(record.lines, ["counter: reached the goal of 3"], "the goal's effect reached the environment once")
        XCTAssertFalse(stage.send(KeyEvent(key: .space)), "at the goal Space does nothing, so nothing used it")
        stage.run(for: 2)
        XCTAssertEqual(try button().frame.center.x, 800, accuracy: 0.01)
        XCTAssertEqual(try button().color, "#E15926", "Palette.accent (E1 59 26) at the goal")

        XCTAssertTrue(stage.send(KeyEvent(key: .backspace)))
        XCTAssertEqual(stage.stateName, "count.0")
        XCTAssertFalse(stage.send(KeyEvent(key: .backspace)), "at nought Backspace does nothing")
        stage.run(for: 2)
        XCTAssertEqual(try button().frame.center.x, 200, accuracy: 0.01)
        XCTAssertEqual(record.lines.count, 1)
    }

    /// A drag with its release velocity: the button follows the finger, a slow drag springs home, and a throw to the
    /// right at 100 / 0.1 = 1000 pt/s (over `flickSpeed`, 600) counts one more, the spring carrying the throw on, and
    /// it rests at place 1, x = 200 × 2 = 400. The carrying on, worked out for the slide's spring (response 0.4 s,
    /// damping 0.8: ω = 2π / 0.4 ≈ 15.7 /s, k = ω² ≈ 247 /s²) 100 pt short of its place, 0.05 s after the release:
    /// from rest it would be about ½ k 100 t² ≈ 31 pt on; starting at 1000 pt/s, about 1000 t + ½ (k 100 − 2 × 0.8 ω
    /// 1000) t² ≈ 49 pt. So more than 40 pt on shows the velocity handed over.
    func testADragFollowsTheFingerAndAThrowCountsOneMore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counter-\(UUID().uuidString)")
        let stage = Stage(size: Size(width: 1000, height: 600), settings: StageSettings(dataDirectory: folder))
        stage.present(SkeletonScreen(environment: environment(LogRecord())))
        func x() throws -> Double { try XCTUnwrap(stage.dump().layer("counter.button")).frame.center.x }

        // Slow: 60 pt over a second, 60 pt/s at the release, and held still first so the release is slower yet.
        stage.send(stage.touch(1, .began, at: Point(x: 200, y: 300)))
        for step in 1...120 {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: 200 + 60 * Double(step) / 120, y: 300)))
        }
        XCTAssertEqual(try x(), 260, accuracy: 0.5, "the button under the finger, 60 pt on")
        stage.run(for: 0.3)
        stage.send(stage.touch(1, .ended, at: Point(x: 260, y: 300)))
        stage.run(for: 2)
        XCTAssertEqual(stage.stateName, "count.0", "a slow drag counts nothing")
        XCTAssertEqual(try x(), 200, accuracy: 0.01, "and springs home")

        stage.drag(from: Point(x: 200, y: 300), by: Vector(dx: 100, dy: 0), over: 0.1)
        XCTAssertEqual(stage.stateName, "count.1", "a throw counts one more")
        stage.run(for: 0.05)
        XCTAssertGreaterThan(try x(), 340, "the throw's velocity carries the button on from where the finger let go")
        stage.run(for: 2)
        XCTAssertEqual(try x(), 400, accuracy: 0.01)
    }

    // MARK: The entry, opened by the shell

    /// The entry makes the screen, and the shell opens it by its id, as `kinetic run counter` or a scenario naming
    /// `"app": "counter"` would: a tap and two keys through the shell reach the goal, with the button at the
    /// goal's place, 200 × (3 + 1) = 800, and the goal's line in the log the edge gave it.
    func testTheEntryMakesTheScreenAndTheShellOpensIt() throws {
        let record = LogRecord()
        let entry = SkeletonApp.entry(environment: environment(record))
        XCTAssertEqual(entry.id, "counter")
        let scenario = try Scenario.decode(Data("""
            {"app": "counter", "size": {"width": 1000, "height": 600}, "duration": 3,
             "events": [{"at": 0.5, "tap": [200, 300]}, {"at": 1.0, "key": "space"}, {"at": 1.5, "key": "enter"},
                        {"at": 3.0, "capture": "end"}]}
            """.utf8), name: "counter.json")
        let runner = try ScenarioRunner(scenario: scenario, entries: [entry])
        defer { XCTAssertNoThrow(try runner.removeOwnFolder()) }

        let shell = try XCTUnwrap(runner.stage.screen as? Shell)
        XCTAssertEqual(shell.currentEntry?.id, "counter", "the shell opened the app the scenario names")
        XCTAssertTrue(shell.content is SkeletonScreen, "with the screen the entry makes")
        XCTAssertEqual(runner.stage.stateName, "count.0")
        XCTAssertNotNil(runner.stage.dump().layer("menu.item.counter"), "the side menu lists it")

        let captures = try runner.run(outputDirectory: nil)
        let end = try XCTUnwrap(captures.first { $0.name == "end" }?.dump)
        XCTAssertEqual(end.state, "goal")
        XCTAssertEqual(try XCTUnwrap(end.layer("counter.button")).frame.center.x, 800, accuracy: 0.01)
        XCTAssertEqual(record.lines, ["counter: reached the goal of 3"])
    }
}
