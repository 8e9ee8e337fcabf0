import KineticData
import KineticCore
import KineticPhysics

/// The wheel of costume bubbles, built as seed 000 (E) describes: an invisible armature pivoted at Scotch's
/// centre, attachment points on its rim (one per spoke), and each bubble held to its point by a spring, so the
/// bubbles trail a little behind the turning wheel and swing as it stops.
///
/// The armature is far heavier than the bubbles (its moment of inertia is about 40 times theirs together), so
/// their springs barely nudge it: a flick's angular velocity is kept, and friction alone brings it to rest.
final class CostumeWheel {
    /// A bubble's body and its spring to the rim.
    final class Bubble {
        let id: String
        let item: DynamicItem
        var attachment: Attachment?
        /// The spoke it sits on.
        var spoke: Int
        init(id: String, item: DynamicItem, spoke: Int) {
            self.id = id
            self.item = item
            self.spoke = spoke
        }
    }

    /// The springs, frictions, speed limit and fall; changing them applies from the next step.
    private(set) var settings = Settings.standard

    let world = PhysicsWorld()
    let center: Point
    let radius: Double
    let bubbleRadius: Double
    let bounds: Rect
    private(set) var armature: DynamicItem
    /// The bubbles in spoke order; only the wheel changes them (here and in `CostumeWheel+Edges`).
    var bubbles: [Bubble] = []
    var gravity: GravityBehavior?
    var collisions: CollisionBehavior?
    /// While dragging, the angle the finger wants; the armature is driven there step by step.
    private var dragTargetAngle: Double?
    /// Where arrow keys are turning the wheel to (a spoke's angle, radians) and the most speed they may use (rad/s).
    private var keyTurn: (target: Double, speed: Double)?
    /// Whether every spring has its normal stiffness (false while bubbles are on their way home).
    private(set) var springsAreNormal = true
    /// Whether bubbles are lying on the floor.
    var isDropped: Bool { gravity != nil }
    /// A fallen bubble a finger holds, and the stiff spring between them.
    var held: (bubble: Bubble, spring: Attachment)?
    /// Whether the wheel has come to rest and stopped stepping its world: every body still (as the world judges
    /// it), the armature stopped, the springs stiff, no finger on it. Stepping a world at rest would only move
    /// bodies by amounts below the rest speeds, forever, and redraw a scene that looks the same. Whatever moves
    /// the wheel (a drag, a spin, a drop, a recall, a new bubble) wakes it.
    private(set) var isResting = false
    /// Where the bodies were when they last moved, and how long every one has stayed within reach of it (s).
    private var stillCentres: [Point] = []
    /// The armature's angle then; `nil` until the wheel is watched again after a wake.
    private var stillAngle: Double?
    private var stillTime = 0.0

    init(center: Point, radius: Double, bubbleRadius: Double, bounds: Rect) throws {
        self.center = center
        self.radius = radius
        self.bubbleRadius = bubbleRadius
        self.bounds = bounds
        armature = try world.addItem("armature", shape: .circle(radius: radius), center: center, density: 40)
        try world.pin(armature, pivot: center)
        try armature.setAngularResistance(settings.viscousFriction)
        world.onPause = { [weak self] in self?.stiffenSprings() }
        world.onError = { [weak self] error in self?.onError?(error) }
    }

    /// Told of every failure inside the wheel's own steps (a body the world had to repair, a spring it could not
    /// set), so the screen can show it; nothing here is dropped silently.
    var onError: ((Error) -> Void)?

    /// The wheel's angle in radians (clockwise), and how fast it turns.
    var angle: Double { armature.angle }
    var angularVelocity: Double { armature.angularVelocity }

    func bubble(_ id: String) -> Bubble? { bubbles.first { $0.id == id } }

