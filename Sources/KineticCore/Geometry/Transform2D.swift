import Foundation

/// A 2-D affine transform (named apart from Foundation's `AffineTransform`) with the same layout and conventions as `CGTransform2D`:
///
///     | a  b  0 |
///     | c  d  0 |      x' = a·x + c·y + tx
///     | tx ty 1 |      y' = b·x + d·y + ty
///
/// Transforms are applied to row vectors, so `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct Transform2D: Hashable, Codable, Sendable {
    /// The matrix entries: `a`, `b`, `c`, `d` scale, rotate and shear; `tx`, `ty` translate, in points.
    public var a, b, c, d, tx, ty: Double

    /// A transform from its six matrix entries, laid out as in the matrix above.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `tx` points across and `ty` points down.
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale by `sx` horizontally and `sy` vertically about the origin (1 leaves an axis unchanged).
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians; positive angles turn clockwise on screen (y grows downwards).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether the transform leaves every point where it is.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Translation applied before `self`.
    public func translatedBy(x: Double, y: Double) -> Transform2D { Transform2D(translationX: x, y: y).concatenating(self) }
    /// Scale applied before `self`.
    public func scaledBy(x: Double, y: Double) -> Transform2D { Transform2D(scaleX: x, y: y).concatenating(self) }
    /// Rotation applied before `self`.
    public func rotated(by angle: Double) -> Transform2D { Transform2D(rotationAngle: angle).concatenating(self) }

    /// The factor by which the transform scales areas; zero when it collapses the plane, negative when it mirrors.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the transform collapses the plane (a zero scale, say).
    public func inverted() -> Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

extension Point {
    /// The point mapped through `t`, translation included.
    public func applying(_ t: Transform2D) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Vector {
    /// The vector transformed without translation.
    public func applying(_ t: Transform2D) -> Vector {
        Vector(dx: t.a * dx + t.c * dy, dy: t.b * dx + t.d * dy)
    }
}
