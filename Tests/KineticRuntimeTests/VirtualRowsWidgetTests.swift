import XCTest
import KineticCore
import KineticRuntime
import KineticScene

/// The engine's lazily made list rows on their own: which rows exist as the list scrolls, and which stay.
///
/// The scroll view is 500 pt tall with rows of 100 pt, so a screen shows 5 rows. The rule is one screen above and
/// one below what shows: at offset y the rows from ⌊(y − 500) / 100⌋ to ⌈(y + 1000) / 100⌉ exist (clamped to the
/// list), so at the top 0…10 (11 rows), and at offset 2 000, rows 15…30.
final class VirtualRowsWidgetTests: XCTestCase {
    private final class Row {
        let slot: Layer
        var pinned = false
        init(_ id: String) { slot = Layer(identifier: id) }
    }

    private func list(count: Int) -> (VirtualRows<Row>, [String], () -> Void) {
        let animator = Animator()
        let scroll = ScrollView(identifier: "list", frame: Rect(x: 0, y: 0, width: 400, height: 500), animator: { animator })
        let rows = VirtualRows<Row>(scroll: scroll, rowHeight: 100, slot: \.slot)
        let ids = (0..<count).map { "item\($0)" }
        let materialize = {
            rows.materialize(ids: ids, make: { index in
                let row = Row(ids[index])
                scroll.content.addSublayer(row.slot)
                return row
            }, mayTake: { !$0.pinned })
        }
        return (rows, ids, materialize)
    }

    func testOnlyRowsWithinAScreenOfWhatShowsExistAndEachStandsAtItsIndex() {
        let (rows, ids, materialize) = list(count: 10_000)
        materialize()
        XCTAssertEqual(Set(rows.rows.keys), Set(ids[0...10]))
        XCTAssertEqual(rows.rows["item7"]?.slot.position, Point(x: 0, y: 700))
        XCTAssertEqual(rows.madeOrTaken, 11)
        rows.scroll.offset = 2_000
        materialize()
        XCTAssertEqual(Set(rows.rows.keys), Set(ids[15...30]), "rows far above were taken away, those near made")
        XCTAssertEqual(rows.madeOrTaken, 11 + 16 + 11, "16 made, all 11 of the first taken")
        XCTAssertEqual(rows.scroll.content.sublayers.count, 16, "a taken row leaves the list's layers")
        let before = rows.madeOrTaken
        materialize()
        XCTAssertEqual(rows.madeOrTaken, before, "a step where nothing came or went makes and takes nothing")
    }

    func testARowTheOwnerKeepsStaysUntilItMayGo() {
        let (rows, _, materialize) = list(count: 100)
        materialize()
        rows.rows["item0"]?.pinned = true  // focused, say
        rows.scroll.offset = 3_000
        materialize()
        XCTAssertNotNil(rows.rows["item0"], "a pinned row far off stays")
        XCTAssertNil(rows.rows["item1"])
        rows.rows["item0"]?.pinned = false
        materialize()
        XCTAssertNil(rows.rows["item0"], "and goes once it may")
    }

    func testAShortListAndAnEmptyOne() {
        let (rows, ids, materialize) = list(count: 3)
        materialize()
        XCTAssertEqual(Set(rows.rows.keys), Set(ids))
        XCTAssertNil(rows.window(count: 0), "no items, no rows")
        XCTAssertEqual(rows.removeAll().count, 3)
        XCTAssertTrue(rows.rows.isEmpty)
    }
}
