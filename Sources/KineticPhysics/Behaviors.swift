import CChipmunk
import KineticCore

/// Pulls its items in `direction`, like `UIGravityBehavior`: a magnitude of 1 is an acceleration of
/// 1000 points per second², whatever the item's mass.
public final class GravityBehavior {
    public private(set) var items: [DynamicItem] = []
    /// Acceleration in units of 1000 pt/s²; (0, 1) is straight down at UIKit's standard strength.
    public private(set) var direction = Vector(dx: 0, dy: 1)

    init() {}

    public func setDirection(_ vector: Vector) throws {
        try requireFinite(vector.dx, "gravity.dx")
        try requireFinite(vector.dy, "gravity.dy")
        direction = vector
    }

    public func addItem(_ item: DynamicItem) {
        if !items.contains(where: { $0 === item }) { items.append(item) }
    }

    public func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item } }

    func apply(dt: Double) {
        let dv = direction * (1000 * dt)
        for item in items {
            let v = cpBodyGetVelocity(item.body)
            cpBodySetVelocity(item.body, cpv(v.x + dv.dx, v.y + dv.dy))
        }
    }
}

/// Makes its items collide with one another and with its boundaries, like `UICollisionBehavior`.
///
/// Each collision behaviour owns one bit of Chipmunk's 32 collision categories; two shapes collide when they
/// share a bit, so items in different behaviours pass through one another, as in UIKit.
public final class CollisionBehavior {
    public private(set) var items: [DynamicItem] = []
    let category: UInt32
    var boundaryShapes: [OpaquePointer] = []
    weak var world: PhysicsWorld?

    init(category: UInt32) {
        self.category = category
    }

    public func addItem(_ item: DynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        item.collisionCategories |= category
        item.world?.refreshFilter(of: item)
    }

    public func removeItem(_ item: DynamicItem) {
        guard items.contains(where: { $0 === item }) else { return }
        items.removeAll { $0 === item }
        item.collisionCategories &= ~category
        item.world?.refreshFilter(of: item)
    }

    /// Adds the four edges of `rect` as walls (`translatesReferenceBoundsIntoBoundary`).
    public func addBoundary(rect: Rect) throws {
        for value in [rect.minX, rect.minY, rect.width, rect.height] { try requireFinite(value, "boundary") }
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        for index in 0..<4 {
            try addBoundary(from: corners[index], to: corners[(index + 1) % 4])
        }
    }

    /// Adds one straight wall from `a` to `b`.
    public func addBoundary(from a: Point, to b: Point) throws {
        guard let world else { throw PhysicsError.notInWorld("collision behaviour") }
        for value in [a.x, a.y, b.x, b.y] { try requireFinite(value, "boundary") }
        let shape = cpSegmentShapeNew(cpSpaceGetStaticBody(world.space), cpv(a.x, a.y), cpv(b.x, b.y), 0)!
        cpShapeSetFilter(shape, cpShapeFilterNew(0, category, category))
        cpShapeSetElasticity(shape, 0.2)
        cpShapeSetFriction(shape, 0.6)
        cpSpaceAddShape(world.space, shape)
        boundaryShapes.append(shape)
    }
}
