import XCTest
@testable import KineticCore

private final class Model {
    var x = 0.0
    var point = Point.zero
    var color = Color.black
}

final class AnimatorTests: XCTestCase {
    func testSpringReachesTargetAndCompletesInSimulatedTime() {
        let model = Model(), animator = Animator()
        var finished: Bool?
        animator.animate(model, \.x, to: 100, with: .spring(response: 0.3, dampingRatio: 1)) { finished = $0 }
        var steps = 0
        while finished == nil && steps < 10_000 { animator.step(by: 1.0 / 120); steps += 1 }
        XCTAssertEqual(finished, true)
        XCTAssertEqual(model.x, 100)
        XCTAssertEqual(Double(steps) / 120, Spring(response: 0.3, dampingRatio: 1).settlingDuration(epsilon: 0.00001), accuracy: 0.5)
        XCTAssertEqual(animator.runningCount, 0)
    }

    func testRetargetingKeepsPositionAndVelocity() {
        let model = Model(), animator = Animator()
        animator.animate(model, \.x, to: 100, with: .spring(response: 0.5, dampingRatio: 0.8))
        for _ in 0..<12 { animator.step(by: 1.0 / 120) }
        let valueBefore = model.x
        let velocityBefore = animator.velocity(of: model, \.x)!
        XCTAssertGreaterThan(velocityBefore, 50)
        var firstCompletion: Bool?
        animator.animate(model, \.x, to: -200, with: .spring(response: 0.5, dampingRatio: 0.8)) { firstCompletion = $0 }
        XCTAssertEqual(animator.velocity(of: model, \.x)!, velocityBefore, accuracy: 1e-9, "velocity carried over")
        animator.step(by: 1.0 / 1000)
        XCTAssertEqual(model.x, valueBefore + velocityBefore / 1000, accuracy: 0.05, "no jump: moves on with the old velocity")
        XCTAssertNil(firstCompletion)
    }

    func testRetargetingTellsTheReplacedCompletion() {
        let model = Model(), animator = Animator()
        var first: Bool?
        animator.animate(model, \.x, to: 10, with: .tween(duration: 1)) { first = $0 }
        animator.step(by: 0.1)
        animator.animate(model, \.x, to: 20, with: .tween(duration: 1))
        XCTAssertEqual(first, false)
    }

    func testReleaseVelocityIsHandedToTheSpring() {
        let model = Model(), animator = Animator()
        animator.animate(model, \.point, to: .zero, with: .spring(response: 0.4, dampingRatio: 1), initialVelocity: Point(x: 1200, y: 0))
        animator.step(by: 0.001)
        XCTAssertEqual(model.point.x, 1.2, accuracy: 0.05)
    }

    func testTweenFollowsItsCurveAndEndsExactly() {
        let model = Model(), animator = Animator()
        animator.animate(model, \.color, to: .white, with: .tween(duration: 0.5, curve: .linear))
        animator.step(by: 0.25)
        XCTAssertEqual(model.color.red, 0.5, accuracy: 1e-9)
        animator.step(by: 0.3)
        XCTAssertEqual(model.color, .white)
    }

    func testDecayComesToRestAtItsProjection() {
        let model = Model(), animator = Animator()
        let decay = Decay(decelerationRate: Decay.fast)
        var done = false
        animator.decay(model, \.x, velocity: 1000, decay: decay, completion: { _ in done = true })
        for _ in 0..<2000 where !done { animator.step(by: 1.0 / 120) }
        XCTAssertTrue(done)
        XCTAssertEqual(model.x, decay.projectedValue(from: 0.0, initialVelocity: 1000.0), accuracy: 0.01)
    }

    func testDecayPastALimitHandsOffToASpringThatSettlesOnTheLimit() {
        let model = Model(), animator = Animator()
        animator.decay(model, \.x, velocity: 3000, decay: Decay(), limits: { $0 > 200 ? 200 : nil })
        var maximum = 0.0
        for _ in 0..<1200 { animator.step(by: 1.0 / 120); maximum = max(maximum, model.x) }
        XCTAssertGreaterThan(maximum, 200, "momentum carries it past the limit first")
        XCTAssertEqual(model.x, 200, accuracy: 0.01)
        XCTAssertEqual(animator.runningCount, 0)
    }

    func testStepSizeDoesNotChangeTheMotion() {
        let a = Model(), b = Model(), coarse = Animator(), fine = Animator()
        for animator in [coarse, fine] {
            animator.animate(animator === coarse ? a : b, \.x, to: 50, with: .spring(response: 0.4, dampingRatio: 0.5), initialVelocity: 100)
        }
        for _ in 0..<30 { coarse.step(by: 1.0 / 60) }
        for _ in 0..<240 { fine.step(by: 1.0 / 480) }
        XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
    }

    func testAnimationsOfDeallocatedObjectsEnd() {
        let animator = Animator()
        var model: Model? = Model()
        var finished: Bool?
        animator.animate(model!, \.x, to: 1, with: .tween(duration: 1)) { finished = $0 }
        model = nil
        animator.step(by: 0.1)
        XCTAssertEqual(finished, false)
        XCTAssertEqual(animator.runningCount, 0)
    }

    func testAnObjectMadeWhereAFreedOneWasGetsAnAnimationOfItsOwn() throws {
        final class Box { var x = 0.0 }
        let animator = Animator()
        var freed: ObjectIdentifier?
        do {
            let old = Box()
            freed = ObjectIdentifier(old)
            animator.animate(old, \.x, to: 100, with: .spring(response: 0.3, dampingRatio: 1))
        }
        // The old box is gone, its animation not yet stepped away. Allocate until a box lands at its address, as
        // layers made for a new screen do right after the old screen's layers were freed.
        var kept: [Box] = []
        var reused: Box?
        for _ in 0..<10_000 {
            let box = Box()
            if ObjectIdentifier(box) == freed { reused = box; break }
            kept.append(box)
        }
        let box = try XCTUnwrap(reused, "the allocator reuses a freed block of the same size at once")
        animator.animate(box, \.x, to: 50, with: .spring(response: 0.3, dampingRatio: 1))
        XCTAssertEqual(animator.target(of: box, \.x), 50)
        for _ in 0..<240 { animator.step(by: 1.0 / 120) }
        XCTAssertEqual(box.x, 50, accuracy: 0.01, "the new box moved, on its own animation")
        withExtendedLifetime(kept) {}
    }
}
