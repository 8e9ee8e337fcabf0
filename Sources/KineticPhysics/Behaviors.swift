import CChipmunk
import KineticCore

/// Pulls its items in `direction`, like `UIGravityBehavior`: a magnitude of 1 is an acceleration of
/// 1000 points per second², whatever the item's mass.
public final class GravityBehavior {
    /// The items gravity pulls, in the order they were added.
    public private(set) var items: [DynamicItem] = []
    /// Acceleration in units of 1000 pt/s²; (0, 1) is straight down at UIKit's standard strength.
    public private(set) var direction = Vector(dx: 0, dy: 1)

    init() {}

    /// Changes the pull, in units of 1000 pt/s² (so (0, 1) is UIKit's standard downward gravity); throws for a
    /// non-finite vector.
    public func setDirection(_ vector: Vector) throws {
        try requireFinite(vector.dx, "gravity.dx")
        try requireFinite(vector.dy, "gravity.dy")
        direction = vector
    }

    /// Adds `item` to those gravity pulls; adding it again changes nothing.
    public func addItem(_ item: DynamicItem) {
        if !items.contains(where: { $0 === item }) { items.append(item) }
    }

    /// Stops gravity pulling `item`; it keeps the velocity it has.
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
    /// The items that collide, with one another and with this behaviour's boundaries, in the order they were added.
    public private(set) var items: [DynamicItem] = []
    let category: UInt32
    var boundaryShapes: [OpaquePointer] = []
    weak var world: PhysicsWorld?

    init(category: UInt32) {
        self.category = category
    }

    /// Makes `item` collide with this behaviour's items and boundaries; adding it again changes nothing.
    public func addItem(_ item: DynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        item.collisionCategories |= category
        item.world?.refreshFilter(of: item)
    }

    /// Lets `item` pass through this behaviour's items and boundaries again (it still collides in any other behaviour).
    public func removeItem(_ item: DynamicItem) {
        guard items.contains(where: { $0 === item }) else { return }
        items.removeAll { $0 === item }
        item.collisionCategories &= ~category
        item.world?.refreshFilter(of: item)
    }

    /// Adds the four edges of `rect` as walls (`translatesReferenceBoundsIntoBoundary`).
    ///
    /// The walls are thick, reaching `wallThickness` points outward from the rectangle's edges, so that an item has to
    /// move that far within one sub-step to pass through one: a thin wall lets a fast item tunnel out for good.
    public func addBoundary(rect: Rect) throws {
        for value in [rect.minX, rect.minY, rect.width, rect.height] { try requireFinite(value, "boundary") }
        // A segment of radius r is a capsule r thick on each side: set r outward, its inner face is the edge.
        let r = Self.wallThickness / 2
        let corners = [Point(x: rect.minX - r, y: rect.minY - r), Point(x: rect.maxX + r, y: rect.minY - r),
                       Point(x: rect.maxX + r, y: rect.maxY + r), Point(x: rect.minX - r, y: rect.maxY + r)]
        for index in 0..<4 {
            try addBoundary(from: corners[index], to: corners[(index + 1) % 4], radius: r)
        }
    }

    /// How thick `addBoundary(rect:)` makes its walls, in points.
    public static let wallThickness = 800.0

    /// Adds one straight wall from `a` to `b`, `radius` points thick on each side of the line.
    public func addBoundary(from a: Point, to b: Point, radius: Double = 0) throws {
        guard let world else { throw PhysicsError.notInWorld("collision behaviour") }
        for value in [a.x, a.y, b.x, b.y, radius] { try requireFinite(value, "boundary") }
        // Chipmunk's constructors initialise the memory they allocate before returning it, so they never return NULL.
        let shape = cpSegmentShapeNew(cpSpaceGetStaticBody(world.space), cpv(a.x, a.y), cpv(b.x, b.y), max(radius, 0))!
        cpShapeSetFilter(shape, cpShapeFilterNew(0, category, category))
        cpShapeSetElasticity(shape, 0.2)
        cpShapeSetFriction(shape, 0.6)
        cpSpaceAddShape(world.space, shape)
        boundaryShapes.append(shape)
    }
}
