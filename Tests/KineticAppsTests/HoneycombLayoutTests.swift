import XCTest
@testable import KineticApps
import KineticCore

/// The balanced-rows grid, checked for every N from first principles: what a honeycomb of equal pointy-top
/// hexagons must look like, measured on the centres the layout returns.
final class HoneycombLayoutTests: XCTestCase {
    /// The stage's grid area as the README defines it: 24 pt margins left, right and bottom, 84 pt at the top.
    private func gridArea(_ stage: Size) -> Rect { Rect(x: 24, y: 84, width: stage.width - 48, height: stage.height - 108) }

    func testEveryCountFrom1To35IsABalancedCentredHoneycomb() {
        for stage in [Size(width: 1024, height: 768), Size(width: 800, height: 600), Size(width: 1366, height: 1024)] {
            let area = gridArea(stage)
            for n in 1...35 {
                let layout = HoneycombLayout.grid(count: n, in: area)
                let label = "N=\(n) on \(stage)"
                let lengths = layout.rows.map(\.count)
                XCTAssertEqual(lengths.reduce(0, +), n, label)
                XCTAssertLessThanOrEqual(lengths.count, 5, label)
                XCTAssertLessThanOrEqual(lengths.max() ?? 0, 7, label)
                XCTAssertLessThanOrEqual((lengths.max() ?? 0) - (lengths.min() ?? 0), 1, "\(label): \(lengths)")

                // The hexagon: height 2R, width √3R, measured from the reported cell size.
                let radius = layout.cellSize.height / 2
                XCTAssertEqual(layout.cellSize.width, 3.squareRoot() * radius, accuracy: 1e-9, label)
                // Neighbours in a row share one spacing s; the gap between their flat sides is s − √3R.
                var spacing: Double?
                for row in layout.rows {
                    XCTAssertTrue(row.allSatisfy { abs($0.y - row[0].y) < 1e-9 }, "\(label): a row is level")
                    for (a, b) in zip(row, row.dropFirst()) {
                        let s = b.x - a.x
                        if let spacing { XCTAssertEqual(s, spacing, accuracy: 1e-9, label) } else { spacing = s }
                    }
                }
                let s = spacing ?? layout.spacing
                XCTAssertGreaterThan(s - 3.squareRoot() * radius, 0, "\(label): a real gap between neighbours")
                // Adjacent rows: s·√3/2 apart and shifted by half a cell, so every cell touches its diagonal
                // neighbours across the same gap as its row neighbours.
                for (upper, lower) in zip(layout.rows, layout.rows.dropFirst()) {
                    XCTAssertEqual(lower[0].y - upper[0].y, s * 3.squareRoot() / 2, accuracy: 1e-9, label)
                    for a in upper {
                        for b in lower {
                            let phase = ((b.x - a.x) / s).truncatingRemainder(dividingBy: 1)
                            XCTAssertEqual(abs(phase), 0.5, accuracy: 1e-9, "\(label): rows interlock by half a cell")
                        }
                    }
                }
                // No overlap: any two centres are at least one hexagon's width apart.
                let centres = layout.rows.flatMap { $0 }
                for (i, a) in centres.enumerated() {
                    for b in centres[(i + 1)...] {
                        XCTAssertGreaterThanOrEqual(a.distance(to: b), 3.squareRoot() * radius, label)
                    }
                }
                // The block, hexagon edges included, inside the area, and centred: down by its outline; across, halfway
                // between its mass (the centres' mean) and its outline's middle. Issue 36, item 12 found outlines 20
                // and 26 pt off-centre when the mass was centred; issue 58, item 8 the mass 21 pt off when the outline
                // was. They part only by a row half a cell off the axis with no row to pair with: its half cell moves
                // the outline's middle by a quarter cell at most, and the mass by less, so they are at most s/4 apart.
                let minX = centres.map { $0.x }.min()! - layout.cellSize.width / 2, maxX = centres.map { $0.x }.max()! + layout.cellSize.width / 2
                let minY = centres.map { $0.y }.min()! - radius, maxY = centres.map { $0.y }.max()! + radius
                XCTAssertTrue(minX >= area.minX - 1e-6 && maxX <= area.maxX + 1e-6 && minY >= area.minY - 1e-6 && maxY <= area.maxY + 1e-6, "\(label): inside the area")
                let mass = centres.map(\.x).reduce(0, +) / Double(centres.count), outline = (minX + maxX) / 2
                // (Unless that would cross the area's edge: then the block stands against it, as near halfway as it can.)
                let againstAnEdge = minX - area.minX < 0.5 || area.maxX - maxX < 0.5
                if !againstAnEdge { XCTAssertEqual((mass + outline) / 2, area.midX, accuracy: 0.5, "\(label): halfway between mass and outline across") }
                XCTAssertLessThanOrEqual(abs((mass + outline) / 2 - area.midX), s / 8 + 0.5, "\(label): halfway, or within an eighth of a cell of it")
                XCTAssertLessThanOrEqual(abs(mass - outline), s / 4 + 1e-6, "\(label): mass and outline at most a quarter cell apart")
                XCTAssertEqual((minY + maxY) / 2, area.midY, accuracy: 0.5, "\(label): outline centred down")
                // Mirror-symmetric about the vertical axis whenever its rows alternate long and short.
                if Self.rowsCentreOnOneLine(lengths) {
                    for centre in centres {
                        let mirrored = Point(x: 2 * area.midX - centre.x, y: centre.y)
                        XCTAssertTrue(centres.contains { $0.distance(to: mirrored) < 1e-6 }, "\(label): \(lengths) mirrors about the middle")
                    }
                }
            }
        }
    }

