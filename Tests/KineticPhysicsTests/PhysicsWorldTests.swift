import XCTest
import KineticCore
@testable import KineticPhysics
import CChipmunk
import Foundation

final class PhysicsWorldTests: XCTestCase {
    private func run(_ world: PhysicsWorld, seconds: Double) {
        for _ in 0..<Int(seconds * 120) { world.advance(by: 1.0 / 120) }
    }

    func testGravityOfOneIsAThousandPointsPerSecondSquared() throws {
        let world = PhysicsWorld()
        let ball = try world.addItem("ball", shape: .circle(radius: 10), center: Point(x: 100, y: 0))
        world.addGravity().addItem(ball)
        run(world, seconds: 0.5)
        XCTAssertEqual(ball.velocity.dy, 500, accuracy: 1)
        XCTAssertEqual(ball.center.y, 0.5 * 1000 * 0.25, accuracy: 3)
    }

    func testABodyFallsAndRestsOnTheFloorInsideTheBounds() throws {
        let world = PhysicsWorld()
        let bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        let ball = try world.addItem("ball", shape: .circle(radius: 20), center: Point(x: 200, y: 40))
        try ball.setElasticity(0.4)
        let collision = try world.addCollision()
        try collision.addBoundary(rect: bounds)
        collision.addItem(ball)
        world.addGravity().addItem(ball)
        var paused = 0
        world.onPause = { paused += 1 }
        run(world, seconds: 4)
        XCTAssertEqual(ball.center.y, 280, accuracy: 1.5, "resting on the floor")
        XCTAssertTrue(bounds.insetBy(dx: -1, dy: -1).contains(Rect(center: ball.center, size: Size(width: 40, height: 40))))
        XCTAssertEqual(paused, 1, "the pause event fired once")
        XCTAssertTrue(world.isPaused)
    }

    func testItemsInACollisionBehaviourDoNotOverlap() throws {
        let world = PhysicsWorld()
        let collision = try world.addCollision()
        try collision.addBoundary(rect: Rect(x: 0, y: 0, width: 300, height: 400))
        let gravity = world.addGravity()
        var balls: [DynamicItem] = []
        for i in 0..<8 {
            let ball = try world.addItem("b\(i)", shape: .circle(radius: 30), center: Point(x: 60 + Double(i % 4) * 62, y: 40 + Double(i / 4) * 62))
            collision.addItem(ball)
            gravity.addItem(ball)
            balls.append(ball)
        }
        run(world, seconds: 5)
        for a in 0..<balls.count {
            for b in (a + 1)..<balls.count {
                XCTAssertGreaterThanOrEqual(balls[a].center.distance(to: balls[b].center), 60 - 1)
            }
        }
    }

    func testAttachmentSpringOscillatesAtTheFrequencyAskedAndSettlesOnItsAnchor() throws {
        let world = PhysicsWorld()
        let item = try world.addItem("bob", shape: .circle(radius: 10), center: Point(x: 150, y: 100))
        try world.attach(item, toAnchor: Point(x: 100, y: 100), frequency: 2, dampingRatio: 0.05)
        // Time between successive downward zero crossings of x − 100 ≈ one damped period 1/(f·√(1−ζ²)).
        var crossings: [Double] = []
        var previous = item.center.x - 100
        for _ in 0..<(120 * 3) {
            world.advance(by: 1.0 / 120)
            let x = item.center.x - 100
            if previous > 0 && x <= 0 { crossings.append(world.time) }
            previous = x
        }
        XCTAssertGreaterThanOrEqual(crossings.count, 4)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        XCTAssertEqual(period, 1 / (2 * (1 - 0.05 * 0.05).squareRoot()), accuracy: 0.02)

        let settling = try world.addItem("settling", shape: .circle(radius: 10), center: Point(x: 300, y: 300))
        try world.attach(settling, toAnchor: Point(x: 250, y: 280), frequency: 3, dampingRatio: 0.7)
        run(world, seconds: 3)
        XCTAssertEqual(settling.center.distance(to: Point(x: 250, y: 280)), 0, accuracy: 0.05)
    }

    func testAZeroLengthSpringDampsMotionAroundItsAnchorToo() throws {
        // Kicked sideways, an item on a zero-length spring must not circle its anchor for ever: the damping acts
        // on the whole relative velocity, as UIAttachmentBehavior's does, not only along the spring's axis.
        let world = PhysicsWorld()
        let item = try world.addItem("orbiter", shape: .circle(radius: 10), center: Point(x: 110, y: 100))
        try world.attach(item, toAnchor: Point(x: 100, y: 100), frequency: 2, dampingRatio: 0.5)
        try item.setVelocity(Vector(dx: 0, dy: 120))
        run(world, seconds: 4)
        XCTAssertEqual(item.center.distance(to: Point(x: 100, y: 100)), 0, accuracy: 0.01)
        XCTAssertLessThan(item.velocity.length, 0.01)
    }

    func testRigidAttachmentKeepsItsLength() throws {
        let world = PhysicsWorld()
        let item = try world.addItem("pendulum", shape: .circle(radius: 5), center: Point(x: 180, y: 100))
        try world.attach(item, toAnchor: Point(x: 100, y: 100), length: 80)
        world.addGravity().addItem(item)
        run(world, seconds: 1)
        XCTAssertEqual(item.center.distance(to: Point(x: 100, y: 100)), 80, accuracy: 0.5)
    }

    func testPivotedArmatureSpinsAndAngularResistanceSlowsIt() throws {
        let world = PhysicsWorld()
        let armature = try world.addItem("armature", shape: .circle(radius: 100), center: Point(x: 200, y: 200))
        try world.pin(armature, pivot: Point(x: 200, y: 200))
        try armature.setAngularResistance(1)
        try armature.addAngularVelocity(4)
        run(world, seconds: 1)
        XCTAssertEqual(armature.angularVelocity, 4 * exp(-1), accuracy: 0.05)
        XCTAssertEqual(armature.center.distance(to: Point(x: 200, y: 200)), 0, accuracy: 0.01)
        XCTAssertGreaterThan(armature.angle, 2)
    }

