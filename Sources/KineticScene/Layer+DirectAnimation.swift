import KineticCore

/// Every animatable property of a layer, set without a key-path write (see `DirectAnimationTarget`).
extension Layer: DirectAnimationTarget {
    /// Sets opacity, scale, rotation, zPosition, cornerRadius, position, anchorPoint, size, frame or bounds directly;
    /// `false` for any other key path, which an animator then writes through the key path.
    public func setAnimatedValue<Value: Animatable>(_ value: Value, at keyPath: AnyKeyPath) -> Bool {
        if let number = value as? Double {
            switch keyPath {
            case \Layer.opacity: opacity = number
            case \Layer.scale: scale = number
            case \Layer.rotation: rotation = number
            case \Layer.zPosition: zPosition = number
            case \Layer.cornerRadius: cornerRadius = number
            default: return false
            }
        } else if let point = value as? Point {
            switch keyPath {
            case \Layer.position: position = point
            case \Layer.anchorPoint: anchorPoint = point
            default: return false
            }
        } else if let size = value as? Size, keyPath == \Layer.size {
            self.size = size
        } else if let rect = value as? Rect {
            switch keyPath {
            case \Layer.frame: frame = rect
            case \Layer.bounds: bounds = rect
            default: return false
            }
        } else {
            return false
        }
        return true
    }
}
