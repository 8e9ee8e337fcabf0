import XCTest
@testable import KineticCore

final class DecayTests: XCTestCase {
    func testVelocityFollowsTheRatePerMillisecond() {
        let decay = Decay(decelerationRate: Decay.normal)
        XCTAssertEqual(decay.velocity(initialVelocity: 1000.0, time: 0.001), 998, accuracy: 1e-9)
        XCTAssertEqual(decay.velocity(initialVelocity: 1000.0, time: 1), 1000 * pow(0.998, 1000), accuracy: 1e-9)
    }

    func testProjectionIsWhereTheMotionComesToRest() {
        let decay = Decay(decelerationRate: Decay.fast)
        let end = decay.projectedValue(from: 50.0, initialVelocity: 2000.0)
        XCTAssertEqual(end, 50 + 2000 * 0.001 / (1 - 0.99), accuracy: 1.1, "close to the geometric-series sum")
        XCTAssertEqual(decay.value(from: 50.0, initialVelocity: 2000.0, time: 30), end, accuracy: 1e-6)
        // Stepping it in 1 ms increments (the discrete model) lands within 1% of the distance.
        var x = 50.0, v = 2000.0
        for _ in 0..<20_000 { v *= 0.99; x += v * 0.001 }
        XCTAssertEqual(x, end, accuracy: 2)
    }

    func testInverseGivesTheVelocityThatStopsAtTheTarget() {
        let decay = Decay()
        let velocity = decay.initialVelocity(from: 10.0, toRestAt: 410.0)
        XCTAssertEqual(decay.projectedValue(from: 10.0, initialVelocity: velocity), 410, accuracy: 1e-9)
        let point = decay.initialVelocity(from: Point(x: 0, y: 0), toRestAt: Point(x: -30, y: 90))
        XCTAssertEqual(decay.projectedValue(from: .zero, initialVelocity: point).y, 90, accuracy: 1e-9)
    }
}

final class TimingCurveTests: XCTestCase {
    func testEndsAreFixedAndLinearIsIdentity() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            XCTAssertEqual(curve.progress(at: 0), 0, accuracy: 1e-9)
            XCTAssertEqual(curve.progress(at: 1), 1, accuracy: 1e-9)
        }
        XCTAssertEqual(TimingCurve.linear.progress(at: 0.37), 0.37, accuracy: 1e-12)
    }

    func testEaseInStartsSlowAndEaseOutStartsFast() {
        XCTAssertLessThan(TimingCurve.easeIn.progress(at: 0.25), 0.25)
        XCTAssertGreaterThan(TimingCurve.easeOut.progress(at: 0.25), 0.25)
        XCTAssertEqual(TimingCurve.easeInEaseOut.progress(at: 0.5), 0.5, accuracy: 1e-6, "symmetric")
    }

    func testProgressIsMonotonic() {
        var last = -1.0
        for step in 0...200 {
            let value = TimingCurve.default.progress(at: Double(step) / 200)
            XCTAssertGreaterThanOrEqual(value, last - 1e-9)
            last = value
        }
    }
}

final class ModulateAndRubberBandTests: XCTestCase {
    func testModulateMapsLinearlyAndClamps() {
        XCTAssertEqual(modulate(30, from: (0, 60), to: (0, 1)), 0.5)
        XCTAssertEqual(modulate(90, from: (0, 60), to: (0, 1)), 1.5)
        XCTAssertEqual(modulate(90, from: (0, 60), to: (0, 1), clamped: true), 1)
        XCTAssertEqual(modulate(-60, from: (0, -260), to: (1, 0)), 1 - 60.0 / 260, accuracy: 1e-12)
        XCTAssertEqual(modulate(10, from: (60, 0), to: (0.2, 1), clamped: true), 0.2 + (50.0 / 60) * 0.8, accuracy: 1e-12)
        XCTAssertEqual(modulate(5, from: (3, 3), to: (7, 9)), 7, "a degenerate range maps to the start")
    }

    func testRubberBandFollowsTheFormulaAndNeverReachesTheDimension() {
        let d = 300.0, c = 0.55
        for x in [1.0, 50, 300, 5000] {
            XCTAssertEqual(rubberBand(offset: x, dimension: d), (1 - 1 / (x * c / d + 1)) * d, accuracy: 1e-9)
            XCTAssertLessThan(rubberBand(offset: x, dimension: d), min(x, d))
        }
        XCTAssertEqual(rubberBand(offset: -50, dimension: d), -rubberBand(offset: 50, dimension: d))
        XCTAssertEqual(rubberBand(150, range: 0...100, dimension: d), 100 + rubberBand(offset: 50, dimension: d))
        XCTAssertEqual(rubberBand(42, range: 0...100, dimension: d), 42)
    }
}
