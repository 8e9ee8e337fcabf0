import CChipmunk
import KineticCore

/// A Chipmunk space seen as a `UIDynamicAnimator`: items, gravity, collisions and attachments, stepped on a
/// fixed clock.
///
/// `advance(by:)` takes any span of simulated time and runs whole sub-steps of `substep` seconds (1/240 s by
/// default, so two per 120 Hz frame); what is left carries over to the next call. The same calls therefore
/// always give the same motion.
///
/// Chipmunk aborts the process on bad input, so nothing reaches it unchecked: setters throw `PhysicsError`,
/// and a body that somehow diverges is put back and reported through `onError`. Nothing can change the space
/// during a step because the step calls no Swift code.
public final class PhysicsWorld {
    let space: OpaquePointer
    /// The length of one sub-step, in seconds: every step integrates this much time, held to 1/2000…1/120 s.
    public let substep: Double
    /// Every item in the world, in the order they were added.
    public private(set) var items: [DynamicItem] = []
    /// Every attachment in the world, in the order they were made.
    public private(set) var attachments: [Attachment] = []
    /// Every gravity behaviour in the world; each pulls only its own items.
    public private(set) var gravityBehaviors: [GravityBehavior] = []
    /// Every collision behaviour in the world; at most 32, one per Chipmunk category bit.
    public private(set) var collisionBehaviors: [CollisionBehavior] = []
    private var pivots: [PivotJoint] = []
    private var leftoverTime = 0.0
    private var restingTime = 0.0
    /// Seconds of simulated time since the world was made.
    public private(set) var time = 0.0

    /// Whether everything is at rest and `onPause` has been told so.
    public private(set) var isPaused = false
    /// Called once each time every item comes to rest after moving (`dynamicAnimatorDidPause`). Only motion
    /// counts: changing a behaviour while everything is still does not make it fire again, so a handler may
    /// safely adjust attachments (stiffen them, say) without calling itself in a loop.
    public var onPause: (() -> Void)?
    /// Called when a step had to repair a diverging body.
    public var onError: ((PhysicsError) -> Void)?
    /// Below these speeds (pt/s, rad/s) for `restDuration` seconds, an item counts as at rest.
    public var restSpeed = 2.0, restAngularSpeed = 0.05, restDuration = 0.1

    /// An empty world without gravity, stepping `substep` seconds at a time (held to 1/2000…1/120 s).
    public init(substep: Double = 1.0 / 240) {
        space = ChipmunkBanner.makeSpace()
        self.substep = min(max(substep, 1.0 / 2000), 1.0 / 120)
        cpSpaceSetIterations(space, 20)
        cpSpaceSetGravity(space, cpv(0, 0))
    }

    deinit {
        for attachment in attachments { removeConstraint(attachment) }
        for pivot in pivots { cpSpaceRemoveConstraint(space, pivot.constraint); cpConstraintFree(pivot.constraint) }
        for behavior in collisionBehaviors {
            for shape in behavior.boundaryShapes { cpSpaceRemoveShape(space, shape); cpShapeFree(shape) }
        }
        for item in items { detach(item) }
        cpSpaceFree(space)
    }

    // MARK: Items

    /// Adds an item centred at `center`; `density` follows UIKit (a 100×100 pt item of density 1 has mass 1).
    @discardableResult
    public func addItem(_ identifier: String, shape: DynamicItem.Shape, center: Point, density: Double = 1) throws -> DynamicItem {
        switch shape {
        case .circle(let radius): try requirePositive(radius, "\(identifier).radius")
        case .rectangle(let size):
            try requirePositive(size.width, "\(identifier).width")
            try requirePositive(size.height, "\(identifier).height")
        }
        try requirePositive(density, "\(identifier).density")
        try requireFinite(center.x, "\(identifier).center.x")
        try requireFinite(center.y, "\(identifier).center.y")
        let item = DynamicItem(identifier: identifier, shape: shape, center: center, density: density)
        item.world = self
        cpSpaceAddBody(space, item.body)
        cpSpaceAddShape(space, item.chipmunkShape)
        items.append(item)
        return item
    }