    /// Whether rows of these lengths, adjacent ones offset by half a cell, all centre on one vertical line: row i's
    /// middle sits at i/2 + (length − 1)/2 cells (mod 1), so when every i + length has the same parity.
    static func rowsCentreOnOneLine(_ lengths: [Int]) -> Bool {
        Set(lengths.enumerated().map { ($0.offset + $0.element) % 2 }).count == 1
    }

    /// Issue 36, item 12: on the 1024 × 768 stage (grid area 976 × 660 pt) 6 cells were 2-1-2-1 and 12 were
    /// 2-3-2-3-2 at 137 pt, a narrow column using 426 of 976 pt. Worked out by hand from the lattice (spacing d,
    /// R = (d − 8)/√3): 12 as 4-4-4 need 4.5·d − 8 ≤ 976 across and √3·d + 2R ≤ 660 down, so d up to 218 pt, more than
    /// the category honeycomb's cells allow (their width plus the gap, 209 pt): full size. 6 as 3-3 likewise (d up to
    /// 281 across, 331 down). Both balanced, centred, and as large as any cell here is.
    func testSixAndTwelveCellsAreAsLargeAsTheStageAllows() {
        let area = gridArea(Size(width: 1024, height: 768))
        let full = HoneycombLayout.flower(in: area).cellSize.width
        let twelve = HoneycombLayout.grid(count: 12, in: area)
        XCTAssertEqual(twelve.rows.map(\.count), [4, 4, 4])
        XCTAssertEqual(twelve.cellSize.width, full, accuracy: 1e-6, "the category honeycomb's size")
        XCTAssertGreaterThan(twelve.bounds.width, 0.8 * area.width, "across the stage, not a narrow column")
        let six = HoneycombLayout.grid(count: 6, in: area)
        XCTAssertEqual(six.rows.map(\.count), [3, 3])
        XCTAssertEqual(six.cellSize.width, full, accuracy: 1e-6)
    }

    func testFewCellsGrowUpToTheCategoryHoneycombsSize() {
        let area = gridArea(Size(width: 1024, height: 768))
        let cap = HoneycombLayout.flower(in: area).cellSize.width
        let full = HoneycombLayout.grid(count: 35, in: area).cellSize.width
        for n in 1...35 {
            let width = HoneycombLayout.grid(count: n, in: area).cellSize.width
            XCTAssertLessThanOrEqual(width, cap + 1e-9, "N=\(n): never larger than the category honeycomb's cells")
            XCTAssertGreaterThanOrEqual(width, full - 1e-9, "N=\(n): never smaller than the full grid's")
            if n <= 6 { XCTAssertGreaterThan(width, full * 1.2, "N=\(n): a few cells do not float small") }
        }
    }

    /// Issue #58, item 8: 23 cells were 137 pt, 24 were 143 pt. More cells never get larger ones: N − 1 cells fit in
    /// N's rows with a cell left out, so there is always an arrangement of N − 1 at least as large.
    func testMoreCellsNeverGetLargerOnes() {
        for stage in [Size(width: 1024, height: 768), Size(width: 800, height: 600), Size(width: 1366, height: 1024), Size(width: 1920, height: 1080)] {
            let area = gridArea(stage)
            for n in 1..<35 {
                let fewer = HoneycombLayout.grid(count: n, in: area).cellSize.width, more = HoneycombLayout.grid(count: n + 1, in: area).cellSize.width
                XCTAssertGreaterThanOrEqual(fewer, more - 1e-9, "\(n) cells against \(n + 1) on \(stage)")
            }
        }
    }

