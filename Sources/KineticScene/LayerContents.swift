import KineticCore

/// What a layer draws inside its bounds, on top of its background colour.
public enum LayerContents: Hashable, Sendable {
    case none
    case shape(ShapeContent)
    /// A PNG or SVG image scaled to fill the bounds.
    case image(ImageSource)
    case text(TextContent)
}

/// A vector path filled and/or stroked, sized to the layer's bounds.
public struct ShapeContent: Hashable, Sendable {
    /// The outline a shape follows, fitted to the layer's bounds.
    public enum Path: Hashable, Sendable {
        /// The largest circle that fits, centred.
        case circle
        case roundedRect(cornerRadius: Double)
        /// A regular hexagon filling the bounds; `pointyTop` puts a vertex at the top.
        case hexagon(pointyTop: Bool)
        /// Points in the layer's own coordinates, joined and closed.
        case polygon([Point])
    }

    /// The outline to fill and stroke.
    public var path: Path
    /// The colour inside the outline; `nil` leaves it unfilled.
    public var fill: Color?
    /// The colour of the outline, drawn `lineWidth` points wide inside the bounds; `nil` draws no outline.
    public var stroke: Color?
    /// In points.
    public var lineWidth: Double

    /// A shape following `path`, filled with `fill` and stroked `lineWidth` points wide with `stroke` (`nil`: neither).
    public init(path: Path, fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1) {
        self.path = path
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
    }
}

/// Where an image comes from. The renderer decodes it once and keeps it.
public enum ImageSource: Hashable, Sendable {
    /// A PNG or SVG file (chosen by its extension).
    case file(String)
    /// SVG text in memory.
    case svgData(String)
}

/// Text laid out inside the layer's bounds.
public struct TextContent: Hashable, Sendable {
    /// Where each line sits between the left and right edges of the bounds.
    public enum Alignment: String, Sendable, Codable { case left, center, right }

    /// The text to show; it wraps at the bounds' width.
    public var string: String
    /// A font family name known to fontconfig, e.g. "TeX Gyre Heros".
    public var fontFamily: String
    /// Whether the bold face of `fontFamily` is used.
    public var bold: Bool
    /// In points.
    public var fontSize: Double
    /// The colour of the glyphs.
    public var color: Color
    /// Where each line sits between the left and right edges of the bounds.
    public var alignment: Alignment
    /// At most this many lines (0 = no limit); the last one shown ends with "…" when the text is longer.
    public var lineLimit: Int
    /// Whether the text block sits in the vertical middle of the bounds (a button's title) or at the top.
    public var centeredVertically: Bool
    /// How far the font may shrink, as a fraction of `fontSize`, for the words to fit the bounds (iOS's
    /// `minimumScaleFactor`): a button's title in a language whose words are longer than English's. 1: never.
    public var minimumScale: Double
    /// Whether the text is laid out for a right-to-left stage's mirror: its left and right alignment are the layout's
    /// leading and trailing edges, swapped, each paragraph keeping its own direction. Set where the text is laid out
    /// for the screen (the renderer, the screen reader's lines), never by an app: the tree is written left to right.
    public var isMirroredLayout = false

    /// Text in the default family at 16 points, black, left-aligned and at the top, on as many lines as it needs,
    /// unless told otherwise.
    public init(_ string: String, fontFamily: String = TextContent.defaultFontFamily, bold: Bool = false,
                fontSize: Double = 16, color: Color = .black, alignment: Alignment = .left, lineLimit: Int = 0,
                centeredVertically: Bool = false, minimumScale: Double = 1) {
        self.minimumScale = minimumScale.isFinite ? min(max(minimumScale, 0.3), 1) : 1
        self.string = string
        self.fontFamily = fontFamily
        self.bold = bold
        self.fontSize = fontSize
        self.color = color
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.centeredVertically = centeredVertically
    }

    /// TeX Gyre Heros stands in for Helvetica Neue.
    public static let defaultFontFamily = "TeX Gyre Heros"
}
