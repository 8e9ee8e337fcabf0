import KineticCore
import KineticRuntime

extension MailboxScreen {
    /// For each message being moved: the seed's lines at 60 and 260 pt on both sides, the finger's velocity, and
    /// where that velocity would carry the message (the projection a decision uses).
    var overlayShapes: [DebugShape] {
        var shapes: [DebugShape] = []
        for row in rows.values.sorted(by: { $0.id < $1.id }) where row.offset != 0 {
            let toScreen = row.slot.transformToRoot
            let top = Point(x: 0, y: 0).applying(toScreen), bottom = Point(x: 0, y: row.slot.bounds.height).applying(toScreen)
            for line in [SwipeZone.firstThreshold, SwipeZone.secondThreshold, width - SwipeZone.firstThreshold, width - SwipeZone.secondThreshold] {
                shapes.append(.line(from: Point(x: top.x + line, y: top.y), to: Point(x: bottom.x + line, y: bottom.y), color: DebugShape.structure))
            }
            let middleY = (top.y + bottom.y) / 2
            let edge = row.offset > 0 ? top.x + row.offset : top.x + width + row.offset
            let velocity = row.id == viewState.lastSwipe?.id ? viewState.lastSwipe?.velocity ?? 0 : 0
            shapes.append(.arrow(from: Point(x: edge, y: middleY), vector: Vector(dx: velocity, dy: 0), color: DebugShape.velocity))
            let coast = Decay().projectedValue(from: 0.0, initialVelocity: velocity)
            shapes.append(.dot(Point(x: edge + coast, y: middleY), color: DebugShape.rest))
        }
        return shapes
    }
}
