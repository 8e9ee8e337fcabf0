import Foundation

/// Momentum that dies away the way a `UIScrollView` coasts after a flick: every millisecond the velocity is
/// multiplied by `decelerationRate`.
///
/// With r the rate per millisecond, v(t) = v₀·r^(1000t) and x(t) = x₀ + v₀·(r^(1000t) − 1) / (1000·ln r),
/// so the motion comes to rest at x₀ − v₀ / (1000·ln r).
public struct Decay: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond, in (0, 1).
    public var decelerationRate: Double

    /// A decay keeping `decelerationRate` of the velocity each millisecond, clamped to 0.5...0.999999.
    public init(decelerationRate: Double = Decay.normal) {
        self.decelerationRate = min(max(decelerationRate, 0.5), 0.999_999)
    }

    /// `UIScrollView.DecelerationRate.normal`.
    public static let normal = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fast = 0.99

    /// 1000·ln r: the (negative) exponential rate per second.
    private var ratePerSecond: Double { 1000 * log(decelerationRate) }

    /// The velocity `time` seconds after starting with `initialVelocity`: v₀·r^(1000t).
    public func velocity<Value: Animatable>(initialVelocity: Value, time: Double) -> Value {
        initialVelocity.scaled(by: exp(ratePerSecond * max(time, 0)))
    }

    /// The value `time` seconds after starting at `start` with `initialVelocity`.
    public func value<Value: Animatable>(from start: Value, initialVelocity: Value, time: Double) -> Value {
        start + initialVelocity.scaled(by: (exp(ratePerSecond * max(time, 0)) - 1) / ratePerSecond)
    }

    /// Where the motion comes to rest.
    public func projectedValue<Value: Animatable>(from start: Value, initialVelocity: Value) -> Value {
        start - initialVelocity.scaled(by: 1 / ratePerSecond)
    }

    /// The velocity that, decaying at this rate, comes to rest exactly at `end`.
    public func initialVelocity<Value: Animatable>(from start: Value, toRestAt end: Value) -> Value {
        (end - start).scaled(by: -ratePerSecond)
    }

    /// Seconds a motion starting at `initialVelocity` (units per second) takes to cover `distance` (same sign), from
    /// d = v₀·(e^(kt) − 1) / k with k = 1000·ln r: t = ln(1 + k·d / v₀) / k; `nil` when it stops short of it.
    public func time(toTravel distance: Double, initialVelocity: Double) -> Double? {
        guard initialVelocity != 0, (distance >= 0) == (initialVelocity > 0) || distance == 0 else { return nil }
        let fraction = 1 + ratePerSecond * distance / initialVelocity
        guard fraction > 0 else { return nil }
        return log(fraction) / ratePerSecond
    }

    /// Seconds until the speed falls below `threshold` (units per second).
    public func duration(initialSpeed: Double, threshold: Double) -> Double {
        guard initialSpeed > threshold, threshold > 0 else { return 0 }
        return log(threshold / initialSpeed) / ratePerSecond
    }
}
