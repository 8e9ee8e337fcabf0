import CGraphics
import Foundation
import KineticCore
import KineticScene

/// Draws what one layer shows itself (background and contents, not sublayers) into a new Cairo surface of
/// the layer's size at `scale` pixels per point.
struct ContentRasterizer {
    let images: DecodedImages
    /// Whether text is laid out for a mirrored (right-to-left) stage: its left and right alignment swapped.
    var textMirrored = false

    /// The surface, with any problem met while drawing; `nil` for a layer that draws nothing.
    func rasterize(_ layer: Layer, scale: Double) -> (surface: OpaquePointer, error: AssetError?)? {
        let size = layer.bounds.size
        guard layer.backgroundColor != nil || layer.contents != .none, size.width > 0, size.height > 0 else { return nil }
        // Text, like a label's, may hang below tight bounds (descenders, an extra line): its surface grows to fit.
        var drawnHeight = size.height
        var fitted: TextContent?
        if case .text(let text) = layer.contents {
            // Fitted once, for the surface's height and for the drawing.
            let shown = Self.fitted(text, in: size)
            fitted = shown
            drawnHeight = max(drawnHeight, TextDrawing.height(of: shown, width: size.width, mirrored: textMirrored).rounded(.up))
        }
        let pixelWidth = Int(saturating: size.width * scale, rounding: .up, bound: 16384)
        let pixelHeight = Int(saturating: drawnHeight * scale, rounding: .up, bound: 16384)
        return rasterize(layer, scale: scale, region: PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight), text: nil, fitted: fitted)
    }

    /// One tile of a layer too large for one surface: the pixels `region` covers of the whole raster the layer
    /// would have at `scale` (its origin at the layer's top-left corner), drawn with the layer's content translated
    /// by the region's origin, so that each pixel is the one the whole surface would hold there. Text is drawn from
    /// `text`, laid out once for all the tiles, and only the lines that cross the region.
    ///
    /// `fitted`: the layer's text as already fitted to its bounds (`fitted(_:in:)`), when the caller has it.
    func rasterize(_ layer: Layer, scale: Double, region: PixelRect, text laidOut: LaidOutText?,
                   fitted: TextContent? = nil) -> (surface: OpaquePointer, error: AssetError?)? {
        let size = layer.bounds.size
        guard layer.backgroundColor != nil || layer.contents != .none, size.width > 0, size.height > 0 else { return nil }
        let pixelWidth = Int32(clamping: region.width), pixelHeight = Int32(clamping: region.height)
        guard pixelWidth > 0, pixelHeight > 0 else { return nil }
        // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        // Whole pixels: every glyph and edge lands at the same fraction of a pixel as on the whole surface.
        cairo_translate(cr, Double(-region.x), Double(-region.y))
        cairo_scale(cr, scale, scale)
        if let background = layer.backgroundColor {
            roundedRect(cr, Rect(origin: .zero, size: size), radius: layer.cornerRadius)
            setColor(cr, background)
            cairo_fill(cr)
        }
        var error: AssetError?
        switch layer.contents {
        case .none: break
        case .shape(let shape): drawShape(shape, size: size, cr: cr)
        case .image(let source): error = drawImage(source, size: size, scale: scale, cr: cr)
        case .text(let text):
            if let laidOut {
                // The region's rows in the layer's points, a pixel wider each way for antialiased edges.
                laidOut.draw(into: cr, from: (Double(region.y) - 1) / scale, to: (Double(region.maxY) + 1) / scale)
                error = laidOut.error
            } else {
                // Shrunk to fit, where it may (`TextContent.minimumScale`).
                error = TextDrawing.draw(fitted ?? Self.fitted(text, in: size), width: size.width, height: size.height, mirrored: textMirrored, into: cr)
            }
        }
        cairo_surface_flush(surface)
        return (surface, error)
    }

    /// `text` as drawn in `size`: shrunk to fit where it may (`TextMeasuring.fitted`); a measurer is made only then.
    static func fitted(_ text: TextContent, in size: Size) -> TextContent {
        text.minimumScale < 1 ? PangoTextMeasure().fitted(text, in: size) : text
    }

    private func drawShape(_ shape: ShapeContent, size: Size, cr: OpaquePointer) {
        let inset = shape.stroke != nil ? shape.lineWidth / 2 : 0
        let box = Rect(origin: .zero, size: size).insetBy(dx: inset, dy: inset)
        switch shape.path {
        case .circle:
            cairo_arc(cr, box.midX, box.midY, min(box.width, box.height) / 2, 0, 2 * .pi)
        case .roundedRect(let radius):
            roundedRect(cr, box, radius: radius)
        case .hexagon(let pointyTop):
            let points = Hexagon.vertices(in: box, pointyTop: pointyTop)
            polygon(cr, points)
        case .polygon(let points):
            polygon(cr, points)
        }
        if let fill = shape.fill {
            setColor(cr, fill)
            shape.stroke == nil ? cairo_fill(cr) : cairo_fill_preserve(cr)
        }
        if let stroke = shape.stroke {
            setColor(cr, stroke)
            cairo_set_line_width(cr, shape.lineWidth)
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
    }

    private func drawImage(_ source: ImageSource, size: Size, scale: Double, cr: OpaquePointer) -> AssetError? {
        switch images.image(for: source) {
        case .bitmap(let bitmap, let width, let height):
            cairo_save(cr)
            cairo_scale(cr, size.width / width, size.height / height)
            cairo_set_source_surface(cr, bitmap, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
            return nil
        case .svg(let handle):
            var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
            var error: UnsafeMutablePointer<GError>?
            if rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
                let reason = error.map { String(cString: $0.pointee.message) } ?? "render failed"
                if let error { g_error_free(error) }
                Placeholder.draw(size: size, cr: cr)
                return .invalidSVG(source: "\(source)", reason: reason)
            }
            return nil
        case .broken(let error):
            Placeholder.draw(size: size, cr: cr)
            return error
        }
    }
}

/// What a broken asset shows: a pink box with a cross, impossible to mistake for art.
enum Placeholder {
    static func draw(size: Size, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_set_source_rgba(cr, 1, 0.85, 0.9, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0.85, 0.1, 0.45, 1)
        cairo_set_line_width(cr, max(2, min(size.width, size.height) / 30))
        cairo_stroke(cr)
        cairo_move_to(cr, 0, 0); cairo_line_to(cr, size.width, size.height)
        cairo_move_to(cr, size.width, 0); cairo_line_to(cr, 0, size.height)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

func setColor(_ cr: OpaquePointer, _ color: Color) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
}

func roundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
    let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
    guard r > 0 else {
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        return
    }
    cairo_new_sub_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
    cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
    cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
}

func polygon(_ cr: OpaquePointer, _ points: [Point]) {
    guard let first = points.first else { return }
    cairo_move_to(cr, first.x, first.y)
    for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
    cairo_close_path(cr)
}
