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
    /// 1. **Balanced**: k rows (k ≤ 5, no row over 7) whose lengths are ⌊N/k⌋ or ⌈N/k⌉, the long ones anywhere.
    /// 2. **Never larger for more**: the cells of N are at least as large as those of N + 1 (and so of every larger
    ///    count): one cell fewer in the same rows always fits as large, so a category that loses a cell never shrinks.
    /// 3. **As large as the space allows**: of those, only the arrangements whose cells are within `sizeTolerance`
    ///    (5%) of the largest any of them reaches are considered (12 cells are 4-4-4 at full size, not a narrow
    ///    2-3-2-3-2 at two thirds of it).
    /// 4. **Balanced about the axis when it can be**: rows alternating long and short all centre on one vertical line
    ///    of the lattice, so the block mirrors about it (4 cells are 1-2-1, not a slanted 2-2); else rows half a cell
    ///    off the line (all to one side, so the rows zigzag) leave the block's mass and outline on one line (6-6-6-6);
    ///    the best of these any large arrangement allows is chosen (`HoneycombRowArrangement`).
    /// 5. **The shape of the space**: of the rest, the one whose block's width : height is closest to the area's
    ///    (compared as logarithms, so 2× too wide and 2× too tall count alike); then the most even (long and short
    ///    rows alternating, then symmetric about the middle row, then long rows first); then fewer rows.
    /// 6. **Centred**: across, halfway between the cells' mean and the outline's middle, which coincide unless an off
    ///    row is left over (then each is as near the axis as the other, within a twenty-fourth of a cell in 4-4-4), as
    ///    far as the area's width allows (a block as wide as the area is centred by its outline); down, by the outline.
    /// 7. **Sized to the count**: cells are as large as the area allows for these rows, up to the category
    ///    honeycomb's cells in the same area (`flower(in:)`), so a few cells do not float small in an empty stage.
    public static func grid(count: Int, in area: Rect, gap: Double = 8) -> HoneycombLayout {
        let n = min(max(count, 0), maximumCells)
        guard n > 0 else {
            let d = gridSpacing(for: area, gap: gap)
            return HoneycombLayout(rows: [], circumradius: (d - gap) / 3.squareRoot(), spacing: d, gap: gap, area: area)
        }
        // Rule 2: the size chosen for every larger count, from the full grid down, bounds this one's from below.
        // Rule 7's cap is on the cells, not the spacing: the category honeycomb keeps a wider gap.
        let cap = flower(in: area).cellSize.width + gap
        var floor = 0.0, chosen: (arrangement: HoneycombRowArrangement, spacing: Double)?
        for cells in stride(from: maximumCells, through: n, by: -1) {
            chosen = choose(count: cells, in: area, gap: gap, atLeast: floor, cap: cap)
            floor = chosen?.spacing ?? floor
        }
        // `choose` always finds an arrangement for 1…35 (one row up to 7, five rows of 7 at most); the fallback only
        // keeps the compiler content.
        let best = chosen ?? (HoneycombRowArrangement(lengths: [n]), gridSpacing(for: area, gap: gap))
        return place(best.arrangement, spacing: best.spacing, gap: gap, in: area)
    }

    /// The arrangement and spacing rules 1 and 3 to 5 of `grid(count:in:gap:)` choose for `count` cells, at no less than
    /// `floor` where an arrangement reaches it (rule 2), at most `cap` (rule 7).
    private static func choose(count n: Int, in area: Rect, gap: Double, atLeast floor: Double, cap: Double) -> (arrangement: HoneycombRowArrangement, spacing: Double)? {
        var candidates: [(arrangement: HoneycombRowArrangement, spacing: Double)] = []
        for rowCount in 1...min(maximumRows, n) {
            for lengths in HoneycombRowArrangement.all(count: n, rows: rowCount, maximumLength: maximumRowLength) {
                let arrangement = HoneycombRowArrangement(lengths: lengths)
                candidates.append((arrangement, min(fittingSpacing(arrangement, in: area, gap: gap), cap)))
            }
        }
        let reaching = candidates.filter { $0.spacing >= floor - 1e-9 }
        let pool = reaching.isEmpty ? candidates : reaching
        let largest = pool.map(\.spacing).max() ?? cap
        let large = pool.filter { $0.spacing >= largest * (1 - sizeTolerance) }
        let balance = large.map(\.arrangement.balance).min()
        let areaAspect = area.width / max(area.height, 1)
        var best: (key: [Double], candidate: (arrangement: HoneycombRowArrangement, spacing: Double))?
        for candidate in large where candidate.arrangement.balance == balance {
            // The block's shape does not depend on its size: measured at a unit spacing.
            let box = place(candidate.arrangement, spacing: 100, gap: gap, in: area).bounds
            let shape = (abs(log(box.width / box.height) - log(areaAspect)) * 1e6).rounded() / 1e6
            let key = [shape] + evenness(candidate.arrangement.lengths) + [Double(candidate.arrangement.lengths.count)]
            if let current = best, !key.lexicographicallyPrecedes(current.key) { continue }
            best = (key, candidate)
        }
        return best?.candidate
    }

    /// How uneven rows of `lengths` are, least first: rows of one length side by side, then rows unlike their mirror
    /// about the middle row, then long rows late.
    private static func evenness(_ lengths: [Int]) -> [Double] {
        let short = lengths.min() ?? 0, rows = lengths.count
        let equalNeighbours = (0..<max(rows - 1, 0)).filter { lengths[$0] == lengths[$0 + 1] }.count
        let asymmetry = (0..<rows).filter { lengths[$0] != lengths[rows - 1 - $0] }.count
        let longLate = (0..<rows).reduce(0.0) { $0 + (lengths[$1] > short ? Double($1) : 0) }
        return [Double(equalNeighbours), Double(asymmetry), longLate]
    }

    /// How much smaller than the largest possible an arrangement's cells may be and still be chosen for its symmetry
    /// or its shape: 5%.
    public static let sizeTolerance = 0.05

    /// The largest spacing at which `arrangement`'s outline fits `area` (where it is then placed across, `place` says).
    /// By the outline, so one cell fewer in the same rows never needs a smaller spacing (rule 2 always holds).
    static func fittingSpacing(_ arrangement: HoneycombRowArrangement, in area: Rect, gap: Double) -> Double {
        // In units of the spacing d: the outermost centres are hx across and hy down from the outline's middle; a
        // hexagon reaches (d − gap)/2 beyond its centre across and (d − gap)/√3 down. Both must stay within half the area.
        let unit = arrangement.unitCentres.flatMap { $0 }
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
        return place(HoneycombRowArrangement(lengths: [2, 3, 2]), spacing: d, gap: gap, in: area)
    }

    /// The spacing for which 5 rows of 7, alternately shifted by half a cell, just fit `area`.
    static func gridSpacing(for area: Rect, gap: Double) -> Double {
        let byWidth = area.width / 7.5
        // 5 rows: 4·(√3/2)·d + 2R, with R = (d − g)/√3.
        let byHeight = (area.height + 2 * gap / 3.squareRoot()) / (2 * 3.squareRoot() + 2 / 3.squareRoot())
        return max(min(byWidth, byHeight), gap + 1)
    }

    /// Puts `arrangement`'s rows on one hexagonal lattice at spacing `d`: across, centred as its `unitCentres` are,
    /// moved back inside the area where that would cross its edge; down, by its outline.
    static func place(_ arrangement: HoneycombRowArrangement, spacing d: Double, gap: Double, in area: Rect) -> HoneycombLayout {
        let rows = arrangement.unitCentres.map { $0.map { Point(x: $0.x * d, y: $0.y * d) } }
        var layout = HoneycombLayout(rows: rows, circumradius: (d - gap) / 3.squareRoot(), spacing: d, gap: gap, area: area)
        let box = layout.bounds
        var dx = area.midX
        if box.width <= area.width { dx = min(max(dx, area.minX - box.minX), area.maxX - box.maxX) } else { dx = area.midX - box.midX }
        let shift = Vector(dx: dx, dy: area.midY - box.midY)
        layout.rows = rows.map { $0.map { $0 + shift } }
        return layout
    }
}
