import Foundation
import CChipmunk
import KineticCore

/// A rigid body in a `PhysicsWorld`, like a view handed to `UIDynamicAnimator`: a circle or a rectangle with
/// a position, an angle and the material properties of `UIDynamicItemBehavior`.
///
/// Positions are in points, velocities in points per second, angles in radians (clockwise on screen).
public final class DynamicItem {
    /// The outline the item collides with, centred on its centre of mass; with the density it sets the mass and
    /// the moment of inertia.
    public enum Shape: Equatable, Sendable {
        case circle(radius: Double)
        case rectangle(Size)

        /// Area in square points.
        var area: Double {
            switch self {
            case .circle(let r): return .pi * r * r
            case .rectangle(let size): return size.width * size.height
            }
        }
    }

    /// A name for error messages and dumps.
    public let identifier: String
    /// The outline the item collides with; fixed for the item's life.
    public let shape: Shape
    let body: OpaquePointer
    let chipmunkShape: OpaquePointer
    /// Bit of every collision behaviour this item is in.
    var collisionCategories: UInt32 = 0
    /// The last state known to be finite, restored if a step ever produces NaN.
    var lastGoodPosition: cpVect
    var lastGoodAngle: Double
    weak var world: PhysicsWorld?

    init(identifier: String, shape: Shape, center: Point, density: Double) {
        self.identifier = identifier
        self.shape = shape
        // UIKit's density: a 100×100 pt item of density 1 has a mass of 1.
        let mass = density * shape.area / 10_000
        switch shape {
        case .circle(let radius):
            body = cpBodyNew(mass, cpMomentForCircle(mass, 0, radius, cpv(0, 0)))
            chipmunkShape = cpCircleShapeNew(body, radius, cpv(0, 0))
        case .rectangle(let size):
            body = cpBodyNew(mass, cpMomentForBox(mass, size.width, size.height))
            chipmunkShape = cpBoxShapeNew(body, size.width, size.height, 0)
        }
        lastGoodPosition = cpv(center.x, center.y)
        lastGoodAngle = 0
        cpBodySetPosition(body, lastGoodPosition)
        cpShapeSetFilter(chipmunkShape, cpShapeFilterNew(0, 0, 0))
        cpShapeSetElasticity(chipmunkShape, 0)
        cpShapeSetFriction(chipmunkShape, 0)
    }

    deinit {
        // The world only ever detaches the body and shape (see `PhysicsWorld.removeItem`); they are the item's to free.
        cpShapeFree(chipmunkShape)
        cpBodyFree(body)
    }

    // MARK: State

    /// Where the item's centre of mass is in the world, in points.
    public var center: Point {
        let p = cpBodyGetPosition(body)
        return Point(x: p.x, y: p.y)
    }

    /// The item's rotation, in radians (positive is clockwise on screen); not wrapped to one turn.
    public var angle: Double { cpBodyGetAngle(body) }
    /// Points per second.
    public var velocity: Vector {
        let v = cpBodyGetVelocity(body)
        return Vector(dx: v.x, dy: v.y)
    }
    /// Radians per second.
    public var angularVelocity: Double { cpBodyGetAngularVelocity(body) }
    /// The mass, from `density` and the area of `shape`: a 100×100 pt item of density 1 weighs 1.
    public var mass: Double { cpBodyGetMass(body) }

    /// The radius of a circle, or half the diagonal of a rectangle.
    public var boundingRadius: Double {
        switch shape {
        case .circle(let r): return r
        case .rectangle(let s): return (s.width * s.width + s.height * s.height).squareRoot() / 2
        }
    }

    /// Moves the item to `point` (world points) at once, keeping its velocity; throws for a non-finite point.
    public func setCenter(_ point: Point) throws {
        try requireFinite(point.x, "\(identifier).center.x")
        try requireFinite(point.y, "\(identifier).center.y")
        cpBodySetPosition(body, cpv(point.x, point.y))
        lastGoodPosition = cpv(point.x, point.y)
    }

    /// Turns the item to `radians` at once, keeping its angular velocity; throws for a non-finite angle.
    public func setAngle(_ radians: Double) throws {
        try requireFinite(radians, "\(identifier).angle")
        cpBodySetAngle(body, radians)
        lastGoodAngle = radians
    }

