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
    /// The most rows a grid has.
    public static let maximumRows = 5
    /// The most cells a grid holds, as many as a category may have (`HoneycombDocument.maximumCells`).
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

    /// The grid of `count` cells (clamped to 0…35) in `area`.
    ///
    /// The rule for the rows, for N cells:
    /// 1. **Balanced**: k rows (k ≤ 5, no row over 7) whose lengths are ⌊N/k⌋ or ⌈N/k⌉.
    /// 2. **Mirror-symmetric when it can be**: rows alternating long and short (n, n−1, n, …) all centre on one
    ///    vertical line of the lattice, so the block mirrors about the area's vertical axis. When some balanced k
    ///    allows that, only such arrangements are considered (4 cells are 1-2-1, not a slanted 2-2).
    /// 3. **The shape of the space**: of the candidates, the one whose block's width : height is closest to the area's
    ///    (compared as logarithms, so 2× too wide and 2× too tall count alike); on a tie, fewer rows.
    /// 4. **Most even** otherwise: long and short rows alternate as much as possible, then the arrangement most
    ///    symmetric about the middle row, then long rows first; rows sit as near the middle as the lattice allows.
    /// 5. **Balanced on the eye**: the block is placed so its cells' centre of mass is the area's centre, both ways.
    /// 6. **Sized to the count**: cells are as large as the area allows for these rows so centred, up to the category
    ///    honeycomb's cells in the same area (`flower(in:)`), so a few cells do not float small in an empty stage.
    public static func grid(count: Int, in area: Rect, gap: Double = 8) -> HoneycombLayout {
        let n = min(max(count, 0), maximumCells)
        // The cap is on the cells, not the spacing: the category honeycomb keeps a wider gap.
        let cap = flower(in: area).cellSize.width + gap
        guard n > 0 else {
            let d = gridSpacing(for: area, gap: gap)
            return HoneycombLayout(rows: [], circumradius: (d - gap) / 3.squareRoot(), spacing: d, gap: gap, area: area)
        }
        var candidates: [(lengths: [Int], symmetric: Bool)] = []
        for rowCount in 1...min(maximumRows, n) where (n + rowCount - 1) / rowCount <= maximumRowLength {
            if let mirrored = symmetricRows(count: n, rows: rowCount) { candidates.append((mirrored, true)) }
            candidates.append((evenRows(count: n, rows: rowCount), false))
        }
        let mirrorable = candidates.contains { $0.symmetric }
        let areaAspect = area.width / max(area.height, 1)
        var best: (score: Double, lengths: [Int])?
        for candidate in candidates where candidate.symmetric || !mirrorable {
            // The block's shape does not depend on its size: measured at a unit spacing.
            let box = place(rowLengths: candidate.lengths, spacing: 100, gap: gap, in: area).bounds
            let score = abs(log(box.width / box.height) - log(areaAspect))
            if let current = best, score >= current.score - 1e-9 { continue }
            best = (score, candidate.lengths)
        }
        // `candidates` always holds the one-row (or more) arrangement for any 1…35, so `best` is set.
        let lengths = best?.lengths ?? [n]
        let d = min(fittingSpacing(rowLengths: lengths, in: area, gap: gap), cap)
        return place(rowLengths: lengths, spacing: d, gap: gap, in: area)
    }

    /// Row lengths for `count` cells in `rows` rows that alternate long and short (so each row centres on the same
    /// lattice line and the block mirrors about it), long rows first when either way works; `nil` when no balanced
    /// arrangement of that many rows alternates.
    public static func symmetricRows(count: Int, rows: Int) -> [Int]? {
        guard rows >= 1, count >= rows else { return nil }
        if rows == 1 { return count <= maximumRowLength ? [count] : nil }
        let short = count / rows, longCount = count % rows
        guard longCount > 0, short + 1 <= maximumRowLength else { return nil }
        let longFirst = (rows + 1) / 2, shortFirst = rows / 2
        if longCount == longFirst { return (0..<rows).map { $0 % 2 == 0 ? short + 1 : short } }
        if longCount == shortFirst { return (0..<rows).map { $0 % 2 == 0 ? short : short + 1 } }
        return nil
    }

    /// The largest spacing at which rows of `rowLengths`, placed as `place` places them and centred by their centre
    /// of mass, fit `area`.
    static func fittingSpacing(rowLengths: [Int], in area: Rect, gap: Double) -> Double {
        // In units of the spacing d: the farthest centre from the centre of mass is hx across and hy down; a hexagon
        // reaches (d − gap)/2 beyond its centre across and (d − gap)/√3 down. Both must stay within half the area.
        let unit = place(rowLengths: rowLengths, spacing: 1, gap: 0, in: area).centres
        let count = Double(max(unit.count, 1))
        let mx = unit.map(\.x).reduce(0, +) / count, my = unit.map(\.y).reduce(0, +) / count
        let hx = unit.map { abs($0.x - mx) }.max() ?? 0, hy = unit.map { abs($0.y - my) }.max() ?? 0
        let root3 = 3.squareRoot()
        let byWidth = (area.width / 2 + gap / 2) / (hx + 0.5)
        let byHeight = (area.height / 2 + gap / root3) / (hy + 1 / root3)
        return max(min(byWidth, byHeight), gap + 1)
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
        // The cells' centre of mass on the area's centre, the block's box kept inside the area.
        let box = layout.bounds
        let centres = layout.centres
        let mass = Point(x: centres.map(\.x).reduce(0, +) / Double(max(centres.count, 1)), y: centres.map(\.y).reduce(0, +) / Double(max(centres.count, 1)))
        func clampedShift(_ wanted: Double, _ low: Double, _ high: Double) -> Double {
            low <= high ? min(max(wanted, low), high) : (low + high) / 2
        }
        let shift = Vector(dx: clampedShift(area.midX - mass.x, area.minX - box.minX, area.maxX - box.maxX),
                           dy: clampedShift(area.midY - mass.y, area.minY - box.minY, area.maxY - box.maxY))
        layout.rows = rows.map { $0.map { $0 + shift } }
        return layout
    }
}