    /// Issue #58, item 8: 15 cells had their mass 21 pt off the axis. Worked out by hand: 15 cells at the size the
    /// stage allows are 4 rows (4, 4, 4 and 3) or 3 rows of 5, each with one row half a cell off the axis and none to
    /// pair it with; that row's half cell puts the outline's middle a quarter cell off, the mass 4·½/15 (or 5·½/15) of
    /// a cell. Centred halfway, each is off by half their difference: under 0.06 of a cell (10 pt), not 21.
    /// 6-6-6-6, its first and third rows half a cell right, has its mass (2·6·½/24 = ¼ cell) and its outline's middle
    /// (from −2½ to 3: ¼ cell) on one line: both centred.
    func testTheMassAndTheOutlineAreBothNearTheAxis() {
        let area = gridArea(Size(width: 1024, height: 768))
        let fifteen = HoneycombLayout.grid(count: 15, in: area)
        let xs = fifteen.centres.map(\.x)
        let mass = xs.reduce(0, +) / 15
        let outline = ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2
        XCTAssertLessThanOrEqual(abs(mass - area.midX), 0.06 * fifteen.spacing, "\(fifteen.rows.map(\.count))")
        XCTAssertLessThanOrEqual(abs(outline - area.midX), 0.06 * fifteen.spacing)
        let even = HoneycombRowArrangement(lengths: [6, 6, 6, 6])
        XCTAssertEqual(even.middles, [1, 0, 1, 0])
        XCTAssertEqual(even.balance, .balanced)
        XCTAssertEqual(HoneycombRowArrangement(lengths: [4, 4, 4]).balance, .leaning)
        XCTAssertEqual(HoneycombRowArrangement(lengths: [3, 2, 3]).balance, .mirrored)
        let placed = HoneycombLayout.place(even, spacing: 100, gap: 8, in: area)
        let placedXs = placed.centres.map(\.x)
        XCTAssertEqual(placedXs.reduce(0, +) / 24, area.midX, accuracy: 1e-9, "the mass on the axis")
        XCTAssertEqual(((placedXs.min() ?? 0) + (placedXs.max() ?? 0)) / 2, area.midX, accuracy: 1e-9, "and the outline")
    }

    func testRowLengthsAlternateWhenTheyCan() {
        // With k rows, r of them one longer: long and short rows can alternate when their counts differ by at most one.
        let area = gridArea(Size(width: 1024, height: 768))
        for n in 1...35 {
            let lengths = HoneycombLayout.grid(count: n, in: area).rows.map(\.count)
            let longest = lengths.max()!
            let long = lengths.filter { $0 == longest }.count, short = lengths.count - long
            guard short > 0, abs(long - short) <= 1 else { continue }
            for (a, b) in zip(lengths, lengths.dropFirst()) { XCTAssertNotEqual(a, b, "N=\(n): \(lengths)") }
        }
    }

    func testTheFullGridIsSevenBySevenBySeven() {
        let layout = HoneycombLayout.grid(count: 35, in: gridArea(Size(width: 1024, height: 768)))
        XCTAssertEqual(layout.rows.map(\.count), [7, 7, 7, 7, 7])
        XCTAssertEqual(HoneycombLayout.grid(count: 99, in: gridArea(Size(width: 1024, height: 768))).centres.count, 35, "clamped to 35")
        XCTAssertTrue(HoneycombLayout.grid(count: 0, in: gridArea(Size(width: 1024, height: 768))).rows.isEmpty)
    }

    func testTheCategoryHoneycombIsACentreAndSixNeighbours() {
        let area = Rect(x: 24, y: 40, width: 976, height: 704)
        let flower = HoneycombLayout.flower(in: area)
        XCTAssertEqual(flower.rows.map(\.count), [2, 3, 2])
        let centre = flower.rows[1][1]
        let ring = flower.centres.filter { $0 != centre }
        XCTAssertEqual(ring.count, 6)
        let distances = ring.map { $0.distance(to: centre) }
        for distance in distances { XCTAssertEqual(distance, distances[0], accuracy: 1e-9, "equal distance from the centre") }
        let angles = ring.map { atan2($0.y - centre.y, $0.x - centre.x) * 180 / .pi }.sorted()
        for (a, b) in zip(angles, angles.dropFirst()) { XCTAssertEqual(b - a, 60, accuracy: 1e-9, "60° apart") }
        // Neighbours touch across the gap: distance = √3R + gap.
        XCTAssertEqual(distances[0], 3.squareRoot() * flower.circumradius + flower.gap, accuracy: 1e-9)
        XCTAssertEqual(centre.x, area.midX, accuracy: 1e-9)
        XCTAssertEqual(centre.y, area.midY, accuracy: 1e-9)
    }

    func testHexagonContainmentFollowsTheOutline() {
        // A pointy-top hexagon in the box 0…200: circumradius 100, centre (100, 100); flat sides at x = 100 ± 86.6.
        let box = Rect(x: 0, y: 0, width: 200, height: 200)
        XCTAssertTrue(Hexagon.contains(Point(x: 100, y: 100), in: box, pointyTop: true))
        XCTAssertTrue(Hexagon.contains(Point(x: 100, y: 1), in: box, pointyTop: true), "just inside the top vertex")
        XCTAssertTrue(Hexagon.contains(Point(x: 186, y: 100), in: box, pointyTop: true), "just inside the right side")
        XCTAssertFalse(Hexagon.contains(Point(x: 188, y: 100), in: box, pointyTop: true), "just outside the right side")
        // The box's corner region is outside: at (20, 20) the upper-left edge (from (13.4, 50) to (100, 0)) is below-right.
        XCTAssertFalse(Hexagon.contains(Point(x: 20, y: 20), in: box, pointyTop: true))
        XCTAssertFalse(Hexagon.contains(Point(x: 195, y: 195), in: box, pointyTop: true))
        // On that edge's midpoint, (56.7, 25), it counts as inside; 2 pt out from it, not.
        XCTAssertTrue(Hexagon.contains(Point(x: 56.7, y: 25.1), in: box, pointyTop: true))
        XCTAssertFalse(Hexagon.contains(Point(x: 55.7, y: 23.3), in: box, pointyTop: true))
    }
}
