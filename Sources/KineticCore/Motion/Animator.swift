/// Drives properties of objects (a layer's position, a model's angle…) with springs, tweens and decays,
/// in simulated time.
///
/// The animator owns no clock: whoever owns it calls `step(by:)` with the fixed simulation step, so the same
/// input always gives the same frames. Starting a new animation on a property that is already animating
/// *retargets* it: the value continues from where it is, with the velocity it has.
public final class Animator {
    /// Seconds of simulated time since the animator was made.
    public private(set) var time: Double = 0
    private var running: [AnimationKey: AnyRunningAnimation] = [:]
    /// Insertion order, so that stepping (and therefore completion order) is deterministic.
    private var order: [AnimationKey] = []
    /// The animations that came to rest in this step: empty between steps, its capacity kept, so that a step
    /// allocates nothing.
    private var settled: [AnimationKey] = []

    /// An animator with nothing running, at simulated time 0.
    public init() {
        order.reserveCapacity(64)
        settled.reserveCapacity(64)
    }

    /// The number of properties in motion.
    public var runningCount: Int { running.count }

    /// How many animations have started, ever: a frame in which this grows made a new one (which allocates it).
    public private(set) var startedCount = 0

    /// Animates `object[keyPath: keyPath]` to `target`.
    ///
    /// - Parameters:
    ///   - object: the object whose property moves; held weakly, so freeing it ends the animation.
    ///   - keyPath: the property that moves; an animation already running on it is retargeted, not restarted.
    ///   - target: the value the property moves to and comes to rest at (a decay coasts instead).
    ///   - motion: how the value gets there: a spring, a tween along a timing curve, or a decay.
    ///   - initialVelocity: the velocity to start with (a gesture's release velocity, say); by default the
    ///     velocity of the animation this one replaces, or zero.
    ///   - completion: called once, with `true` when the value settles, or `false` when another animation of the
    ///     same property replaces this one or it is stopped.
    public func animate<Root: AnyObject, Value: Animatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, to target: Value,
        with motion: Motion, initialVelocity: Value? = nil, completion: ((Bool) -> Void)? = nil
    ) {
        let key = AnimationKey(object: ObjectIdentifier(object), keyPath: keyPath)
        if let existing = live(key, object) as? RunningAnimation<Root, Value> {
            existing.finish(false)
            existing.state.retarget(to: target, motion: motion, velocity: initialVelocity)
            existing.state.limits = nil
            existing.completion = completion
            return
        }
        running[key]?.finish(false)
        let state = MotionState(value: object[keyPath: keyPath], velocity: initialVelocity ?? .zero, target: target, motion: motion)
        insert(RunningAnimation(object: object, keyPath: keyPath, state: state, completion: completion), for: key)
    }

    /// Lets `object[keyPath: keyPath]` coast with `velocity`, slowing at `decay`'s rate. When `limits` returns a
    /// value (the nearest allowed one), the motion hands over to a spring that pulls back to it.
    public func decay<Root: AnyObject, Value: Animatable>(
        _ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, velocity: Value,
        decay: Decay = Decay(), limits: (@Sendable (Value) -> Value?)? = nil, completion: ((Bool) -> Void)? = nil
    ) {
        animate(object, keyPath, to: object[keyPath: keyPath], with: .decay(decay), initialVelocity: velocity, completion: completion)
        let key = AnimationKey(object: ObjectIdentifier(object), keyPath: keyPath)
        (live(key, object) as? RunningAnimation<Root, Value>)?.state.limits = limits
    }

    /// The current velocity of an animated property, or `nil` when it is not animating.
    public func velocity<Root: AnyObject, Value: Animatable>(of object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) -> Value? {
        (live(AnimationKey(object: ObjectIdentifier(object), keyPath: keyPath), object) as? RunningAnimation<Root, Value>)?.state.velocity
    }

    /// The target of an animated property, or `nil` when it is not animating.
    public func target<Root: AnyObject, Value: Animatable>(of object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) -> Value? {
        (live(AnimationKey(object: ObjectIdentifier(object), keyPath: keyPath), object) as? RunningAnimation<Root, Value>)?.state.target
    }

    /// Whether the property is in motion.
    public func isAnimating<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>) -> Bool {
        live(AnimationKey(object: ObjectIdentifier(object), keyPath: keyPath), object) != nil
    }

    /// Stops one property where it is; its completion gets `false`.
    public func stop<Root: AnyObject>(_ object: Root, _ keyPath: PartialKeyPath<Root>) {
        let key = AnimationKey(object: ObjectIdentifier(object), keyPath: keyPath)
        guard let animation = running.removeValue(forKey: key) else { return }
        order.removeAll { $0 == key }
        animation.finish(false)
    }

    /// Stops every property of `object`.
    public func stopAll<Root: AnyObject>(of object: Root) {
        let id = ObjectIdentifier(object)
        for key in order where key.object == id {
            // Every key path kept for this object was made from one rooted at its type.
            if let path = key.keyPath as? PartialKeyPath<Root> { stop(object, path) }
        }
    }

    /// Advances every animation by `dt` seconds, writes the values, and calls the completions of those that settled.
    public func step(by dt: Double) {
        time += dt
        for key in order {
            guard let animation = running[key] else { continue }
            if !animation.step(by: dt) { settled.append(key) }
        }
        guard !settled.isEmpty else { return }
        for key in settled {
            guard let animation = running.removeValue(forKey: key) else { continue }
            order.removeAll { $0 == key }
            animation.finish(animation.reachedRest)
        }
        settled.removeAll(keepingCapacity: true)
    }

    /// The animation under `key` if it still drives `object` itself. Keys are object identities, and an identity is
    /// an address: once an animated object is freed, a new object may be made at the same address before the next
    /// step notices and drops the old animation. Such a leftover belongs to nobody: it is dropped here, so the new
    /// object gets an animation of its own (without this, a layer made where a freed one was never moved).
    private func live(_ key: AnimationKey, _ object: AnyObject) -> AnyRunningAnimation? {
        guard let animation = running[key] else { return nil }
        if animation.drives(object) { return animation }
        running[key] = nil
        order.removeAll { $0 == key }
        return nil
    }

    private func insert(_ animation: AnyRunningAnimation, for key: AnimationKey) {
        startedCount += 1
        if running.updateValue(animation, forKey: key) == nil { order.append(key) }
    }
}