    /// Removes an item with every attachment and joint that holds it.
    public func removeItem(_ item: DynamicItem) throws {
        guard item.world === self else { throw PhysicsError.notInWorld("item \(item.identifier)") }
        for attachment in attachments where attachment.item === item || attachment.otherItem === item {
            try remove(attachment)
        }
        for pivot in pivots where pivot.item === item {
            cpSpaceRemoveConstraint(space, pivot.constraint)
            cpConstraintFree(pivot.constraint)
        }
        pivots.removeAll { $0.item === item }
        for behavior in gravityBehaviors { behavior.removeItem(item) }
        for behavior in collisionBehaviors { behavior.removeItem(item) }
        items.removeAll { $0 === item }
        detach(item)
        item.world = nil
    }

    /// Takes the item's body and shape out of the space. The item owns them and frees them when it goes, so a removed
    /// item (or one that outlives its world) stays inert: it keeps answering with its last state and moves no more.
    private func detach(_ item: DynamicItem) {
        cpSpaceRemoveShape(space, item.chipmunkShape)
        cpSpaceRemoveBody(space, item.body)
    }

    // MARK: Behaviours

    /// A new gravity behaviour pulling straight down at 1000 pt/s²; add items to it for it to act on them.
    public func addGravity() -> GravityBehavior {
        let behavior = GravityBehavior()
        gravityBehaviors.append(behavior)
        return behavior
    }

    /// Removes a gravity behaviour; its items keep the velocity they have.
    public func removeGravity(_ behavior: GravityBehavior) {
        gravityBehaviors.removeAll { $0 === behavior }
    }

    /// A new collision behaviour; at most 32 can exist at once (one per Chipmunk category bit).
    public func addCollision() throws -> CollisionBehavior {
        let used = collisionBehaviors.reduce(UInt32(0)) { $0 | $1.category }
        guard let bit = (0..<32).first(where: { used & (1 << $0) == 0 }) else {
            throw PhysicsError.outOfRange(parameter: "collision behaviour count", value: 33, range: 0...32)
        }
        let behavior = CollisionBehavior(category: 1 << UInt32(bit))
        behavior.world = self
        collisionBehaviors.append(behavior)
        return behavior
    }

    /// Removes a collision behaviour with its boundaries; its items no longer collide through it.
    public func removeCollision(_ behavior: CollisionBehavior) {
        for item in behavior.items { behavior.removeItem(item) }
        for shape in behavior.boundaryShapes { cpSpaceRemoveShape(space, shape); cpShapeFree(shape) }
        behavior.boundaryShapes.removeAll()
        collisionBehaviors.removeAll { $0 === behavior }
        behavior.world = nil
    }

    func refreshFilter(of item: DynamicItem) {
        let bits = item.collisionCategories
        cpShapeSetFilter(item.chipmunkShape, cpShapeFilterNew(0, bits, bits))
    }

    // MARK: Attachments and joints

    /// Attaches `item` (at `offset` from its centre) to a fixed `anchor` in the world.
    @discardableResult
    public func attach(_ item: DynamicItem, offset: Vector = .zero, toAnchor anchor: Point, length: Double = 0,
                       frequency: Double = 0, dampingRatio: Double = 1) throws -> Attachment {
        try attach(item, offset: offset, other: nil, anchor: anchor, length: length, frequency: frequency, dampingRatio: dampingRatio)
    }

    /// Attaches `item` (at `offset` from its centre) to `other` (at `otherOffset` from its centre).
    @discardableResult
    public func attach(_ item: DynamicItem, offset: Vector = .zero, to other: DynamicItem, otherOffset: Vector,
                       length: Double = 0, frequency: Double = 0, dampingRatio: Double = 1) throws -> Attachment {
        guard other.world === self else { throw PhysicsError.notInWorld("item \(other.identifier)") }
        return try attach(item, offset: offset, other: other, anchor: Point(x: otherOffset.dx, y: otherOffset.dy),
                          length: length, frequency: frequency, dampingRatio: dampingRatio)
    }

