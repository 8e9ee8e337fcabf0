import CGraphics
import KineticCore
import KineticScene

/// What a raster shows: a layer's contents, background and size at a raster scale. Layers with equal keys draw
/// the same pixels, so they share one cached raster (35 cells showing one SVG rasterise it once).
struct RasterKey: Hashable {
    var contents: LayerContents
    var background: Color?
    var cornerRadius: Double
    var size: Size
    var rasterScale: Double
    /// Whether its text is laid out for a mirrored stage (its alignment swapped): the same text drawn inside a text
    /// field and outside it are two rasters.
    var textMirrored: Bool

    init(_ layer: Layer, rasterScale: Double, textMirrored: Bool = false) {
        contents = layer.contents
        background = layer.backgroundColor
        cornerRadius = layer.cornerRadius
        size = layer.bounds.size
        self.rasterScale = rasterScale
        self.textMirrored = textMirrored
    }
}

/// Rasterised content, kept between frames and shared by every layer that shows it.
///
/// Compositing threads never share a Cairo or pixman object: band 0 paints from the surface itself, and every
/// other band from its own surface wrapping the same (read-only) pixels, each with its own pattern. One raster
/// may be painted several times in a frame (by several layers), so a display-list entry carries its own matrix.
final class LayerRaster {
    let rasterScale: Double
    let surface: OpaquePointer
    /// One pattern per band, made once so that compositing allocates nothing per frame.
    private(set) var patterns: [OpaquePointer] = []
    private var wrappers: [OpaquePointer] = []
    /// Two pixman images per band over the same (read-only) pixels, for the compositor's own path; made once, so
    /// compositing a raster allocates nothing. One is only ever copied (no transform), the other only ever
    /// resampled: pixman frees an image's transform when it is cleared and allocates it again when it is next set.
    private var sources: [OpaquePointer] = []

    /// The image band `band` copies from with offsets only.
    func copySource(band: Int) -> OpaquePointer { sources[2 * band] }

    /// The image band `band` resamples through a transform.
    func resampledSource(band: Int) -> OpaquePointer { sources[2 * band + 1] }
    var lastUsed: UInt64
    let pixelWidth: Int
    let pixelHeight: Int
    /// The raster's pixels (read-only once made), `rowPixels` to a row, for the compositor's own turned-bitmap kernel.
    let pixels: UnsafePointer<UInt32>?
    let rowPixels: Int
    /// The one pixel value every pixel holds, when they are all the same and opaque (a plain background): the
    /// compositor then fills instead of blending.
    let uniformOpaquePixel: UInt32?

    /// Whether this is one tile of a larger raster (`TileGrid`), painted only over its extent.
    let isTile: Bool

    init(rasterScale: Double, surface: OpaquePointer, bands: Int, frame: UInt64, isTile: Bool = false) {
        self.rasterScale = rasterScale
        self.isTile = isTile
        self.surface = surface
        lastUsed = frame
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        let pixels = UnsafeMutableRawPointer(data)?.assumingMemoryBound(to: UInt32.self)
        pixelWidth = Int(width)
        pixelHeight = Int(height)
        self.pixels = pixels.map { UnsafePointer($0) }
        rowPixels = Int(stride) / 4
        uniformOpaquePixel = pixels.flatMap { Self.uniformOpaquePixel($0, width: Int(width), height: Int(height), rowPixels: Int(stride) / 4) }
        patterns.append(cairo_pattern_create_for_surface(surface))
        for _ in 1..<max(bands, 1) {
            // Cairo never returns NULL: a failure gives an object in an error state (checked where its pixels are used).
            let wrapper = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, width, height, stride)!
            wrappers.append(wrapper)
            patterns.append(cairo_pattern_create_for_surface(wrapper))
        }
        for _ in 0..<max(bands, 1) {
            for resampled in [false, true] {
                // pixman returns NULL only for a stride that is not whole pixels or a size that overflows, and these are a
                // Cairo image surface's own (ARGB32: 4-byte pixels, strides Cairo aligned), or when its few bytes of
                // bookkeeping cannot be had, where nothing else could run either.
                let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, pixels, stride)!
                pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
                if resampled {
                    // Any transform but the identity, so that pixman allocates the one it keeps now, not mid-frame.
                    var half = pixman_transform_t(matrix: ((32768, 0, 0), (0, 32768, 0), (0, 0, 65536)))
                    pixman_image_set_transform(image, &half)
                }
                sources.append(image)
            }
        }
    }

    deinit {
        for source in sources { pixman_image_unref(source) }
        for pattern in patterns { cairo_pattern_destroy(pattern) }
        for wrapper in wrappers { cairo_surface_destroy(wrapper) }
        cairo_surface_destroy(surface)
    }

    /// Reads until the first pixel that differs from the first, so a raster with any shape or edge in it costs little.
    private static func uniformOpaquePixel(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, rowPixels: Int) -> UInt32? {
        guard width > 0, height > 0 else { return nil }
        let first = pixels[0]
        guard first >> 24 == 0xFF else { return nil }
        for row in 0..<height {
            let line = pixels + row * rowPixels
            for column in 0..<width where line[column] != first { return nil }
        }
        return first
    }

    /// The bytes of its pixels.
    var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface)) }

    /// The surface's size in the layer's points (text may hang below the bounds).
    var pointSize: Size {
        Size(width: Double(cairo_image_surface_get_width(surface)) / rasterScale,
             height: Double(cairo_image_surface_get_height(surface)) / rasterScale)
    }
}
