import XCTest
import KineticCore
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Image snapshots of the Honeycomb at half scale (512×384 pixels), compared with the references in
/// `References/` within `snapshotPixelFraction` (0.5% of pixels may differ by more than 16/255). Offline, so
/// cells show their placeholders.
final class HoneycombSnapshotTests: XCTestCase {
    func testEveryScreenMatchesItsReference() throws {
        let runner = try Honeycomb.runner(scale: 0.5)
        let stage = runner.stage
        let screen = Honeycomb.screen(of: runner)
        func snapshot(_ name: String, state: String) throws {
            XCTAssertEqual(stage.stateName, state, name)
            runner.renderer.render(stage.root)
            XCTAssertTrue(runner.renderer.assetErrors.isEmpty, "\(runner.renderer.assetErrors)")
            try assertSnapshot(runner.renderer, named: "honeycomb-\(name)")
        }
        stage.run(until: 1.5)
        try snapshot("categories", state: "categories")
        stage.tap(stage.centre(of: "category.nature")!)
        stage.run(for: 0.25)
        try snapshot("morph", state: "morph")
        stage.run(for: 1.5)
        try snapshot("grid-12", state: "grid.nature")
        let top = screen.rows[0][1], bottom = screen.rows[screen.rows.count - 1][1]
        stage.tap(top.centre)
        stage.run(for: 1.2)
        try snapshot("panel-below", state: "panel.\(top.node.id)")
        // The bottom row was pushed past the stage's bottom by the panel: the grid scrolls to it first (End).
        stage.send(KeyEvent(scenarioName: "end", timestamp: stage.time))
        stage.run(for: 1)
        stage.tap(try XCTUnwrap(stage.centre(of: "cell.\(bottom.node.id)")))  // where it is now, moved by the panel and the scroll
        stage.run(for: 1.2)
        try snapshot("panel-above", state: "panel.\(bottom.node.id)")
        screen.showCategory("space")
        stage.run(for: 2.5)
        try snapshot("grid-35", state: "grid.space")
        // Space's panels on its first, middle and last rows: the rows make room, scrolling past the header and the
        // stage's bottom (clipped below the header) where the grid and the panel do not fit together.
        let spaceRows = screen.rows
        for (name, row) in [("space-panel-first", 0), ("space-panel-middle", spaceRows.count / 2), ("space-panel-last", spaceRows.count - 1)] {
            let cell = spaceRows[row][spaceRows[row].count / 2]
            screen.send(.tapCell(cell.node.id))
            stage.run(for: 1.5)
            try snapshot(name, state: "panel.\(cell.node.id)")
        }
    }
}
