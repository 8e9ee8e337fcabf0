import CGraphics
import Foundation
import KineticCore
import KineticScene

/// Draws a layer tree into an offscreen Cairo image, `scale` pixels per point.
///
/// A frame has two passes. The first walks the tree on the calling thread, rasterises whatever changed and
/// records a display list of composites; the second plays that list into horizontal bands of the frame in
/// parallel (`BandCompositor`).
///
/// Each layer's own content is rasterised once into a cached surface and then only composited, frame after
/// frame, with the layer's current transform and opacity. The cache is keyed by what a raster shows (contents,
/// background, size and raster scale, see `RasterKey`), not by layer: layers that draw the same thing share one
/// raster, a layer made anew with the same content (a grid rebuilt) finds its pixels still there, and a change of
/// content or a move of the on-screen scale to another power of two (a zoom re-rasterises a handful of times,
/// not every frame) is a new key. Rasters no layer has drawn for `retainedFrames` frames are dropped, and the
/// least recently drawn go first whenever the cache passes `cacheBudgetBytes`.
///
/// Magnified layers are rasterised at most at twice the display's scale; past that the cached bitmap is scaled
/// up, as Core Animation does with every transform. A bubble's ring that grows twentyfold as it flies off
/// screen thus costs two small rasterisations instead of a 4096-pixel one every few frames.
public final class Renderer {
    /// The size of the stage drawn, in points.
    public let pointSize: Size
    /// Pixels per point.
    public let scale: Double
    /// The frame's width in pixels: `pointSize.width` times `scale`, rounded to the nearest pixel, at least 1.
    public let pixelWidth: Int
    /// The frame's height in pixels: `pointSize.height` times `scale`, rounded to the nearest pixel, at least 1.
    public let pixelHeight: Int
    /// The frame, in Cairo's ARGB32 (premultiplied, B G R A in memory on little-endian machines).
    let surface: OpaquePointer
    private let images = DecodedImages()
    private var cache: [RasterKey: LayerRaster] = [:]
    private var cachedBytes = 0
    /// The keys `evictUnused` drops this frame (its capacity kept between frames, so that dropping allocates nothing).
    private var stale: [RasterKey] = []
    /// Frames a raster is kept after the last layer that drew it was last drawn (two seconds at 120 Hz): long
    /// enough for a layer that fades out and back, or a screen rebuilt with the same content, to find it.
    public static let retainedFrames: UInt64 = 240
    /// The raster budget for frames that follow one another (a window, a recording): raster pixels one frame makes
    /// before layers that can show their content at the neighbouring scale wait for the next frame (about a
    /// millisecond of SVG and text here). A morph that carries many layers across a power of two at once then spreads
    /// their rasterising over a few frames, each showing the previous scale's raster, half or twice as fine, for a
    /// frame or two; a layer with nothing cached yet is always rasterised at once, and so is the first of every frame,
    /// so each wait ends. Counted in pixels, not time, so the same input gives the same frames.
    public static let rasterBudgetPixels = 1 << 19
    /// This frame's budget (`render`'s), and the raster pixels made so far.
    private var rasterBudget: Int?
    private var rasterPixelsThisFrame = 0
    /// How many layers showed a neighbouring scale's raster in the last frame, their own waiting for the budget: while
    /// any do, the frame is not final, and whoever shows frames should draw another (`render` makes progress each time).
    public private(set) var deferredLastFrame = 0
    /// The most the cached rasters may hold before the least recently drawn are dropped early.
    public static let cacheBudgetBytes = 256 * 1024 * 1024
    private var frameNumber: UInt64 = 0
    private var displayList = DisplayList()
    /// The last frame's list: what this frame's is compared with to find the damage.
    private var previousList = DisplayList()
    private var previousBackground: Color?
    private let compositor: BandCompositor
    /// Every distinct problem met so far; the app decides how to show them.
    public private(set) var assetErrors: [AssetError] = []
    /// How many layers were rasterised (not just composited) in the last frame.
    public private(set) var rasterizedLastFrame = 0
    /// The frame pixels the last `render` recomposited (empty when nothing visible changed): everything the
    /// window needs to copy to the screen. The first frame, and any frame after a change of background, is whole.
    public private(set) var lastDamage: [PixelRect] = []
    /// The pixel work of the last frame, as plain clears and blends would do it: the damaged pixels cleared, and
    /// every paint's pixels inside the damage blended. The benchmark's floor is this work with no engine around it.
    public var lastPixelWork: PixelWork { displayList.pixelWork(inside: lastDamage) }
    /// The last frame's paints with their rasters, for `lastDraws` (the benchmark's export).
    var displayListPaints: [(LayerRaster, cairo_matrix_t, cairo_filter_t, Double)] { displayList.paints }
    /// The whole frame, in pixels.
    public var frameRect: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// The most pixels a frame may have a side: 8192 × 8192 is 256 MB of pixels.
    public static let maximumPixelsASide = 8192

