import Foundation

/// A location in a two-dimensional coordinate space, in points (y grows downwards, as in UIKit).
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Horizontal position, in points; grows to the right.
    public var x: Double
    /// Vertical position, in points; grows downwards.
    public var y: Double

    /// The point `x` points across and `y` points down from the origin.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The straight-line distance to `other`, in points.
    public func distance(to other: Point) -> Double { (other - self).length }

    /// Whether both coordinates are finite (neither NaN nor infinite).
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

    /// The coordinates as "(x, y)", for logs and test failures.
    public var description: String { "(\(x), \(y))" }

    /// The point moved by `vector`.
    public static func + (point: Point, vector: Vector) -> Point { Point(x: point.x + vector.dx, y: point.y + vector.dy) }
    /// The point moved against `vector`.
    public static func - (point: Point, vector: Vector) -> Point { Point(x: point.x - vector.dx, y: point.y - vector.dy) }
    /// The vector that leads from `b` to `a`.
    public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
    /// Moves the point by `vector`.
    public static func += (point: inout Point, vector: Vector) { point = point + vector }
}

/// A displacement or a velocity in two dimensions (points, or points per second).
public struct Vector: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Horizontal component, in points (or points per second for a velocity).
    public var dx: Double
    /// Vertical component, in points (or points per second for a velocity); positive is downwards.
    public var dy: Double

    /// A vector of `dx` across and `dy` down.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// No displacement, or a body at rest.
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
    /// The dot product: the product of the lengths times the cosine of the angle between the two vectors.
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// Whether both components are finite (neither NaN nor infinite).
    public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// The unit vector in the same direction, or zero for the zero vector.
    public var normalized: Vector { length > 0 ? self / length : .zero }

    /// The components as "<dx, dy>", for logs and test failures.
    public var description: String { "<\(dx), \(dy)>" }

    /// Componentwise sum: one displacement followed by the other.
    public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    /// Componentwise difference.
    public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    /// The vector scaled by `s`, keeping its direction (reversing it when `s` is negative).
    public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }
    /// The vector divided by `s`, keeping its direction; dividing by zero gives a vector that is not finite.
    public static func / (v: Vector, s: Double) -> Vector { Vector(dx: v.dx / s, dy: v.dy / s) }
    public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
}