    /// Sets the velocity, in points per second; throws for a non-finite vector.
    public func setVelocity(_ velocity: Vector) throws {
        try requireFinite(velocity.dx, "\(identifier).velocity.dx")
        try requireFinite(velocity.dy, "\(identifier).velocity.dy")
        cpBodySetVelocity(body, cpv(velocity.dx, velocity.dy))
    }

    /// Sets the spin, in radians per second (positive turns clockwise on screen); throws for a non-finite value.
    public func setAngularVelocity(_ radiansPerSecond: Double) throws {
        try requireFinite(radiansPerSecond, "\(identifier).angularVelocity")
        cpBodySetAngularVelocity(body, radiansPerSecond)
    }

    /// `UIDynamicItemBehavior.addLinearVelocity(_:for:)`.
    public func addLinearVelocity(_ delta: Vector) throws { try setVelocity(velocity + delta) }

    /// `UIDynamicItemBehavior.addAngularVelocity(_:for:)`.
    public func addAngularVelocity(_ delta: Double) throws { try setAngularVelocity(angularVelocity + delta) }

    // MARK: Material (UIDynamicItemBehavior)

    /// How much of its speed a collision gives back: 0 is dead, 1 is a perfect bounce.
    public var elasticity: Double { cpShapeGetElasticity(chipmunkShape) }
    /// Sets `elasticity`; values above 1 are held to 1, and a negative or non-finite one throws.
    public func setElasticity(_ value: Double) throws {
        try requireNonNegative(value, "\(identifier).elasticity")
        cpShapeSetElasticity(chipmunkShape, min(value, 1))
    }

    /// Coulomb friction coefficient between touching items.
    public var friction: Double { cpShapeGetFriction(chipmunkShape) }
    /// Sets `friction`; a negative or non-finite coefficient throws.
    public func setFriction(_ value: Double) throws {
        try requireNonNegative(value, "\(identifier).friction")
        cpShapeSetFriction(chipmunkShape, value)
    }

    /// Mass per 10,000 square points (UIKit's convention).
    public var density: Double { mass / shape.area * 10_000 }
    /// Sets `density`, and with it the mass and moment of inertia; throws unless the value is positive and finite.
    public func setDensity(_ value: Double) throws {
        try requirePositive(value, "\(identifier).density")
        let newMass = value * shape.area / 10_000
        cpBodySetMass(body, newMass)
        if allowsRotation { cpBodySetMoment(body, moment(forMass: newMass)) }
    }

    /// Linear damping, as a fraction of the velocity lost per second (0 = none).
    public private(set) var resistance: Double = 0
    /// Sets `resistance`: before each sub-step the velocity is scaled by e^(−resistance·dt); a negative or
    /// non-finite value throws.
    public func setResistance(_ value: Double) throws {
        try requireNonNegative(value, "\(identifier).resistance")
        resistance = value
    }

    /// Angular damping, as a fraction of the angular velocity lost per second (0 = none).
    public private(set) var angularResistance: Double = 0
    /// Sets `angularResistance`: before each sub-step the spin is scaled by e^(−angularResistance·dt); a negative
    /// or non-finite value throws.
    public func setAngularResistance(_ value: Double) throws {
        try requireNonNegative(value, "\(identifier).angularResistance")
        angularResistance = value
    }

    /// When false, the item keeps its angle whatever hits it (an infinite moment of inertia).
    public var allowsRotation: Bool = true {
        didSet {
            cpBodySetMoment(body, allowsRotation ? moment(forMass: mass) : .infinity)
            if !allowsRotation { cpBodySetAngularVelocity(body, 0) }
        }
    }

    private func moment(forMass mass: Double) -> Double {
        switch shape {
        case .circle(let r): return cpMomentForCircle(mass, 0, r, cpv(0, 0))
        case .rectangle(let s): return cpMomentForBox(mass, s.width, s.height)
        }
    }

    /// Damping applied by the world before each sub-step: v ← v·e^(−resistance·dt).
    func applyResistance(dt: Double) {
        if resistance > 0 {
            let v = cpBodyGetVelocity(body), f = exp(-resistance * dt)
            cpBodySetVelocity(body, cpv(v.x * f, v.y * f))
        }
        if angularResistance > 0 {
            cpBodySetAngularVelocity(body, cpBodyGetAngularVelocity(body) * exp(-angularResistance * dt))
        }
    }
}

@inline(__always) func cpv(_ x: Double, _ y: Double) -> cpVect { cpVect(x: x, y: y) }
