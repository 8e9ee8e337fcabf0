import Foundation

/// WCAG 2.1 contrast between opaque colours, and a way to make a label readable on a fill without changing its hue.
extension Color {
    /// The relative luminance (0 black … 1 white) of the colour as if opaque.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let c = min(max(c, 0), 1)
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 (the same) to 21 (black on white).
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour moved a `fraction` of the way to `other`, component by component (towards black or white this
    /// keeps the hue).
    public func mixed(with other: Color, fraction: Double) -> Color {
        let t = min(max(fraction, 0), 1)
        return Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t, blue: blue + (other.blue - blue) * t, alpha: alpha)
    }

    /// WCAG 2.1's minimum contrast for text (1.4.3): 3:1 for large text, 4.5:1 for the rest. Large is 18 pt, or
    /// 14 pt bold, in typographic points of 1/72 inch; a CSS pixel is 1/96 inch, so 24 px and 18.67 px bold.
    /// Kinetic's points are the stage's units, a pixel at 1× like a CSS pixel, so `fontSize` is compared in those:
    /// a 16 pt bold label is 16 px, not large, and needs 4.5:1.
    public static func minimumTextContrast(fontSize: Double, bold: Bool) -> Double {
        let pixelsPerTypographicPoint = 96.0 / 72
        let large = fontSize >= 18 * pixelsPerTypographicPoint || (bold && fontSize >= 14 * pixelsPerTypographicPoint)
        return large ? 3 : 4.5
    }

    /// A label colour from `labels` for text on `fill` reaching `minimumContrast`, and the fill to draw: the label
    /// that stands out most, and if even it falls short, the fill darkened (under a light label) or lightened (under
    /// a dark one) in 5% steps, keeping its hue, until it reaches the minimum. Any fill a server sends ends readable.
    public static func readableLabel(on fill: Color, labels: [Color], minimumContrast: Double) -> (fill: Color, label: Color) {
        guard let label = labels.max(by: { fill.contrastRatio(with: $0) < fill.contrastRatio(with: $1) }) else { return (fill, .black) }
        // Away from the label: darker under a lighter label, lighter under a darker one; under a label as light as
        // the fill (white on a white cell), towards whichever of black and white is farther from the label.
        let darken = label.relativeLuminance == fill.relativeLuminance
            ? label.contrastRatio(with: .black) >= label.contrastRatio(with: .white)
            : label.relativeLuminance > fill.relativeLuminance
        let away = darken ? Color.black : Color.white
        for step in 0...20 {
            let adjusted = fill.mixed(with: away, fraction: Double(step) * 0.05)
            if adjusted.contrastRatio(with: label) >= minimumContrast { return (adjusted, label) }
        }
        return (away, label)
    }
}
