import XCTest
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// Random input at random times, from a fixed seed: the app must never crash, never show a non-finite number,
/// and always end in a state it can leave.
final class DisguiseFuzzTests: XCTestCase {
    func testTenThousandRandomTapsAndDragsNeverBreakIt() throws {
        var input = FuzzInput(random: SeededGenerator(state: 0x5C07C4), keys: [.enter, .space, .tab, .left, .right], dragStep: 90)
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        var states = Set<String>()

        for index in 0..<10_000 {
            input.sendOne(to: stage, maximumWait: 24)
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
