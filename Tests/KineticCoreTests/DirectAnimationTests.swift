import XCTest
@testable import KineticCore

/// An object that sets one property itself and counts the times it did.
private final class Counted: DirectAnimationTarget {
    var listed = 0.0 { didSet { observed += 1 } }
    var unlisted = 0.0 { didSet { observed += 1 } }
    var observed = 0
    var directSets = 0

    func setAnimatedValue<Value: Animatable>(_ value: Value, at keyPath: AnyKeyPath) -> Bool {
        guard keyPath == \Counted.listed, let number = value as? Double else { return false }
        directSets += 1
        listed = number
        return true
    }
}

/// The animator sets a `DirectAnimationTarget`'s listed properties through it, every frame, and still animates the
/// properties it does not list.
final class DirectAnimationTests: XCTestCase {
    func testListedPropertiesAreSetDirectlyAndOthersThroughTheKeyPath() {
        let object = Counted(), animator = Animator()
        animator.animate(object, \.listed, to: 10, with: .tween(duration: 0.5, curve: .linear))
        animator.animate(object, \.unlisted, to: 20, with: .tween(duration: 0.5, curve: .linear))
        for _ in 0..<30 { animator.step(by: 1.0 / 120) }
        // Half way through a linear half-second tween of 0 → 10: 5.
        XCTAssertEqual(object.listed, 5, accuracy: 1e-6)
        XCTAssertEqual(object.unlisted, 10, accuracy: 1e-6)
        XCTAssertEqual(object.directSets, 30, "one direct set a frame for the listed property")
        XCTAssertEqual(object.observed, 60, "both properties' observers ran every frame, the listed one's through the direct set")
        for _ in 0..<30 { animator.step(by: 1.0 / 120) }
        XCTAssertEqual(object.listed, 10)
        XCTAssertEqual(object.unlisted, 20)
        XCTAssertEqual(animator.runningCount, 0)
    }

    func testStartedCountCountsNewAnimationsNotRetargets() {
        let object = Counted(), animator = Animator()
        animator.animate(object, \.listed, to: 1, with: .spring(response: 0.3, dampingRatio: 1))
        animator.animate(object, \.listed, to: 2, with: .spring(response: 0.3, dampingRatio: 1))
        animator.animate(object, \.unlisted, to: 2, with: .spring(response: 0.3, dampingRatio: 1))
        XCTAssertEqual(animator.startedCount, 2, "the second call on `listed` retargets the running spring")
    }
}
