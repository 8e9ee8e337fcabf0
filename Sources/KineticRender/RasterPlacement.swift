import CGraphics
import KineticCore
import KineticScene

/// Where a layer's raster goes in the frame: raster pixels → layer points (÷ raster scale, + bounds origin) → frame
/// pixels (the layer's transform), whether that is an exact copy, and the frame pixels a tile of it paints.
struct RasterPlacement {
    let rasterToDevice: Transform2D
    /// What a paint's pattern holds: frame pixels → raster pixels (`nil` for a transform that flattens the layer).
    let deviceToRaster: Transform2D?
    /// Whether the raster lands pixel for pixel: its scale the screen's, not turned, at a whole-pixel place. Such a
    /// copy needs no filtering; anything turned or resampled is filtered bilinearly (the cache is never more than 2×
    /// off the screen's scale, so bilinear stays sharp enough).
    let exact: Bool
    /// Whether the layer is turned or skewed on screen.
    let turned: Bool

    init(layer: Layer, transform: Transform2D, rasterScale: Double, onScreenScale: Double) {
        rasterToDevice = Transform2D(scaleX: 1 / rasterScale, y: 1 / rasterScale)
            .concatenating(Transform2D(translationX: layer.bounds.minX, y: layer.bounds.minY))
            .concatenating(transform)
        deviceToRaster = rasterToDevice.inverted()
        turned = transform.b != 0 || transform.c != 0
        exact = abs(rasterScale - onScreenScale) < 1e-6 && !turned && transform.tx == transform.tx.rounded() && transform.ty == transform.ty.rounded()
    }

    var filter: cairo_filter_t { exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR }

    /// How far past the raster's edge a paint reaches, in raster pixels: bilinear filtering half a pixel, which a
    /// magnified raster makes several frame pixels; an exact copy nothing.
    var reach: Double { exact ? 0 : 0.5 }

    /// The frame pixels the tile whose core is `core` paints: those whose centres the core covers, so that neighbouring
    /// tiles share each frame pixel out between them (one edge, rounded the same way for both), and past the raster's
    /// outer edges as far as a whole raster's paint reaches. A turned layer's tiles cannot split the frame along slanted
    /// edges with rectangles: each paints its core's bounding box, and its gutter's pixels are blended twice there (a
    /// faint seam; no app turns a layer this large).
    func extent(ofTile core: PixelRect, in grid: TileGrid) -> PixelRect {
        let m = rasterToDevice
        let left = Double(core.x) - (core.x == 0 ? reach : 0), right = Double(core.maxX) + (core.maxX == grid.width ? reach : 0)
        let top = Double(core.y) - (core.y == 0 ? reach : 0), bottom = Double(core.maxY) + (core.maxY == grid.height ? reach : 0)
        guard !turned else { return Damage.extent(of: (x: left, y: top, width: right - left, height: bottom - top), toDevice: m.cairoMatrix) }
        let columns = Self.span(left, right, outer: (core.x == 0, core.maxX == grid.width), scale: m.a, offset: m.tx)
        let rows = Self.span(top, bottom, outer: (core.y == 0, core.maxY == grid.height), scale: m.d, offset: m.ty)
        return PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
    }

    /// The frame pixels from `start` to `end` (raster pixels, mapped by `scale` and `offset`): an inner edge rounded to
    /// the nearest pixel boundary (the pixels whose centres lie inside), an outer one widened by a pixel each way as
    /// `Damage.extent` widens a whole raster's.
    private static func span(_ start: Double, _ end: Double, outer: (start: Bool, end: Bool), scale: Double, offset: Double) -> Range<Int> {
        var low = scale * start + offset, high = scale * end + offset, outerLow = outer.start, outerHigh = outer.end
        if low > high {
            swap(&low, &high)
            swap(&outerLow, &outerHigh)
        }
        let bound = 1_000_000_000
        let first = outerLow ? Int(saturating: low, rounding: .down, bound: bound) - 1 : Int(saturating: low, bound: bound)
        let last = outerHigh ? Int(saturating: high, rounding: .up, bound: bound) + 1 : Int(saturating: high, bound: bound)
        return first..<max(first, last)
    }
}

extension Transform2D {
    /// The same matrix in Cairo's terms.
    var cairoMatrix: cairo_matrix_t { cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty) }
}
