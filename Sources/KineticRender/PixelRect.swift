/// A rectangle of whole frame pixels: what a frame recomposites, and what a window copies to the screen.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The left edge, in frame pixels.
    public var x: Int
    /// The top edge, in frame pixels (y grows downwards).
    public var y: Int
    /// Columns covered; never negative.
    public var width: Int
    /// Rows covered; never negative.
    public var height: Int

    /// A rectangle from its top-left corner and size in pixels; a negative width or height becomes zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, max(width, 0), max(height, 0))
    }

    /// The column just past the right edge.
    public var maxX: Int { x + width }
    /// The row just past the bottom edge.
    public var maxY: Int { y + height }
    /// Whether the rectangle covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// How many pixels the rectangle covers.
    public var area: Int { width * height }
    /// The rectangle as "(x, y, w×h)", for logs and test failures.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The part inside `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x), minY = max(y, other.y)
        return PixelRect(x: minX, y: minY, width: min(maxX, other.maxX) - minX, height: min(maxY, other.maxY) - minY)
    }

    /// Whether the two share at least one pixel (merely touching edges does not count).
    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    /// Whether the two overlap or share an edge, so that their union covers nothing else.
    func touches(_ other: PixelRect) -> Bool {
        x <= other.maxX && other.x <= maxX && y <= other.maxY && other.y <= maxY
    }
}
