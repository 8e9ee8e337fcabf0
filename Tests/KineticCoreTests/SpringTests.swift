import XCTest
@testable import KineticCore

/// Springs are checked against a direct numerical integration of m·ẍ = −k·x − c·ẋ (RK4 at 0.1 ms).
final class SpringTests: XCTestCase {
    /// RK4 on m·x'' = −k·x − c·x' with 0.1 ms steps; `observe` sees every step's time, position and velocity.
    private func integrate(_ spring: Spring, x0: Double, v0: Double, until time: Double,
                           observe: (Double, Double, Double) -> Void = { _, _, _ in }) -> (Double, Double) {
        let k = spring.stiffness, c = spring.damping, m = spring.mass
        let h = 0.0001
        var x = x0, v = v0, t = 0.0
        func acceleration(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
        while t < time - 1e-12 {
            let step = min(h, time - t)
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + 0.5 * step * k1v, k2v = acceleration(x + 0.5 * step * k1x, v + 0.5 * step * k1v)
            let k3x = v + 0.5 * step * k2v, k3v = acceleration(x + 0.5 * step * k2x, v + 0.5 * step * k2v)
            let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += step
            observe(t, x, v)
        }
        return (x, v)
    }

    private func assertMatchesIntegration(_ spring: Spring, file: StaticString = #filePath, line: UInt = #line) {
        for time in [0.05, 0.2, 0.5, 1.0] {
            let (x, v) = integrate(spring, x0: 100, v0: -300, until: time)
            let closed = spring.evaluate(target: 0.0, value: 100.0, velocity: -300.0, time: time)
            XCTAssertEqual(closed.value, x, accuracy: 1e-3, "value at t=\(time) for \(spring)", file: file, line: line)
            XCTAssertEqual(closed.velocity, v, accuracy: 1e-2, "velocity at t=\(time) for \(spring)", file: file, line: line)
        }
    }

    func testUnderdampedMatchesIntegration() { assertMatchesIntegration(Spring(response: 0.4, dampingRatio: 0.3)) }
    func testCriticallyDampedMatchesIntegration() { assertMatchesIntegration(Spring(response: 0.4, dampingRatio: 1)) }
    func testOverdampedMatchesIntegration() { assertMatchesIntegration(Spring(response: 0.4, dampingRatio: 2.5)) }

    func testSwiftUIParameters() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.response, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(Spring(duration: 0.5, bounce: -0.5).dampingRatio, 2, accuracy: 1e-12)
        assertMatchesIntegration(spring)
    }

    func testPublishedConversionsWorkedByHand() {
        // CASpringAnimation with mass 1, stiffness 100, damping 10: ω₀ = √(k/m) = 10 rad/s, so the response (the
        // undamped period) is 2π/10 = 0.6283 s, and ζ = c / (2√(k·m)) = 10 / 20 = 0.5.
        let ca = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(ca.response, 0.628_318_5, accuracy: 1e-6)
        XCTAssertEqual(ca.dampingRatio, 0.5, accuracy: 1e-12)
        // SwiftUI's spring(response: 0.55, dampingFraction: 0.825) as stiffness and damping for a unit mass:
        // k = (2π/0.55)² = 130.5, c = 2·0.825·(2π/0.55) = 18.85.
        let swiftUI = Spring(response: 0.55, dampingRatio: 0.825)
        XCTAssertEqual(swiftUI.stiffness, 130.5, accuracy: 0.05)
        XCTAssertEqual(swiftUI.damping, 18.85, accuracy: 0.005)
        // SwiftUI's .spring(duration: 0.5, bounce: 0.2): response 0.5 s, damping fraction 1 − 0.2 = 0.8.
        XCTAssertEqual(Spring(duration: 0.5, bounce: 0.2).dampingRatio, 0.8, accuracy: 1e-12)
    }

    func testCoreAnimationParametersRoundTrip() {
        let spring = Spring(mass: 2, stiffness: 300, damping: 20)
        XCTAssertEqual(spring.stiffness, 300, accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 20, accuracy: 1e-9)
        XCTAssertEqual(spring.dampingRatio, 20 / (2 * (300.0 * 2).squareRoot()), accuracy: 1e-12)
        assertMatchesIntegration(spring)
    }

    func testUIKitDurationSettlesInThatDuration() {
        let spring = Spring(uikitDuration: 0.8, dampingRatio: 0.6)
        // Measured on the equation of motion itself (m·x'' = −k·x − c·x', integrated with RK4 from rest, one unit
        // from the target), not with the function the conversion is built on. Settled means the oscillation's
        // amplitude is within a thousandth of the distance: both |x| and |v|/ω₀ (ω₀ = √(k/m)), so that a moment of
        // passing through the target at speed does not count. The last moment outside is the duration asked for.
        let omega0 = (spring.stiffness / spring.mass).squareRoot()
        var lastOutside = 0.0
        _ = integrate(spring, x0: 1, v0: 0, until: 3) { t, x, v in
            if abs(x) > 0.001 || abs(v) / omega0 > 0.001 { lastOutside = t }
        }
        XCTAssertEqual(lastOutside, 0.8, accuracy: 0.02)
        assertMatchesIntegration(spring)
        let velocity = Spring.uikitInitialVelocity(2, from: 100.0, to: 300.0)
        XCTAssertEqual(velocity, 400)
    }

    func testSettlingDurationIsWhenMotionStaysInsideTheBand() {
        let spring = Spring(response: 0.5, dampingRatio: 0.5)
        let settle = spring.settlingDuration(epsilon: 0.001)
        let before = spring.evaluate(target: 0.0, value: 1.0, velocity: 0.0, time: settle - 0.1)
        XCTAssertGreaterThan(max(abs(before.value), abs(before.velocity)), 0.001 * 0.5, "still moving a little before")
        for t in stride(from: settle, through: settle + 2, by: 0.01) {
            let state = spring.evaluate(target: 0.0, value: 1.0, velocity: 0.0, time: t)
            XCTAssertLessThanOrEqual(abs(state.value), 0.001 + 1e-9)
        }
        // Settling time is proportional to the response.
        XCTAssertEqual(Spring(response: 1, dampingRatio: 0.5).settlingDuration(), settle * 2, accuracy: 0.02)
    }

    func testVectorValuesMoveLikeTheirComponents() {
        let spring = Spring.bouncy
        let point = spring.evaluate(target: Point(x: 10, y: -5), value: Point(x: 0, y: 0), velocity: Point(x: 3, y: 4), time: 0.3)
        let x = spring.evaluate(target: 10.0, value: 0.0, velocity: 3.0, time: 0.3)
        let y = spring.evaluate(target: -5.0, value: 0.0, velocity: 4.0, time: 0.3)
        XCTAssertEqual(point.value.x, x.value, accuracy: 1e-12)
        XCTAssertEqual(point.value.y, y.value, accuracy: 1e-12)
    }
}
