import CGraphics
import Foundation

/// One paint of the last frame, as another renderer would redo it: which raster (by `raster`, an id stable while the
/// raster lives), its size in pixels, where it goes (the frame-pixel → raster-pixel matrix, Cairo's pattern matrix),
/// its opacity, and whether it is resampled bilinearly. What `make bench-peers` hands to Cairo and Skia.
public struct RecordedDraw: Equatable, Sendable {
    /// The raster painted, by an id that stays the same while the raster lives (see `writeRaster(_:toPNG:)`).
    public var raster: Int
    /// The raster's width, in pixels.
    public var width: Int
    /// The raster's height, in pixels.
    public var height: Int
    /// xx, yx, xy, yy, x0, y0 of the matrix from frame pixels to raster pixels.
    public var frameToRaster: [Double]
    /// The opacity the raster is painted with, 0...1.
    public var opacity: Double
    /// Whether the paint samples the raster bilinearly (turned, scaled or between pixels) rather than copying it.
    public var bilinear: Bool
}

extension Renderer {
    /// The last frame's paints, in order (clips are left out: the benchmark's scenes have none that cut a paint).
    public var lastDraws: [RecordedDraw] {
        displayListPaints.map { raster, m, filter, opacity in
            // Resampled as the player resamples it: whatever is not a whole-pixel copy, unless unfiltered.
            RecordedDraw(raster: Self.id(of: raster), width: raster.pixelWidth, height: raster.pixelHeight,
                         frameToRaster: [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0], opacity: opacity,
                         bilinear: filter != CAIRO_FILTER_NEAREST && !m.isWholePixelShift)
        }
    }

    /// Writes the raster `id` of the last frame to `path` as a PNG (premultiplied pixels, as Cairo writes them);
    /// returns whether there was such a raster and it was written.
    public func writeRaster(_ id: Int, toPNG path: String) -> Bool {
        guard let raster = displayListPaints.first(where: { Self.id(of: $0.0) == id })?.0 else { return false }
        return cairo_surface_write_to_png(raster.surface, path) == CAIRO_STATUS_SUCCESS
    }

    /// A raster's id in `RecordedDraw`: its identity, stable while it lives.
    private static func id(of raster: LayerRaster) -> Int { ObjectIdentifier(raster).hashValue }
}
