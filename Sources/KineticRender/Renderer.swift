import CGraphics
import Foundation
import KineticCore
import KineticScene

/// Draws a layer tree into an offscreen Cairo image, `scale` pixels per point.
///
/// Each layer's own content is rasterised once into a cached surface and then only composited, frame after
/// frame, with the layer's current transform and opacity. A cache entry is redrawn only when the layer's
/// `contentVersion` changes or its on-screen scale moves to another power of two (so a zoom re-rasterises a
/// handful of times, not every frame); entries of layers no longer drawn are dropped at the end of the frame.
///
/// Magnified layers are rasterised at most at twice the display's scale; past that the cached bitmap is scaled
/// up, as Core Animation does with every transform. A bubble's ring that grows twentyfold as it flies off
/// screen thus costs two small rasterisations instead of a 4096-pixel one every few frames.
public final class Renderer {
    public let pointSize: Size
    /// Pixels per point.
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// The frame, in Cairo's ARGB32 (premultiplied, B G R A in memory on little-endian machines).
    let surface: OpaquePointer
    private let context: OpaquePointer
    private let images = ImageStore()
    private var cache: [ObjectIdentifier: CacheEntry] = [:]
    private var frameNumber: UInt64 = 0
    /// Every distinct problem met so far; the app decides how to show them.
    public private(set) var assetErrors: [AssetError] = []
    /// How many layers were rasterised (not just composited) in the last frame.
    public private(set) var rasterizedLastFrame = 0

    private final class CacheEntry {
        weak var layer: Layer?
        var version: UInt64
        var rasterScale: Double
        var surface: OpaquePointer?
        /// A pattern made once for the surface, so that compositing allocates nothing per frame.
        var pattern: OpaquePointer?
        var lastUsed: UInt64
        /// The surface's size in the layer's points (text may hang below the bounds).
        var pointSize: Size {
            guard let surface else { return .zero }
            return Size(width: Double(cairo_image_surface_get_width(surface)) / rasterScale,
                        height: Double(cairo_image_surface_get_height(surface)) / rasterScale)
        }
        init(layer: Layer, version: UInt64, rasterScale: Double, surface: OpaquePointer?, lastUsed: UInt64) {
            self.layer = layer
            self.version = version
            self.rasterScale = rasterScale
            self.surface = surface
            self.pattern = surface.map { cairo_pattern_create_for_surface($0) }
            self.lastUsed = lastUsed
        }
        deinit {
            if let pattern { cairo_pattern_destroy(pattern) }
            if let surface { cairo_surface_destroy(surface) }
        }
    }

    public init(pointSize: Size, scale: Double) {
        self.pointSize = pointSize
        self.scale = max(scale, 0.1)
        pixelWidth = max(Int((pointSize.width * self.scale).rounded()), 1)
        pixelHeight = max(Int((pointSize.height * self.scale).rounded()), 1)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        context = cairo_create(surface)
    }

