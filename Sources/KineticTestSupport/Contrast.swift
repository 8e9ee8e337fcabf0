import KineticCore
import KineticRender

/// WCAG 2.1 contrast, measured on rendered pixels: what a person sees, after every blend, not the colours declared.
/// The arithmetic is core's (`Color.contrastRatio`); this only reads the pixels.
package enum Contrast {
    /// The opaque colour of the pixel at (x, y), in pixels (clamped to the image).
    package static func colour(in image: PixelImage, x: Int, y: Int) -> Color {
        let i = (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1)) * 4
        return Color(red8: Int(image.rgba[i]), green8: Int(image.rgba[i + 1]), blue8: Int(image.rgba[i + 2]))
    }

    /// The contrast of the strongest pixel inside `rect` (points, at `scale` pixels per point) against the background
    /// pixel at `background` (points): for text or an icon, its glyphs' or strokes' core against what is behind them.
    package static func strongest(in image: PixelImage, rect: Rect, against background: Point, scale: Double) -> Double {
        let back = colour(in: image, x: Int((background.x * scale).rounded(.down)), y: Int((background.y * scale).rounded(.down)))
        var best = 1.0
        let x0 = max(Int((rect.minX * scale).rounded(.down)), 0), x1 = min(Int((rect.maxX * scale).rounded(.up)), image.width - 1)
        let y0 = max(Int((rect.minY * scale).rounded(.down)), 0), y1 = min(Int((rect.maxY * scale).rounded(.up)), image.height - 1)
        guard x0 <= x1, y0 <= y1 else { return best }
        for y in y0...y1 {
            for x in x0...x1 { best = max(best, colour(in: image, x: x, y: y).contrastRatio(with: back)) }
        }
        return best
    }
}