    /// The wheel turned to `angle` with every bubble at its spoke's end, all still: a wheel rebuilt at a new size
    /// (the stage was resized) stands as the old one stood, with nothing flying out to its place.
    func settle(at angle: Double) throws {
        try armature.setAngle(angle)
        try armature.setAngularVelocity(0)
        for bubble in bubbles {
            try bubble.item.setCenter(spokeEnd(bubble.spoke))
            try bubble.item.setVelocity(Vector(dx: 0, dy: 0))
        }
        wake()
    }

    /// The point on the armature's rim where spoke `index` ends, in the armature's own coordinates.
    func rimOffset(spoke index: Int) -> Vector {
        Vector(angle: DisguiseLayout.spokeAngle(index, costumeCount: bubbles.count), length: radius)
    }

    /// Where spoke `index` ends on screen now.
    func spokeEnd(_ index: Int) -> Point {
        center + Vector(angle: DisguiseLayout.spokeAngle(index, costumeCount: bubbles.count) + angle, length: radius)
    }

    /// Adds a bubble at the centre (behind Scotch) and lets a soft spring carry it out to the next free spoke.
    /// With more than five costumes, every spoke moves to keep them evenly spaced.
    func addBubble(id: String) throws {
        wake()
        let item = try world.addItem("bubble.\(id)", shape: .circle(radius: bubbleRadius), center: center)
        item.allowsRotation = false
        try item.setFriction(settings.friction)
        try item.setElasticity(settings.elasticity)
        try item.setResistance(settings.resistance)
        let bubble = Bubble(id: id, item: item, spoke: bubbles.count)
        bubbles.append(bubble)
        for other in bubbles where other.attachment != nil && !isDropped {
            try other.attachment?.setAnchor(Point(x: rimOffset(spoke: other.spoke).dx, y: rimOffset(spoke: other.spoke).dy))
        }
        if !isDropped { try attach(bubble, spring: settings.returnSpring) }
    }

    private func attach(_ bubble: Bubble, spring: (frequency: Double, dampingRatio: Double)) throws {
        if let old = bubble.attachment { try world.remove(old) }
        bubble.attachment = try world.attach(bubble.item, to: armature, otherOffset: rimOffset(spoke: bubble.spoke),
                                             frequency: spring.frequency, dampingRatio: spring.dampingRatio)
        if spring != settings.bubbleSpring { springsAreNormal = false }
    }

    // MARK: Spinning

    /// An arrow key: the wheel turns by `count` spokes from the spoke it is at (or on its way to, for quick presses),
    /// at up to `speed` rad/s, and comes to rest exactly there. The armature is driven towards the target at a speed
    /// in proportion to what is left (`keyTurnRate` per second), capped at `speed`: a steady turn, then an ease in.
    ///
    /// A held key's repeat (`held`) aims instead at the first spoke at least a quarter of a spoke ahead of where the
    /// wheel is (keeping any farther target already set): repeats come faster than spokes go by, and queued they kept
    /// the wheel turning for seconds after the key came up. So while the key is held the wheel turns steadily at full
    /// speed (a quarter spoke ahead is past the ease-in), and when it comes up the wheel stops on a spoke at most a
    /// spoke and a quarter on.
    func turn(bySpokes count: Int, speed: Double, held: Bool = false) throws {
        wake()
        guard dragTargetAngle == nil, speed.isFinite, speed > 0 else { return }
        let spoke = 2 * Double.pi / Double(max(bubbles.count, 5))
        var target: Double
        if held {
            let lead = 0.25 * Double(count.signum())
            target = ((armature.angle / spoke) + lead).rounded(count > 0 ? .up : .down) * spoke
            if let ahead = keyTurn?.target, (ahead - target) * Double(count) > 0 { target = ahead }
        } else {
            let from = keyTurn?.target ?? (armature.angle / spoke).rounded() * spoke
            target = from + Double(count) * spoke
        }
        keyTurn = (target, speed)
        try armature.setAngularVelocity(keyTurnVelocity(target: target, speed: speed))
    }