private struct AnimationKey: Hashable {
    let object: ObjectIdentifier
    let keyPath: AnyKeyPath
}

private class AnyRunningAnimation {
    var completion: ((Bool) -> Void)?
    /// Whether this animation drives `object` (the very object, not one made at its address since).
    func drives(_ object: AnyObject) -> Bool { false }
    var reachedRest: Bool { false }
    /// Returns whether the animation goes on.
    func step(by dt: Double) -> Bool { false }
    func finish(_ finished: Bool) {
        let handler = completion
        completion = nil
        handler?(finished)
    }
}

private final class RunningAnimation<Root: AnyObject, Value: Animatable>: AnyRunningAnimation {
    weak var object: Root?
    let keyPath: ReferenceWritableKeyPath<Root, Value>
    var state: MotionState<Value>
    private var objectIsGone = false
    /// Whether the object sets this property itself (`DirectAnimationTarget`); found out on the first step.
    private var setsDirectly = true

    init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Value>, state: MotionState<Value>, completion: ((Bool) -> Void)?) {
        self.object = object
        self.keyPath = keyPath
        self.state = state
        super.init()
        self.completion = completion
    }

    override var reachedRest: Bool { state.isSettled && !objectIsGone }

    override func drives(_ candidate: AnyObject) -> Bool { object === candidate }

    override func step(by dt: Double) -> Bool {
        guard let object else {
            objectIsGone = true
            return false
        }
        state.step(by: dt)
        if !setsDirectly || !((object as? DirectAnimationTarget)?.setAnimatedValue(state.value, at: keyPath) ?? false) {
            setsDirectly = false
            object[keyPath: keyPath] = state.value
        }
        return !state.isSettled
    }
}
