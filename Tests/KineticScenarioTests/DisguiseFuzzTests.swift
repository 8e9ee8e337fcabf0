import XCTest
import KineticTestSupport
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Random input at random times, from a fixed seed: the app must never crash, never show a non-finite number,
/// and always end in a state it can leave.
final class DisguiseFuzzTests: XCTestCase {
    func testTenThousandRandomTapsAndDragsNeverBreakIt() throws {
        let seed = FuzzBudget.seed(default: 0x5C07C4)
        var input = FuzzInput(random: SeededGenerator(state: seed), keys: [.enter, .space, .tab, .left, .right], dragStep: 90)
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        var screen = Disguise.screen(of: runner)
        let ids = Set(Disguise.sixCostumes.map(\.id))
        let valid: Set<String> = ["splash", "splash.leaving", "intro.1", "intro.2", "intro.3", "intro.leaving", "wheel", "wheel.returning", "menu"]
        var states = Set<String>()
        var failures = 0

        for index in 0..<FuzzBudget.events {
            input.sendOne(to: stage, maximumWait: 24)
            if FuzzInput.returnToApp("disguise", on: stage) { screen = Disguise.screen(of: runner) }
            // After every burst: a state the app knows, every bubble inside the stage, and resting bubbles apart.
            let state = stage.stateName
            states.insert(state)
            var problems: [String] = []
            if !valid.contains(state) && !(state.hasPrefix("selected.") && ids.contains(String(state.dropFirst(9)))) { problems.append("unknown state \(state)") }
            if let wheel = screen.wheel {
                // Every bubble stays whole on the stage, within half a point (the one worn is not shown as a bubble).
                let onScreen = Rect(origin: .zero, size: stage.size).insetBy(dx: wheel.bubbleRadius - 0.5, dy: wheel.bubbleRadius - 0.5)
                for bubble in wheel.bubbles where state != "selected.\(bubble.id)" {
                    let centre = bubble.item.center
                    if !centre.isFinite || !onScreen.contains(centre) { problems.append("bubble \(bubble.id) at \(centre), outside the stage, in \(state), wheel turning \(wheel.angularVelocity) rad/s") }
                }
                // At rest: the wheel has stopped its world (every body still), so what shows now stays.
                if state.hasPrefix("selected."), wheel.isResting {
                    let resting = wheel.bubbles.filter { "selected.\($0.id)" != state }
                    for (i, a) in resting.enumerated() {
                        for b in resting[(i + 1)...] where a.item.center.distance(to: b.item.center) < 2 * wheel.bubbleRadius - 1 {
                            problems.append("resting bubbles \(a.id) and \(b.id) overlap: centres \(a.item.center.distance(to: b.item.center)) pt apart, diameter \(2 * wheel.bubbleRadius)")
                        }
                    }
                }
            }
            if index % 50 == 0 {
                for layer in stage.dump().layers {
                    let numbers = [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height, layer.rotation, layer.opacity]
                    if !numbers.allSatisfy(\.isFinite) { problems.append("\(layer.id) has a non-finite value") }
                }
            }
            for problem in problems where failures < 20 {
                XCTFail("seed 0x\(String(seed, radix: 16)), event \(index): \(problem)")
                failures += 1
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
