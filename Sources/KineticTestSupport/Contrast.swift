import Foundation
import KineticCore
import KineticRender

/// WCAG 2.1 contrast, measured on rendered pixels: what a person sees, after every blend, not the colours declared.
public enum Contrast {
    /// The relative luminance of an 8-bit sRGB colour (WCAG 2.1's definition).
    public static func luminance(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 for the same colour, 21 for black on white.
    public static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// The luminance of the pixel at (x, y), in pixels.
    public static func luminance(in image: PixelImage, x: Int, y: Int) -> Double {
        let i = (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)) * 4
        return luminance(image.rgba[i], image.rgba[i + 1], image.rgba[i + 2])
    }

    /// The contrast of the strongest pixel inside `rect` (points, at `scale` pixels per point) against the background
    /// pixel at `background` (points): for text or an icon, its glyphs' or strokes' core against what is behind them.
    public static func strongest(in image: PixelImage, rect: Rect, against background: Point, scale: Double) -> Double {
        let back = luminance(in: image, x: Int((background.x * scale).rounded(.down)), y: Int((background.y * scale).rounded(.down)))
        var best = 1.0
        let x0 = max(Int((rect.minX * scale).rounded(.down)), 0), x1 = min(Int((rect.maxX * scale).rounded(.up)), image.width - 1)
        let y0 = max(Int((rect.minY * scale).rounded(.down)), 0), y1 = min(Int((rect.maxY * scale).rounded(.up)), image.height - 1)
        guard x0 <= x1, y0 <= y1 else { return best }
        for y in y0...y1 {
            for x in x0...x1 { best = max(best, ratio(luminance(in: image, x: x, y: y), back)) }
        }
        return best
    }
}