    /// - Parameter bands: how many horizontal bands are composited in parallel; by default one per core, at most
    ///   four. The picture is the same whatever the number.
    /// - Throws: `FrameError` when the frame would be larger than `maximumPixelsASide` or cannot be allocated.
    public init(pointSize: Size, scale: Double, bands: Int? = nil) throws {
        self.pointSize = pointSize
        self.scale = scale.isFinite ? max(scale, 0.1) : 1
        let limit = Self.maximumPixelsASide
        pixelWidth = max(Int(saturating: pointSize.width * self.scale), 1)
        pixelHeight = max(Int(saturating: pointSize.height * self.scale), 1)
        guard pixelWidth <= limit, pixelHeight <= limit else { throw FrameError.tooLarge(width: pixelWidth, height: pixelHeight, limit: limit) }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(surface) else {
            let reason = String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            throw FrameError.cannotAllocate(width: pixelWidth, height: pixelHeight, reason: reason)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        compositor = BandCompositor(frameData: pixels, stride: Int(cairo_image_surface_get_stride(surface)), width: pixelWidth,
                                    height: pixelHeight, bandCount: bands ?? min(max(cores, 1), 4))
        lastDamage.reserveCapacity(Damage.maximumRectangles + 1)
        stale.reserveCapacity(64)
    }

    deinit {
        cache.removeAll()
        cairo_surface_destroy(surface)
    }

    /// How many bands composite in parallel.
    public var bandCount: Int { compositor.count }

    /// Draws the whole tree under `root` (whose coordinates are screen points).
    ///
    /// Only what changed since the last frame is recomposited (`lastDamage`): the old and new places of every layer
    /// that moved, turned, faded, changed or came and went; the rest of the frame keeps its pixels.
    ///
    /// - Parameter rasterBudget: with a budget (`rasterBudgetPixels` for a window or a recording), layers past it
    ///   that can show their content at the neighbouring scale wait for a later frame (`deferredLastFrame`); without
    ///   one (a capture, a test), every layer is rasterised now and the frame is final.
    public func render(_ root: Layer, background: Color = .white, rasterBudget: Int? = nil) {
        frameNumber &+= 1
        rasterizedLastFrame = 0
        deferredLastFrame = 0
        rasterPixelsThisFrame = 0
        self.rasterBudget = rasterBudget
        swap(&displayList, &previousList)
        displayList.removeAll()
        record(root, parentTransform: Transform2D(scaleX: scale, y: scale), parentOpacity: 1)
        if frameNumber == 1 || previousBackground != background {
            lastDamage.removeAll(keepingCapacity: true)
            lastDamage.append(frameRect)
        } else {
            Damage.between(previousList, displayList, frame: frameRect, into: &lastDamage)
            Damage.simplify(&lastDamage, frame: frameRect)
        }
        previousBackground = background
        evictUnused()
        compositor.composite(displayList, background: background, damage: lastDamage)
        // The bands wrote the pixels behind Cairo's back (PNGs are written through Cairo).
        cairo_surface_mark_dirty(surface)
    }

    /// Walks the tree: rasterises what changed, places every raster, and records what to composite.
    private func record(_ layer: Layer, parentTransform: Transform2D, parentOpacity: Double) {
        guard !layer.isHidden else { return }
        let opacity = parentOpacity * layer.opacity
        guard opacity > 0.001 else { return }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        // The pixels per point this layer covers on screen: the square root of the transform's area scale.
        let onScreenScale = abs(transform.determinant).squareRoot()
        guard onScreenScale.isFinite, onScreenScale > 1e-4 else { return }

        if let raster = raster(for: layer, onScreenScale: onScreenScale) {
            // The pattern maps frame pixels to raster pixels: the inverse of raster pixels → layer points
            // (÷ rasterScale, + bounds origin) → frame pixels (transform).
            let rasterToDevice = Transform2D(scaleX: 1 / raster.rasterScale, y: 1 / raster.rasterScale)
                .concatenating(Transform2D(translationX: layer.bounds.minX, y: layer.bounds.minY))
                .concatenating(transform)
            if let deviceToRaster = rasterToDevice.inverted() {
                // Pixel-aligned copies need no filtering; anything turned or resampled is filtered bilinearly
                // (the cache is never more than 2× off the screen's scale, so bilinear stays sharp enough).
                let exact = abs(raster.rasterScale - onScreenScale) < 1e-6 && transform.b == 0 && transform.c == 0
                    && transform.tx == transform.tx.rounded() && transform.ty == transform.ty.rounded()
                // Bilinear filtering reaches half a raster pixel past the raster's edge, which a magnified raster
                // makes several frame pixels; an exact copy reaches nothing past it.
                let reach = exact ? 0 : 0.5
                let rasterSize = (x: -reach, y: -reach, width: Double(raster.pixelWidth) + 2 * reach, height: Double(raster.pixelHeight) + 2 * reach)
                displayList.append(.paint(raster, deviceToRaster: cairoMatrix(deviceToRaster),
                                          filter: exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR, opacity: opacity,
                                          extent: Damage.extent(of: rasterSize, toDevice: cairoMatrix(rasterToDevice))))
            }
        }

        guard !layer.sublayers.isEmpty else { return }
        if layer.masksToBounds {
            let b = layer.bounds
            let rect = (x: b.minX, y: b.minY, width: b.width, height: b.height)
            displayList.append(.pushClip(transform: cairoMatrix(transform), rect: rect, extent: Damage.extent(of: rect, toDevice: cairoMatrix(transform))))
        }
        if layer.sublayersShareZPosition {
            for sublayer in layer.sublayers { record(sublayer, parentTransform: transform, parentOpacity: opacity) }
        } else {
            for sublayer in layer.sublayersInDrawingOrder { record(sublayer, parentTransform: transform, parentOpacity: opacity) }
        }
        if layer.masksToBounds { displayList.append(.popClip) }
    }

    /// The layer's content at a raster scale of the next power of two at or above its on-screen scale, at most
    /// twice the display's scale, and capped so that no cached surface exceeds 2048 pixels a side.
    private func raster(for layer: Layer, onScreenScale: Double) -> LayerRaster? {
        guard layer.backgroundColor != nil || layer.contents != .none else { return nil }
        let size = layer.bounds.size
        var rasterScale = min(pow(2, (log2(onScreenScale) - 1e-9).rounded(.up)), 2 * scale)
        let longest = max(size.width, size.height)
        if longest * rasterScale > 2048 { rasterScale = 2048 / max(longest, 1) }
        let key = RasterKey(layer, rasterScale: rasterScale)
        if let entry = cache[key] {
            entry.lastUsed = frameNumber
            return entry
        }
        // Past the frame's budget, a layer that already has its content at the neighbouring scale shows that for now.
        // The raster's size as `ContentRasterizer` rounds it (a text layer may draw taller: this is the least it makes).
        let pixels = Int(saturating: size.width * rasterScale, rounding: .up, bound: 16384)
            * Int(saturating: size.height * rasterScale, rounding: .up, bound: 16384)
        if let rasterBudget, rasterPixelsThisFrame > 0, rasterPixelsThisFrame + pixels > rasterBudget, let standIn = neighbouringRaster(of: key) {
            standIn.lastUsed = frameNumber
            deferredLastFrame += 1
            return standIn
        }
        rasterPixelsThisFrame += pixels
        rasterizedLastFrame += 1
        guard let result = ContentRasterizer(images: images).rasterize(layer, scale: rasterScale) else { return nil }
        if let error = result.error, !assetErrors.contains(error) { assetErrors.append(error) }
        let entry = LayerRaster(rasterScale: rasterScale, surface: result.surface, bands: compositor.count, frame: frameNumber)
        cache[key] = entry
        cachedBytes += entry.byteCount
        return entry
    }

    /// The cached raster of `key`'s content at half or twice its scale (the larger when both are there): what a
    /// layer crossing a power of two shows while its own raster waits for a later frame's budget.
    private func neighbouringRaster(of key: RasterKey) -> LayerRaster? {
        var wanted = key
        wanted.rasterScale = key.rasterScale * 2
        if let larger = cache[wanted] { return larger }
        wanted.rasterScale = key.rasterScale / 2
        return cache[wanted]
    }

    /// Drops rasters not drawn for `retainedFrames`, then, while over budget, the least recently drawn.
    private func evictUnused() {
        for (key, entry) in cache where frameNumber &- entry.lastUsed > Renderer.retainedFrames { stale.append(key) }
        if cachedBytes > Renderer.cacheBudgetBytes {
            let byAge = cache.filter { $0.value.lastUsed != frameNumber }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            var excess = cachedBytes - Renderer.cacheBudgetBytes
            for (key, entry) in byAge where excess > 0 && !stale.contains(key) {
                stale.append(key)
                excess -= entry.byteCount
            }
        }
        for key in stale {
            if let entry = cache.removeValue(forKey: key) { cachedBytes -= entry.byteCount }
        }
        // Empty between frames, so it holds no key (and no content a key names) past its use.
        stale.removeAll(keepingCapacity: true)
    }

    /// Number of distinct rasters cached (layers that draw the same thing share one).
    public var cachedLayerCount: Int { cache.count }

    /// Bytes held by the cached rasters.
    public var cachedRasterBytes: Int { cachedBytes }

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
        // The frame's surface was checked to have its pixels when it was made (`init`), and keeps them while it lives.
        let data = cairo_image_surface_get_data(surface)
        return try body(UnsafeRawBufferPointer(start: data, count: stride * pixelHeight))
    }

    private func cairoMatrix(_ t: Transform2D) -> cairo_matrix_t {
        cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    }
}
