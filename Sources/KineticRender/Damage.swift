import CGraphics

/// Which parts of the frame changed between two display lists.
///
/// A pixel's colour is what the operations covering it composite, in order. Comparing the lists entry by entry, a
/// pixel that no differing entry covers (in the old list or the new) is composited from the same operations in the
/// same order, so it is unchanged; the damage is therefore the union of the old and new extents of every entry
/// that differs. An entry inserted in the middle makes every later one differ, which over-counts but never misses.
/// A clip that differs damages both of its extents, which holds every pixel the change could show or hide.
enum Damage {
    /// Past this many separate rectangles, they are merged into their bounding box.
    static let maximumRectangles = 16

    /// The result goes into `rects` (emptied first, its capacity kept, so a steady frame allocates nothing).
    static func between(_ old: DisplayList, _ new: DisplayList, frame: PixelRect, into rects: inout [PixelRect]) {
        rects.removeAll(keepingCapacity: true)
        let oldOps = old.operations, newOps = new.operations
        for index in 0..<max(oldOps.count, newOps.count) {
            let before = index < oldOps.count ? oldOps[index] : nil
            let after = index < newOps.count ? newOps[index] : nil
            if let before, let after, same(before, after) { continue }
            if let extent = before.flatMap(extent) { add(extent.intersection(frame), to: &rects) }
            if let extent = after.flatMap(extent) { add(extent.intersection(frame), to: &rects) }
        }
    }

    /// The damage as the compositor is best given it: a frame mostly damaged is cheaper recomposited as one
    /// rectangle (every paint clipped once, not once per piece), and nearly all of it as the whole frame (no clip).
    static func simplify(_ rects: inout [PixelRect], frame: PixelRect) {
        guard rects.count > 1 else { return }
        let area = rects.reduce(0) { $0 + $1.area }
        guard area * 2 > frame.area else { return }
        let box = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        rects.removeAll(keepingCapacity: true)
        rects.append(box.area * 10 > frame.area * 8 ? frame : box)
    }

    /// Adds `rect`, merging it with any rectangle it touches, and keeping at most `maximumRectangles`.
    static func add(_ rect: PixelRect, to rects: inout [PixelRect]) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var index = 0
        while index < rects.count {
            if rects[index].touches(merged) {
                merged = merged.union(rects.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
        if rects.count > maximumRectangles {
            let box = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        }
    }

    private static func extent(_ operation: DisplayList.Operation) -> PixelRect? {
        switch operation {
        case .paint(_, _, _, _, let extent): return extent
        case .pushClip(_, _, let extent): return extent
        case .popClip: return nil
        }
    }

    private static func same(_ a: DisplayList.Operation, _ b: DisplayList.Operation) -> Bool {
        switch (a, b) {
        case let (.paint(r1, m1, f1, o1, e1), .paint(r2, m2, f2, o2, e2)):
            return r1 === r2 && same(m1, m2) && f1 == f2 && o1 == o2 && e1 == e2
        case let (.pushClip(t1, c1, e1), .pushClip(t2, c2, e2)):
            return same(t1, t2) && c1 == c2 && e1 == e2
        case (.popClip, .popClip):
            return true
        default:
            return false
        }
    }

    private static func same(_ a: cairo_matrix_t, _ b: cairo_matrix_t) -> Bool {
        a.xx == b.xx && a.yx == b.yx && a.xy == b.xy && a.yy == b.yy && a.x0 == b.x0 && a.y0 == b.y0
    }

    /// The whole pixels that `rect` (in a space that `toDevice` maps to frame pixels) can touch, with one pixel
    /// more on every side for bilinear filtering.
    static func extent(of rect: (x: Double, y: Double, width: Double, height: Double), toDevice m: cairo_matrix_t) -> PixelRect {
        let corners = [(rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x, rect.y + rect.height), (rect.x + rect.width, rect.y + rect.height)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in corners {
            let dx = m.xx * x + m.xy * y + m.x0, dy = m.yx * x + m.yy * y + m.y0
            minX = min(minX, dx); maxX = max(maxX, dx); minY = min(minY, dy); maxY = max(maxY, dy)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return PixelRect(x: Int.min / 4, y: Int.min / 4, width: Int.max / 2, height: Int.max / 2) }
        let left = Int(max(minX.rounded(.down), -1e9)) - 1, top = Int(max(minY.rounded(.down), -1e9)) - 1
        let right = Int(min(maxX.rounded(.up), 1e9)) + 1, bottom = Int(min(maxY.rounded(.up), 1e9)) + 1
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
