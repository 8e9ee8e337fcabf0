import CChipmunk
import Foundation
import KineticCore

/// Holds an item to an anchor point or to another item, like `UIAttachmentBehavior`.
///
/// With a `frequency` of 0 the attachment is rigid: the item stays exactly `length` from the anchor. Above 0
/// it is a damped spring that oscillates at `frequency` Hz with `dampingRatio` (1 = no overshoot). Both
/// can change while it runs, which is how a soft spring can pull things home and then stiffen.
///
/// A spring of length 0 is applied by the world itself as F = −k·Δx − c·Δv on the whole 2-D offset, before
/// each sub-step. Chipmunk's damped spring damps only along its own axis, which for a zero-length spring
/// leaves motion *around* the anchor undamped: an item would circle its anchor for ever.
public final class Attachment {
    /// The item held: the attachment acts on it at `offset` from its centre.
    public let item: DynamicItem
    /// The other item, or `nil` when attached to a fixed anchor.
    public let otherItem: DynamicItem?
    /// Where on the item it is attached, in the item's own coordinates (points from its centre).
    public let offset: Vector
    /// Where the item is held to: a point in the world for a fixed anchor, or an offset from `otherItem`'s centre
    /// in that item's own coordinates.
    public private(set) var anchor: Point
    /// The rest distance, in points, between the attachment point and the anchor; 0 holds the two together.
    public private(set) var length: Double
    /// The spring's natural frequency, in hertz (oscillations per second): higher is stiffer; 0 makes it rigid.
    public private(set) var frequency: Double
    /// ζ: how quickly the spring's oscillation dies away; 1 is critically damped (no overshoot), below 1 bounces.
    public private(set) var dampingRatio: Double
    var constraint: OpaquePointer?
    weak var world: PhysicsWorld?

    init(item: DynamicItem, offset: Vector, other: DynamicItem?, anchor: Point, length: Double, frequency: Double, dampingRatio: Double) {
        self.item = item
        self.offset = offset
        self.otherItem = other
        self.anchor = anchor
        self.length = length
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    /// Moves the anchor: a point in the world for an anchor attachment, or an offset from the other item's
    /// centre in its own coordinates.
    public func setAnchor(_ point: Point) throws {
        try requireFinite(point.x, "attachment.anchor.x")
        try requireFinite(point.y, "attachment.anchor.y")
        anchor = point
        try rebuild()
    }

    /// Changes the rest distance, in points; throws `PhysicsError` for a negative or non-finite length, or when the
    /// attachment is no longer in a world.
    public func setLength(_ value: Double) throws {
        try requireNonNegative(value, "attachment.length")
        length = value
        try rebuild()
    }

    /// Changes the spring; a frequency of 0 makes the attachment rigid.
    public func setSpring(frequency: Double, dampingRatio: Double) throws {
        try requireNonNegative(frequency, "attachment.frequency")
        try requireNonNegative(dampingRatio, "attachment.dampingRatio")
        self.frequency = frequency
        self.dampingRatio = dampingRatio
        try rebuild()
    }

    /// Stiffness and damping of a Chipmunk damped spring from frequency f and ratio ζ: with ω = 2πf and the
    /// (reduced) mass m, k = m·ω² and c = 2ζ·m·ω.
    var springConstants: (stiffness: Double, damping: Double) {
        let m: Double
        if let otherItem, otherItem.mass.isFinite {
            m = item.mass * otherItem.mass / (item.mass + otherItem.mass)
        } else {
            m = item.mass
        }
        let omega = 2 * Double.pi * frequency
        return (m * omega * omega, 2 * dampingRatio * m * omega)
    }

    func rebuild() throws {
        guard let world else { throw PhysicsError.notInWorld("attachment") }
        world.removeConstraint(self)
        let a = item.body
        // A space always has its static body: Chipmunk makes it with the space and frees it with it.
        let b = otherItem?.body ?? cpSpaceGetStaticBody(world.space)!
        let anchorA = cpv(offset.dx, offset.dy), anchorB = cpv(anchor.x, anchor.y)
        let made: OpaquePointer
        if frequency > 0 && length == 0 {
            constraint = nil
            return
        } else if frequency > 0 {
            let k = springConstants
            made = cpDampedSpringNew(a, b, anchorA, anchorB, length, k.stiffness, k.damping)
        } else if length > 0 {
            made = cpPinJointNew(a, b, anchorA, anchorB)
            cpPinJointSetDist(made, length)
        } else {
            made = cpPivotJointNew2(a, b, anchorA, anchorB)
        }
        constraint = made
        cpSpaceAddConstraint(world.space, made)
    }
}

extension Attachment {
    /// Whether the world applies this spring itself (see the type's documentation).
    var isAppliedByWorld: Bool { frequency > 0 && length == 0 && world != nil }

    /// One sub-step of the isotropic spring: an impulse (−k·Δx − c·Δv)·dt on the item at its attachment point,
    /// and the opposite on the other item at the anchor.
    func applySpring(dt: Double, staticBody: OpaquePointer) {
        let k = springConstants
        let pointOnItem = cpBodyLocalToWorld(item.body, cpv(offset.dx, offset.dy))
        let velocityOnItem = cpBodyGetVelocityAtWorldPoint(item.body, pointOnItem)
        let anchorBody = otherItem?.body ?? staticBody
        let anchorPoint = otherItem == nil ? cpv(anchor.x, anchor.y) : cpBodyLocalToWorld(anchorBody, cpv(anchor.x, anchor.y))
        let anchorVelocity = otherItem == nil ? cpv(0, 0) : cpBodyGetVelocityAtWorldPoint(anchorBody, anchorPoint)
        let dx = pointOnItem.x - anchorPoint.x, dy = pointOnItem.y - anchorPoint.y
        let dvx = velocityOnItem.x - anchorVelocity.x, dvy = velocityOnItem.y - anchorVelocity.y
        let impulse = cpv((-k.stiffness * dx - k.damping * dvx) * dt, (-k.stiffness * dy - k.damping * dvy) * dt)
        guard impulse.x.isFinite, impulse.y.isFinite else { return }
        cpBodyApplyImpulseAtWorldPoint(item.body, impulse, pointOnItem)
        if otherItem != nil { cpBodyApplyImpulseAtWorldPoint(anchorBody, cpv(-impulse.x, -impulse.y), anchorPoint) }
    }
}

/// Pins an item to a point about which it can turn freely, like `UIAttachmentBehavior.pinAttachment`: an
/// armature's axle, say.
public final class PivotJoint {
    /// The item held to the pivot; it can still turn about it freely.
    public let item: DynamicItem
    /// The point in the world, in points, about which the item turns.
    public let pivot: Point
    let constraint: OpaquePointer

    init(item: DynamicItem, pivot: Point, staticBody: OpaquePointer) {
        self.item = item
        self.pivot = pivot
        constraint = cpPivotJointNew(item.body, staticBody, cpv(pivot.x, pivot.y))
    }
}
