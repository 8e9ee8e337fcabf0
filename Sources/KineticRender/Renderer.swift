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
///
/// A layer whose raster would pass `largestSurfaceSide` (a long message's body) is rasterised in tiles instead, still
/// at its full scale (`TileGrid`, `TileCache`): only the tiles that show, and those just ahead of its motion while the
/// frame's raster budget allows, each composited over its own frame pixels, so long text stays sharp and its memory
/// bounded.
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
    /// The tiles of layers too large for one surface.
    private let tiles = TileCache()
    /// The tiles a tiled layer shows and those just ahead of it (`TiledLayer.wanted`), kept between frames.
    private var shownTiles: [RasterTile] = [], tilesAhead: [RasterTile] = []
    /// The frame pixels the layers being recorded can show: the frame inside every clip pushed so far.
    private var visibleArea = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The most a cached surface may have a side; a layer whose raster would be larger is tiled. Tiles make a
    /// frame's paints more numerous but no surface larger; 2048 keeps every layer of the apps but a long body (a
    /// full-screen background at @2x is 2048 × 1536) on one surface, as before tiles.
    public static let largestSurfaceSide = 2048
    /// This renderer's limit: `largestSurfaceSide`, or less for a test that tiles small layers.
    var largestSurfaceSide = Renderer.largestSurfaceSide
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

    /// - Parameter pointSize: the size of the stage drawn, in points (`pointSize`).
    /// - Parameter scale: pixels per point (`scale`); one that is not finite is taken as 1, and it is at least 0.1.
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
        shownTiles.reserveCapacity(64)
        tilesAhead.reserveCapacity(16)
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
    /// - Parameter root: the layer whose tree is drawn, its coordinates screen points.
    /// - Parameter background: the colour the frame shows behind the layers; a change of it recomposites the whole
    ///   frame.
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
        visibleArea = frameRect
        // A right-to-left tree is drawn through the screen's mirror, each layer's own drawing mirrored back inside its
        // bounds (`LayoutDirection`).
        record(root, parentTransform: root.screenMirror.concatenating(Transform2D(scaleX: scale, y: scale)), parentOpacity: 1,
               mirroring: root.layoutDirection == .rightToLeft)
        peakRasterBytes = max(peakRasterBytes, cachedBytes + tiles.bytes)
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
    ///
    /// - Parameter mirroring: whether the layer is drawn through the right-to-left mirror (`Layer.drawsThroughMirror`).
    private func record(_ layer: Layer, parentTransform: Transform2D, parentOpacity: Double, mirroring: Bool) {
        guard !layer.isHidden else { return }
        let opacity = parentOpacity * layer.opacity
        guard opacity > 0.001 else { return }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        // The pixels per point this layer covers on screen: the square root of the transform's area scale.
        let onScreenScale = abs(transform.determinant).squareRoot()
        guard onScreenScale.isFinite, onScreenScale > 1e-4 else { return }
        // Where the layer's own drawing goes: in a mirrored tree, mirrored back inside its bounds (so the two mirrors
        // cancel and text reads the right way round), unless it is a sign that turns with the layout.
        let drawing = mirroring && !layer.drawsMirroredRightToLeft
            ? Transform2D(a: -1, b: 0, c: 0, d: 1, tx: layer.bounds.minX + layer.bounds.maxX, ty: 0).concatenating(transform) : transform

        let rasterScale = Self.rasterScale(onScreenScale: onScreenScale, displayScale: scale)
        if layer.backgroundColor != nil || layer.contents != .none,
           max(layer.bounds.width, layer.bounds.height) * rasterScale > Double(largestSurfaceSide) {
            recordTiles(of: layer, transform: drawing, opacity: opacity, rasterScale: rasterScale, onScreenScale: onScreenScale,
                        mirrored: mirroring && !layer.drawsMirroredRightToLeft)
        } else if let raster = raster(for: layer, rasterScale: rasterScale, mirrored: mirroring && !layer.drawsMirroredRightToLeft) {
            let placement = RasterPlacement(layer: layer, transform: drawing, rasterScale: raster.rasterScale, onScreenScale: onScreenScale)
            if let deviceToRaster = placement.deviceToRaster {
                // Bilinear filtering reaches half a raster pixel past the raster's edge, which a magnified raster
                // makes several frame pixels; an exact copy reaches nothing past it.
                let reach = placement.reach
                let rasterSize = (x: -reach, y: -reach, width: Double(raster.pixelWidth) + 2 * reach, height: Double(raster.pixelHeight) + 2 * reach)
                displayList.append(.paint(raster, deviceToRaster: deviceToRaster.cairoMatrix, filter: placement.filter, opacity: opacity,
                                          extent: Damage.extent(of: rasterSize, toDevice: placement.rasterToDevice.cairoMatrix)))
            }
        }

        guard !layer.sublayers.isEmpty else { return }
        let sublayersMirroring = mirroring && !layer.keepsSublayersLeftToRight
        let visibleOutside = visibleArea
        if layer.masksToBounds {
            let b = layer.bounds
            let rect = (x: b.minX, y: b.minY, width: b.width, height: b.height)
            let extent = Damage.extent(of: rect, toDevice: transform.cairoMatrix)
            displayList.append(.pushClip(transform: transform.cairoMatrix, rect: rect, extent: extent))
            visibleArea = visibleArea.intersection(extent)
        }
        if layer.sublayersShareZPosition {
            for sublayer in layer.sublayers { record(sublayer, parentTransform: transform, parentOpacity: opacity, mirroring: sublayersMirroring) }
        } else {
            for sublayer in layer.sublayersInDrawingOrder { record(sublayer, parentTransform: transform, parentOpacity: opacity, mirroring: sublayersMirroring) }
        }
        if layer.masksToBounds {
            displayList.append(.popClip)
            visibleArea = visibleOutside
        }
    }

    /// The raster scale for a layer `onScreenScale` pixels a point on screen: the next power of two at or above it, at
    /// most twice the display's scale.
    static func rasterScale(onScreenScale: Double, displayScale: Double) -> Double {
        min(pow(2, (log2(onScreenScale) - 1e-9).rounded(.up)), 2 * displayScale)
    }

    /// Records a tiled layer: the tiles that show in `visibleArea` (rasterised now if they are new), each painted over
    /// only the frame pixels its core covers (`RasterPlacement.extent(ofTile:in:)`), then, while the frame's raster budget
    /// allows, the tiles one step ahead of its motion, so that a scroll finds them drawn. A frame without a budget (a
    /// capture) draws only what shows.
    private func recordTiles(of layer: Layer, transform: Transform2D, opacity: Double, rasterScale: Double, onScreenScale: Double,
                             mirrored: Bool) {
        let key = RasterKey(layer, rasterScale: rasterScale, textMirrored: mirrored)
        let content = tiles.content(for: key, layer: TiledLayer(layer, rasterScale: rasterScale, frame: frameNumber, mirrored: mirrored))
        content.lastUsed = frameNumber
        let placement = RasterPlacement(layer: layer, transform: transform, rasterScale: rasterScale, onScreenScale: onScreenScale)
        guard let deviceToRaster = placement.deviceToRaster, !visibleArea.isEmpty else { return }
        let area = visibleArea
        let visible = Damage.extent(of: (x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)),
                                    toDevice: deviceToRaster.cairoMatrix)
        content.wanted(visible: visible, shown: &shownTiles, ahead: &tilesAhead)
        content.lastVisible = visible
        for tile in shownTiles {
            guard let raster = content.tile(tile) ?? rasterize(tile, of: layer, in: content) else { continue }
            raster.lastUsed = frameNumber
            let region = content.grid.surfaceRegion(of: tile)
            // Frame pixels → the whole raster's pixels → this tile's (its surface starts at the region's corner).
            var matrix = deviceToRaster.cairoMatrix
            matrix.x0 -= Double(region.x)
            matrix.y0 -= Double(region.y)
            // Inside the clips too: a tile reaches far past the scroll view that shows a few lines of it, and what the
            // clips hide is no damage.
            let extent = placement.extent(ofTile: content.grid.core(of: tile), in: content.grid).intersection(area)
            displayList.append(.paint(raster, deviceToRaster: matrix, filter: placement.filter, opacity: opacity, extent: extent))
        }
        guard let rasterBudget else { return }
        for tile in tilesAhead where content.tile(tile) == nil {
            guard rasterPixelsThisFrame + content.grid.core(of: tile).area <= rasterBudget else { break }
            rasterize(tile, of: layer, in: content)?.lastUsed = frameNumber
        }
    }

    /// Rasterises one tile of `content` and keeps it.
    @discardableResult
    private func rasterize(_ tile: RasterTile, of layer: Layer, in content: TiledLayer) -> LayerRaster? {
        let region = content.grid.surfaceRegion(of: tile)
        // Counted by its core, so that a frame's budget holds two whole tiles.
        rasterPixelsThisFrame += content.grid.core(of: tile).area
        rasterizedLastFrame += 1
        let rasterizer = ContentRasterizer(images: images)
        guard let result = rasterizer.rasterize(layer, scale: content.rasterScale, region: region, text: content.text) else { return nil }
        if let error = result.error, !assetErrors.contains(error) { assetErrors.append(error) }
        let raster = LayerRaster(rasterScale: content.rasterScale, surface: result.surface, bands: compositor.count, frame: frameNumber, isTile: true)
        tiles.store(raster, for: tile, in: content)
        return raster
    }

    /// The layer's content at `rasterScale` (`rasterScale(onScreenScale:displayScale:)`), in one surface no larger
    /// than `largestSurfaceSide` a side (larger layers are tiled).
    ///
    /// `mirrored`: whether the layer is drawn through a right-to-left stage's mirror, its text aligned by the mirrored
    /// layout (a leading-aligned label sits at the right), as iOS's natural alignment and GTK's labels do.
    private func raster(for layer: Layer, rasterScale: Double, mirrored: Bool) -> LayerRaster? {
        guard layer.backgroundColor != nil || layer.contents != .none else { return nil }
        let size = layer.bounds.size
        let key = RasterKey(layer, rasterScale: rasterScale, textMirrored: mirrored)
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
        guard let result = ContentRasterizer(images: images, textMirrored: mirrored).rasterize(layer, scale: rasterScale) else { return nil }
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
        tiles.evict(frame: frameNumber)
    }

    /// Number of distinct rasters cached (layers that draw the same thing share one), tiles not counted.
    public var cachedLayerCount: Int { cache.count }

    /// Bytes held by the cached rasters, tiles not counted.
    public var cachedRasterBytes: Int { cachedBytes }

    /// Number of tiles held, of every tiled layer.
    public var cachedTileCount: Int { tiles.tileCount }

    /// Bytes held by the tiles (at most `TileCache.budgetBytes` between frames, 32 MB).
    public var cachedTileBytes: Int { tiles.bytes }

    /// The most the rasters and tiles together held at the end of any frame's rasterising, before that frame's
    /// evictions: the renderer's peak raster memory.
    public private(set) var peakRasterBytes = 0

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
}
