import XCTest
import KineticCore
import KineticRuntime

/// The window's events keep the time between them: a frame's events are spread by their platform timestamps.
final class InputClockTests: XCTestCase {
    func testEventsOfOneFrameKeepTheirSpacing() {
        var clock = InputClock()
        // The frame starts at platform time 10.000 s, stage time 2.000 s; three moves came 30, 20 and 10 ms earlier.
        clock.anchor(platform: 10.0, stage: 2.0)
        let times = [9.970, 9.980, 9.990].map { clock.stageTime(forPlatform: $0) }
        XCTAssertEqual(times[0], 1.970, accuracy: 1e-9)
        XCTAssertEqual(times[1] - times[0], 0.010, accuracy: 1e-9, "10 ms apart on the platform, 10 ms apart on stage")
        XCTAssertEqual(times[2], 1.990, accuracy: 1e-9)
    }

    func testTimesNeverGoBackwardsNorAhead() {
        var clock = InputClock()
        clock.anchor(platform: 10.0, stage: 2.0)
        XCTAssertEqual(clock.stageTime(forPlatform: 9.990), 1.990, accuracy: 1e-9)
        XCTAssertEqual(clock.stageTime(forPlatform: 9.950), 1.990, accuracy: 1e-9, "an event stamped earlier than the last keeps the last time")
        XCTAssertEqual(clock.stageTime(forPlatform: 10.5), 2.0, accuracy: 1e-9, "nothing runs ahead of the stage")
        clock.anchor(platform: 10.1, stage: 2.1)
        XCTAssertEqual(clock.stageTime(forPlatform: 10.05), 2.05, accuracy: 1e-9)
    }

    func testAPanMeasuresTheRealVelocityFromSpreadTimestamps() {
        // Four moves 8 ms apart, 8 pt each: 1,000 pt/s, though all four arrive in one frame.
        var clock = InputClock()
        clock.anchor(platform: 5.0, stage: 1.0)
        let pan = PanRecognizer(minimumDistance: 1)
        let arena = GestureArena()
        arena.begin(TouchEvent(id: 1, phase: .began, location: Point(x: 0, y: 0), timestamp: clock.stageTime(forPlatform: 4.968)), recognizers: [pan])
        for step in 1...4 {
            let t = clock.stageTime(forPlatform: 4.968 + Double(step) * 0.008)
            arena.dispatch(TouchEvent(id: 1, phase: .moved, location: Point(x: Double(step) * 8, y: 0), timestamp: t))
        }
        XCTAssertEqual(pan.velocity.dx, 1000, accuracy: 1)
    }
}
