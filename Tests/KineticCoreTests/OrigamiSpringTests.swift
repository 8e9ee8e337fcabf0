import XCTest
@testable import KineticCore

/// Origami's bounciness and speed, converted as React Native's `Animated.spring` does; the expected values are that
/// conversion worked by hand (below), then k and c turned into response and damping ratio: response = 2π / √k,
/// ζ = c / (2√k) for a unit mass.
final class OrigamiSpringTests: XCTestCase {
    /// React Native's defaults, bounciness 8 and speed 12:
    /// b = 8 / 1.7 / 20 × 0.8 = 0.188235; tension = 0.5 + (12 / 1.7 / 20) × 199.5 = 70.911765;
    /// no-bounce friction at 70.91 (the third fit) = 0.00000045·x³ − 0.000332·x² + 0.1078·x + 5.84 = 11.975294;
    /// eased b = 2b − b² = 0.341038; friction = 0.341038 × 0.01 + 0.658962 × 11.975294 = 7.894673;
    /// k = (70.911765 − 30) × 3.62 + 194 = 342.100588; c = (7.894673 − 8) × 3 + 25 = 24.684019.
    func testReactNativesDefaultSpring() {
        let k = (70.911765 - 30) * 3.62 + 194
        XCTAssertEqual(k, 342.100588, accuracy: 1e-5)
        let spring = Spring(bounciness: 8, speed: 12)
        XCTAssertEqual(spring.response, 2 * .pi / k.squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(spring.response, 0.339706, accuracy: 1e-6)
        XCTAssertEqual(spring.dampingRatio, 24.684019 / (2 * k.squareRoot()), accuracy: 1e-6)
        XCTAssertEqual(spring.dampingRatio, 0.667281, accuracy: 1e-6)
    }

    /// Origami's no-bounce curve is fitted so that bounciness 0 is about critically damped over the speeds designers
    /// use (the fit is loosest at the slowest, where the stiffness formula is near its floor).
    func testNoBouncinessIsCriticallyDamped() {
        for speed in [6.0, 8, 12, 16, 20, 30] {
            XCTAssertEqual(Spring(bounciness: 0, speed: speed).dampingRatio, 1, accuracy: 0.04, "speed \(speed)")
        }
        XCTAssertEqual(Spring(bounciness: 0, speed: 12).dampingRatio, 0.998215, accuracy: 1e-6)
    }

    /// More bounciness bounces more (a lower damping ratio); more speed is quicker (a shorter response).
    func testBouncinessAndSpeedMoveTheRightWay() {
        XCTAssertLessThan(Spring(bounciness: 20, speed: 12).dampingRatio, Spring(bounciness: 8, speed: 12).dampingRatio)
        XCTAssertLessThan(Spring(bounciness: 8, speed: 20).response, Spring(bounciness: 8, speed: 12).response)
        // Bounciness 20, speed 5: tension 29.838235, k = 193.414412, friction 2.408813, c = 8.226440.
        let soft = Spring(bounciness: 20, speed: 5)
        XCTAssertEqual(soft.response, 2 * .pi / 193.414412.squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(soft.dampingRatio, 8.226440 / (2 * 193.414412.squareRoot()), accuracy: 1e-6)
    }

    /// Rebound's default spring, Origami tension 40 and friction 7: k = 10 × 3.62 + 194 = 230.2, c = −3 + 25 = 22.
    func testOrigamiTensionAndFriction() {
        let spring = Spring(origamiTension: 40, friction: 7)
        XCTAssertEqual(spring.response, 2 * .pi / 230.2.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(spring.dampingRatio, 22 / (2 * 230.2.squareRoot()), accuracy: 1e-9)
    }
}
