import XCTest
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// Random input at random times, from a fixed seed: the app must never crash, never show a non-finite number,
/// and always end in a state it can leave.
final class DisguiseFuzzTests: XCTestCase {
    func testTenThousandRandomTapsAndDragsNeverBreakIt() throws {
        var random = SeededGenerator(state: 0x5C07C4)
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        var states = Set<String>()
        // Anywhere on (and a little off) the screen, except the shell's own controls (the ☰ button and the
        // left-edge band that opens the menu), which would legitimately take the fuzz out of the app.
        func point() -> Point {
            let p = Point(x: Double.random(in: -20...1044, using: &random), y: Double.random(in: -20...788, using: &random))
            return p.x < 60 && (p.y < 60 || p.x < 30) ? Point(x: p.x + 70, y: p.y) : p
        }

        for index in 0..<10_000 {
            for _ in 0..<Int.random(in: 0...24, using: &random) { stage.step() }
            let start = point()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                stage.send(stage.touch(1, .began, at: start))
                if Bool.random(using: &random) { stage.step() }
                stage.send(stage.touch(1, .ended, at: start))
            case 5..<9:
                stage.send(stage.touch(1, .began, at: start))
                var location = start
                for _ in 0..<Int.random(in: 1...10, using: &random) {
                    stage.step()
                    location = location + Vector(dx: Double.random(in: -90...90, using: &random), dy: Double.random(in: -90...90, using: &random))
                    stage.send(stage.touch(1, .moved, at: location))
                }
                stage.send(stage.touch(1, Bool.random(using: &random) ? .ended : .cancelled, at: location))
            default:
                let keys: [KeyEvent.Key] = [.enter, .space, .tab, .left, .right]
                stage.send(KeyEvent(key: keys[Int.random(in: 0..<keys.count, using: &random)], timestamp: stage.time))
            }
            if index % 50 == 0 {
                let dump = stage.dump()
                states.insert(dump.state)
                for layer in dump.layers {
                    let numbers = [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height, layer.rotation, layer.opacity]
                    XCTAssertTrue(numbers.allSatisfy(\.isFinite), "\(layer.id) has a non-finite value after event \(index)")
                }
            }
        }
        XCTAssertTrue(states.contains("wheel"), "\(states)")
        XCTAssertTrue(states.contains { $0.hasPrefix("selected.") }, "\(states)")

        // Whatever state it ended in, the ordinary keys lead back to the wheel.
        for _ in 0..<(120 * 3) { stage.step() }
        for _ in 0..<4 {
            stage.send(KeyEvent(key: .space, timestamp: stage.time))
            for _ in 0..<120 { stage.step() }
        }
        for _ in 0..<(120 * 8) { stage.step() }
        XCTAssertEqual(stage.stateName, "wheel")
        let wheel = try XCTUnwrap(Disguise.screen(of: runner).wheel)
        XCTAssertTrue(wheel.springsAreNormal)
        XCTAssertTrue(wheel.world.items.allSatisfy { $0.center.isFinite })
    }
}
