import CBlend
import CGraphics
import Foundation
@testable import KineticRender
import XCTest

/// The compositor's own turned-bitmap path gives pixman's pixels, and strips it to the raster's outline lose none.
final class TurnedCompositeTests: XCTestCase {
    /// A small deterministic generator, so a failure names a trial that replays.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: UInt32) -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33) % bound
        }
        /// A valid premultiplied pixel: no channel above its alpha; a quarter transparent, some opaque.
        mutating func pixel(transparentOneIn: UInt32 = 4) -> UInt32 {
            let alpha: UInt32 = next(transparentOneIn) == 0 ? 0 : (next(3) == 0 ? 255 : next(256))
            let (r, g, b) = (next(alpha + 1), next(alpha + 1), next(alpha + 1))
            return alpha << 24 | r << 16 | g << 8 | b
        }
    }

    /// The reference is pixman itself: the same composite through `pixman_image_composite32` with a bilinear,
    /// non-repeating, transformed source and a solid mask for the opacity, which is what the compositor did before.
    func testTheKernelGivesPixmansPixelsExactly() {
        checkAgainstPixman(kinetic_bilinear_over)
    }

    /// The SSE2 kernel, one pixel at a time, which x86-64 processors without AVX2 run (and the AVX2 kernel at edges).
    func testTheSSE2KernelGivesPixmansPixelsExactly() {
        checkAgainstPixman(kinetic_bilinear_over_sse2)
    }

    /// The AVX2 kernel, four pixels at a time, on the processors that have it.
    func testTheAVX2KernelGivesPixmansPixelsExactly() throws {
        try XCTSkipUnless(kinetic_blend_has_avx2() != 0, "this processor has no AVX2")
        checkAgainstPixman(kinetic_bilinear_over_avx2)
    }

    /// The kernel for bitmaps only moved by a fraction of a pixel: fractions on both axes, on one only (a list between
    /// pixels, a row sliding sideways) and on none, at every opacity, reaching past the source's edges.
    func testTheTranslationKernelGivesPixmansPixelsExactly() {
        checkAgainstPixman(kinetic_translated_over, placements: .translatedOnly)
    }

    /// The AVX2 kernel for bitmaps scaled and moved but not turned: grown, shrunk (once so far that its buffer cannot
    /// hold a row's source columns), and mirrored by half a turn, reaching past the source's edges.
    func testTheScalingKernelGivesPixmansPixelsExactly() throws {
        try XCTSkipUnless(kinetic_blend_has_avx2() != 0, "this processor has no AVX2")
        checkAgainstPixman(kinetic_scaled_over, placements: .scaledOnly)
    }

    /// The portable kernel, which machines without SSE2 run, is held to the same reference here too.
    func testThePortableKernelGivesPixmansPixelsExactly() {
        checkAgainstPixman(kinetic_bilinear_over_portable)
    }

    private typealias Kernel = (UnsafeMutablePointer<UInt32>?, Int, Int32, Int32, Int32, Int32, UnsafePointer<UInt32>?, Int, Int32, Int32, UnsafePointer<Int32>?, UInt32) -> Void

    /// Which placements a check draws: any affine map, or only those a specialised kernel takes.
    private enum Placements { case any, translatedOnly, scaledOnly }

    private func checkAgainstPixman(_ kernel: Kernel, placements: Placements = .any, file: StaticString = #filePath, line: UInt = #line) {
        let (sourceWidth, sourceHeight, width, height) = (37, 23, 80, 70)
        // Rows three pixels longer than the source, the extra ones opaque: a kernel that reads past a row's end (or
        // steps rows by the width, not the stride) takes their colour and differs from pixman.
        let sourceStride = sourceWidth + 3
        var random = Generator(state: 0x7A11)
        for trial in 0..<200 {
            var source = (0..<sourceStride * sourceHeight).map { $0 % sourceStride < sourceWidth ? random.pixel() : 0xFF_FF_00_FF }
            var expected = (0..<width * height).map { _ in random.pixel(transparentOneIn: 1_000_000) }
            var actual = expected
            // The arithmetic holds for any affine map, so every fourth trial is not turned and every eighth is only moved
            // by a fraction of a pixel (pixman's own fast paths take those in the player; the kernel must still agree).
            var angle = Double(random.next(10_000)) / 10_000 * 2 * .pi, scale = 0.4 + Double(random.next(1000)) / 400
            if trial % 4 == 1 { angle = 0 }
            if trial % 8 == 1 { scale = 1 }
            var (tx, ty) = (Double(random.next(4000)) / 100 - 10, Double(random.next(4000)) / 100 - 10)
            switch placements {
            case .any: break
            case .translatedOnly:
                (angle, scale) = (0, 1)
                // A third move only up and down, a third only sideways (a whole number of pixels on the other axis).
                if trial % 3 == 1 { tx = tx.rounded() }
                if trial % 3 == 2 { ty = ty.rounded() }
            case .scaledOnly:
                // Half a turn mirrors both axes; scales from 0.4 to 2.9, and a twentieth once in six trials, where a
                // row reads more source columns than the kernel's buffer holds.
                angle = trial % 5 == 0 ? .pi : 0
                if trial % 6 == 0 { scale = 0.05 }
            }
            // Frame pixels → source pixels: the inverse of turning by `angle`, scaling by `scale`, moving by (tx, ty).
            let (c, s) = (cos(angle) / scale, sin(angle) / scale)
            let matrix = [c, s, -(c * tx + s * ty), -s, c, -(-s * tx + c * ty)].map { Int32(($0 * 65536).rounded()) }
            let alpha = trial % 3 == 0 ? 255 : random.next(256)
            let (x, y, w, h) = (Int32(random.next(10)), Int32(random.next(10)), Int32(20 + random.next(50)), Int32(20 + random.next(40)))

            source.withUnsafeMutableBufferPointer { sourcePixels in
                expected.withUnsafeMutableBufferPointer { expectedPixels in
                    let sourceImage = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(sourceWidth), Int32(sourceHeight), sourcePixels.baseAddress, Int32(sourceStride * 4))
                    let frameImage = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), expectedPixels.baseAddress, Int32(width * 4))
                    var transform = pixman_transform_t(matrix: ((matrix[0], matrix[1], matrix[2]), (matrix[3], matrix[4], matrix[5]), (0, 0, 65536)))
                    pixman_image_set_transform(sourceImage, &transform)
                    pixman_image_set_filter(sourceImage, PIXMAN_FILTER_BILINEAR, nil, 0)
                    pixman_image_set_repeat(sourceImage, PIXMAN_REPEAT_NONE)
                    var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha * 257))
                    let mask = alpha == 255 ? nil : pixman_image_create_solid_fill(&color)
                    pixman_image_composite32(PIXMAN_OP_OVER, sourceImage, mask, frameImage, x, y, 0, 0, x, y, w, h)
                    for image in [sourceImage, frameImage, mask] { if let image { pixman_image_unref(image) } }
                }
                kernel(&actual, width, x, y, w, h, sourcePixels.baseAddress, sourceStride, Int32(sourceWidth), Int32(sourceHeight), matrix, alpha)
            }
            guard let index = actual.indices.first(where: { actual[$0] != expected[$0] }) else { continue }
            return XCTFail("trial \(trial) (angle \(angle), scale \(scale), alpha \(alpha)): pixel (\(index % width), \(index / width)) is "
                           + String(format: "%08x, pixman gives %08x", actual[index], expected[index]), file: file, line: line)
        }
    }

    /// Every frame pixel a turned raster can colour lies inside the columns its strip is given. A pixel can take colour
    /// when its centre maps to within half a raster pixel of the raster (bilinear taps reach that far), worked out
    /// here by mapping each pixel's centre back, not by the outline's own geometry.
    func testStripsHoldEveryPixelTheRasterCanReach() throws {
        for (angle, scale, width, height) in [(0.3, 1.0, 192, 192), (-0.29, 1.0, 240, 44), (1.2, 0.5, 60, 30), (2.9, 3.7, 20, 9), (0.001, 1.0, 50, 50)] {
            // Raster pixels → frame pixels: turn, scale, and place the raster's centre at (160, 120).
            let (c, s) = (cos(angle) * scale, sin(angle) * scale)
            let (cx, cy) = (Double(width) / 2, Double(height) / 2)
            let toFrame = (a: c, b: s, c: -s, d: c, tx: 160 - (c * cx - s * cy), ty: 120 - (s * cx + c * cy))
            // Its inverse, the paint's deviceToRaster.
            let det = toFrame.a * toFrame.d - toFrame.b * toFrame.c
            let (ia, ib, ic, id) = (toFrame.d / det, -toFrame.b / det, -toFrame.c / det, toFrame.a / det)
            let m = cairo_matrix_t(xx: ia, yx: ib, xy: ic, yy: id, x0: -(ia * toFrame.tx + ic * toFrame.ty), y0: -(ib * toFrame.tx + id * toFrame.ty))
            let outline = try XCTUnwrap(TurnedOutline(deviceToRaster: m, width: width, height: height))
            for strip in [1, PixmanPlayer.turnedStripRows] {
                var reached = 0
                for top in stride(from: -200, to: 440, by: strip) {
                    let columns = outline.columns(top: top, bottom: top + strip)
                    for row in top..<(top + strip) {
                        for column in -200..<520 {
                            let (px, py) = (Double(column) + 0.5, Double(row) + 0.5)
                            let (u, v) = (m.xx * px + m.xy * py + m.x0, m.yx * px + m.yy * py + m.y0)
                            guard u > -0.5, u < Double(width) + 0.5, v > -0.5, v < Double(height) + 0.5 else { continue }
                            reached += 1
                            guard let columns, column >= columns.start, column < columns.end else {
                                return XCTFail("angle \(angle), strip \(strip): pixel (\(column), \(row)) can take colour but lies outside \(String(describing: columns))")
                            }
                        }
                    }
                }
                // The reachable pixels are about the raster's area on screen: a check that the loop saw the raster at all.
                XCTAssertEqual(Double(reached), Double(width * height) * scale * scale, accuracy: Double(width + height) * 4 * scale + 8)
            }
        }
    }
}
