import CPixelFloor
import XCTest

/// The benchmark's floor does the compositor's arithmetic: premultiplied OVER rounded as pixman rounds, and a
/// bilinear sample that, at a whole-pixel translation, is the source pixel itself (inside the footprint it visits).
final class PixelFloorTests: XCTestCase {
    /// d × (255 − α) / 255 rounded to nearest, plus s, per channel: OVER on premultiplied pixels.
    private func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inverse = 255 - (s >> 24)
        var result: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let product = Double((d >> UInt32(shift)) & 0xFF) * Double(inverse) / 255
            let channel = min(((s >> UInt32(shift)) & 0xFF) + UInt32(product.rounded()), 255)
            result |= channel << UInt32(shift)
        }
        return result
    }

    /// A premultiplied pixel from a seed: colour channels never above alpha.
    private func pixel(_ seed: inout UInt64) -> UInt32 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let bits = seed, alpha = UInt32(bits >> 56)
        let channel = { (shift: UInt64) in UInt32((bits >> shift) & 0xFF) * alpha / 255 }
        return alpha << 24 | channel(8) << 16 | channel(16) << 8 | channel(24)
    }

    func testOverMatchesTheFormulaForEveryLaneAndTheTail() {
        var seed: UInt64 = 7
        let count = 1027  // four-pixel blocks and a tail of three
        let source = (0..<count).map { _ in pixel(&seed) }
        var destination = (0..<count).map { _ in pixel(&seed) }
        let expected = zip(source, destination).map { over($0, $1) }
        pixel_floor_over(&destination, source, count)
        XCTAssertEqual(destination, expected)
    }

    func testABilinearBlendAtAWholePixelShiftIsAPlainBlend() {
        var seed: UInt64 = 11
        let side = 8
        let source = (0..<(side * side)).map { _ in pixel(&seed) }
        var destination = [UInt32](repeating: 0xFF20_4060, count: side * side)
        // The floor visits only the samples whose four taps are all inside the sprite: every pixel but the last
        // column and row, which it leaves as they were.
        let expected = source.enumerated().map { index, pixel in
            index % side < side - 1 && index / side < side - 1 ? over(pixel, 0xFF20_4060) : 0xFF20_4060
        }
        pixel_floor_bilinear_over(&destination, side, Int32(side), Int32(side), source, Int32(side), Int32(side), 1, 0, 0, 1, 0, 0)
        XCTAssertEqual(destination, expected)
    }

    /// Halfway between four pixels, a bilinear sample is their mean per channel (weights of ½ · ½, the sum truncated).
    /// Rows of 39 samples take the eight-at-a-time path four times (with AVX2) and the one-at-a-time path for the rest.
    func testABilinearBlendHalfwayBetweenPixelsIsTheirMean() {
        var seed: UInt64 = 13
        let side = 40
        let source = (0..<(side * side)).map { _ in pixel(&seed) }
        let backdrop: UInt32 = 0xFF20_4060
        var destination = [UInt32](repeating: backdrop, count: side * side)
        let expected = (0..<(side * side)).map { index -> UInt32 in
            let (x, y) = (index % side, index / side)
            guard x < side - 1, y < side - 1 else { return backdrop }
            let taps = [source[index], source[index + 1], source[index + side], source[index + side + 1]]
            var mean: UInt32 = 0
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                let total = taps.map { ($0 >> shift) & 0xFF }.reduce(0, +)
                mean |= (total / 4) << shift
            }
            return over(mean, backdrop)
        }
        // Destination pixel centres (x + ½, y + ½) map to (x + 1, y + 1): half a pixel past the taps at (x, y).
        pixel_floor_bilinear_over(&destination, side, Int32(side), Int32(side), source, Int32(side), Int32(side), 1, 0, 0, 1, 0.5, 0.5)
        XCTAssertEqual(destination, expected)
    }

    func testClearFillsEveryPixel() {
        var pixels = [UInt32](repeating: 0, count: 13)
        pixel_floor_clear(&pixels, 13, 0xFFF6_F4EF)
        XCTAssertEqual(pixels, [UInt32](repeating: 0xFFF6_F4EF, count: 13))
    }
}