    func testBadInputThrowsInsteadOfReachingChipmunk() throws {
        let world = PhysicsWorld()
        XCTAssertThrowsError(try world.addItem("nan", shape: .circle(radius: .nan), center: .zero)) {
            XCTAssertEqual("\($0)", "nan.radius must be finite, got nan")
        }
        XCTAssertThrowsError(try world.addItem("zero", shape: .circle(radius: 0), center: .zero))
        XCTAssertThrowsError(try world.addItem("dense", shape: .rectangle(Size(width: 10, height: 10)), center: .zero, density: -1))
        let item = try world.addItem("ok", shape: .circle(radius: 5), center: .zero)
        XCTAssertThrowsError(try item.setVelocity(Vector(dx: .infinity, dy: 0)))
        XCTAssertThrowsError(try item.setCenter(Point(x: 0, y: .nan)))
        XCTAssertThrowsError(try world.attach(item, toAnchor: Point(x: .nan, y: 0)))
        XCTAssertThrowsError(try world.attach(item, toAnchor: .zero, frequency: -2))
        let other = PhysicsWorld()
        let stranger = try other.addItem("stranger", shape: .circle(radius: 5), center: .zero)
        XCTAssertThrowsError(try world.attach(item, to: stranger, otherOffset: .zero))
        XCTAssertThrowsError(try world.removeItem(stranger))
        world.advance(by: .nan)
        world.advance(by: 1.0 / 120)
        XCTAssertTrue(item.center.isFinite)
    }

    func testSofteningAndStiffeningAnAttachmentWhileItRuns() throws {
        let world = PhysicsWorld()
        let item = try world.addItem("bubble", shape: .circle(radius: 20), center: Point(x: 400, y: 400))
        let attachment = try world.attach(item, toAnchor: Point(x: 100, y: 100), frequency: 0.8, dampingRatio: 1)
        var pauses = 0
        world.onPause = {
            pauses += 1
            try? attachment.setSpring(frequency: 0, dampingRatio: 0)
        }
        run(world, seconds: 6)
        XCTAssertEqual(pauses, 1)
        XCTAssertEqual(attachment.frequency, 0)
        XCTAssertEqual(item.center.distance(to: Point(x: 100, y: 100)), 0, accuracy: 0.5)
    }

    func testRemovingAnItemRemovesItsAttachments() throws {
        let world = PhysicsWorld()
        let a = try world.addItem("a", shape: .circle(radius: 5), center: .zero)
        let b = try world.addItem("b", shape: .circle(radius: 5), center: Point(x: 30, y: 0))
        try world.attach(a, to: b, otherOffset: .zero, length: 30)
        try world.removeItem(b)
        XCTAssertTrue(world.attachments.isEmpty)
        run(world, seconds: 0.1)
        XCTAssertEqual(world.items.count, 1)
    }

    func testARemovedItemIsInertAndKeepsItsLastState() throws {
        let world = PhysicsWorld()
        let ball = try world.addItem("ball", shape: .circle(radius: 10), center: Point(x: 50, y: 0))
        world.addGravity().addItem(ball)
        run(world, seconds: 0.2)
        let (center, velocity) = (ball.center, ball.velocity)
        try world.removeItem(ball)
        // Churn the allocator so that freed memory would be reused and show through.
        for index in 0..<200 { _ = try world.addItem("filler\(index)", shape: .circle(radius: 3), center: Point(x: Double(index), y: 900)) }
        run(world, seconds: 0.5)
        XCTAssertEqual(ball.center, center, "a removed item no longer falls")
        XCTAssertEqual(ball.velocity, velocity, "and still answers with its last state")
        XCTAssertNil(ball.world)
        try ball.setVelocity(Vector(dx: 5, dy: 5))
        run(world, seconds: 0.1)
        XCTAssertEqual(ball.center, center, "moving it does nothing in the world")
        XCTAssertThrowsError(try world.removeItem(ball), "it is not in the world any more")
    }

    func testItemsOutliveTheirWorldSafely() throws {
        var world: PhysicsWorld? = PhysicsWorld()
        let ball = try world!.addItem("ball", shape: .circle(radius: 10), center: Point(x: 5, y: 6))
        world = nil
        XCTAssertEqual(ball.center, Point(x: 5, y: 6))
    }
}

/// Silencing Chipmunk's banner must not swallow what other threads print meanwhile.
final class ChipmunkBannerTests: XCTestCase {
    func testOtherThreadsOutputSurvivesTheSilencing() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-stdout-\(UUID().uuidString).txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        fflush(kinetic_standard_output())
        let original = dup(STDOUT_FILENO)
        let capture = open(file.path, O_WRONLY)
        XCTAssertTrue(original >= 0 && capture >= 0)
        dup2(capture, STDOUT_FILENO)
        close(capture)
        let lines = 20_000
        let printer = Thread {
            for index in 0..<lines { print("line \(index)") }
        }
        printer.start()
        for _ in 0..<300 { cpSpaceFree(ChipmunkBanner.makeSpaceSilently()) }
        while !printer.isFinished { usleep(1000) }
        fflush(kinetic_standard_output())
        dup2(original, STDOUT_FILENO)
        close(original)
        let printed = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(printed.count, lines, "every line the other thread printed arrived")
        XCTAssertEqual(printed.last, "line \(lines - 1)")
        XCTAssertFalse(printed.contains { $0.contains("Chipmunk") }, "and no banner")
    }
}
