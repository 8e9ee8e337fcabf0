import Foundation
import KineticCore

/// Equal pointy-top hexagons in horizontal rows that interlock by half a cell, as in a real honeycomb: every
/// cell sits on one hexagonal lattice, so neighbours (in a row, and across adjacent rows) are all `spacing`
/// apart and touch across the same uniform `gap`.
///
/// With circumradius R and gap g, neighbours' centres are d = √3·R + g apart (two apothems and the gap). Cells of
/// a row are d apart; adjacent rows are d·√3/2 apart and shifted by d/2.
public struct HoneycombLayout: Equatable, Sendable {
    /// Cell centres in points, rows top to bottom, cells left to right.
    public var rows: [[Point]]
    /// The circumradius R of every cell, in points.
    public var circumradius: Double
    /// The distance between neighbouring centres, d = √3·R + gap, in points.
    public var spacing: Double
    /// The empty band between neighbouring hexagons, in points.
    public var gap: Double
    /// The rectangle the block was centred in.
    public var area: Rect

    /// The largest grid: 7 cells a row, 5 rows.
    public static let maximumRowLength = 7
    public static let maximumRows = 5
    public static let maximumCells = maximumRowLength * maximumRows

    /// The size of one hexagon (pointy-top): √3·R wide, 2R tall.
    public var cellSize: Size { Size(width: 3.squareRoot() * circumradius, height: 2 * circumradius) }

    /// The square box a cell's layer takes: the hexagon is inscribed in it (see `Hexagon`).
    public var cellBox: Size { Size(width: 2 * circumradius, height: 2 * circumradius) }

    /// Every centre, row by row.
    public var centres: [Point] { rows.flatMap { $0 } }

    /// The bounding box of every hexagon.
    public var bounds: Rect {
        guard let first = centres.first else { return Rect(center: area.center, size: .zero) }
        var box = Rect(center: first, size: cellSize)
        for centre in centres { box = box.union(Rect(center: centre, size: cellSize)) }
        return box
    }

    /// The (row, column) of the `index`-th cell in reading order.
    public func position(ofCellAt index: Int) -> (row: Int, column: Int)? {
        var remaining = index
        for (row, cells) in rows.enumerated() {
            if remaining < cells.count { return (row, remaining) }
            remaining -= cells.count
        }
        return nil
    }

    // MARK: The grid

    /// The grid of `count` cells (clamped to 0…35) centred in `area`.
    ///
    /// The cell size depends only on the area: the largest for which a full 7 × 5 grid fits, so every category's
    /// cells are the same size. The rule for the rows, for N cells:
    /// 1. **Balanced**: k rows (k ≤ 5, no row over 7) whose lengths are ⌊N/k⌋ or ⌈N/k⌉.
    /// 2. **The shape of the space**: of the possible k, the one whose block's width : height is closest to the
    ///    area's (compared as logarithms, so 2× too wide and 2× too tall count alike); on a tie, fewer rows.
    /// 3. **Most even**: long and short rows alternate as much as possible (then every pair of adjacent rows
    ///    interlocks while centred); then the arrangement most symmetric about the middle row; then long rows
    ///    first, so the block reads from a full top row.
    /// 4. **Centred**: each row as close to the middle as the lattice allows (rows whose lattice position is half a
    ///    cell off all lean the same way, the classic offset-row honeycomb, which keeps any block within 7½ cells'
    ///    width), then the block's bounding box centred in the area.
    public static func grid(count: Int, in area: Rect, gap: Double = 8) -> HoneycombLayout {
        let n = min(max(count, 0), maximumCells)
        let d = gridSpacing(for: area, gap: gap)
        let radius = (d - gap) / 3.squareRoot()
        guard n > 0 else { return HoneycombLayout(rows: [], circumradius: radius, spacing: d, gap: gap, area: area) }
        let areaAspect = area.width / max(area.height, 1)
        // One row always fits (n ≤ 35 cells and rows of up to 7 are tried from one to five rows; five rows of seven
        // hold 35), so the single-row candidate starts the search and a better one replaces it.
        var best = (score: Double.infinity, layout: HoneycombLayout(rows: [], circumradius: radius, spacing: d, gap: gap, area: area))
        for rowCount in 1...min(maximumRows, n) where (n + rowCount - 1) / rowCount <= maximumRowLength {
            let layout = place(rowLengths: evenRows(count: n, rows: rowCount), spacing: d, gap: gap, in: area)
            let box = layout.bounds
            let score = abs(log(box.width / box.height) - log(areaAspect))
            if best.layout.rows.isEmpty || score < best.score - 1e-9 { best = (score, layout) }
        }
        return best.layout
    }

