import XCTest
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// Random taps, drags and keys from a fixed seed: the Honeycomb never crashes, never shows a non-finite number,
/// is always in a valid state, and ends, by its ordinary keys, back on the category honeycomb.
final class HoneycombFuzzTests: XCTestCase {
    func testTenThousandRandomTouchesAndKeysNeverBreakIt() throws {
        var random = SeededGenerator(state: 0x4E8C0B)
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        let screen = Honeycomb.screen(of: runner)
        let categoryIDs = Set(screen.state.categories.map(\.id))
        var states = Set<String>()
        // Anywhere, except the shell's ☰ button and its left-edge band (they take the fuzz out of the app).
        func point() -> Point {
            let p = Point(x: Double.random(in: -20...1044, using: &random), y: Double.random(in: -20...788, using: &random))
            return p.x < 60 && (p.y < 60 || p.x < 30) ? Point(x: p.x + 70, y: p.y) : p
        }
        func checkInvariants(_ index: Int) {
            let dump = stage.dump()
            states.insert(dump.state)
            for layer in dump.layers {
                let numbers = [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height, layer.opacity]
                XCTAssertTrue(numbers.allSatisfy(\.isFinite), "\(layer.id) is not finite after event \(index)")
            }
            let state = screen.state
            switch state.phase {
            case .categories:
                XCTAssertNil(state.openCell)
            case .morph(let id, _), .grid(let id):
                XCTAssertTrue(categoryIDs.contains(id), "shows an unknown category \(id)")
            }
            if let open = state.openCell {
                XCTAssertTrue(state.shownCategory?.children.contains { $0.id == open } == true, "panel of a cell not shown: \(open)")
                if case .grid = state.phase {} else { XCTFail("a panel outside a grid after event \(index)") }
            }
            let valid = dump.state == "categories" || dump.state == "morph" || dump.state == "menu"
                || dump.state.hasPrefix("grid.") || dump.state.hasPrefix("panel.")
            XCTAssertTrue(valid, "state \(dump.state) after event \(index)")
        }

        for index in 0..<10_000 {
            for _ in 0..<Int.random(in: 0...30, using: &random) { stage.step() }
            let start = point()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                stage.send(stage.touch(1, .began, at: start))
                if Bool.random(using: &random) { stage.step() }
                stage.send(stage.touch(1, .ended, at: start))
            case 5..<8:
                stage.send(stage.touch(1, .began, at: start))
                var location = start
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    stage.step()
                    location = location + Vector(dx: Double.random(in: -60...60, using: &random), dy: Double.random(in: -60...60, using: &random))
                    stage.send(stage.touch(1, .moved, at: location))
                }
                stage.send(stage.touch(1, Bool.random(using: &random) ? .ended : .cancelled, at: location))
            default:
                let keys: [KeyEvent.Key] = [.enter, .space, .left, .right, .up, .down, .escape, .tab]
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                // Esc on the category honeycomb leaves the app for the gallery; come back to keep fuzzing it.
                if key == .escape, stage.stateName == "categories" { continue }
                stage.send(KeyEvent(key: key, timestamp: stage.time))
            }
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
