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
    /// The value multiplied by `factor`.
    public func scaled(by factor: Double) -> Double { self * factor }
    /// A thousandth: fine enough for opacities and other unit fractions.
    public static var restThreshold: Double { 0.001 }
}

extension Point: Animatable {
    /// Componentwise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Both coordinates multiplied by `factor`.
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    /// The distance from the origin, in points.
    public var magnitude: Double { (x * x + y * y).squareRoot() }
    /// A hundredth of a point: far below what a screen can show.
    public static var restThreshold: Double { 0.01 }
    /// Componentwise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

extension Vector: Animatable {
    /// The vector multiplied by `factor`.
    public func scaled(by factor: Double) -> Vector { self * factor }
    /// The vector's length, in points (or points per second).
    public var magnitude: Double { length }
    /// A hundredth of a point: far below what a screen can show.
    public static var restThreshold: Double { 0.01 }
}

extension Size: Animatable {
    /// Componentwise sum.
    public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    /// Componentwise difference.
    public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }
    /// Both dimensions multiplied by `factor`.
    public func scaled(by factor: Double) -> Size { self * factor }
    /// The length of the diagonal, in points.
    public var magnitude: Double { (width * width + height * height).squareRoot() }
    /// A hundredth of a point: far below what a screen can show.
    public static var restThreshold: Double { 0.01 }
}

extension Rect: Animatable {
    /// The sum of the origins and of the sizes.
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    /// The difference of the origins and of the sizes.
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    /// Origin and size multiplied by `factor`.
    public func scaled(by factor: Double) -> Rect { Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor)) }
    /// The length of origin and size taken together as one four-component vector, in points.
    public var magnitude: Double { (origin.magnitude * origin.magnitude + size.magnitude * size.magnitude).squareRoot() }
    /// A hundredth of a point: far below what a screen can show.
    public static var restThreshold: Double { 0.01 }
}

extension Color: Animatable {
    /// Every component zero: transparent black, the starting point for sums of colours.
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Componentwise sum, alpha included; the result is not clamped to 0...1.
    public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    /// Componentwise difference, alpha included; the result is not clamped to 0...1.
    public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    /// Every component, alpha included, multiplied by `f`.
    public func scaled(by f: Double) -> Color { Color(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f) }
    /// The length of the four components seen as one vector: how far a colour difference is from nothing.
    public var magnitude: Double { (red * red + green * green + blue * blue + alpha * alpha).squareRoot() }
    /// A thousandth of a component: well below the 1/255 step of an 8-bit channel.
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
    /// No rotation.
    public static let zero = Angle(radians: 0)
    /// The sum of the two angles.
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    /// The difference of the two angles.
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    /// The angle multiplied by `factor`.
    public func scaled(by factor: Double) -> Angle { Angle(radians: radians * factor) }
    /// The size of the angle in radians, whatever its sign.
    public var magnitude: Double { abs(radians) }
    /// Half a thousandth of a radian (about 0.03°): a turn too small to see.
    public static var restThreshold: Double { 0.0005 }
    /// The angle in degrees followed by "°", for logs and test failures.
    public var description: String { "\(degrees)°" }
}

/// Linear interpolation: `from` at 0, `to` at 1.
public func interpolate<Value: Animatable>(from: Value, to: Value, fraction: Double) -> Value {
    from + (to - from).scaled(by: fraction)
}
