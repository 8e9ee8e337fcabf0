/// How a tween's progress follows time: a cubic Bézier from (0, 0) to (1, 1) with two control points, like
/// `CAMediaTimingFunction`.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point (its x clamped to 0...1, as Core Animation requires).
    public var c1: Point
    /// The second control point.
    public var c2: Point

    /// The curve with control points (x1, y1) and (x2, y2), like `CAMediaTimingFunction(controlPoints:)`.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1 = Point(x: min(max(x1, 0), 1), y: y1)
        c2 = Point(x: min(max(x2, 0), 1), y: y2)
    }

    /// Constant speed.
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Starts slowly, ends at full speed.
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Starts at full speed, ends slowly.
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// Slow at both ends.
    public static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1)
    /// Core Animation's `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingCurve(0.25, 0.1, 0.25, 1)

    /// The Bézier coordinate at parameter `s` for control values p1, p2 (end points fixed at 0 and 1).
    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Progress (usually 0...1, may overshoot for curves with y outside 0...1) at time fraction `x` in 0...1.
    public func progress(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if c1.x == c1.y && c2.x == c2.y { return x }
        // Newton's method on x(s) = x, falling back to bisection where the slope is flat.
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, c1.x, c2.x) - x
            if abs(error) < 1e-9 { return bezier(s, c1.y, c2.y) }
            let slope = bezierSlope(s, c1.x, c2.x)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = bezier(s, c1.x, c2.x)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return bezier(s, c1.y, c2.y)
    }
}

/// A fixed-duration animation along a timing curve.
public struct Tween: Hashable, Sendable {
    /// Seconds from start to end.
    public var duration: Double
    /// How progress follows time.
    public var curve: TimingCurve

    /// A tween of `duration` seconds (negative durations count as 0) along `curve`.
    public init(duration: Double, curve: TimingCurve = .default) {
        self.duration = max(duration, 0)
        self.curve = curve
    }

    /// Progress at `time` seconds since the start; 1 from `duration` on.
    public func progress(at time: Double) -> Double {
        duration <= 0 ? 1 : curve.progress(at: time / duration)
    }
}
