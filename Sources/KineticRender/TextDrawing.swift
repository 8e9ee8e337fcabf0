import CGraphics
import KineticScene

/// Lays out and draws a text layer's string with Pango.
enum TextDrawing {
    /// Draws `text` into `cr`, whose user space is the layer's own, in points (the caller has already scaled it to
    /// pixels, and Pango lays out in user space); returns an error when the font is unknown.
    static func draw(_ text: TextContent, width: Double, height: Double, mirrored: Bool = false, into cr: OpaquePointer) -> AssetError? {
        let (layout, error) = makeLayout(text, width: width, mirrored: mirrored, cr: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_set_source_rgba(cr, text.color.red, text.color.green, text.color.blue, text.color.alpha)
        var top = 0.0
        if text.centeredVertically {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            top = max((height - Double(logical.height) / Double(PANGO_SCALE)) / 2, 0)
        }
        cairo_move_to(cr, 0, top)
        pango_cairo_show_layout(cr, layout)
        return error
    }

    /// The height, in points, the text takes when wrapped to `width` points.
    static func height(of text: TextContent, width: Double, mirrored: Bool = false) -> Double {
        // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        let cr = cairo_create(scratch)!
        defer { cairo_destroy(cr); cairo_surface_destroy(scratch) }
        let (layout, _) = makeLayout(text, width: width, mirrored: mirrored, cr: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let bottom = max(ink.y + ink.height, logical.y + logical.height)
        return Double(bottom) / Double(PANGO_SCALE)
    }

    /// A Pango layout of `text` wrapped to `width` points (`.infinity`: lines break only at newlines); the caller
    /// unrefs it.
    ///
    /// `mirrored`: laid out for a right-to-left stage. Left and right alignment are the layout's leading and trailing
    /// edges, so they swap; each paragraph keeps its own reading order (its first strong letter's, Pango's base
    /// direction), and the alignment is taken as it is, not swapped again for a right-to-left paragraph as Pango's
    /// automatic direction would.
    static func makeLayout(_ text: TextContent, width: Double, mirrored: Bool = false, cr: OpaquePointer) -> (OpaquePointer, AssetError?) {
        var error: AssetError?
        var family = text.fontFamily
        if !FontCatalog.isKnown(family) {
            error = .unknownFont(family)
            family = TextContent.defaultFontFamily
        }
        // GLib objects are never NULL: GLib stops the program itself when memory runs out.
        let layout = pango_cairo_create_layout(cr)!
        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, family)
        pango_font_description_set_weight(font, text.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        // Absolute size: the font is `fontSize` points of the scene, whatever DPI fontconfig assumes.
        pango_font_description_set_absolute_size(font, text.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        // Int32(_:) stops the program for a value out of range: a width past Pango's reach wraps nowhere, as .infinity does.
        let pangoWidth = max(width, 1) * Double(PANGO_SCALE)
        pango_layout_set_width(layout, pangoWidth < Double(Int32.max) ? Int32(pangoWidth) : -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        var alignment = text.alignment
        if mirrored || text.isMirroredLayout {
            alignment = alignment == .left ? .right : alignment == .right ? .left : .center
            let direction = pango_find_base_dir(text.string, -1)
            pango_layout_set_auto_dir(layout, 0)
            // The layout's own context (GLib objects are never NULL).
            pango_context_set_base_dir(pango_layout_get_context(layout)!, direction == PANGO_DIRECTION_RTL ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
            pango_layout_context_changed(layout)
        }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if text.lineLimit > 0 {
            // A negative height is a line count for Pango.
            pango_layout_set_height(layout, -Int32(text.lineLimit))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_text(layout, text.string, -1)
        return (layout, error)
    }
}
