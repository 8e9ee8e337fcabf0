/// A value that can be animated: a vector space (add, subtract, scale) with a length.
///
/// Springs, decays and tweens are linear in their value, so every one of them is written once over this
/// protocol and works for scalars, angles, points, sizes, rectangles and colours alike.
public protocol Animatable: Equatable, Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// The Euclidean length of the value seen as a vector, in its own units.
    var magnitude: Double { get }
    /// How close to its target the value must be, and how slow, for an animation of it to count as settled.
    static var restThreshold: Double { get }
}

extension Double: Animatable {
    public func scaled(by factor: Double) -> Double { self * factor }
    public static var restThreshold: Double { 0.001 }
}

extension Point: Animatable {
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    public var magnitude: Double { (x * x + y * y).squareRoot() }
    public static var restThreshold: Double { 0.01 }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

extension Vector: Animatable {
    public func scaled(by factor: Double) -> Vector { self * factor }
    public var magnitude: Double { length }
    public static var restThreshold: Double { 0.01 }
}

extension Size: Animatable {
    public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }
    public func scaled(by factor: Double) -> Size { self * factor }
    public var magnitude: Double { (width * width + height * height).squareRoot() }
    public static var restThreshold: Double { 0.01 }
}

extension Rect: Animatable {
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    public func scaled(by factor: Double) -> Rect { Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor)) }
    public var magnitude: Double { (origin.magnitude * origin.magnitude + size.magnitude * size.magnitude).squareRoot() }
    public static var restThreshold: Double { 0.01 }
}

extension Color: Animatable {
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    public func scaled(by f: Double) -> Color { Color(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f) }
    public var magnitude: Double { (red * red + green * green + blue * blue + alpha * alpha).squareRoot() }
    public static var restThreshold: Double { 0.001 }
}

/// An angle in radians, as its own type so that an animator can tell a rotation from any other scalar.
public struct Angle: Hashable, Codable, Sendable, Animatable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Double
    /// An angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees`.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }
    public static let zero = Angle(radians: 0)
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public func scaled(by factor: Double) -> Angle { Angle(radians: radians * factor) }
    public var magnitude: Double { abs(radians) }
    public static var restThreshold: Double { 0.0005 }
    public var description: String { "\(degrees)°" }
}

/// Linear interpolation: `from` at 0, `to` at 1.
public func interpolate<Value: Animatable>(from: Value, to: Value, fraction: Double) -> Value {
    from + (to - from).scaled(by: fraction)
}
