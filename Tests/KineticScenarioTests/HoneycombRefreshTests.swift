import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticData
@testable import KineticScenario
import KineticTestSupport

/// A refresh that changes the categories changes the hexagons on screen with them: a tap always acts on the
/// hexagon that was tapped, and an empty honeycomb says so.
final class HoneycombRefreshTests: XCTestCase {
    private func snapshot(_ categories: [HoneycombNode]) -> HoneycombSnapshot {
        HoneycombSnapshot(categories: categories, imageFiles: [:], source: .remote, problems: [], refreshFailed: false)
    }

    private func category(_ id: String, _ title: String) -> HoneycombNode {
        HoneycombNode(id: id, title: title, color: "#336699", children: [HoneycombNode(id: "\(id)-cell", title: "Cell", color: "#224466")])
    }

    func testDroppedAndRenamedCategoriesLeaveAndTheirReplacementsAnswerTaps() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        let screen = Honeycomb.screen(of: runner)
        XCTAssertNotNil(stage.dump().layer("category.nature"))
        let kept = screen.state.categories.filter { $0.id != "nature" }.prefix(4)
        screen.receive(snapshot([category("forest", "Forest")] + kept))
        stage.run(for: 1.5)
        let dump = stage.dump()
        XCTAssertNil(dump.layer("category.nature"), "the dropped category's hexagon is gone")
        let forest = try XCTUnwrap(dump.layer("category.forest"), "the new one is on stage")
        XCTAssertGreaterThan(forest.opacity, 0.99)
        stage.tap(forest.frame.center)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "grid.forest", "the tap opens the category that was tapped")
    }

    func testAnEmptyHoneycombSaysSo() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        XCTAssertNil(stage.dump().layer("honeycomb.empty"), "hidden while there are categories")
        Honeycomb.screen(of: runner).receive(snapshot([]))
        stage.run(for: 1)
        let dump = stage.dump()
        XCTAssertNotNil(dump.layer("honeycomb.empty"))
        let left = dump.layers.filter { $0.id.hasPrefix("category.") && !$0.id.hasPrefix("category.logo") && $0.visible && $0.opacity > 0.01 }.map(\.id)
        XCTAssertEqual(left, [], "no dead hexagons")
    }
}
