import XCTest
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Seed 003's "transformer" assembly: the seven category hexagons fly in from their own sides, one after another,
/// and lock into the honeycomb.
final class HoneycombEntranceTests: XCTestCase {
    func testTheCategoriesFlyInOneAfterAnotherAndLockIn() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        func centres() -> [String: Point] {
            Dictionary(uniqueKeysWithValues: stage.dump().layers.filter { $0.id.hasPrefix("category.") && $0.id != "category.logo" && !$0.id.dropFirst(9).contains(".") }
                .map { ($0.id, $0.frame.center) })
        }
        let start = centres()
        XCTAssertEqual(start.count, 6)
        var progress: [[String: Double]] = []
        for time in [0.1, 0.2, 0.3] {
            stage.run(until: time)
            progress.append(centres().mapValues { _ in 0 })
        }
        stage.run(until: 3)
        let home = centres()
        // How far along each is at 0.1, 0.2 and 0.3 s: 0 where it started, 1 at home.
        let replay = try Honeycomb.runner()
        for (row, time) in [0.1, 0.2, 0.3].enumerated() {
            replay.stage.run(until: time)
            let now = Dictionary(uniqueKeysWithValues: replay.stage.dump().layers.filter { start[$0.id] != nil }.map { ($0.id, $0.frame.center) })
            for (id, point) in now {
                let total = start[id]!.distance(to: home[id]!)
                progress[row][id] = total > 0 ? 1 - point.distance(to: home[id]!) / total : 1
            }
        }
        for (row, time) in [0.1, 0.2, 0.3].enumerated() {
            let values = progress[row].values
            XCTAssertGreaterThan(values.max()! - values.min()!, 0.2, "at \(time) s the categories are at different stages: \(progress[row])")
        }
        for (id, point) in home {
            let earlier = try XCTUnwrap(start[id])
            XCTAssertGreaterThan(earlier.distance(to: point), 200, "\(id) came from off its place")
        }
        XCTAssertEqual(stage.stateName, "categories")
    }
}
