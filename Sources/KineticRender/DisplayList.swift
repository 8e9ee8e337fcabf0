import CGraphics

/// What a frame composites, in order, recorded once by the renderer's walk of the tree and then played by every
/// band. Only composites and clips are recorded; everything that rasterises happened before.
struct DisplayList {
    enum Operation {
        /// Paints a raster at `opacity`, placed by `deviceToRaster` (frame pixels → raster pixels) and filtered by
        /// `filter`. The placement travels with the operation because one raster may be painted by several layers.
        /// `extent` is the frame pixels it can touch.
        case paint(LayerRaster, deviceToRaster: cairo_matrix_t, filter: cairo_filter_t, opacity: Double, extent: PixelRect)
        /// Clips what follows to a layer's bounds: `rect` in the layer's space, `transform` from there to frame pixels.
        case pushClip(transform: cairo_matrix_t, rect: (x: Double, y: Double, width: Double, height: Double), extent: PixelRect)
        case popClip
    }

    private(set) var operations: [Operation] = []
    /// Whether a clip is turned or skewed, which only the Cairo player draws (pixman's clips are rectangles).
    private(set) var needsCairo = false

    init() { operations.reserveCapacity(256) }

    mutating func removeAll() {
        operations.removeAll(keepingCapacity: true)
        needsCairo = false
    }

    mutating func append(_ operation: Operation) {
        if case .pushClip(let t, _, _) = operation, t.yx != 0 || t.xy != 0 { needsCairo = true }
        operations.append(operation)
    }

    /// Every paint, in order: its raster, matrix, filter and opacity.
    var paints: [(LayerRaster, cairo_matrix_t, cairo_filter_t, Double)] {
        operations.compactMap { operation in
            if case .paint(let raster, let matrix, let filter, let opacity, _) = operation { return (raster, matrix, filter, opacity) }
            return nil
        }
    }


    /// Plays the list into one band's context, whose user space is the frame's pixel space; paints that touch none
    /// of `damage` (the band's part of what is recomposited) are skipped, as the clip would hide them anyway.
    func play(into cr: OpaquePointer, band: Int, base: cairo_matrix_t, damage: ArraySlice<PixelRect>) {
        var base = base
        for operation in operations {
            switch operation {
            case .paint(let raster, var deviceToRaster, let filter, let opacity, let extent):
                guard damage.contains(where: { $0.intersects(extent) }) else { continue }
                // Each band has its own pattern, so setting its matrix here touches nothing another thread reads.
                let pattern = raster.patterns[band]
                cairo_pattern_set_matrix(pattern, &deviceToRaster)
                cairo_pattern_set_filter(pattern, filter)
                cairo_set_source(cr, pattern)
                // A tile paints only its extent (its neighbours paint the pixels its gutter holds); any other paint's
                // extent holds all it can touch.
                if raster.isTile {
                    cairo_save(cr)
                    cairo_set_matrix(cr, &base)
                    cairo_rectangle(cr, Double(extent.x), Double(extent.y), Double(extent.width), Double(extent.height))
                    cairo_clip(cr)
                }
                if opacity >= 0.999 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
                if raster.isTile { cairo_restore(cr) }
            case .pushClip(let transform, let rect, _):
                var transform = transform
                cairo_save(cr)
                cairo_transform(cr, &transform)
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                cairo_set_matrix(cr, &base)
                cairo_clip(cr)
            case .popClip:
                cairo_restore(cr)
            }
        }
    }
}

/// A frame's pixel work, what the benchmark's floor does again as tight C: pixels cleared, pixels blended, and of
/// those, pixels blended through bilinear sampling (from turned or scaled rasters).
public struct PixelWork: Equatable, Sendable {
    /// Pixels written without blending: cleared to the background, or filled by a one-colour opaque paint.
    public var cleared: Int
    /// Pixels a paint was composited onto, counted once per paint that covers them.
    public var blended: Int
    /// Of the blended pixels, those sampled bilinearly because their paint was turned, scaled or placed between pixels.
    public var resampled: Int
}
