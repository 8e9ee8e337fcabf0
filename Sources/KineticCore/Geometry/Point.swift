import Foundation

/// A location in a two-dimensional coordinate space, in points (y grows downwards, as in UIKit).
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The straight-line distance to `other`, in points.
    public func distance(to other: Point) -> Double { (other - self).length }

    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The farthest from the origin, in points along each axis, that input may place a touch: a hundred stages
    /// away. A touch beyond it (a scenario's 1e308) would carry what it drags to places no arithmetic can draw.
    public static let inputReach = 100_000.0

    /// Whether the point is within `inputReach` of the origin on both axes.
    public var isWithinInputReach: Bool { abs(x) <= Self.inputReach && abs(y) <= Self.inputReach }

    /// The point held within `inputReach` on both axes (a point that is not finite has no place and gives `nil`).
    public var clampedToInputReach: Point? {
        guard isFinite else { return nil }
        let reach = Self.inputReach
        return Point(x: Swift.min(Swift.max(x, -reach), reach), y: Swift.min(Swift.max(y, -reach), reach))
    }

    public var description: String { "(\(x), \(y))" }

    public static func + (point: Point, vector: Vector) -> Point { Point(x: point.x + vector.dx, y: point.y + vector.dy) }
    public static func - (point: Point, vector: Vector) -> Point { Point(x: point.x - vector.dx, y: point.y - vector.dy) }
    /// The vector that leads from `b` to `a`.
    public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
    public static func += (point: inout Point, vector: Vector) { point = point + vector }
}

/// A displacement or a velocity in two dimensions (points, or points per second).
public struct Vector: Hashable, Codable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    /// Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// The angle from the positive x axis, in radians (clockwise on screen, since y grows downwards).
    public var angle: Double { atan2(dy, dx) }

    /// The unit vector at `angle` radians, scaled to `length`.
    public init(angle: Double, length: Double = 1) {
        self.init(dx: cos(angle) * length, dy: sin(angle) * length)
    }

    /// The z component of the cross product: positive when `other` turns clockwise on screen from `self`.
    public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// The unit vector in the same direction, or zero for the zero vector.
    public var normalized: Vector { length > 0 ? self / length : .zero }

    public var description: String { "<\(dx), \(dy)>" }

    public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
    public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
    public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
}
