import CGraphics
import Foundation
import KineticCore

/// What a frame composites, in order, recorded once by the renderer's walk of the tree and then played by every
/// band. Only composites and clips are recorded; everything that rasterises happened before.
struct DisplayList {
    /// A raster's placement in a frame.
    struct Paint {
        let raster: LayerRaster
        let opacity: Double
        /// Frame pixels → raster pixels.
        let deviceToRaster: Transform2D
        /// The frame pixels the raster covers: its bounding box, rounded outwards.
        let box: PixelBox
        let bilinear: Bool
    }

    enum Operation {
        case paint(Paint)
        /// Clips what follows to a layer's bounds: `rect` in the layer's space, `transform` from there to frame pixels.
        case pushClip(transform: Transform2D, rect: Rect)
        case popClip
    }

    private(set) var operations: [Operation] = []
    /// Whether a clip is turned or skewed, which only the Cairo player can draw.
    private(set) var needsCairo = false

    init() { operations.reserveCapacity(256) }

    mutating func removeAll() {
        operations.removeAll(keepingCapacity: true)
        needsCairo = false
    }

    mutating func append(_ operation: Operation) {
        if case .pushClip(let transform, _) = operation, transform.b != 0 || transform.c != 0 { needsCairo = true }
        operations.append(operation)
    }

    // MARK: Playing with pixman (the usual path: allocates nothing)

    /// Plays the list into one band: `destination` holds frame rows `top ..< top + height`.
    func play(into destination: OpaquePointer, band: Int, top: Int32, width: Int32, height: Int32,
              masks: inout OpacityMasks, clips: inout [PixelBox]) {
        clips.removeAll(keepingCapacity: true)
        var clip = PixelBox(x0: 0, y0: top, x1: width, y1: top + height)
        for operation in operations {
            switch operation {
            case .paint(let paint):
                let box = paint.box.intersection(clip)
                guard !box.isEmpty else { continue }
                let source = paint.raster.sources[band]
                let mask = paint.opacity >= 0.999 ? nil : masks.mask(for: paint.opacity)
                let t = paint.deviceToRaster
                let (destinationX, destinationY) = (box.x0, box.y0 - top)
                if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded() {
                    // A whole-pixel shift: no transform at all, only offsets, which is pixman's fastest copy.
                    pixman_image_set_transform(source, nil)
                    pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
                    pixman_image_composite32(PIXMAN_OP_OVER, source, mask, destination, box.x0 + Int32(t.tx), box.y0 + Int32(t.ty), 0, 0,
                                             destinationX, destinationY, box.x1 - box.x0, box.y1 - box.y0)
                } else {
                    // Band pixels → frame pixels (down by `top`) → raster pixels, in pixman's 16.16 fixed point.
                    var matrix = pixmanTransform(Transform2D(translationX: 0, y: Double(top)).concatenating(t))
                    pixman_image_set_transform(source, &matrix)
                    pixman_image_set_filter(source, paint.bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
                    pixman_image_composite32(PIXMAN_OP_OVER, source, mask, destination, destinationX, destinationY, 0, 0,
                                             destinationX, destinationY, box.x1 - box.x0, box.y1 - box.y0)
                }
            case .pushClip(let transform, let rect):
                clips.append(clip)
                clip = clip.intersection(PixelBox(rect.applying(transform), rounding: true))
            case .popClip:
                clip = clips.popLast() ?? clip
            }
        }
    }

    // MARK: Playing with Cairo (the fallback, for turned clips)

    /// Plays the list into one band's Cairo context, whose user space is the frame's pixel space.
    func play(into cr: OpaquePointer, band: Int, base: cairo_matrix_t) {
        var base = base
        for operation in operations {
            switch operation {
            case .paint(let paint):
                cairo_set_source(cr, paint.raster.patterns[band])
                if paint.opacity >= 0.999 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, paint.opacity) }
            case .pushClip(let transform, let rect):
                var matrix = cairoMatrix(transform)
                cairo_save(cr)
                cairo_transform(cr, &matrix)
                cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
                cairo_set_matrix(cr, &base)
                cairo_clip(cr)
            case .popClip:
                cairo_restore(cr)
            }
        }
    }
}

/// A rectangle of whole pixels, `x0 ..< x1` by `y0 ..< y1`.
struct PixelBox {
    var x0, y0, x1, y1: Int32

    init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    /// The pixels a rectangle touches (rounded outwards), or, with `rounding`, whose centres it holds.
    init(_ rect: Rect, rounding: Bool = false) {
        func clamp(_ v: Double) -> Int32 { Int32(max(min(v, 1_000_000), -1_000_000)) }
        if rounding {
            self.init(x0: clamp(rect.minX.rounded()), y0: clamp(rect.minY.rounded()), x1: clamp(rect.maxX.rounded()), y1: clamp(rect.maxY.rounded()))
        } else {
            self.init(x0: clamp(rect.minX.rounded(.down)), y0: clamp(rect.minY.rounded(.down)),
                      x1: clamp(rect.maxX.rounded(.up)), y1: clamp(rect.maxY.rounded(.up)))
        }
    }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }
}

/// Solid translucent images for opacity, one per alpha level, made on first use and kept: one set per band.
struct OpacityMasks {
    private var masks: [OpaquePointer?] = Array(repeating: nil, count: 256)

    mutating func mask(for opacity: Double) -> OpaquePointer? {
        let level = Int((min(max(opacity, 0), 1) * 255).rounded())
        if let mask = masks[level] { return mask }
        let alpha = UInt16(level * 257)
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: alpha)
        let mask = pixman_image_create_solid_fill(&color)
        masks[level] = mask
        return mask
    }

    func release() {
        for mask in masks { if let mask { pixman_image_unref(mask) } }
    }
}

/// A transform as Cairo's matrix.
func cairoMatrix(_ t: Transform2D) -> cairo_matrix_t {
    cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
}

/// A transform as pixman's 3×3 fixed-point matrix (column vectors: x' = a·x + c·y + tx).
func pixmanTransform(_ t: Transform2D) -> pixman_transform_t {
    // Rounded, not truncated: 0.9999999 must become exactly 1 (65536), or pixman leaves its unit-scale fast paths.
    func fixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t(max(min((value * 65536).rounded(), Double(Int32.max)), Double(Int32.min))) }
    return pixman_transform_t(matrix: ((fixed(t.a), fixed(t.c), fixed(t.tx)), (fixed(t.b), fixed(t.d), fixed(t.ty)), (0, 0, 65536)))
}
