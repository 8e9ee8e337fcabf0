import XCTest
@testable import KineticApps
import KineticCore

/// Opening a panel keeps the tapped cell, its arrow and the whole panel on the stage and below the header (the grid
/// area's top, 84 pt: under the back hexagon and the grid's title), for every cell of grids of 35 (5 rows), 15 (4)
/// and 12 cells, using the space above before anything leaves the bottom; the scroll range reaches every other row.
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
                    // The panel never covers a row, and every row can be scrolled into the grid area: some offset in the
                    // range puts its top at or below the area's top and its bottom at or above the area's bottom.
                    let area = geometry.gridArea
                    var fits = true
                    for (index, other) in layout.rows.enumerated() {
                        let y = other[0].y + placement.rowShifts[index]
                        XCTAssertFalse(y + radius > placement.frame.minY + 1e-6 && y - radius < placement.frame.maxY - 1e-6, "\(label): row \(index) under the panel")
                        let lowest = y + radius - area.maxY, highest = y - radius - area.minY  // offsets that show it
                        XCTAssertTrue(max(lowest, placement.scrollRange.lowerBound) <= min(highest, placement.scrollRange.upperBound) + 1e-6,
                                      "\(label): row \(index) out of reach (range \(placement.scrollRange))")
                        fits = fits && lowest <= 1e-6 && highest >= -1e-6
                    }
                    // Only what has to scroll does: with every row in the area as placed, the range is 0…0.
                    if fits { XCTAssertEqual(placement.scrollRange, 0...0, label) }
                }
            }
        }
    }
}
