import XCTest
import KineticTestSupport
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Random taps, drags and keys from a fixed seed: the Honeycomb never crashes, never shows a non-finite number,
/// is always in a valid state, and ends, by its ordinary keys, back on the category honeycomb.
final class HoneycombFuzzTests: XCTestCase {
    func testTenThousandRandomTouchesAndKeysNeverBreakIt() throws {
        let seed = FuzzBudget.seed(default: 0x4E8C0B)
        let tag = "seed 0x\(String(seed, radix: 16))"
        var input = FuzzInput(random: SeededGenerator(state: seed), keys: [.enter, .space, .left, .right, .up, .down, .escape, .tab], dragStep: 60)
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        var screen = Honeycomb.screen(of: runner)
        let categoryIDs = Set(screen.state.categories.map(\.id))
        var states = Set<String>()
        func checkInvariants(_ index: Int) {
            let dump = stage.dump()
            states.insert(dump.state)
            for layer in dump.layers {
                let numbers = [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height, layer.opacity]
                XCTAssertTrue(numbers.allSatisfy(\.isFinite), "\(layer.id) is not finite after event \(index), \(tag)")
            }
            let state = screen.state
            switch state.phase {
            case .categories:
                XCTAssertNil(state.openCell)
            case .morph(let id, _), .grid(let id):
                XCTAssertTrue(categoryIDs.contains(id), "shows an unknown category \(id), \(tag)")
            }
            if let open = state.openCell {
                XCTAssertTrue(state.shownCategory?.children.contains { $0.id == open } == true, "panel of a cell not shown: \(open), \(tag)")
                if case .grid = state.phase {} else { XCTFail("a panel outside a grid after event \(index), \(tag)") }
            }
            let valid = dump.state == "categories" || dump.state == "morph" || dump.state == "menu"
                || dump.state.hasPrefix("grid.") || dump.state.hasPrefix("panel.")
            XCTAssertTrue(valid, "state \(dump.state) after event \(index), \(tag)")
        }

        for index in 0..<FuzzBudget.events {
            // Esc on the category honeycomb leaves the app for the gallery; it is left out there to keep fuzzing the app.
            input.sendOne(to: stage, maximumWait: 30) { $0 != .escape || stage.stateName != "categories" }
            if FuzzInput.returnToApp("honeycomb", on: stage) { screen = Honeycomb.screen(of: runner) }
            if index % 10 == 0 { checkInvariants(index) }
        }
        XCTAssertTrue(states.contains("categories") && states.contains("morph"), "\(states)")
        XCTAssertTrue(states.contains { $0.hasPrefix("grid.") } && states.contains { $0.hasPrefix("panel.") }, "\(states)")

        // Esc, as often as it takes, leads back to the categories.
        for _ in 0..<3 {
            if stage.stateName == "categories" { break }
            stage.send(KeyEvent(key: .escape, timestamp: stage.time))
            for _ in 0..<240 { stage.step() }
        }
        XCTAssertEqual(stage.stateName, "categories")
    }
}