    /// Per second: how quickly a key turn closes what is left of it once below its top speed.
    static let keyTurnRate = 6.0
    /// A key turn within this many radians of its spoke (a quarter of a point at the rim) is done.
    static let keyTurnTolerance = 1e-3

    private func keyTurnVelocity(target: Double, speed: Double) -> Double {
        limited(min(max((target - armature.angle) * Self.keyTurnRate, -speed), speed))
    }

    /// The finger holds the wheel: from now on the armature follows `drag(toAngle:)`.
    func grab() {
        wake()
        keyTurn = nil
        dragTargetAngle = armature.angle
    }

    func drag(toAngle target: Double) {
        wake()
        dragTargetAngle = target
    }

    /// The finger lets go, turning at `angularVelocity` rad/s: the wheel coasts on from there.
    func release(angularVelocity: Double) throws {
        wake()
        keyTurn = nil
        dragTargetAngle = nil
        try armature.setAngularVelocity(limited(angularVelocity))
    }

    /// `angularVelocity` within the settings' fastest turn (by default one and a half turns a second, about what a
    /// hard flick gives); anything not finite is no turn at all.
    func limited(_ angularVelocity: Double) -> Double {
        angularVelocity.isFinite ? min(max(angularVelocity, -settings.maximumSpeed), settings.maximumSpeed) : 0
    }

    /// New settings: the armature's friction, every bubble's surface and spring, and gravity change at once.
    func apply(_ new: Settings) throws {
        guard new != settings else { return }
        wake()
        settings = new
        try armature.setAngularResistance(new.viscousFriction)
        try gravity?.setDirection(Vector(dx: 0, dy: new.gravity))
        let spring = springsAreNormal ? new.bubbleSpring : new.returnSpring
        for bubble in bubbles {
            try bubble.item.setFriction(new.friction)
            try bubble.item.setElasticity(new.elasticity)
            try bubble.item.setResistance(new.resistance)
            try bubble.attachment?.setSpring(frequency: spring.frequency, dampingRatio: spring.dampingRatio)
        }
        try armature.setAngularVelocity(limited(armature.angularVelocity))
    }

    // MARK: Dropping and recalling

    /// Every bubble but `keptID` lets go of its spoke and falls, colliding with the others and the screen's edges.
    func drop(except keptID: String) throws {
        guard !isDropped else { return }
        wake()
        if let collisions { world.removeCollision(collisions) }
        let gravity = world.addGravity()
        try gravity.setDirection(Vector(dx: 0, dy: settings.gravity))
        let collisions = try world.addCollision()
        // The walls stand a point inside the stage's edges: a bubble resting on the floor sinks into it by the solver's
        // slop (about 0.7 pt), which then stays inside the stage.
        try collisions.addBoundary(rect: bounds.insetBy(dx: Self.wallInset, dy: Self.wallInset))
        // A bubble swinging home can be past an edge when the walls appear; it is put just inside, rather than left in
        // a wall for the solver to push out (perhaps the wrong way).
        let inside = bounds.insetBy(dx: bubbleRadius + Self.wallInset, dy: bubbleRadius + Self.wallInset)
        // The worn costume's bubble leaves the physics while it is worn: no spring, no speed, no gravity, no collision,
        // so it neither circles with a coasting wheel nor pushes the fallen ones; `recall` brings it home with them.
        if let kept = bubble(keptID) {
            if let attachment = kept.attachment { try world.remove(attachment) }
            kept.attachment = nil
            try kept.item.setVelocity(.zero)
        }
        for bubble in bubbles where bubble.id != keptID {
            if let attachment = bubble.attachment { try world.remove(attachment) }
            bubble.attachment = nil
            let centre = bubble.item.center
            let clamped = Point(x: min(max(centre.x, inside.minX), inside.maxX), y: min(max(centre.y, inside.minY), inside.maxY))
            if clamped != centre { try bubble.item.setCenter(clamped) }
            gravity.addItem(bubble.item)
            collisions.addItem(bubble.item)
        }
        self.gravity = gravity
        self.collisions = collisions
    }