    private func attach(_ item: DynamicItem, offset: Vector, other: DynamicItem?, anchor: Point, length: Double,
                        frequency: Double, dampingRatio: Double) throws -> Attachment {
        guard item.world === self else { throw PhysicsError.notInWorld("item \(item.identifier)") }
        try requireFinite(offset.dx, "attachment.offset.dx")
        try requireFinite(offset.dy, "attachment.offset.dy")
        try requireFinite(anchor.x, "attachment.anchor.x")
        try requireFinite(anchor.y, "attachment.anchor.y")
        try requireNonNegative(length, "attachment.length")
        try requireNonNegative(frequency, "attachment.frequency")
        try requireNonNegative(dampingRatio, "attachment.dampingRatio")
        let attachment = Attachment(item: item, offset: offset, other: other, anchor: anchor, length: length,
                                    frequency: frequency, dampingRatio: dampingRatio)
        attachment.world = self
        try attachment.rebuild()
        attachments.append(attachment)
        return attachment
    }

    /// Removes an attachment, freeing the item from it; throws `PhysicsError.notInWorld` if it is not in this world.
    public func remove(_ attachment: Attachment) throws {
        guard attachment.world === self else { throw PhysicsError.notInWorld("attachment") }
        removeConstraint(attachment)
        attachments.removeAll { $0 === attachment }
        attachment.world = nil
    }

    func removeConstraint(_ attachment: Attachment) {
        guard let constraint = attachment.constraint else { return }
        cpSpaceRemoveConstraint(space, constraint)
        cpConstraintFree(constraint)
        attachment.constraint = nil
    }

    /// Pins `item` to `pivot` (a point in the world) so that it can only turn about it.
    @discardableResult
    public func pin(_ item: DynamicItem, pivot: Point) throws -> PivotJoint {
        guard item.world === self else { throw PhysicsError.notInWorld("item \(item.identifier)") }
        try requireFinite(pivot.x, "pivot.x")
        try requireFinite(pivot.y, "pivot.y")
        let joint = PivotJoint(item: item, pivot: pivot, staticBody: cpSpaceGetStaticBody(space))
        cpSpaceAddConstraint(space, joint.constraint)
        pivots.append(joint)
        return joint
    }

    // MARK: Time

    /// Runs as many whole sub-steps as fit in `dt` plus what was left over last time.
    public func advance(by dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        leftoverTime += dt
        while leftoverTime >= substep - 1e-12 {
            leftoverTime -= substep
            step()
        }
    }

    private func step() {
        for gravity in gravityBehaviors { gravity.apply(dt: substep) }
        for item in items { item.applyResistance(dt: substep) }
        // A space always has its static body: Chipmunk makes it with the space and frees it with it.
        let staticBody = cpSpaceGetStaticBody(space)!
        for attachment in attachments where attachment.isAppliedByWorld { attachment.applySpring(dt: substep, staticBody: staticBody) }
        cpSpaceStep(space, substep)
        time += substep
        checkStateAndRest()
    }

    private func checkStateAndRest() {
        var allResting = true
        for item in items {
            let p = cpBodyGetPosition(item.body), v = cpBodyGetVelocity(item.body)
            let angle = cpBodyGetAngle(item.body), w = cpBodyGetAngularVelocity(item.body)
            if !(p.x.isFinite && p.y.isFinite && v.x.isFinite && v.y.isFinite && angle.isFinite && w.isFinite) {
                cpBodySetPosition(item.body, item.lastGoodPosition)
                cpBodySetAngle(item.body, item.lastGoodAngle)
                cpBodySetVelocity(item.body, cpv(0, 0))
                cpBodySetAngularVelocity(item.body, 0)
                onError?(.diverged(item: item.identifier))
                continue
            }
            item.lastGoodPosition = p
            item.lastGoodAngle = angle
            if (v.x * v.x + v.y * v.y).squareRoot() > restSpeed || abs(w) > restAngularSpeed { allResting = false }
        }
        guard allResting else {
            restingTime = 0
            isPaused = false
            return
        }
        restingTime += substep
        if !isPaused && restingTime >= restDuration {
            isPaused = true
            onPause?()
        }
    }
}
