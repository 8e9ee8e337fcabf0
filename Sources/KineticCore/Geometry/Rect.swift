/// An axis-aligned rectangle: an origin (its top-left corner) and a size, in points.
public struct Rect: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// The rectangle with its top-left corner at `origin`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle of `size` whose centre is `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, `size.width`.
    public var width: Double { size.width }
    /// The height, `size.height`.
    public var height: Double { size.height }
    /// The middle point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether `point` lies inside, counting the top and left edges but not the bottom and right ones.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside, edges included.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share any area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The smallest rectangle that holds both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The area both share; a rectangle of no area (which `intersects` nothing) when they share none.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: Swift.max(x1 - x0, 0), height: Swift.max(y1 - y0, 0))
    }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom (shrunk when negative).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The bounding box of the four corners after `transform`. Written without arrays: the renderer calls it for
    /// every layer of every frame.
    public func applying(_ transform: Transform2D) -> Rect {
        let p0 = Point(x: minX, y: minY).applying(transform), p1 = Point(x: maxX, y: minY).applying(transform)
        let p2 = Point(x: minX, y: maxY).applying(transform), p3 = Point(x: maxX, y: maxY).applying(transform)
        let x0 = Swift.min(p0.x, p1.x, p2.x, p3.x), x1 = Swift.max(p0.x, p1.x, p2.x, p3.x)
        let y0 = Swift.min(p0.y, p1.y, p2.y, p3.y), y1 = Swift.max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether every coordinate is finite.
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The origin and size as "[(x, y) w×h]", for logs and test failures.
    public var description: String { "[\(origin) \(size)]" }
}
