import Foundation
import KineticCore
import KineticRuntime
import KineticScene
import XCTest
import KineticTestSupport
import KineticRender
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// With a panel open, every cell stays in reach: the tapped cell, its arrow and the panel on the stage below the
/// header, and every other cell on the stage or brought there by scrolling the grid.
final class HoneycombGridScrollTests: XCTestCase {
    /// The header's bottom (the grid area's top) and the stage's height, as the README gives them.
    let header = 84.0, stageBottom = 768.0

    private func isInSight(_ frame: DumpRect) -> Bool {
        frame.y >= header - 0.5 && frame.y + frame.height <= stageBottom + 0.5
    }

    /// Opens `category`, then each of its cells' panels in turn, checking what the issue asks of each.
    private func checkEveryPanel(of categoryID: String) throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 2)
        screen.send(.tapCategory(categoryID))
        stage.run(for: 2)
        let category = try XCTUnwrap(screen.state.shownCategory)
        for cell in category.children {
            let label = "\(category.title) / \(cell.title)"
            screen.send(.tapCell(cell.id))
            stage.run(for: 1.5)
            var dump = stage.dump()
            XCTAssertEqual(dump.state, "panel.\(cell.id)", label)
            for id in ["cell.\(cell.id)", "panel", "panel.arrow"] {
                let frame = try XCTUnwrap(dump.layer(id)?.frame, "\(label): \(id)")
                XCTAssertTrue(isInSight(frame), "\(label): \(id) at \(frame) is not on the stage below the header")
            }
            // Scroll from the top of the range to its bottom a page at a time; every cell is in sight at some point.
            var seen = Set(category.children.map(\.id).filter { dump.layer("cell.\($0)").map { isInSight($0.frame) } ?? false })
            stage.send(KeyEvent(scenarioName: "home", timestamp: stage.time))
            for _ in 0..<8 {
                stage.run(for: 0.8)
                dump = stage.dump()
                seen.formUnion(category.children.map(\.id).filter { dump.layer("cell.\($0)").map { isInSight($0.frame) } ?? false })
                stage.send(KeyEvent(scenarioName: "pagedown", timestamp: stage.time))
            }
            XCTAssertEqual(seen, Set(category.children.map(\.id)), "\(label): cells out of reach: \(Set(category.children.map(\.id)).subtracting(seen).sorted())")
            // The grid scrolled only within the range this panel needs: none when everything fits.
            let offset = Double(try XCTUnwrap(dump.layer("grid.scroll")?.value)) ?? .nan
            XCTAssertTrue(offset.isFinite, label)
            screen.send(.tapBackground)
            stage.run(for: 1.5)
            XCTAssertEqual(stage.dump().layer("grid.scroll")?.value, "0", "\(label): closing the panel brings the grid home")
        }
    }

    func testEveryCellOfSpaceIsInReachWithAnyPanelOpen() throws { try checkEveryPanel(of: "space") }

    func testEveryCellOfOceanIsInReachWithAnyPanelOpen() throws { try checkEveryPanel(of: "ocean") }

    func testEveryCellOfAThreeRowCategoryIsInReachWithAnyPanelOpen() throws {
        let geometry = HoneycombGeometry(size: Size(width: 1024, height: 768))
        let threeRows = try XCTUnwrap(Honeycomb.bundledCategories.first { geometry.grid(count: $0.children.count).rows.count == 3 })
        try checkEveryPanel(of: threeRows.id)
    }

    func testTheWheelScrollsTheGridWithABottomPanelOpenAndTheFocusScrollsItsCellIntoView() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 2)
        screen.send(.tapCategory("space"))
        stage.run(for: 2)
        let space = try XCTUnwrap(screen.state.shownCategory)
        let last = try XCTUnwrap(space.children.last)
        screen.send(.tapCell(last.id))  // the bottom row: its panel opens above, pushing the top rows up
        stage.run(for: 1.5)
        let first = try XCTUnwrap(space.children.first)
        XCTAssertFalse(isInSight(try XCTUnwrap(stage.dump().layer("cell.\(first.id)")).frame), "the top row had to make room")
        // Nothing shows in the header beside the title, even with rows pushed up under it: the grid is clipped there.
        try assertHeaderIsBare(runner, "with the panel open")
        // Wheel clicks up over the grid bring the top row down into sight.
        stage.send(WheelEvent(location: Point(x: 512, y: 400), delta: Vector(dx: 0, dy: 1), isPrecise: false, timestamp: stage.time))
        stage.run(for: 0.05)
        try assertHeaderIsBare(runner, "while the grid scrolls")
        for _ in 0..<5 {
            stage.send(WheelEvent(location: Point(x: 512, y: 400), delta: Vector(dx: 0, dy: 1), isPrecise: false, timestamp: stage.time))
            stage.run(for: 0.1)
        }
        stage.run(for: 1)
        XCTAssertTrue(isInSight(try XCTUnwrap(stage.dump().layer("cell.\(first.id)")).frame), "the wheel reached the top row")
        XCTAssertLessThan(Double(stage.dump().layer("grid.scroll")?.value ?? "") ?? 0, 0, "scrolled up: a negative offset")
        // The keyboard's focus on the last cell scrolls it back into view.
        // (The focus is the stage's: the cell it is on is read from the focused layer, "cell.<id>".)
        func focused() -> String? { stage.keyboardFocus.focused?.identifier.map { String($0.dropFirst("cell.".count)) } }
        func move(_ direction: HexNavigation.Direction) { screen.send(.moveFocus(direction, from: focused())); stage.step() }
        move(.down)
        while focused() != last.id, let before = focused() {
            move(.down)
            if focused() == before { move(.right) }
            if focused() == before { break }
        }
        XCTAssertEqual(focused(), last.id)
        stage.run(for: 1.5)
        XCTAssertTrue(isInSight(try XCTUnwrap(stage.dump().layer("cell.\(last.id)")).frame), "the focused cell scrolled into view")
    }

    /// The header right of the grid's title (x 660–1010, y 2–70) is the stage's paper colour in every pixel.
    private func assertHeaderIsBare(_ runner: ScenarioRunner, _ when: String) throws {
        runner.renderer.render(runner.stage.root)
        let image = PixelImage(runner.renderer)
        var other = 0
        for y in stride(from: 2, through: 70, by: 4) {
            for x in stride(from: 660, through: 1010, by: 5) where Contrast.colour(in: image, x: x, y: y).hex != Palette.paper.hex {
                other += 1
            }
        }
        XCTAssertEqual(other, 0, "pixels in the header \(when)")
    }
}
