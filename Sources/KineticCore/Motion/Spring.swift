import Foundation

/// A damped harmonic oscillator, described the way designers tune it: by its `response` (the period of the
/// undamped oscillation, in seconds) and its `dampingRatio` (1 = critically damped, < 1 bounces, > 1 creeps).
///
/// The motion is solved in closed form, so a spring gives its value and velocity at any time exactly, with no
/// integration error and no dependence on the frame rate. Every other parameterisation (SwiftUI's duration and
/// bounce, Core Animation's mass, stiffness and damping, UIKit's duration and damping) converts to this one.
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    /// Period of the undamped oscillation, in seconds.
    public var response: Double
    /// ζ: 0 oscillates forever, 1 is critically damped, above 1 is overdamped.
    public var dampingRatio: Double
    /// The mass the spring moves, in kilograms; it scales `stiffness` and `damping` but not the motion.
    public var mass: Double

    /// A spring of `response` seconds and `dampingRatio`; values are clamped to be positive (response, mass)
    /// and non-negative (damping ratio), so a spring can always be evaluated.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) {
        self.response = max(response, 1e-6)
        self.dampingRatio = max(dampingRatio, 0)
        self.mass = max(mass, 1e-9)
    }

    /// SwiftUI's parameters: `duration` is the perceptual duration (the response), `bounce` in -1...1 is how
    /// springy it is (0 = critically damped, positive bounces, negative is overdamped).
    public init(duration: Double, bounce: Double = 0) {
        let bounce = min(max(bounce, -0.999), 1)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: ratio)
    }

    /// Core Animation's (`CASpringAnimation`) physical parameters: k = stiffness (N/m), c = damping (N·s/m).
    /// ω₀ = √(k/m), so response = 2π/ω₀; ζ = c / (2√(k·m)).
    public init(mass: Double, stiffness: Double, damping: Double) {
        let m = max(mass, 1e-9), k = max(stiffness, 1e-9)
        self.init(response: 2 * .pi / (k / m).squareRoot(), dampingRatio: damping / (2 * (k * m).squareRoot()), mass: m)
    }

    /// UIKit's `animate(withDuration:usingSpringWithDamping:…)`: a spring of this damping ratio whose motion from
    /// rest settles in `duration` seconds. The settling time is proportional to the response, so the response
    /// is the duration divided by the settling time of a spring of response 1.
    public init(uikitDuration duration: Double, dampingRatio: Double) {
        let unit = Spring(response: 1, dampingRatio: dampingRatio)
        self.init(response: max(duration, 1e-6) / unit.settlingDuration(), dampingRatio: dampingRatio)
    }

    /// UIKit gives the initial velocity as a fraction of the distance to travel per second; this is the
    /// absolute velocity for a motion from `from` to `to`.
    public static func uikitInitialVelocity<Value: Animatable>(_ relative: Double, from: Value, to: Value) -> Value {
        (to - from).scaled(by: relative)
    }

    /// ω₀ = 2π / response, in radians per second.
    public var angularFrequency: Double { 2 * .pi / response }
    /// k = m·ω₀²
    public var stiffness: Double { mass * angularFrequency * angularFrequency }
    /// c = 2·ζ·m·ω₀
    public var damping: Double { 2 * dampingRatio * mass * angularFrequency }

    /// The coefficients that give displacement and velocity after `time` seconds as linear combinations of the
    /// initial displacement x₀ and velocity v₀:
    ///
    ///     x(t) = xFromX·x₀ + xFromV·v₀        v(t) = vFromX·x₀ + vFromV·v₀
    public struct Coefficients: Sendable {
        /// Dimensionless, seconds, per second and dimensionless, in the order of the formula above.
        public var xFromX, xFromV, vFromX, vFromV: Double
    }

    /// Solves ẍ + 2ζω₀ẋ + ω₀²x = 0 for the three damping regimes.
    public func coefficients(at time: Double) -> Coefficients {
        let t = max(time, 0), w0 = angularFrequency, zeta = dampingRatio
        if abs(zeta - 1) < 1e-6 {
            // Critically damped: x = e^(−ω₀t)·(x₀ + (v₀ + ω₀x₀)t)
            let e = exp(-w0 * t)
            return Coefficients(
                xFromX: e * (1 + w0 * t), xFromV: e * t,
                vFromX: -e * w0 * w0 * t, vFromV: e * (1 - w0 * t))
        } else if zeta < 1 {
            // Under-damped: x = e^(−ζω₀t)·(x₀cos ω_d t + (v₀ + ζω₀x₀)/ω_d · sin ω_d t), ω_d = ω₀√(1−ζ²)
            let wd = w0 * (1 - zeta * zeta).squareRoot(), decay = zeta * w0
            let e = exp(-decay * t), c = cos(wd * t), s = sin(wd * t)
            return Coefficients(
                xFromX: e * (c + decay / wd * s), xFromV: e * s / wd,
                vFromX: -e * (w0 * w0 / wd) * s, vFromV: e * (c - decay / wd * s))
        } else {
            // Over-damped: x = c₁e^(r₁t) + c₂e^(r₂t), r = −ω₀(ζ ∓ √(ζ²−1))
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let e1 = exp(r1 * t), e2 = exp(r2 * t), span = r2 - r1
            // c₂ = (v₀ − r₁x₀)/(r₂ − r₁), c₁ = x₀ − c₂
            return Coefficients(
                xFromX: e1 + r1 * (e1 - e2) / span, xFromV: (e2 - e1) / span,
                vFromX: r1 * e1 + r1 * (r1 * e1 - r2 * e2) / span, vFromV: (r2 * e2 - r1 * e1) / span)
        }
    }

    /// Value and velocity `time` seconds after starting at `value` with `velocity`, pulled towards `target`.
    public func evaluate<Value: Animatable>(
        target: Value, value: Value, velocity: Value, time: Double
    ) -> (value: Value, velocity: Value) {
        let k = coefficients(at: time)
        let x0 = value - target
        let x = x0.scaled(by: k.xFromX) + velocity.scaled(by: k.xFromV)
        let v = x0.scaled(by: k.vFromX) + velocity.scaled(by: k.vFromV)
        return (target + x, v)
    }

    /// Seconds until a motion from rest, one unit from its target, stays within `epsilon` of it for good, with
    /// its speed below `epsilon`·ω₀ (the speed of an oscillation of amplitude `epsilon`). Measuring speed against
    /// ω₀ keeps the result proportional to the response, as time in a spring should be.
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        // Step backwards from a generous bound to the last moment the motion was outside the band: robust in all
        // three regimes without a separate formula for each.
        let slowestRate = dampingRatio < 1
            ? dampingRatio * angularFrequency
            : angularFrequency * (dampingRatio - (dampingRatio * dampingRatio - 1).squareRoot())
        guard slowestRate > 0 else { return .infinity }
        let upper = min(-log(epsilon * 0.01) / slowestRate + response, 600)
        let step = response / 200
        var t = upper
        while t > 0 {
            let k = coefficients(at: t)
            if abs(k.xFromX) > epsilon || abs(k.vFromX) / angularFrequency > epsilon { return min(t + step, upper) }
            t -= step
        }
        return 0
    }

    /// The response and damping ratio, for logs and test failures (the mass does not change the motion).
    public var description: String { "Spring(response: \(response), dampingRatio: \(dampingRatio))" }

    /// A quick, slightly bouncy spring, good for small elements.
    public static let snappy = Spring(response: 0.3, dampingRatio: 0.8)
    /// Critically damped, half a second.
    public static let smooth = Spring(response: 0.5, dampingRatio: 1)
    /// Visibly bouncy.
    public static let bouncy = Spring(response: 0.5, dampingRatio: 0.6)
}
