import XCTest
@testable import KineticApps
import KineticCore

/// Opening a panel keeps the tapped cell, its arrow and the whole panel on the stage and below the header (the grid
/// area's top, 84 pt: under the back hexagon and the grid's title), for every cell of grids of 35 (5 rows), 15 (4)
/// and 12 cells, using the space above before anything leaves the bottom.
final class HoneycombPanelReachTests: XCTestCase {
    func testTheTappedCellItsArrowAndThePanelAreAlwaysInSight() {
        let geometry = HoneycombGeometry(size: Size(width: 1024, height: 768))
        let header = 84.0, bottom = 768.0
        for count in [35, 15, 12, 6, 1] {
            let layout = geometry.grid(count: count)
            let radius = layout.circumradius
            for (row, cells) in layout.rows.enumerated() {
                for column in cells.indices {
                    let label = "\(count) cells, row \(row) cell \(column)"
                    guard let placement = geometry.panel(for: row, column: column, in: layout) else { return XCTFail(label) }
                    let cell = Point(x: cells[column].x, y: cells[column].y + placement.rowShifts[row])
                    XCTAssertGreaterThanOrEqual(cell.y - radius, header - 1e-6, "\(label): the cell below the header")
                    XCTAssertLessThanOrEqual(cell.y + radius, bottom + 1e-6, "\(label): the cell on the stage")
                    XCTAssertGreaterThanOrEqual(placement.frame.minY, header - 1e-6, "\(label): the panel below the header")
                    XCTAssertLessThanOrEqual(placement.frame.maxY, bottom + 1e-6, "\(label): the panel on the stage")
                    XCTAssertTrue(placement.arrowTip.y >= header && placement.arrowTip.y <= bottom, "\(label): the arrow")
                    // The arrow touches the tapped cell, just off its hexagon, on the panel's side.
                    let gap = placement.below ? placement.arrowTip.y - (cell.y + radius) : (cell.y - radius) - placement.arrowTip.y
                    XCTAssertEqual(gap, HoneycombGeometry.panelMargin, accuracy: 1e-6, label)
                    XCTAssertEqual(placement.arrowTip.x, cell.x, accuracy: 1e-6, label)
                    // No row shows under the header (one that had to cross it fades out), the tapped row never fades, and
                    // the panel never covers a row.
                    XCTAssertFalse(placement.hiddenRows.contains(row), "\(label): the tapped row shows")
                    for (index, other) in layout.rows.enumerated() {
                        let y = other[0].y + placement.rowShifts[index]
                        if y - radius < header - 1e-6 { XCTAssertTrue(placement.hiddenRows.contains(index), "\(label): row \(index) under the header") }
                        XCTAssertFalse(y + radius > placement.frame.minY + 1e-6 && y - radius < placement.frame.maxY - 1e-6, "\(label): row \(index) under the panel")
                    }
                    // Only what had to: in a grid that fits with its panel, nothing fades.
                    let needed = 2 * radius + HoneycombGeometry.panelHeight + HoneycombGeometry.arrowSize.height + 2 * HoneycombGeometry.panelMargin
                    if layout.bounds.height + needed - (layout.spacing * 3.squareRoot() / 2) <= 660 { XCTAssertTrue(placement.hiddenRows.isEmpty, "\(label)") }
                }
            }
        }
    }
}

/// With a panel open, the keyboard's focus never moves onto a row that faded to make room for it.
final class HoneycombFocusReachTests: XCTestCase {
    func testTheFocusSkipsRowsFadedForThePanel() {
        let size = Size(width: 1024, height: 768)
        let cells = (0..<35).map { HoneycombNode(id: "c\($0)", title: "C\($0)", color: "#336699", detail: .init(label: "C", text: "t")) }
        let category = HoneycombNode(id: "space", title: "Space", color: "#223344", children: cells)
        var state = HoneycombState(categories: [category], size: size)
        _ = HoneycombRules.reduce(&state, .tapCategory("space"))
        _ = HoneycombRules.reduce(&state, .morphFinished)
        _ = HoneycombRules.reduce(&state, .tapCell("c33"))  // a bottom-row cell: its panel opens above
        XCTAssertEqual(state.stateName, "panel.c33")
        let geometry = HoneycombGeometry(size: size)
        let layout = geometry.grid(count: 35)
        guard let position = layout.position(ofCellAt: 33), let placement = geometry.panel(for: position.row, column: position.column, in: layout) else {
            return XCTFail("no placement")
        }
        XCTAssertFalse(placement.hiddenRows.isEmpty, "a 5-row grid cannot keep every row with a panel open")
        for _ in 0..<8 {
            _ = HoneycombRules.reduce(&state, .moveFocus(.up))
            guard let focus = state.focus, let index = cells.firstIndex(where: { $0.id == focus }), let row = layout.position(ofCellAt: index)?.row else { continue }
            XCTAssertFalse(placement.hiddenRows.contains(row), "the focus went to \(focus), in faded row \(row)")
        }
    }
}
