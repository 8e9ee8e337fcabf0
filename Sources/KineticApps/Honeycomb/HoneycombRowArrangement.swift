import KineticCore

/// One way to lay a grid's rows on the honeycomb lattice: how long each row is, and where each row's middle sits,
/// in half cells from the block's axis.
///
/// On the lattice, row i's cells sit at half-cell positions of parity i, so a row's middle has the parity of
/// i + length − 1. Rows whose middle has the majority's parity sit on the axis; the others ("off" rows) sit half a
/// cell to the right, all to one side, so the rows zigzag as a honeycomb's do (off rows to opposite sides would balance
/// some blocks better, but bend them into slanted S shapes). Where the block's mass and its outline share one vertical
/// line, it is balanced (mirror-symmetric with no off row at all); else they are apart (by a twelfth of a cell in
/// 4-4-4), and the block is centred halfway between them, so neither is off the axis by more than half of that: a
/// reader sees a block centred by its outline (a bounding box), another by its mass, and each is as near as the
/// lattice allows.
struct HoneycombRowArrangement: Equatable {
    /// Cells per row, top to bottom.
    var lengths: [Int]
    /// Each row's middle, in half cells right of the axis: 0, or ±1 for an off row.
    var middles: [Int]

    /// How balanced the block is about its axis, best first.
    enum Balance: Int, Comparable {
        /// Every row's middle on the axis: the block mirrors about it.
        case mirrored
        /// Off rows, but the mass and the outline on one line (6-6-6-6: two rows of six, half a cell to the right).
        case balanced
        /// The mass and the outline a little apart (4-4-4: one of three rows half a cell to the right).
        case leaning

        static func < (lhs: Balance, rhs: Balance) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Rows of `lengths` with their middles at `middles` (half cells right of the axis).
    init(lengths: [Int], middles: [Int]) {
        (self.lengths, self.middles) = (lengths, middles)
    }

    /// Rows of `lengths` on the lattice, every off row half a cell to the right.
    init(lengths: [Int]) {
        let parities = lengths.enumerated().map { ($0.offset + $0.element - 1) & 1 }
        let majority = parities.filter { $0 == 1 }.count * 2 > parities.count ? 1 : 0
        self.init(lengths: lengths, middles: parities.map { $0 == majority ? 0 : 1 })
    }

    /// How balanced this arrangement is.
    var balance: Balance {
        if middles.allSatisfy({ $0 == 0 }) { return .mirrored }
        return abs(Self.massCentre(lengths, middles) - Self.outlineCentre(lengths, middles)) < 1e-9 ? .balanced : .leaning
    }

    /// The centres at a spacing of one cell, row i at height i·√3/2, halfway between the block's mass and its
    /// outline's middle on x = 0 (both on it when they coincide).
    var unitCentres: [[Point]] {
        let centre = (Self.massCentre(lengths, middles) + Self.outlineCentre(lengths, middles)) / 4  // half cells to cells, halved
        return lengths.enumerated().map { row, length in
            let middle = Double(middles[row]) / 2 - centre
            return (0..<length).map { Point(x: middle + Double($0) - Double(length - 1) / 2, y: Double(row) * 3.squareRoot() / 2) }
        }
    }

    /// The mean of every cell's x, in half cells.
    private static func massCentre(_ lengths: [Int], _ middles: [Int]) -> Double {
        let cells = lengths.reduce(0, +)
        guard cells > 0 else { return 0 }
        return Double(zip(lengths, middles).reduce(0) { $0 + $1.0 * $1.1 }) / Double(cells)
    }

    /// The middle of the widest extents of the rows' centres, in half cells.
    private static func outlineCentre(_ lengths: [Int], _ middles: [Int]) -> Double {
        let lefts = zip(lengths, middles).map { Double($0.1) - Double($0.0 - 1) }
        let rights = zip(lengths, middles).map { Double($0.1) + Double($0.0 - 1) }
        return ((lefts.min() ?? 0) + (rights.max() ?? 0)) / 2
    }

    /// Every balanced arrangement of `count` cells in `rows` rows (each row ⌊count/rows⌋ or ⌈count/rows⌉ long, none
    /// over `maximumLength`): which rows are the long ones, every way (at most C(5, 2) = 10).
    static func all(count: Int, rows: Int, maximumLength: Int) -> [[Int]] {
        guard rows >= 1, count >= rows else { return [] }
        let short = count / rows, longCount = count % rows
        guard short + (longCount > 0 ? 1 : 0) <= maximumLength else { return [] }
        return (0..<(1 << rows)).filter { $0.nonzeroBitCount == longCount }.map { mask in
            (0..<rows).map { mask & (1 << $0) != 0 ? short + 1 : short }
        }
    }
}
