import KineticCore
import KineticRuntime

extension HoneycombScreen {
    /// Where every hexagon is going (its target: where its springs bring it to rest), a line from where it is, and
    /// its velocity.
    var overlayShapes: [DebugShape] {
        let targets = self.targets
        var shapes: [DebugShape] = []
        let views = (categories.views.map { ($0.key, $0.value, targets.categories[$0.key]) } + grid.views.map { ($0.key, $0.value, targets.cells[$0.key]) })
            .sorted { $0.0 < $1.0 }
        for (_, view, target) in views {
            guard let target, !view.container.isHidden else { continue }
            let here = view.container.position
            shapes.append(.line(from: here, to: target.centre, color: DebugShape.structure))
            shapes.append(.dot(target.centre, color: DebugShape.rest))
            if let velocity = animator.velocity(of: view.container, \.position) {
                shapes.append(.arrow(from: here, vector: Vector(dx: velocity.x, dy: velocity.y), color: DebugShape.velocity))
            }
        }
        return shapes
    }
}
