import KineticCore
import KineticScene

/// The rows of a long list that exist: only those within one screen's height above and below what its scroll view
/// shows, so a list of ten thousand items has a few dozen rows of layers and scrolls as one of ten.
///
/// Rows are of equal height and stand in the scroll view's content at y = index × `rowHeight`; each is known by its
/// item's id. The list's owner makes a row when asked (`materialize`), and says which rows may not be taken away yet
/// (one still moving, swiped open, or focused). A step where nothing came or went allocates nothing: it only looks
/// rows up.
public final class VirtualRows<Row: AnyObject> {
    /// The scroll view the rows live in: their slots are sublayers of its `content`.
    public let scroll: ScrollView
    /// Every row's height, in points.
    public let rowHeight: Double
    /// The rows that exist, by their item's id. The owner may add a row made out of turn (a message coming back) or
    /// take one away (a row leaving with an animation of its own).
    public var rows: [String: Row] = [:]
    /// How many rows have been made or taken away as the list scrolled: a row comes into being with its layers, so
    /// the benchmark counts a step that changed this as an event, as it counts a layer rasterised.
    public private(set) var madeOrTaken = 0
    private let slot: (Row) -> Layer

    /// Rows of `rowHeight` in `scroll`; `slot` gives a row's layer, the one placed in the list.
    public init(scroll: ScrollView, rowHeight: Double, slot: @escaping (Row) -> Layer) {
        self.scroll = scroll
        self.rowHeight = rowHeight
        self.slot = slot
    }

    /// The indices, among `count` items, whose rows should exist now; `nil` when there are none.
    public func window(count: Int) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let screen = scroll.frame.bounds.height
        let top = scroll.offset - screen, bottom = scroll.offset + 2 * screen
        let first = max(Int(saturating: top / rowHeight, rounding: .down), 0)
        let last = min(Int(saturating: bottom / rowHeight, rounding: .up), count - 1)
        return first <= last ? first...last : nil
    }

    /// Makes the rows of `ids` that came within the window (`make(index)` builds one, placed at its slot here) and
    /// takes away those that left it, unless `mayTake` says a row must stay for now.
    public func materialize(ids: [String], make: (Int) -> Row, mayTake: (Row) -> Bool) {
        let window = window(count: ids.count)
        if let window {
            for index in window where rows[ids[index]] == nil {
                let row = make(index)
                slot(row).position = Point(x: 0, y: Double(index) * rowHeight)
                rows[ids[index]] = row
                madeOrTaken += 1
            }
        }
        guard rows.count > (window?.count ?? 0) else { return }
        func isFar(_ row: Row) -> Bool {
            let index = Int(saturating: slot(row).position.y / rowHeight, rounding: .down)
            return !(window?.contains(index) ?? false) && mayTake(row)
        }
        guard rows.values.contains(where: isFar) else { return }
        for (id, row) in rows where isFar(row) {
            slot(row).removeFromSuperlayer()
            rows[id] = nil
            madeOrTaken += 1
        }
    }

    /// Takes every row away at once (new data, another list), returning them for a leaving animation; uncounted,
    /// as it is not the scrolling's doing.
    @discardableResult
    public func removeAll() -> [Row] {
        let all = Array(rows.values)
        rows = [:]
        return all
    }
}