    /// Gravity goes; soft springs pull every loose bubble back to its spoke. The screen's edges stay walls until the
    /// world reports that everything is at rest: a soft spring on a turning wheel could otherwise sling a bubble off
    /// the screen. Then the walls go and the springs get their normal stiffness back.
    func recall() throws {
        try releaseFallen()
        wake()
        if let gravity { world.removeGravity(gravity) }
        gravity = nil
        for bubble in bubbles where bubble.attachment == nil {
            // Home from rest: a bubble still falling would otherwise carry its speed past the floor, now that the
            // walls are gone, and swing off the screen before its soft spring brought it back.
            try bubble.item.setVelocity(.zero)
            try attach(bubble, spring: settings.returnSpring)
        }
    }

    private func stiffenSprings() {
        guard !springsAreNormal, !isDropped else { return }
        if let collisions {
            world.removeCollision(collisions)
            self.collisions = nil
        }
        for bubble in bubbles {
            do {
                try bubble.attachment?.setSpring(frequency: settings.bubbleSpring.frequency, dampingRatio: settings.bubbleSpring.dampingRatio)
            } catch {
                onError?(error)
            }
        }
        springsAreNormal = true
    }

    // MARK: Time

    func step(dt: Double) {
        guard !isResting else { return }
        if let target = dragTargetAngle {
            // Drive the armature so that it reaches the finger's angle by the end of this step.
            do { try armature.setAngularVelocity(limited((target - armature.angle) / dt)) } catch { onError?(error) }
        } else if let turn = keyTurn {
            do {
                if abs(turn.target - armature.angle) <= Self.keyTurnTolerance {
                    try armature.setAngularVelocity(0)
                    keyTurn = nil
                } else {
                    try armature.setAngularVelocity(keyTurnVelocity(target: turn.target, speed: turn.speed))
                }
            } catch {
                onError?(error)
            }
        } else {
            // Constant (Coulomb) friction on top of the viscous resistance, so the wheel really stops.
            let w = armature.angularVelocity
            let slowed = abs(w) <= settings.constantFriction * dt ? 0 : w - (w > 0 ? 1 : -1) * settings.constantFriction * dt
            if slowed != w {
                do { try armature.setAngularVelocity(slowed) } catch { onError?(error) }
            }
        }
        world.advance(by: dt)
        keepInside()
        // Still means far stiller than the world's own rest (2 pt/s, which tells that the motion is over): no
        // bubble, and no point of the rim, more than `stillDistance` from where it was `stillDuration` ago. Bodies
        // pressed into the floor jitter in place and count as still; a pile still settling does not. What stopping
        // the world then skips is a drift no one could see.
        let angle = armature.angle
        if let stillAngle, stillCentres.count == bubbles.count,
           bubbles.indices.allSatisfy({ stillCentres[$0].distance(to: bubbles[$0].item.center) <= Self.stillDistance }),
           abs(angle - stillAngle) * radius <= Self.stillDistance {
            stillTime += dt
        } else {
            // Written over in place (capacity kept), so a moving wheel allocates nothing per step.
            stillCentres.removeAll(keepingCapacity: true)
            for bubble in bubbles { stillCentres.append(bubble.item.center) }
            stillAngle = angle
            stillTime = 0
        }
        isResting = stillTime >= Self.stillDuration && world.isPaused && springsAreNormal && dragTargetAngle == nil && keyTurn == nil && held == nil
    }

    /// Within this distance (pt) of where it was `stillDuration` seconds ago, a body counts as still.
    static let stillDistance = 0.05, stillDuration = 0.5

    /// Something is about to move the wheel: it steps again from the next step on.
    func wake() {
        isResting = false
        stillAngle = nil
        stillTime = 0
    }
}
