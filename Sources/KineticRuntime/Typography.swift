import KineticCore
import KineticScene

/// Text layers in the house style: TeX Gyre Heros (the stand-in for Helvetica Neue).
public enum Typography {
    /// A text layer of `frame` showing `string`.
    ///
    /// A label's font shrinks, down to `minimumScale` of `size`, where its words would not fit its frame: a title or a
    /// button sized for English holds French or Arabic words, which are often longer.
    public static func label(_ identifier: String?, _ string: String, frame: Rect, size: Double, bold: Bool = false,
                             color: Color = .black, alignment: TextContent.Alignment = .left, lineLimit: Int = 0,
                             minimumScale: Double = 0.7) -> Layer {
        let layer = Layer(identifier: identifier, frame: frame)
        layer.contents = .text(TextContent(string, bold: bold, fontSize: size, color: color, alignment: alignment, lineLimit: lineLimit,
                                           minimumScale: minimumScale))
        layer.isUserInteractionEnabled = false
        return layer
    }

    /// A solid rounded rectangle.
    public static func panel(_ identifier: String?, frame: Rect, color: Color, cornerRadius: Double = 0) -> Layer {
        let layer = Layer(identifier: identifier, frame: frame)
        layer.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: cornerRadius), fill: color))
        return layer
    }
}

/// Colours shared by the shell's screens.
public enum Palette {
    /// Near-black: text on light backgrounds, and dark panels such as the side menu and the banner.
    public static let ink = Color(red8: 0x1F, green8: 0x24, blue8: 0x30)
    /// A warm off-white for a screen's background.
    public static let paper = Color(red8: 0xF6, green8: 0xF4, blue8: 0xEF)
    /// Grey: secondary text, and what cannot be used now.
    public static let muted = Color(red8: 0x6B, green8: 0x70, blue8: 0x7B)
    /// Orange: the app's own entries in the side menu, and focus rings.
    public static let accent = Color(red8: 0xE1, green8: 0x59, blue8: 0x26)
    /// `muted` lightened for text on `ink` (a side menu's headers), where `muted` reads at only 3.1:1: the same grey
    /// at the smallest step that reads at 4.5:1 (4.55:1), WCAG AA for text of any size.
    public static let mutedOnInk = Color(red8: 0x87, green8: 0x8C, blue8: 0x96)
    /// `accent` lightened for text on `ink` (an app's own entries in the shell's menu, "Replay intro"), where `accent`
    /// reads at 4.2:1: the same orange at the smallest step that reads at 4.5:1 (4.55:1).
    public static let accentOnInk = Color(red8: 0xE3, green8: 0x65, blue8: 0x35)
}
