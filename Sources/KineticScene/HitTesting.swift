import KineticCore

extension Layer {
    /// The frontmost visible, interactive layer under `point` (in this layer's superlayer's coordinates, or
    /// in screen coordinates for the root), honouring every rotation, scale and clip on the way down.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, opacity > 0.001, let inverse = transformToSuperlayer.inverted() else { return nil }
        let local = point.applying(inverse)
        if masksToBounds && !bounds.contains(local) { return nil }
        for sublayer in sublayersInDrawingOrder.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return isUserInteractionEnabled && containsLocalPoint(local) ? self : nil
    }

    /// This layer and its ancestors, innermost first: the path a touch travels up.
    public var ancestry: [Layer] {
        var path: [Layer] = []
        var layer: Layer? = self
        while let current = layer {
            path.append(current)
            layer = current.superlayer
        }
        return path
    }

    /// The bounding box of this layer on the root (screen), after every transform.
    public var frameInRoot: Rect { bounds.applying(transformToRoot) }
}
