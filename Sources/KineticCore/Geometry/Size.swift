/// A width and a height, in points.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Horizontal extent, in points.
    public var width: Double
    /// Vertical extent, in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both dimensions are finite (neither NaN nor infinite).
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// The dimensions as "w×h", for logs and test failures.
    public var description: String { "\(width)×\(height)" }

    /// Both dimensions multiplied by `scale`.
    public static func * (size: Size, scale: Double) -> Size { Size(width: size.width * scale, height: size.height * scale) }
}
