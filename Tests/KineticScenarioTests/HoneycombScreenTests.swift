import Synchronization
import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// The Honeycomb on stage, driven by touches and keys as a person would, checked on the scene dumps.
final class HoneycombScreenTests: XCTestCase {
    /// At 120 steps a second, no hexagon's centre may move more than this in one step: a spring from rest
    /// across the whole stage peaks near 4,000 pt/s (33 pt a step); a jump would be hundreds.
    static let maximumStep = 40.0

    /// Into Nature's grid, then back before the morph has ended: every hexagon moves continuously throughout.
    func testTheMorphNeverJumpsAndReversesFromWhereEveryCellIs() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        XCTAssertEqual(stage.stateName, "categories")
        let home = Honeycomb.hexagonCentres(stage)
        let nature = try XCTUnwrap(home["category.nature"])
        var previous = home
        var biggest = 0.0
        func record() {
            let now = Honeycomb.hexagonCentres(stage)
            for (id, centre) in now {
                if let before = previous[id] { biggest = max(biggest, before.distance(to: centre)) }
            }
            previous = now
        }
        stage.tap(nature)
        record()
        var sawMorph = false
        for _ in 0..<36 {  // 0.3 s into the morph
            stage.step()
            sawMorph = sawMorph || stage.stateName == "morph"
            record()
        }
        XCTAssertTrue(sawMorph)
        XCTAssertEqual(stage.stateName, "morph", "still on the way")
        let midway = Honeycomb.hexagonCentres(stage).filter { $0.key.hasPrefix("cell.") }
        XCTAssertEqual(midway.count, 12)
        XCTAssertTrue(midway.values.contains { $0.distance(to: nature) > 40 }, "cells have grown out of Nature's place")
        stage.send(KeyEvent(key: .escape, timestamp: stage.time))
        var steps = 0
        while stage.stateName != "categories" && steps < 600 {
            stage.step()
            record()
            steps += 1
        }
        XCTAssertEqual(stage.stateName, "categories")
        XCTAssertLessThan(biggest, Self.maximumStep, "largest move in one step: \(biggest) pt")
        stage.run(for: 1)
        let back = Honeycomb.hexagonCentres(stage)
        XCTAssertTrue(back.keys.allSatisfy { !$0.hasPrefix("cell.") }, "the cells went back into their category")
        for (id, centre) in home { XCTAssertLessThan(back[id]?.distance(to: centre) ?? 999, 0.5, id) }
    }

    func testTappingACategoryEndsInItsGrid() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        stage.tap(try XCTUnwrap(stage.centre(of: "category.space")))
        XCTAssertTrue(stage.run(upTo: 2.5) { stage.stateName == "grid.space" }, stage.stateName)
        let dump = stage.dump()
        let cells = dump.layers.filter { $0.id.hasPrefix("cell.") && $0.id.split(separator: ".").count == 2 }
        XCTAssertEqual(cells.count, 35)
        XCTAssertTrue(cells.allSatisfy { $0.visible && abs($0.opacity - 1) < 0.01 })
        XCTAssertEqual(dump.layer("back")?.visible, true)
        XCTAssertEqual(dump.layer("grid.title")?.text, "Space")
        XCTAssertEqual(dump.layer("category.space")?.visible, false, "the categories have left")
    }

    func testAPressShowsAndADragOffTheCellCancelsIt() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 1.5)
        let screen = Honeycomb.screen(of: runner)
        let view = try XCTUnwrap(screen.categories.view("ocean"))
        let centre = view.container.position
        stage.send(stage.touch(1, .began, at: centre))
        stage.run(for: 0.2)
        XCTAssertLessThan(view.body.scale, 0.95, "pushed in")
        XCTAssertGreaterThan(view.shade.opacity, 0.5, "darker")
        // Off the hexagon (past its flat right side at 0.87 R), then lift: no tap.
        let outside = centre + Vector(dx: view.radius * 1.2, dy: 0)
        for step in 1...10 { stage.send(stage.touch(1, .moved, at: interpolate(from: centre, to: outside, fraction: Double(step) / 10))); stage.step() }
        stage.send(stage.touch(1, .ended, at: outside))
        stage.run(for: 0.8)
        XCTAssertEqual(stage.stateName, "categories")
        XCTAssertEqual(view.body.scale, 1, accuracy: 0.01, "sprung back")
        XCTAssertEqual(view.shade.opacity, 0, accuracy: 0.01)
    }

    /// Opens Ocean's grid (15 cells, rows 4·4·3·4) at rest and returns the stage and its screen.
    private func oceanGrid() throws -> (Stage, HoneycombScreen) {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        let screen = Honeycomb.screen(of: runner)
        stage.run(until: 0.1)
        screen.showCategory("ocean")
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.ocean" })
        stage.run(for: 0.5)
        return (stage, screen)
    }

    /// Taps `cell` and lets its panel open; returns the dump then, the panel's and the arrow's layers, and the
    /// cells' circumradius.
    private func open(_ cell: HoneycombCellInfo, on stage: Stage, _ screen: HoneycombScreen) throws
        -> (dump: SceneDump, panel: LayerDump, arrow: LayerDump, radius: Double) {
        stage.tap(cell.centre)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "panel.\(cell.node.id)")
        let dump = stage.dump()
        return (dump, try XCTUnwrap(dump.layer("panel")), try XCTUnwrap(dump.layer("panel.arrow")),
                screen.geometry.grid(count: screen.state.shownCategory?.children.count ?? 0).circumradius)
    }

    func testATopCellOpensItsPanelBelowWithTheArrowOnIt() throws {
        let (stage, screen) = try oceanGrid()
        XCTAssertEqual(screen.rows.map(\.count), [4, 4, 3, 4])
        let cell = screen.rows[0][1]
        let before = Honeycomb.hexagonCentres(stage)
        let (dump, panel, arrow, radius) = try open(cell, on: stage, screen)
        XCTAssertGreaterThan(panel.frame.y, cell.centre.y + radius, "below the cell's row")
        XCTAssertEqual(arrow.frame.center.x, cell.centre.x, accuracy: 2, "the arrow points at the cell")
        XCTAssertLessThanOrEqual(arrow.frame.y, panel.frame.y, "the arrow sits on the panel's top edge")
        XCTAssertEqual(dump.layer("panel.title")?.text, cell.node.detail.label)
        XCTAssertEqual(dump.layer("panel.text")?.text, cell.node.detail.text)
        XCTAssertEqual(dump.layer("panel.learn-more")?.visible, true)
        // The rows below moved down from the cell's row, all by the same amount, clear of the panel; the cell's row
        // moved up only as far as the space above allowed (never under the header at 84 pt).
        let shifts = screen.rows.flatMap { $0 }.map { (row: $0.row, dy: dump.layer("cell.\($0.node.id)")!.frame.center.y - before["cell.\($0.node.id)"]!.y) }
        let own = shifts.filter { $0.row == 0 }.map(\.dy)
        XCTAssertTrue(own.allSatisfy { abs($0 - own[0]) < 0.5 } && own[0] <= 0.5, "\(own)")
        XCTAssertGreaterThanOrEqual(dump.layer("cell.\(cell.node.id)")!.frame.y, 84 - 0.5, "below the header")
        let below = shifts.filter { $0.row > 0 }.map { $0.dy - own[0] }
        XCTAssertTrue(below.allSatisfy { abs($0 - below[0]) < 0.5 } && below[0] > 100, "\(below)")
        let nextRowTop = dump.layer("cell.\(screen.rows[1][0].node.id)")!.frame.y
        XCTAssertGreaterThanOrEqual(nextRowTop, panel.frame.y + panel.frame.height - 0.5)

        // A second tap in the same row: the panel stays, the arrow slides to the new cell.
        let neighbour = screen.rows[0][3]
        stage.tap(neighbour.centre)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "panel.\(neighbour.node.id)")
        let moved = stage.dump()
        XCTAssertEqual(moved.layer("panel.arrow")!.frame.center.x, neighbour.centre.x, accuracy: 2)
        XCTAssertEqual(moved.layer("panel")!.frame.y, panel.frame.y, accuracy: 0.5)
        // The same cell again closes it and the rows come back.
        stage.tap(neighbour.centre)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "grid.ocean")
        XCTAssertEqual(stage.dump().layer("panel")?.visible, false)
        for (id, centre) in before { XCTAssertLessThan(Honeycomb.hexagonCentres(stage)[id]!.distance(to: centre), 0.5, id) }
    }

    func testABottomCellOpensItsPanelAbove() throws {
        let (stage, screen) = try oceanGrid()
        let cell = screen.rows[3][2]
        let (dump, panel, arrow, radius) = try open(cell, on: stage, screen)
        XCTAssertLessThan(panel.frame.y + panel.frame.height, cell.centre.y - radius, "above the cell's row")
        XCTAssertEqual(arrow.frame.center.x, cell.centre.x, accuracy: 2)
        XCTAssertGreaterThanOrEqual(arrow.frame.y + arrow.frame.height, panel.frame.y + panel.frame.height, "the arrow hangs under the panel")
        XCTAssertEqual(dump.layer("cell.\(cell.node.id)")!.frame.center.y, cell.centre.y, accuracy: 0.5, "the cell's row stays")
        // Another row (the first wholly in sight: rows pushed up past the header are clipped there, reached by
        // scrolling): one continuous move of the panel, no jump.
        let top = try XCTUnwrap(screen.rows.first { row in (dump.layer("cell.\(row[0].node.id)")?.frame.y ?? 0) >= 84 && row[0].row != cell.row }?.first)
        var last = dump.layer("panel")!.frame.center
        stage.send(stage.touch(1, .began, at: stage.centre(of: "cell.\(top.node.id)")!))
        stage.step()
        stage.send(stage.touch(1, .ended, at: stage.centre(of: "cell.\(top.node.id)")!))
        for _ in 0..<180 {
            stage.step()
            let now = stage.dump().layer("panel")!.frame.center
            XCTAssertLessThan(now.distance(to: last), HoneycombScreenTests.maximumStep)
            last = now
        }
        XCTAssertEqual(stage.stateName, "panel.\(top.node.id)")
    }

    func testTouchesLandOnTheHexagonNotItsBox() throws {
        let (stage, screen) = try oceanGrid()
        let radius = screen.geometry.grid(count: 15).circumradius
        let left = screen.rows[0][0], right = screen.rows[0][1]
        // Level with the centres, 0.86 R right of the left cell: inside its hexagon (flat side at 0.866 R) and
        // inside the right cell's box, which is drawn above it. The box would give the right cell.
        let beside = Point(x: left.centre.x + 0.86 * radius, y: left.centre.y)
        XCTAssertGreaterThan(beside.x, right.centre.x - radius, "the point is in the right cell's box")
        stage.tap(beside)
        stage.run(for: 0.6)
        XCTAssertEqual(stage.stateName, "panel.\(left.node.id)")
        stage.tap(beside)
        stage.run(for: 1.2)
        XCTAssertEqual(stage.stateName, "grid.ocean")
        // Just above the bottom vertex of a top-row cell: inside the boxes of both cells below it, in neither hexagon.
        let upper = screen.rows[0][2]
        let vertex = Point(x: upper.centre.x, y: upper.centre.y + 0.9 * radius)
        stage.tap(vertex)
        stage.run(for: 0.6)
        XCTAssertEqual(stage.stateName, "panel.\(upper.node.id)")
    }

    func testTheProgrammaticAPIFindsReadsAndChangesCells() throws {
        let (stage, screen) = try oceanGrid()
        var visited: [String] = []
        screen.forEachCell { visited.append($0.node.id) }
        XCTAssertEqual(visited, Honeycomb.bundledCategories.first { $0.id == "ocean" }!.children.map(\.id), "reading order")
        let whale = try XCTUnwrap(screen.firstCell { $0.node.title == "Blue whale" })
        XCTAssertEqual([whale.row, whale.column], [0, 3])
        XCTAssertEqual(screen.cell(withID: "whale"), whale)
        XCTAssertEqual(stage.centre(of: "cell.whale")!.distance(to: whale.centre), 0, accuracy: 0.01)

        XCTAssertTrue(screen.updateNode(withID: "whale") { $0.title = "Big whale"; $0.color = "#000080" })
        stage.step()
        XCTAssertEqual(stage.dump().layer("cell.whale.title")?.text, "Big whale", "the cell updates live")
        XCTAssertEqual(screen.cell(withID: "whale")?.node.color, "#000080")
        XCTAssertFalse(screen.updateNode(withID: "whale") { $0.color = "mauve" }, "a bad colour is refused")
        XCTAssertFalse(screen.updateNode(withID: "whale") { $0.id = "orca" }, "ids do not change")
        XCTAssertFalse(screen.updateNode(withID: "nobody") { $0.title = "X" })
        XCTAssertEqual(screen.cell(withID: "whale")?.node.title, "Big whale")

        XCTAssertTrue(screen.openPanel(forCellWithID: "whale"))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "panel.whale")
        XCTAssertFalse(screen.openPanel(forCellWithID: "fern"), "not in this grid")
        screen.closePanel()
        XCTAssertEqual(stage.stateName, "grid.ocean")
    }

    func testLearnMoreHandsOverTheCellsLink() throws {
        let (stage, screen) = try oceanGrid()
        let opened = Mutex<[String]>([])
        screen.environment.openLink = { link in opened.withLock { $0.append(link) } }
        screen.openPanel(forCellWithID: "coral")
        stage.run(for: 1)
        stage.tap(try XCTUnwrap(stage.dump().layer("panel.learn-more")).frame.center)
        stage.step()
        // The opener answers off the stage's thread; its answer is applied at the steps after it came.
        XCTAssertTrue(stage.backgroundWork.waitUntilIdle(timeout: 10), "the opener answered")
        stage.run(for: 0.5)
        XCTAssertEqual(opened.withLock { $0 }, ["https://example.org/ocean/coral"])
        XCTAssertEqual(stage.dump().layer("banner")?.text, "Learn More: https://example.org/ocean/coral", "said once the browser took it")
        XCTAssertEqual(stage.stateName, "panel.coral", "the panel stays open")
    }

    /// Issue 36, item 14: with no browser, Learn More showed "Learn More: <link>" for 3 s, not copyable and spilling
    /// out of the banner when long. Now the link is on the clipboard whole, and the banner says no browser opened it,
    /// on one line that fits inside the banner (measured as the renderer lays it out), a long link shortened in the
    /// middle so its start and its end still show.
    func testLearnMoreWithNoBrowserCopiesTheLinkAndSaysSoWithinTheBanner() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage, screen = Honeycomb.screen(of: runner)
        stage.run(until: 1.5)
        screen.showCategory("ocean")
        stage.run(for: 2)
        screen.environment.openLink = { _ in throw LinkNotOpened(reason: "no browser answered") }
        let long = "https://example.org/ocean/coral/" + String(repeating: "reef-", count: 30) + "end"
        for link in ["https://example.org/ocean/coral", long] {
            XCTAssertTrue(screen.updateNode(withID: "coral") { $0.detail.learnMore = link })
            screen.openPanel(forCellWithID: "coral")
            stage.run(for: 1)
            stage.tap(try XCTUnwrap(stage.dump().layer("panel.learn-more")).frame.center)
            stage.step()
            XCTAssertTrue(stage.backgroundWork.waitUntilIdle(timeout: 10), "the opener answered")
            stage.run(for: 0.5)
            XCTAssertEqual(stage.textInput.clipboard.text(), link, "the whole link is on the clipboard")
            let banner = try XCTUnwrap(stage.dump().layer("banner"))
            let text = try XCTUnwrap(banner.text)
            XCTAssertTrue(banner.visible)
            XCTAssertTrue(text.hasPrefix("No browser opened the link — copied it: https://"), text)
            // Whole, on the lines it needs (three at most), inside the banner: the link's end ("…reef-end") is never lost.
            XCTAssertEqual(text, "No browser opened the link — copied it: \(link)", "shown whole")
            guard case .text(let content)? = stage.root.layer(withIdentifier: "banner")?.contents else { return XCTFail("banner text") }
            let size = stage.textInput.measure.size(of: content, width: banner.frame.rect.width - 2 * Banner.padding)
            XCTAssertLessThanOrEqual(size.height, banner.frame.rect.height, "inside the banner: \(size)")
            XCTAssertLessThanOrEqual(size.height, Double(Banner.lines) * 20 + 10, "three lines at most: \(size)")
        }
    }

    func testTheSideMenuListsTheCategoriesAndJumpsToOne() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 0.5)
        stage.tap(Point(x: 34, y: 34))
        stage.run(for: 0.6)
        XCTAssertEqual(stage.stateName, "menu")
        let dump = stage.dump()
        for category in Honeycomb.bundledCategories {
            XCTAssertEqual(dump.layer("menu.action.category.\(category.id)")?.visible, true, category.id)
        }
        stage.tap(try XCTUnwrap(dump.layer("menu.action.category.travel")).frame.center)
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.travel" }, stage.stateName)
        stage.tap(try XCTUnwrap(stage.centre(of: "back")))
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "categories" }, stage.stateName)
    }

    /// Issue 36, item 15: the menu did not mark the category on screen. As the shell marks the app that shows (its
    /// row selected), the row of the shown category is selected and carries the mark (`….current`), and only it; on
    /// the categories, All categories is.
    func testTheSideMenuMarksTheCategoryOnScreen() throws {
        let runner = try Honeycomb.runner()
        let stage = runner.stage
        stage.run(until: 0.5)
        let ids = ["categories"] + Honeycomb.bundledCategories.map { "category.\($0.id)" }
        func marked() -> [String] {
            let dump = stage.dump()
            return ids.filter { id in
                let selected = stage.root.layer(withIdentifier: "menu.action.\(id)")?.accessibility?.states.contains(.selected) ?? false
                let mark = dump.layer("menu.action.\(id).current") != nil
                XCTAssertEqual(selected, mark, "\(id): selected and marked together")
                return selected
            }
        }
        XCTAssertEqual(marked(), ["categories"])
        stage.tap(Point(x: 34, y: 34))
        stage.run(for: 0.6)
        stage.tap(try XCTUnwrap(stage.dump().layer("menu.action.category.travel")).frame.center)
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.travel" }, stage.stateName)
        XCTAssertEqual(marked(), ["category.travel"])
        stage.tap(Point(x: 34, y: 34))
        stage.run(for: 0.6)
        XCTAssertEqual(stage.dump().layer("menu.action.category.travel.current")?.visible, true, "the mark shows in the open menu")
        stage.tap(try XCTUnwrap(stage.dump().layer("menu.action.categories")).frame.center)
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "categories" }, stage.stateName)
        XCTAssertEqual(marked(), ["categories"])
    }

    /// Issue #58, item 4: Learn More stands in the Tab order just after its open cell, both ways: Tab from the cell
    /// reaches it, Tab from it the stop after the cell, and Shift-Tab from there Learn More again (it skipped it), then
    /// the cell.
    func testLearnMoreIsReachedByTabAndShiftTabAlike() throws {
        let (stage, _) = try oceanGrid()
        func key(_ name: String) { stage.send(KeyEvent(scenarioName: name, timestamp: stage.time)); stage.step() }
        func focused() -> String? { stage.keyboardFocus.focused?.identifier }
        key("right")
        let cell = try XCTUnwrap(focused())
        key("enter")
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "panel." + cell.dropFirst("cell.".count))
        key("tab")
        XCTAssertEqual(focused(), "panel.learn-more", "Tab from the open cell")
        key("tab")
        let after = try XCTUnwrap(focused())
        XCTAssertNotEqual(after, "panel.learn-more")
        XCTAssertNotEqual(after, cell, "on from the cell, not back to it")
        key("shift+tab")
        XCTAssertEqual(focused(), "panel.learn-more", "Shift-Tab from the stop after the cell")
        key("shift+tab")
        XCTAssertEqual(focused(), cell)
    }

    func testKeysMoveAFocusRingOpenAndGoBack() throws {
        let (stage, screen) = try oceanGrid()
        func key(_ key: KeyEvent.Key) { stage.send(KeyEvent(key: key, timestamp: stage.time)); stage.step() }
        // The focus is the stage's alone (issue #51): the hexagon it is on is read from its layer, "cell.<id>".
        func focused() -> String? { stage.keyboardFocus.focused?.identifier }
        key(.right)
        XCTAssertEqual(focused(), "cell." + screen.rows[0][0].node.id, "the first key shows the ring on the first cell")
        key(.right); key(.down)
        // From row 0, column 1, down: rows 0 and 1 interlock, so the two cells below are equally near; ↓ takes the right one.
        let expected = screen.rows[1].min { abs($0.centre.x - (screen.rows[0][1].centre.x + 1)) < abs($1.centre.x - (screen.rows[0][1].centre.x + 1)) }!
        XCTAssertEqual(focused(), "cell." + expected.node.id)
        XCTAssertEqual(stage.centre(of: "focus")!.distance(to: expected.centre), 0, accuracy: 0.5)
        key(.enter)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "panel.\(expected.node.id)")
        key(.escape)
        XCTAssertEqual(stage.stateName, "grid.ocean")
        key(.escape)
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "categories" })
        XCTAssertEqual(focused(), "category.ocean", "the ring comes back to the category left")
    }

    func testReducedMotionFadesButLaysOutTheSame() throws {
        func restingGrid(reduceMotion: Bool) throws -> [String: Point] {
            let runner = try Honeycomb.runner(reduceMotion: reduceMotion)
            let stage = runner.stage
            stage.run(until: 1.5)
            stage.tap(stage.centre(of: "category.food")!)
            if reduceMotion {
                stage.run(for: 0.05)
                let cells = Honeycomb.hexagonCentres(stage).filter { $0.key.hasPrefix("cell.") }
                let screen = Honeycomb.screen(of: runner)
                for (id, centre) in cells { XCTAssertEqual(centre.distance(to: screen.rows.flatMap { $0 }.first { "cell.\($0.node.id)" == id }!.centre), 0, accuracy: 0.01, "no slide: \(id)") }
            }
            XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.food" })
            stage.run(for: 1)
            return Honeycomb.hexagonCentres(stage).filter { $0.key.hasPrefix("cell.") }
        }
        let normal = try restingGrid(reduceMotion: false), reduced = try restingGrid(reduceMotion: true)
        XCTAssertEqual(Set(normal.keys), Set(reduced.keys))
        for (id, centre) in normal { XCTAssertEqual(reduced[id]!.distance(to: centre), 0, accuracy: 0.01, id) }
    }
}