    /// The category honeycomb: seven cells in rows of 2, 3 and 2 (a centre and six neighbours), about 85% of the
    /// area's height, centred. The centre cell is `rows[1][1]`.
    public static func flower(in area: Rect, gap: Double = 10) -> HoneycombLayout {
        // Height of 3 rows: √3·d + 2R with R = (d − g)/√3.
        let byHeight = (0.85 * area.height + 2 * gap / 3.squareRoot()) / (3.squareRoot() + 2 / 3.squareRoot())
        let d = min(byHeight, area.width / 3.5)
        return place(rowLengths: [2, 3, 2], spacing: d, gap: gap, in: area)
    }

    /// The spacing for which 5 rows of 7, alternately shifted by half a cell, just fit `area`.
    static func gridSpacing(for area: Rect, gap: Double) -> Double {
        let byWidth = area.width / 7.5
        // 5 rows: 4·(√3/2)·d + 2R, with R = (d − g)/√3.
        let byHeight = (area.height + 2 * gap / 3.squareRoot()) / (2 * 3.squareRoot() + 2 / 3.squareRoot())
        return max(min(byWidth, byHeight), gap + 1)
    }

    /// Row lengths for `count` cells in `rows` rows, arranged by rule 3 of `grid(count:in:gap:)`.
    public static func evenRows(count: Int, rows: Int) -> [Int] {
        let short = count / rows, longCount = count % rows
        guard longCount > 0 else { return Array(repeating: short, count: rows) }
        var best: (key: [Double], lengths: [Int]) = ([], Array(repeating: short, count: rows))
        // Every choice of which rows are long (at most C(5, 2) = 10 of them).
        for mask in 0..<(1 << rows) where mask.nonzeroBitCount == longCount {
            let lengths = (0..<rows).map { mask & (1 << $0) != 0 ? short + 1 : short }
            let equalNeighbours = (0..<rows - 1).filter { lengths[$0] == lengths[$0 + 1] }.count
            let asymmetry = (0..<rows).filter { lengths[$0] != lengths[rows - 1 - $0] }.count
            let longFirst = (0..<rows).reduce(0.0) { $0 + (lengths[$1] > short ? Double($1) : 0) }
            let key = [Double(equalNeighbours), Double(asymmetry), longFirst]
            if best.key.isEmpty || key.lexicographicallyPrecedes(best.key) { best = (key, lengths) }
        }
        return best.lengths
    }

    /// Puts rows of the given lengths on one hexagonal lattice, as close to the middle as it allows, and centres
    /// the block in `area`.
    static func place(rowLengths: [Int], spacing d: Double, gap: Double, in area: Rect) -> HoneycombLayout {
        let radius = (d - gap) / 3.squareRoot()
        let rowStep = d * 3.squareRoot() / 2
        // Work in half-cells: row i's cells sit at half-cell positions of parity i (mod 2), so its middle has the
        // parity of i + length − 1. Rows whose middle has the majority's parity are exactly centred; the others sit
        // half a cell to the right (the block is centred as a whole afterwards).
        let parities = rowLengths.enumerated().map { ($0.offset + $0.element - 1) & 1 }
        let majority = parities.filter { $0 == 1 }.count > parities.count / 2 ? 1 : 0
        var rows: [[Point]] = []
        for (index, length) in rowLengths.enumerated() {
            let middle = parities[index] != majority ? d / 2 : 0
            let y = Double(index) * rowStep
            rows.append((0..<length).map { Point(x: middle + (Double($0) - Double(length - 1) / 2) * d, y: y) })
        }
        var layout = HoneycombLayout(rows: rows, circumradius: radius, spacing: d, gap: gap, area: area)
        let box = layout.bounds
        let shift = area.center - box.center
        layout.rows = rows.map { $0.map { $0 + shift } }
        return layout
    }
}
