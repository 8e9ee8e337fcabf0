import Foundation

/// The floor under a frame: the same pixel work as plain loops over memory, with no engine, no Cairo, no pixman.
///
/// A frame clears the pixels it recomposites and blends every layer's pixels over them; `time(cleared:blended:)`
/// does that much work on one core (a 32-bit clear, then premultiplied "over" from a 192×192 sprite with soft
/// edges) and reports the median of a few runs. A scene's ratio to its floor says how much of a frame is overhead.
struct PixelFloor {
    static let width = 2048, height = 1536, spriteSide = 192
    private var frame = [UInt32](repeating: 0, count: width * height)
    private let sprite: [UInt32]

    init() {
        // A disc with a one-pixel-wide soft edge, premultiplied ARGB.
        let side = Self.spriteSide, radius = Double(side) / 2
        sprite = (0..<(side * side)).map { index in
            let x = Double(index % side) + 0.5 - radius, y = Double(index / side) + 0.5 - radius
            let alpha = UInt32(max(0, min(1, radius - (x * x + y * y).squareRoot())) * 255)
            return alpha << 24 | (alpha * 0xE1 / 255) << 16 | (alpha * 0x59 / 255) << 8 | (alpha * 0x26 / 255)
        }
    }

    /// Milliseconds (median of `runs`) to clear `cleared` pixels and blend `blended` pixels.
    mutating func time(cleared: Int, blended: Int, runs: Int = 9) -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now()
            work(cleared: min(cleared, frame.count), blended: blended)
            samples.append(milliseconds(start, DispatchTime.now()))
        }
        return percentile(samples, 0.5)
    }

    private mutating func work(cleared: Int, blended: Int) {
        let sprite = self.sprite
        frame.withUnsafeMutableBufferPointer { frame in
            // `frame` is a non-empty array (a whole frame of pixels), so its buffer has an address.
            let base = frame.baseAddress!
            for index in 0..<cleared { base[index] = 0xFFF6_F4EF }
            sprite.withUnsafeBufferPointer { sprite in
                var remaining = blended, offset = 0
                while remaining > 0 {
                    let count = min(remaining, sprite.count)
                    if offset + count > frame.count { offset = 0 }
                    for index in 0..<count {
                        let source = sprite[index]
                        let inverse = 255 - (source >> 24)
                        let target = offset + index
                        let d = base[target]
                        // Premultiplied over, per channel: s + d × (255 − αs) / 255, done on two channels at a time.
                        let redBlue = ((d & 0x00FF_00FF) &* inverse >> 8) & 0x00FF_00FF
                        let alphaGreen = ((d >> 8) & 0x00FF_00FF) &* inverse & 0xFF00_FF00
                        base[target] = source &+ (redBlue | alphaGreen)
                    }
                    remaining -= count
                    offset = (offset + count * 7) % frame.count
                }
            }
        }
    }
}
