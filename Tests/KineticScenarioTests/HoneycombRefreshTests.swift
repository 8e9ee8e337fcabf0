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

    /// New data that drops the category on screen: the honeycomb goes back to its categories, and the old grid's
    /// cells fade away (none is left on stage a second later, nor takes the pointer), so nothing is drawn over the
    /// new categories.
    func testAGridWhoseCategoryNewDataDropsFadesAway() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        let screen = Honeycomb.screen(of: runner)
        screen.send(.tapCategory("nature"))
        stage.run(for: 2)
        XCTAssertEqual(stage.stateName, "grid.nature")
        let cells = stage.dump().layers.filter { $0.id.hasPrefix("cell.") }
        XCTAssertFalse(cells.isEmpty)
        let fern = try XCTUnwrap(stage.dump().layer("cell.fern")).frame.center
        screen.receive(snapshot([category("forest", "Forest")] + screen.state.categories.filter { $0.id != "nature" }.prefix(4)))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "categories")
        let left = stage.dump().layers.filter { $0.id.hasPrefix("cell.") && $0.visible && $0.opacity > 0.01 }.map(\.id)
        XCTAssertEqual(left, [], "the dropped grid's cells are gone")
        stage.sendPointer(at: fern)
        stage.step()
        XCTAssertFalse(stage.dump().layers.contains { $0.id.hasPrefix("cell.") && $0.hovered == true }, "no old cell takes the pointer")
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

    /// Issue 36, item 13: the note was drawn across the stage's middle, under the logo ("No categories to [logo] s
    /// data has none."). It must lie wholly on the stage and share no point with the logo's hexagon (nor any other).
    func testTheEmptyHoneycombsNoteIsClearOfTheLogo() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        Honeycomb.screen(of: runner).receive(snapshot([]))
        stage.run(for: 1)
        let dump = stage.dump()
        let note = try XCTUnwrap(dump.layer("honeycomb.empty")).frame.rect
        let logo = try XCTUnwrap(dump.layer("category.logo")).frame.rect
        XCTAssertGreaterThan(logo.width, 50, "the logo still shows")
        XCTAssertFalse(note.intersects(logo), "note \(note) is clear of the logo \(logo)")
        XCTAssertTrue(Rect(origin: .zero, size: stage.size).contains(note), "on the stage: \(note)")
        XCTAssertEqual(dump.layer("honeycomb.empty")?.text, "No categories to show: the honeycomb’s data has none.")
    }

    /// Issue 36, item 13: a category with no cells opened onto a blank stage. Its grid now says so, in the grid area:
    /// below the header (the back hexagon and the title end by y = 68 pt; the grid area starts at 84 pt), on the
    /// stage, shown fully.
    func testACategoryWithNoCellsSaysSoInItsGrid() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 1.5)
        XCTAssertEqual(stage.dump().layer("grid.empty")?.visible ?? false, false, "no note on the categories")
        screen.receive(snapshot([HoneycombNode(id: "bare", title: "Bare", color: "#336699"), category("full", "Full")]))
        stage.run(for: 1.5)
        screen.showCategory("bare")
        stage.run(for: 2)
        XCTAssertEqual(stage.stateName, "grid.bare")
        var dump = stage.dump()
        let note = try XCTUnwrap(dump.layer("grid.empty"))
        XCTAssertTrue(note.visible)
        XCTAssertGreaterThan(note.opacity, 0.99)
        XCTAssertEqual(note.text, "Nothing in Bare yet: the honeycomb’s data has no cells for it.")
        let back = try XCTUnwrap(dump.layer("back")).frame.rect, title = try XCTUnwrap(dump.layer("grid.title")).frame.rect
        XCTAssertFalse(note.frame.rect.intersects(back))
        XCTAssertFalse(note.frame.rect.intersects(title))
        XCTAssertTrue(Rect(x: 0, y: 84, width: stage.size.width, height: stage.size.height - 84).contains(note.frame.rect), "\(note.frame.rect)")
        // Another category's grid, or the categories, take it away.
        screen.showCategory("full")
        stage.run(for: 2)
        dump = stage.dump()
        XCTAssertLessThan(dump.layer("grid.empty")?.opacity ?? 0, 0.01)
    }
}
