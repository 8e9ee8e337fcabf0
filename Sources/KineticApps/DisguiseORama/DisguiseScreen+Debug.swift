import KineticCore
import KineticRuntime

extension DisguiseScreen {
    /// The wheel's physics: the armature, each bubble's body and velocity, its spring to the spoke it is held by and
    /// where that spring would bring it to rest (the spoke's end); and the finger's velocity while it turns the wheel.
    var overlayShapes: [DebugShape] {
        guard let wheel else { return [] }
        var shapes: [DebugShape] = [.circle(center: wheel.center, radius: wheel.radius, color: DebugShape.structure)]
        for bubble in wheel.bubbles {
            let centre = bubble.item.center
            shapes.append(.circle(center: centre, radius: wheel.bubbleRadius, color: DebugShape.structure))
            if bubble.attachment != nil {
                let home = wheel.spokeEnd(bubble.spoke)
                shapes.append(.line(from: centre, to: home, color: DebugShape.structure))
                shapes.append(.dot(home, color: DebugShape.rest))
            }
            shapes.append(.arrow(from: centre, vector: bubble.item.velocity, color: DebugShape.velocity))
        }
        if let finger = viewState.lastDrag { shapes.append(.arrow(from: finger.location, vector: finger.velocity, color: DebugShape.velocity)) }
        return shapes
    }
}
