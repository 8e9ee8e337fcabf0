/// How an animated value moves towards (or away from) its target.
public enum Motion: Hashable, Sendable {
    /// Pulled to the target by a damped spring; the motion keeps whatever velocity it had.
    case spring(Spring)
    /// A fixed-duration interpolation to the target along a timing curve.
    case tween(Tween)
    /// Coasts on its velocity, slowing by the decay's rate; it has no target of its own.
    case decay(Decay)

    /// A spring of `response` seconds and `dampingRatio`.
    public static func spring(response: Double, dampingRatio: Double) -> Motion {
        .spring(Spring(response: response, dampingRatio: dampingRatio))
    }

    /// A tween of `duration` seconds along `curve`.
    public static func tween(duration: Double, curve: TimingCurve = .default) -> Motion {
        .tween(Tween(duration: duration, curve: curve))
    }
}

/// The state of one value in motion: it is advanced in simulated time by `step(by:)` and evaluates its
/// motion in closed form from the start of the current segment, so the result does not depend on the step size.
///
/// A *segment* starts whenever the motion or the target changes; it begins from the current value and velocity,
/// which is what keeps retargeting smooth: nothing jumps, and momentum carries over.
public struct MotionState<Value: Animatable>: Sendable {
    /// Where the value is now.
    public private(set) var value: Value
    /// How fast it changes now, per second.
    public private(set) var velocity: Value
    /// Where it is going (for a decay, where it will come to rest).
    public private(set) var target: Value
    /// How it gets there.
    public private(set) var motion: Motion
    /// Whether it has arrived and stopped.
    public private(set) var isSettled = false
    /// For a decay: once the value leaves these limits, the decay hands over to this spring, which pulls the
    /// value back to the nearest limit with the velocity it had.
    public var limits: (@Sendable (Value) -> Value?)?
    /// The spring that takes over when a decay crosses its limits.
    public var limitSpring = Spring(response: 0.4, dampingRatio: 1)

    private var segmentStartValue: Value
    private var segmentStartVelocity: Value
    private var elapsed: Double = 0

    /// A value at `value` moving at `velocity` towards `target` by `motion`.
    public init(value: Value, velocity: Value = .zero, target: Value, motion: Motion) {
        self.value = value
        self.velocity = velocity
        self.target = target
        self.motion = motion
        segmentStartValue = value
        segmentStartVelocity = velocity
        if case .decay(let decay) = motion {
            self.target = decay.projectedValue(from: value, initialVelocity: velocity)
        }
    }

    /// Starts a new segment from where the value is now, keeping its velocity unless `velocity` is given.
    public mutating func retarget(to newTarget: Value, motion newMotion: Motion? = nil, velocity newVelocity: Value? = nil) {
        if let newVelocity { velocity = newVelocity }
        target = newTarget
        if let newMotion { motion = newMotion }
        if case .decay(let decay) = motion { target = decay.projectedValue(from: value, initialVelocity: velocity) }
        segmentStartValue = value
        segmentStartVelocity = velocity
        elapsed = 0
        isSettled = false
    }

    /// Advances by `dt` seconds of simulated time.
    public mutating func step(by dt: Double) {
        guard !isSettled, dt > 0 else { return }
        elapsed += dt
        switch motion {
        case .spring(let spring):
            (value, velocity) = spring.evaluate(target: target, value: segmentStartValue, velocity: segmentStartVelocity, time: elapsed)
            let threshold = Value.restThreshold
            if (value - target).magnitude < threshold && velocity.magnitude < threshold * spring.angularFrequency {
                settle(at: target)
            }
        case .tween(let tween):
            let progress = tween.progress(at: elapsed)
            let previous = tween.progress(at: max(elapsed - 0.001, 0))
            value = interpolate(from: segmentStartValue, to: target, fraction: progress)
            velocity = (target - segmentStartValue).scaled(by: (progress - previous) / 0.001)
            if elapsed >= tween.duration { settle(at: target) }
        case .decay(let decay):
            value = decay.value(from: segmentStartValue, initialVelocity: segmentStartVelocity, time: elapsed)
            velocity = decay.velocity(initialVelocity: segmentStartVelocity, time: elapsed)
            if let limit = limits?(value) {
                retarget(to: limit, motion: .spring(limitSpring))
            } else if velocity.magnitude < Value.restThreshold * 10 {
                settle(at: value)
            }
        }
    }

    private mutating func settle(at final: Value) {
        value = final
        velocity = .zero
        isSettled = true
    }
}
