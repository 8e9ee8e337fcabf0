import Foundation
import XCTest
import KineticCore
import KineticRuntime

/// The one clock driver: how many fixed steps a stage takes for time that passed, at each speed, paused and
/// single-stepped. The window and the scenario runner both step through it, so these are the semantics of both.
final class StageClockTests: XCTestCase {
    private let step = Stage.stepDuration

    func testAtFullSpeedEachStepsWorthOfTimeTakesOneStep() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        var clock = StageClock()
        for _ in 0..<120 { XCTAssertEqual(clock.advance(stage, by: step), 1) }
        XCTAssertEqual(stage.stepCount, 120)
        XCTAssertEqual(stage.time, 1, accuracy: 1e-9)
    }

    func testAtHalfSpeedAStepIsTakenEveryOtherTime() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        var clock = StageClock()
        let taken = (0..<8).map { _ in clock.advance(stage, by: step, speed: 0.5) }
        XCTAssertEqual(taken, [0, 1, 0, 1, 0, 1, 0, 1])
    }

    func testTheStagesOwnSpeedMultipliesTheCallers() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        stage.motion.cycleSpeed()  // ½×
        var clock = StageClock()
        let taken = (0..<8).reduce(0) { total, _ in total + clock.advance(stage, by: step, speed: 0.5) }
        XCTAssertEqual(taken, 2, "¼ of 8 steps' worth")
    }

    func testPausedTakesNoStepsButOneRequestedSingleStepPerCall() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        var clock = StageClock()
        XCTAssertTrue(stage.motion.handle(.character("p")))
        XCTAssertEqual(clock.advance(stage, by: 1), 0, "a second passes and nothing moves")
        _ = stage.motion.handle(.character("."))
        _ = stage.motion.handle(.character("."))
        XCTAssertEqual(clock.advance(stage, by: 0), 1)
        XCTAssertEqual(clock.advance(stage, by: 0), 1)
        XCTAssertEqual(clock.advance(stage, by: 0), 0, "two single steps asked for, two taken")
        XCTAssertEqual(stage.stepCount, 2)
    }

    func testAFractionOwedWhenThePauseBeganIsPaidAfterIt() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        var clock = StageClock()
        XCTAssertEqual(clock.advance(stage, by: step, speed: 0.5), 0)
        _ = stage.motion.handle(.character("p"))
        XCTAssertEqual(clock.advance(stage, by: step, speed: 0.5), 0)
        _ = stage.motion.handle(.character("p"))
        XCTAssertEqual(clock.advance(stage, by: step, speed: 0.5), 1, "half owed before the pause, half after")
    }

    func testAStallCatchesUpNoMoreThanTheCap() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        var clock = StageClock(maximumOwed: 0.25)
        XCTAssertEqual(clock.advance(stage, by: 3), 30, "a quarter second's 30 steps, not 360")
    }

    func testAfterARestTheNextStepIsDueAtOnce() {
        var clock = StageClock()
        XCTAssertEqual(clock.secondsUntilNextStep(speed: 1), step, accuracy: 1e-12)
        XCTAssertEqual(clock.secondsUntilNextStep(speed: 0.5), 2 * step, accuracy: 1e-12)
        clock.resumeAfterRest()
        XCTAssertEqual(clock.secondsUntilNextStep(speed: 1), 0)
    }
}
