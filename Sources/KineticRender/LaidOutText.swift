import CGraphics
import KineticScene

/// A text layer's string laid out once by Pango at one raster scale, kept while the layer's tiles are drawn, with
/// where each line sits: a tile draws only the lines that cross it.
///
/// Laying out a 10,000-word body takes tens of milliseconds; doing it again for every tile (as a whole surface does
/// once) would cost more than the tiles themselves. Pango's layout depends on the context's scale but not its
/// translation (`pango_cairo_update_context` drops the translation), so one layout made at `scale` draws every tile,
/// each translated to its own origin, exactly as it would draw one large surface.
final class LaidOutText {
    /// One line of the layout, in the layer's points.
    struct Line {
        /// The top and bottom of everything the line may touch: its logical box and its ink (accents, descenders).
        let top: Double
        let bottom: Double
        /// Where `pango_renderer_draw_layout` puts the line: its logical box's left edge and its baseline, in Pango
        /// units, so that drawing it alone lands every glyph where drawing the whole layout would.
        let x: Int32
        let baseline: Int32
    }

    private let layout: OpaquePointer
    let lines: [Line]
    /// The text's drawn height in points: the lowest of its logical box and its ink (what `TextDrawing.height` says).
    let height: Double
    /// Where the block starts: 0, or lower when the text is centred vertically in `boxHeight`.
    let top: Double
    /// The colour, and an unknown font's error, as `TextDrawing.draw` gives them.
    private let text: TextContent
    let error: AssetError?

    /// - Parameters:
    ///   - width: the layer's width, which the lines wrap to.
    ///   - boxHeight: the layer's height (a vertically centred block sits in its middle).
    ///   - scale: the raster scale the tiles are drawn at (Pango hints its metrics for it).
    init(_ text: TextContent, width: Double, boxHeight: Double, scale: Double) {
        self.text = text
        // Cairo never returns NULL: a failure gives an object in an error state, whose layouts measure as empty.
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        let cr = cairo_create(scratch)!
        defer { cairo_destroy(cr); cairo_surface_destroy(scratch) }
        // The same scale as the surface a whole raster is drawn on, so that the layout is the one it would make.
        cairo_scale(cr, scale, scale)
        (layout, error) = TextDrawing.makeLayout(text, width: width, cr: cr)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        height = Self.points(max(ink.y + ink.height, logical.y + logical.height))
        top = text.centeredVertically ? max((boxHeight - Self.points(logical.height)) / 2, 0) : 0
        var lines: [Line] = []
        // GLib objects are never NULL: GLib stops the program itself when memory runs out.
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var lineInk = PangoRectangle(), lineLogical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &lineInk, &lineLogical)
            let upper = min(lineInk.y, lineLogical.y), lower = max(lineInk.y + lineInk.height, lineLogical.y + lineLogical.height)
            lines.append(Line(top: Self.points(upper), bottom: Self.points(lower), x: lineLogical.x, baseline: pango_layout_iter_get_baseline(iterator)))
        } while pango_layout_iter_next_line(iterator) != 0
        self.lines = lines
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Draws the lines that reach between `from` and `to` (in the layer's points, below the block's top) into `cr`,
    /// whose user space is the layer's own (scaled to `scale` pixels a point, translated to a tile's origin).
    ///
    /// Each line goes where `pango_cairo_show_layout` would put it: the current point at the line's left edge and
    /// baseline (Pango units over `PANGO_SCALE`, exact in a double), then the line drawn from there, so every glyph's
    /// position is the same sum of the same exact numbers as when the whole layout is shown.
    func draw(into cr: OpaquePointer, from: Double, to: Double) {
        cairo_set_source_rgba(cr, text.color.red, text.color.green, text.color.blue, text.color.alpha)
        // The first line that ends below `from`: the lines are in order, each below the one before.
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].bottom + top < from { low = middle + 1 } else { high = middle }
        }
        var index = low
        // A line's ink may reach above the line before's bottom (a tall accent): a few lines back cover it.
        index = max(index - 2, 0)
        while index < lines.count, lines[index].top + top <= to {
            let line = lines[index]
            if line.bottom + top >= from, let drawn = pango_layout_get_line_readonly(layout, Int32(index)) {
                cairo_move_to(cr, Self.points(line.x), top + Self.points(line.baseline))
                pango_cairo_show_layout_line(cr, drawn)
            }
            index += 1
        }
    }

    private static func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
}
