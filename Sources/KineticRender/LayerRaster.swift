import CGraphics
import KineticCore
import KineticScene

/// One layer's rasterised content, kept between frames.
///
/// Compositing threads never share a Cairo or pixman object: band 0 paints from the surface itself, and every
/// other band from its own surface wrapping the same (read-only) pixels, each with its own pattern.
final class LayerRaster {
    weak var layer: Layer?
    let version: UInt64
    let rasterScale: Double
    let surface: OpaquePointer
    /// One pattern per band, made once so that compositing allocates nothing per frame.
    private(set) var patterns: [OpaquePointer] = []
    private var wrappers: [OpaquePointer] = []
    var lastUsed: UInt64

    init(layer: Layer, version: UInt64, rasterScale: Double, surface: OpaquePointer, bands: Int, frame: UInt64) {
        self.layer = layer
        self.version = version
        self.rasterScale = rasterScale
        self.surface = surface
        lastUsed = frame
        patterns.append(cairo_pattern_create_for_surface(surface))
        let data = cairo_image_surface_get_data(surface)
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        for _ in 1..<max(bands, 1) {
            let wrapper = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, width, height, stride)!
            wrappers.append(wrapper)
            patterns.append(cairo_pattern_create_for_surface(wrapper))
        }
    }

    deinit {
        for pattern in patterns { cairo_pattern_destroy(pattern) }
        for wrapper in wrappers { cairo_surface_destroy(wrapper) }
        cairo_surface_destroy(surface)
    }

    /// The surface's size in the layer's points (text may hang below the bounds).
    var pointSize: Size {
        Size(width: Double(cairo_image_surface_get_width(surface)) / rasterScale,
             height: Double(cairo_image_surface_get_height(surface)) / rasterScale)
    }

    /// Points every band's pattern at this frame's placement: `deviceToSurface` maps frame pixels to the
    /// raster's pixels.
    func place(deviceToSurface: cairo_matrix_t, filter: cairo_filter_t) {
        var matrix = deviceToSurface
        for pattern in patterns {
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, filter)
        }
    }
}
