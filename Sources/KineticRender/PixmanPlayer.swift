import CBlend
import CGraphics
import KineticCore

/// Plays a display list into one band with pixman directly: every image, mask and buffer it uses is made once, so
/// a steady frame allocates nothing (Cairo makes pixman images for every composite). Clips must be axis-aligned
/// rectangles; a list with a turned clip is played through Cairo instead (`DisplayList.needsCairo`).
struct PixmanPlayer {
    /// Solid translucent masks, one per 8-bit alpha level, all made at once (a fade then meets no new level mid-way).
    private let masks: [OpaquePointer?]
    /// The clips pushed and not yet popped (capacity kept between frames).
    private var clips: [PixelRect] = []

    init() {
        clips.reserveCapacity(16)
        masks = (0..<256).map { level in
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(level * 257))
            return pixman_image_create_solid_fill(&color)
        }
    }

    func release() {
        for mask in masks { if let mask { pixman_image_unref(mask) } }
    }

    /// Clears each of `damage`'s rectangles inside `rows` (the band's rows of the frame) to `background`, then plays
    /// `list` into it. `destination` holds exactly those rows.
    mutating func play(_ list: DisplayList, into destination: OpaquePointer, band: Int, rows: PixelRect,
                       damage: [PixelRect], background: Color) {
        var color = Self.pixmanColor(background)
        for rect in damage {
            let area = rect.intersection(rows)
            guard !area.isEmpty else { continue }
            // A screen's own opaque background overwrites every pixel of the area, so neither the clear nor anything
            // painted before it shows: play from the last such paint (a shell's background under an app's, say).
            let backdrop = list.lastOpaqueBackdrop(covering: area)
            if backdrop == nil {
                var box = pixman_rectangle16_t(x: Int16(clamping: area.x), y: Int16(clamping: area.y - rows.y),
                                               width: UInt16(clamping: area.width), height: UInt16(clamping: area.height))
                pixman_image_fill_rectangles(PIXMAN_OP_SRC, destination, &color, 1, &box)
            }
            play(list, from: backdrop ?? 0, into: destination, band: band, top: rows.y, clip: area)
        }
    }

    private mutating func play(_ list: DisplayList, from first: Int, into destination: OpaquePointer, band: Int, top: Int, clip start: PixelRect) {
        clips.removeAll(keepingCapacity: true)
        var clip = start
        for operation in list.operations[first...] {
            switch operation {
            case .paint(let raster, let m, let filter, let opacity, let extent):
                let box = extent.intersection(clip)
                // A paint whose opacity rounds to level 0 composites through a transparent mask: it changes nothing.
                guard !box.isEmpty, DisplayList.alphaLevel(opacity) > 0 else { continue }
                let (x, y, width, height) = (Int32(box.x), Int32(box.y - top), Int32(box.width), Int32(box.height))
                if let solid = DisplayList.solidArea(raster, m, opacity), let pixel = raster.uniformOpaquePixel {
                    // One opaque colour: a fill, which reads nothing, gives what OVER would.
                    let area = solid.intersection(box)
                    guard !area.isEmpty else { continue }
                    pixman_fill(pixman_image_get_data(destination), pixman_image_get_stride(destination) / 4, 32,
                                Int32(area.x), Int32(area.y - top), Int32(area.width), Int32(area.height), pixel)
                } else if m.isWholePixelShift {
                    // A whole-pixel shift: offsets only, pixman's fastest copy.
                    pixman_image_composite32(PIXMAN_OP_OVER, raster.copySource(band: band), mask(opacity), destination, Int32(box.x) + Int32(m.x0), Int32(box.y) + Int32(m.y0),
                                             0, 0, x, y, width, height)
                } else if m.xy != 0 || m.yx != 0, filter != CAIRO_FILTER_NEAREST {
                    compositeTurned(raster, m, opacity: opacity, into: destination, box: box, top: top)
                } else if filter != CAIRO_FILTER_NEAREST, m.xx == 1 && m.yy == 1 || Self.scalesWithAVX2, raster.pixels != nil {
                    compositeUnturned(raster, m, opacity: opacity, into: destination, box: box, top: top)
                } else {
                    // Sampled nearest-neighbour, or scaled without AVX2 (pixman's own scaled path beat the kernel
                    // one pixel a step): pixman. Band pixels → frame pixels (down by `top`) → raster pixels.
                    let source = raster.resampledSource(band: band)
                    var matrix = Self.fixed(m, shiftedDownBy: Double(top))
                    pixman_image_set_transform(source, &matrix)
                    pixman_image_set_filter(source, filter == CAIRO_FILTER_NEAREST ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
                    // In pieces no wider than pixman's on-stack scanline buffer, which it would otherwise allocate.
                    var left = x
                    while left < x + width {
                        let piece = min(Self.widestGeneralComposite, x + width - left)
                        pixman_image_composite32(PIXMAN_OP_OVER, source, mask(opacity), destination, left, y, 0, 0, left, y, piece, height)
                        left += piece
                    }
                }
            case .pushClip(let transform, let rect, _):
                clips.append(clip)
                clip = clip.intersection(DisplayList.pixelsWithCentresInside(rect, transform))
            case .popClip:
                clip = clips.popLast() ?? clip
            }
        }
    }

    /// Whether scaled rasters go to `kinetic_scaled_over`, which needs AVX2.
    private static let scalesWithAVX2 = kinetic_blend_has_avx2() != 0

    /// Rows per strip of a turned paint: short enough that a strip's slanted ends waste little (8 rows of an edge at
    /// 17° are 2–3 columns), long enough that the call per strip costs nothing beside its pixels.
    static let turnedStripRows = 8

    /// Composites a turned raster strip by strip, each only as wide as its outline there (`TurnedOutline`), with the
    /// bilinear kernel of `CBlend`: pixman's own arithmetic, without its general path's cost per pixel.
    private func compositeTurned(_ raster: LayerRaster, _ m: cairo_matrix_t, opacity: Double, into destination: OpaquePointer,
                                 box: PixelRect, top: Int) {
        let outline = TurnedOutline(deviceToRaster: m, width: raster.pixelWidth, height: raster.pixelHeight)
        Self.withKernelArguments(raster, m, opacity: opacity, into: destination, top: top) { frame, frameRowPixels, pixels, matrix, alpha in
            var row = box.y
            while row < box.maxY {
                let end = min(row + Self.turnedStripRows, box.maxY)
                var start = box.x, stop = box.maxX
                if let outline {
                    guard let columns = outline.columns(top: row, bottom: end) else { row = end; continue }
                    start = max(columns.start, box.x)
                    stop = min(columns.end, box.maxX)
                }
                if start < stop {
                    kinetic_bilinear_over(frame, frameRowPixels, Int32(start), Int32(row - top), Int32(stop - start), Int32(end - row),
                                          pixels, raster.rowPixels, Int32(raster.pixelWidth), Int32(raster.pixelHeight), matrix, alpha)
                }
                row = end
            }
        }
    }

    /// Composites a raster that is not turned: moved by a fraction of a pixel (a list between pixels, a row sliding),
    /// with the kernel that reads the source a row at a time with constant weights; scaled (a cell growing), with the
    /// AVX2 kernel that separates the filter into passes along rows and columns. pixman's pixels at a fraction of its
    /// cost.
    private func compositeUnturned(_ raster: LayerRaster, _ m: cairo_matrix_t, opacity: Double, into destination: OpaquePointer,
                                   box: PixelRect, top: Int) {
        let kernel = m.xx == 1 && m.yy == 1 ? kinetic_translated_over : kinetic_scaled_over
        Self.withKernelArguments(raster, m, opacity: opacity, into: destination, top: top) { frame, frameRowPixels, pixels, matrix, alpha in
            kernel(frame, frameRowPixels, Int32(box.x), Int32(box.y - top), Int32(box.width), Int32(box.height), pixels, raster.rowPixels,
                   Int32(raster.pixelWidth), Int32(raster.pixelHeight), matrix, alpha)
        }
    }

    /// Calls `body` with what every kernel of `CBlend` takes besides the rectangle: the band's pixels and its row length
    /// in pixels, the raster's pixels, the matrix (`fixed(m, shiftedDownBy: top)`'s first two rows) and the alpha level.
    /// Without pixels on either side (a surface in an error state) there is nothing to composite.
    private static func withKernelArguments(_ raster: LayerRaster, _ m: cairo_matrix_t, opacity: Double, into destination: OpaquePointer, top: Int,
                                            _ body: (UnsafeMutablePointer<UInt32>, Int, UnsafePointer<UInt32>, UnsafePointer<Int32>, UInt32) -> Void) {
        guard let pixels = raster.pixels, let frame = pixman_image_get_data(destination) else { return }
        let t = fixed(m, shiftedDownBy: Double(top)).matrix
        var matrix = (t.0.0, t.0.1, t.0.2, t.1.0, t.1.1, t.1.2)
        withUnsafePointer(to: &matrix) { tuple in
            tuple.withMemoryRebound(to: Int32.self, capacity: 6) { matrix in
                body(frame, Int(pixman_image_get_stride(destination)) / 4, pixels, matrix, UInt32(DisplayList.alphaLevel(opacity)))
            }
        }
    }

    /// The widest composite pixman's general path runs without allocating: its scanline buffer on the stack holds 8 KB,
    /// and a row takes 4 bytes a pixel for each of source, mask and destination.
    static let widestGeneralComposite: Int32 = 8192 / 12

    /// The mask that composites at `opacity`: none for a whole one.
    private func mask(_ opacity: Double) -> OpaquePointer? {
        opacity < 0.999 ? masks[DisplayList.alphaLevel(opacity)] : nil
    }

    /// `m` (frame pixels → raster pixels) after a shift from band rows to frame rows, in pixman's 16.16 fixed point.
    private static func fixed(_ m: cairo_matrix_t, shiftedDownBy top: Double) -> pixman_transform_t {
        // Rounded, not truncated: 0.9999999 must become exactly 1 (65536), or pixman leaves its unit-scale fast paths.
        func f(_ value: Double) -> pixman_fixed_t { pixman_fixed_t(max(min((value * 65536).rounded(), Double(Int32.max)), Double(Int32.min))) }
        return pixman_transform_t(matrix: ((f(m.xx), f(m.xy), f(m.xy * top + m.x0)), (f(m.yx), f(m.yy), f(m.yy * top + m.y0)), (0, 0, 65536)))
    }

    /// `color`, premultiplied, 16 bits a channel.
    private static func pixmanColor(_ color: Color) -> pixman_color_t {
        let a = min(max(color.alpha, 0), 1)
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * a * 65535).rounded()) }
        return pixman_color_t(red: channel(color.red), green: channel(color.green), blue: channel(color.blue), alpha: UInt16((a * 65535).rounded()))
    }
}

extension cairo_matrix_t {
    /// Whether the matrix only moves by whole pixels: a paint through it is a plain copy, with no resampling (what the
    /// player copies with offsets, what `PixelWork` counts as not resampled, what the peers draw unfiltered).
    var isWholePixelShift: Bool {
        xx == 1 && yx == 0 && xy == 0 && yy == 1 && x0.isFinite && y0.isFinite && x0 == x0.rounded() && y0 == y0.rounded()
            && abs(x0) < 1e9 && abs(y0) < 1e9
    }
}
