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
    /// 2. **As large as the space allows**: of those, only the arrangements whose cells are within
    ///    `sizeTolerance` (5%) of the largest any of them reaches are considered (12 cells are 4-4-4 at full size,
    ///    not a narrow 2-3-2-3-2 at two thirds of it).
    /// 3. **Mirror-symmetric when it can be**: rows alternating long and short (n, n−1, n, …) all centre on one
    ///    vertical line of the lattice, so the block mirrors about the area's vertical axis; when one of those
    ///    candidates allows it, it is chosen (4 cells are 1-2-1, not a slanted 2-2).
    /// 4. **The shape of the space**: of the rest, the one whose block's width : height is closest to the area's
    ///    (compared as logarithms, so 2× too wide and 2× too tall count alike); on a tie, fewer rows.
    /// 5. **Most even** otherwise: long and short rows alternate as much as possible, then the arrangement most
    ///    symmetric about the middle row, then long rows first; rows sit as near the middle as the lattice allows.
    /// 6. **Centred**: the block's outline (every hexagon's edges) is centred in the area, both ways.
    /// 7. **Sized to the count**: cells are as large as the area allows for these rows, up to the category
    ///    honeycomb's cells in the same area (`flower(in:)`), so a few cells do not float small in an empty stage.
    public static func grid(count: Int, in area: Rect, gap: Double = 8) -> HoneycombLayout {
        let n = min(max(count, 0), maximumCells)
        // The cap is on the cells, not the spacing: the category honeycomb keeps a wider gap.
        let cap = flower(in: area).cellSize.width + gap
        guard n > 0 else {
            let d = gridSpacing(for: area, gap: gap)
            return HoneycombLayout(rows: [], circumradius: (d - gap) / 3.squareRoot(), spacing: d, gap: gap, area: area)
        }
        var candidates: [(lengths: [Int], symmetric: Bool, spacing: Double)] = []
        for rowCount in 1...min(maximumRows, n) where (n + rowCount - 1) / rowCount <= maximumRowLength {
            for (lengths, symmetric) in [(symmetricRows(count: n, rows: rowCount), true), (evenRows(count: n, rows: rowCount), false)] {
                guard let lengths else { continue }
                candidates.append((lengths, symmetric, min(fittingSpacing(rowLengths: lengths, in: area, gap: gap), cap)))
            }
        }
        let largest = candidates.map(\.spacing).max() ?? cap
        let large = candidates.filter { $0.spacing >= largest * (1 - sizeTolerance) }
        let mirrorable = large.contains { $0.symmetric }
        let areaAspect = area.width / max(area.height, 1)
        var best: (score: Double, lengths: [Int], spacing: Double)?
        for candidate in large where candidate.symmetric || !mirrorable {
            // The block's shape does not depend on its size: measured at a unit spacing.
            let box = place(rowLengths: candidate.lengths, spacing: 100, gap: gap, in: area).bounds
            let score = abs(log(box.width / box.height) - log(areaAspect))
            if let current = best, score >= current.score - 1e-9 { continue }
            best = (score, candidate.lengths, candidate.spacing)
        }
        // `candidates` always holds an arrangement for any 1…35 (one row up to 7, five rows of 7 at most), and the
        // largest of them is in `large`, so `best` is set; the fallbacks only keep the compiler content.
        return place(rowLengths: best?.lengths ?? [n], spacing: best?.spacing ?? largest, gap: gap, in: area)
    }

    /// How much smaller than the largest possible an arrangement's cells may be and still be chosen for its symmetry
    /// or its shape: 5%.
    public static let sizeTolerance = 0.05

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

    /// The largest spacing at which rows of `rowLengths`, placed as `place` places them and centred by their
    /// outline, fit `area`.
    static func fittingSpacing(rowLengths: [Int], in area: Rect, gap: Double) -> Double {
        // In units of the spacing d: the outermost centres are hx across and hy down from the block's middle; a
        // hexagon reaches (d − gap)/2 beyond its centre across and (d − gap)/√3 down. Both must stay within half the area.
        let unit = place(rowLengths: rowLengths, spacing: 1, gap: 0, in: area).centres
        let xs = unit.map(\.x), ys = unit.map(\.y)
        let hx = ((xs.max() ?? 0) - (xs.min() ?? 0)) / 2, hy = ((ys.max() ?? 0) - (ys.min() ?? 0)) / 2
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
        // The block's outline centred in the area.
        let box = layout.bounds
        let shift = Vector(dx: area.midX - box.midX, dy: area.midY - box.midY)
        layout.rows = rows.map { $0.map { $0 + shift } }
        return layout
    }
}
