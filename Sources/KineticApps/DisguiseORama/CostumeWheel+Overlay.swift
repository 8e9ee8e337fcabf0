import KineticCore
import KineticRuntime

extension CostumeWheel {
    /// The physics for the debug overlay: the armature, each bubble's body and velocity, its spring to the spoke it is
    /// held by and where that spring would bring it to rest (the spoke's end); and the finger's velocity while it
    /// turns the wheel (`finger`).
    func overlayShapes(finger: (location: Point, velocity: Vector)?) -> [DebugShape] {
        var shapes: [DebugShape] = [.circle(center: center, radius: radius, color: DebugShape.structure)]
        for bubble in bubbles {
            let centre = bubble.item.center
            shapes.append(.circle(center: centre, radius: bubbleRadius, color: DebugShape.structure))
            if bubble.attachment != nil {
                let home = spokeEnd(bubble.spoke)
                shapes.append(.line(from: centre, to: home, color: DebugShape.structure))
                shapes.append(.dot(home, color: DebugShape.rest))
            }
            shapes.append(.arrow(from: centre, vector: bubble.item.velocity, color: DebugShape.velocity))
        }
        if let finger { shapes.append(.arrow(from: finger.location, vector: finger.velocity, color: DebugShape.velocity)) }
        return shapes
    }
}