    deinit {
        cache.removeAll()
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Draws the whole tree under `root` (whose coordinates are screen points).
    public func render(_ root: Layer, background: Color = .white) {
        frameNumber &+= 1
        rasterizedLastFrame = 0
        let cr = context
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setColor(cr, background)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        let toPixels = Transform2D(scaleX: scale, y: scale)
        draw(root, parentTransform: toPixels, parentOpacity: 1, cr: cr)
        evictUnused()
        cairo_surface_flush(surface)
    }

    private func draw(_ layer: Layer, parentTransform: Transform2D, parentOpacity: Double, cr: OpaquePointer) {
        guard !layer.isHidden else { return }
        let opacity = parentOpacity * layer.opacity
        guard opacity > 0.001 else { return }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        // The pixels per point this layer covers on screen: the square root of the transform's area scale.
        let onScreenScale = abs(transform.determinant).squareRoot()
        guard onScreenScale.isFinite, onScreenScale > 1e-4 else { return }

        if let cached = cachedSurface(for: layer, onScreenScale: onScreenScale), let pattern = cached.pattern {
            // The pattern's matrix maps device pixels to the cached surface's pixels: the inverse of
            // surface pixels → layer points (÷ rasterScale, + bounds origin) → device (transform).
            let surfaceToDevice = Transform2D(scaleX: 1 / cached.rasterScale, y: 1 / cached.rasterScale)
                .concatenating(Transform2D(translationX: layer.bounds.minX, y: layer.bounds.minY))
                .concatenating(transform)
            if let deviceToSurface = surfaceToDevice.inverted() {
                var matrix = cairoMatrix(deviceToSurface)
                cairo_pattern_set_matrix(pattern, &matrix)
                // Pixel-aligned copies need no filtering; anything turned or resampled is filtered bilinearly
                // (the cache is never more than 2× off the screen's scale, so bilinear stays sharp enough).
                let exact = abs(cached.rasterScale - onScreenScale) < 1e-6 && transform.b == 0 && transform.c == 0
                    && transform.tx == transform.tx.rounded() && transform.ty == transform.ty.rounded()
                cairo_pattern_set_filter(pattern, exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
                cairo_set_source(cr, pattern)
                // The pattern does not extend past the surface, so Cairo bounds the paint to the layer's quad.
                if opacity >= 0.999 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
            }
        }

        guard !layer.sublayers.isEmpty else { return }
        if layer.masksToBounds {
            cairo_save(cr)
            var matrix = cairoMatrix(transform)
            cairo_set_matrix(cr, &matrix)
            let b = layer.bounds
            cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
            cairo_identity_matrix(cr)
            cairo_clip(cr)
        }
        if layer.sublayersShareZPosition {
            for sublayer in layer.sublayers { draw(sublayer, parentTransform: transform, parentOpacity: opacity, cr: cr) }
        } else {
            for sublayer in layer.sublayersInDrawingOrder { draw(sublayer, parentTransform: transform, parentOpacity: opacity, cr: cr) }
        }
        if layer.masksToBounds { cairo_restore(cr) }
    }

    /// The layer's content at a raster scale of the next power of two at or above its on-screen scale, at most
    /// twice the display's scale, and capped so that no cached surface exceeds 2048 pixels a side.
    private func cachedSurface(for layer: Layer, onScreenScale: Double) -> CacheEntry? {
        guard layer.backgroundColor != nil || layer.contents != .none else { return nil }
        let size = layer.bounds.size
        var rasterScale = min(pow(2, (log2(onScreenScale) - 1e-9).rounded(.up)), 2 * scale)
        let longest = max(size.width, size.height)
        if longest * rasterScale > 2048 { rasterScale = 2048 / max(longest, 1) }
        let id = ObjectIdentifier(layer)
        if let entry = cache[id], entry.layer === layer, entry.version == layer.contentVersion, entry.rasterScale == rasterScale {
            entry.lastUsed = frameNumber
            return entry.surface == nil ? nil : entry
        }
        rasterizedLastFrame += 1
        let result = ContentRasterizer(images: images).rasterize(layer, scale: rasterScale)
        if let error = result?.error, !assetErrors.contains(error) { assetErrors.append(error) }
        let entry = CacheEntry(layer: layer, version: layer.contentVersion, rasterScale: rasterScale,
                               surface: result?.surface, lastUsed: frameNumber)
        cache[id] = entry
        return entry.surface == nil ? nil : entry
    }

    private func evictUnused() {
        guard cache.count > 0 else { return }
        var stale: [ObjectIdentifier] = []
        for (id, entry) in cache where entry.lastUsed != frameNumber || entry.layer == nil { stale.append(id) }
        for id in stale { cache[id] = nil }
    }

    /// Number of layers whose pixels are cached.
    public var cachedLayerCount: Int { cache.count }

    // MARK: Output

    /// Writes the last frame as a PNG.
    public func writePNG(to url: URL) throws {
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw AssetError.cannotWrite(path: url.path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Bytes per row of the frame.
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Calls `body` with the frame's pixels (BGRA in memory, premultiplied), `stride` bytes per row.
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let data = cairo_image_surface_get_data(surface)!
        return try body(UnsafeRawBufferPointer(start: data, count: stride * pixelHeight))
    }

    private func cairoMatrix(_ t: Transform2D) -> cairo_matrix_t {
        cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    }
}
