import KineticCore
import KineticPhysics

/// The wheel's edges: a bubble the server dropped leaving it, a fallen bubble picked up and thrown, and the stage's
/// edges holding every bubble.
extension CostumeWheel {
    /// Takes a bubble off the wheel (its costume is no longer offered): its spring and body leave the world, and the
    /// others re-space round the wheel as they do when one joins.
    func removeBubble(id: String) throws {
        guard let index = bubbles.firstIndex(where: { $0.id == id }) else { return }
        wake()
        let bubble = bubbles.remove(at: index)
        if let attachment = bubble.attachment { try world.remove(attachment) }
        collisions?.removeItem(bubble.item)
        gravity?.removeItem(bubble.item)
        try world.removeItem(bubble.item)
        for (spoke, other) in bubbles.enumerated() {
            other.spoke = spoke
            let offset = rimOffset(spoke: spoke)
            try other.attachment?.setAnchor(Point(x: offset.dx, y: offset.dy))
        }
    }

    /// How the finger holds a fallen bubble: a stiff, critically damped spring (Hz, ratio), so it follows closely
    /// but still pushes the others aside rather than passing through them.
    static let holdSpring = (frequency: 6.0, dampingRatio: 1.0)

    /// A finger takes a fallen bubble at `point`: a spring from it to the finger; the bubble stays in the physics.
    func grabFallen(_ id: String, at point: Point) throws {
        guard isDropped, let bubble = bubble(id), bubble.attachment == nil, point.isFinite else { return }
        try releaseFallen()
        wake()
        let spring = try world.attach(bubble.item, toAnchor: point, frequency: Self.holdSpring.frequency, dampingRatio: Self.holdSpring.dampingRatio)
        held = (bubble, spring)
    }

    /// The finger moved: the spring's end follows it.
    func moveFallen(to point: Point) throws {
        guard let held, point.isFinite else { return }
        wake()
        try held.spring.setAnchor(point)
    }

    /// The finger let go: the bubble flies on with the speed it had, and falls.
    func releaseFallen() throws {
        guard let held else { return }
        self.held = nil
        wake()
        try world.remove(held.spring)
    }

    /// How far inside the stage's edges the walls of a fall stand, in points.
    static let wallInset = 1.0

    /// The stage's edges hold every bubble, on its spoke or fallen: a hard flick stretches the springs far enough to
    /// swing a bubble past an edge, so one found beyond is put back on it and loses the speed that carried it out.
    /// Inside, nothing is touched, so a wheel at rest stays asleep.
    func keepInside() {
        let inside = bounds.insetBy(dx: bubbleRadius, dy: bubbleRadius)
        guard inside.width > 0, inside.height > 0 else { return }
        for bubble in bubbles {
            let centre = bubble.item.center
            guard centre.isFinite else { continue }
            let held = Point(x: min(max(centre.x, inside.minX), inside.maxX), y: min(max(centre.y, inside.minY), inside.maxY))
            guard held != centre else { continue }
            var velocity = bubble.item.velocity
            if held.x != centre.x { velocity.dx = 0 }
            if held.y != centre.y { velocity.dy = 0 }
            do {
                try bubble.item.setCenter(held)
                try bubble.item.setVelocity(velocity)
            } catch {
                onError?(error)
            }
        }
    }
}
