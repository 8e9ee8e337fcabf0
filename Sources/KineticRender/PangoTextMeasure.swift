import CGraphics
import KineticCore
import KineticScene

/// Caret positions and hit testing from Pango, on the same layout `TextDrawing` draws: a caret stands where Pango
/// puts its strong cursor, a click lands on the cluster Pango says is there, and ← / → move visually through
/// right-to-left runs as Pango's `move_cursor_visually` does.
///
/// Pango counts in UTF-8 bytes and the fields in UTF-16 offsets; `byteIndex(_:in:)` and `utf16Offset(_:in:)`
/// convert between the two, always on a boundary.
public final class PangoTextMeasure: TextMeasuring {
    private let scratch: OpaquePointer
    private let context: OpaquePointer

    /// A measure with its own scratch Cairo context, so that it can lay text out without a frame.
    public init() {
        // Cairo never returns NULL: a failure gives an object in an error state, whose layouts measure as empty.
        scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        context = cairo_create(scratch)!
    }

    /// The last text laid out, kept: a drag over a long message's text asks for the same layout at every move (where
    /// the pointer is, and both ends of the selection), and a book-length text takes longer to lay out than a frame.
    private var kept: (text: TextContent, width: Double?, layout: OpaquePointer)?

    deinit {
        if let kept { g_object_unref(UnsafeMutableRawPointer(kept.layout)) }
        cairo_destroy(context)
        cairo_surface_destroy(scratch)
    }

    /// Runs `body` with a layout of `text` at `width`: the one kept when it is the same text at the same width, else
    /// a new one, kept in its place.
    private func withLayout<T>(_ text: TextContent, width: Double?, _ body: (OpaquePointer) -> T) -> T {
        if let kept, kept.width == width, kept.text == text { return body(kept.layout) }
        let (layout, _) = TextDrawing.makeLayout(text, width: width ?? .infinity, cr: context)
        if let old = kept?.layout { g_object_unref(UnsafeMutableRawPointer(old)) }
        kept = (text, width, layout)
        return body(layout)
    }

    /// The caret at `offset` where Pango puts its strong cursor: its x, its line's top, zero width, the line's height.
    public func caretRect(at offset: Int, in text: TextContent, width: Double?) -> Rect {
        withLayout(text, width: width) { layout in
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(clamping: Self.byteIndex(offset, in: text.string)), &strong, nil)
            return Rect(x: Self.points(strong.x), y: Self.points(strong.y), width: 0, height: Self.points(strong.height))
        }
    }

    /// The caret position Pango finds at `point`: before the cluster under it, or after it on the cluster's far half.
    public func offset(at point: Point, in text: TextContent, width: Double?) -> Int {
        guard point.x.isFinite, point.y.isFinite else { return 0 }
        return withLayout(text, width: width) { layout in
            var index: Int32 = 0, trailing: Int32 = 0
            let x = Int32(clamping: Int((min(max(point.x, -1e6), 1e6) * Double(PANGO_SCALE)).rounded()))
            let y = Int32(clamping: Int((min(max(point.y, -1e6), 1e6) * Double(PANGO_SCALE)).rounded()))
            _ = pango_layout_xy_to_index(layout, x, y, &index, &trailing)
            let offset = Self.utf16Offset(Int(index), in: text.string)
            // `trailing` > 0: the point is on the cluster's far half, so the caret goes after the cluster.
            return trailing > 0 ? TextBoundaries(text.string).grapheme(after: offset) : offset
        }
    }

    /// The caret position one cluster to the left or right of `offset` on screen, as Pango moves a cursor visually;
    /// `nil` at the text's visual edge.
    public func visualStep(from offset: Int, rightward: Bool, in text: TextContent, width: Double?) -> Int? {
        withLayout(text, width: width) { layout in
            var newIndex: Int32 = 0, newTrailing: Int32 = 0
            let byte = Int32(clamping: Self.byteIndex(offset, in: text.string))
            pango_layout_move_cursor_visually(layout, 1, byte, 0, rightward ? 1 : -1, &newIndex, &newTrailing)
            // Pango marks the edges with -1 (before the start) and G_MAXINT (past the end).
            guard newIndex >= 0, newIndex < Int32.max else { return nil }
            var result = Self.utf16Offset(Int(newIndex), in: text.string)
            guard newTrailing > 0 else { return result }
            let boundaries = TextBoundaries(text.string)
            for _ in 0..<Int(newTrailing) { result = boundaries.grapheme(after: result) }
            return result
        }
    }

    /// The extent of Pango's logical rectangle for the text, in points, wrapped to `width` when it is given.
    public func size(of text: TextContent, width: Double?) -> Size {
        withLayout(text, width: width) { layout in
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            return Size(width: Self.points(logical.x + logical.width), height: Self.points(logical.y + logical.height))
        }
    }

    /// Pango's lines of the layout, each with its characters and its logical rectangle.
    public func lines(of text: TextContent, width: Double?) -> [TextLineBox] {
        withLayout(text, width: width) { layout in
            // A layout always has at least one line, and an iterator over it; Pango never returns NULL here.
            guard let iterator = pango_layout_get_iter(layout) else { return [] }
            defer { pango_layout_iter_free(iterator) }
            var boxes: [TextLineBox] = []
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                let start = Self.utf16Offset(Int(line.pointee.start_index), in: text.string)
                let end = Self.utf16Offset(Int(line.pointee.start_index) + Int(line.pointee.length), in: text.string)
                boxes.append(TextLineBox(range: start..<max(end, start),
                                         frame: Rect(x: Self.points(logical.x), y: Self.points(logical.y),
                                                     width: Self.points(logical.width), height: Self.points(logical.height))))
            } while pango_layout_iter_next_line(iterator) != 0
            // Pango's line lengths leave out the newline between paragraphs: each line runs to the next one's start.
            for index in boxes.indices.dropLast() where boxes[index].range.upperBound < boxes[index + 1].range.lowerBound {
                boxes[index].range = boxes[index].range.lowerBound..<boxes[index + 1].range.lowerBound
            }
            return boxes
        }
    }

    private static func points(_ pangoUnits: Int32) -> Double { Double(pangoUnits) / Double(PANGO_SCALE) }

    /// The UTF-8 byte index of the UTF-16 `offset` (clamped to the text, moved back to a scalar boundary).
    static func byteIndex(_ offset: Int, in string: String) -> Int {
        let utf16 = string.utf16
        let clamped = min(max(offset, 0), utf16.count)
        var position = utf16.index(utf16.startIndex, offsetBy: clamped)
        while position > utf16.startIndex, position.samePosition(in: string.unicodeScalars) == nil { position = utf16.index(before: position) }
        return string.utf8.distance(from: string.utf8.startIndex, to: position)
    }

    /// The UTF-16 offset of the UTF-8 byte `index` (clamped to the text, moved back to a scalar boundary).
    static func utf16Offset(_ index: Int, in string: String) -> Int {
        let utf8 = string.utf8
        let clamped = min(max(index, 0), utf8.count)
        var position = utf8.index(utf8.startIndex, offsetBy: clamped)
        while position > utf8.startIndex, position.samePosition(in: string.unicodeScalars) == nil { position = utf8.index(before: position) }
        return string.utf16.distance(from: string.utf16.startIndex, to: position)
    }
}
