import KineticCore

/// Which way a stage reads. Every layout is written once, leading edge on the left; a right-to-left stage (Arabic) is
/// that same tree shown through a mirror, as iOS and GTK mirror a layout by its leading and trailing edges: what leads
/// sits on the right, a list's swipe towards its leading side is the same swipe, and the numbers (60 and 260 pt, the
/// springs) are unchanged because nothing in the tree moved.
public enum LayoutDirection: String, Sendable {
    case leftToRight
    case rightToLeft
}

extension Layer {
    /// The root of the tree this layer is in.
    public var rootLayer: Layer {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer
    }

    /// Whether this layer's tree is shown mirrored (its root's `layoutDirection` is right to left).
    public var isInMirroredTree: Bool { rootLayer.layoutDirection == .rightToLeft }

    /// The mirror between the root's coordinates (leading edge on the left) and the screen: x ↦ width − x across the
    /// root's bounds in a right-to-left tree, else the identity. It is its own inverse: it also takes a point on the
    /// screen to the tree's.
    public var screenMirror: Transform2D {
        let root = rootLayer
        guard root.layoutDirection == .rightToLeft else { return .identity }
        return Transform2D(a: -1, b: 0, c: 0, d: 1, tx: root.frame.minX + root.frame.maxX, ty: 0)
    }

    /// The mirror inside this layer's bounds (x ↦ minX + maxX − x) that its own drawing goes through in a mirrored
    /// tree, so that once the tree is mirrored onto the screen its text and pictures read the right way round; the
    /// identity in a left-to-right tree, and for art that should turn with the layout (`drawsMirroredRightToLeft`).
    public var contentMirror: Transform2D {
        guard !drawsMirroredRightToLeft, drawsThroughMirror else { return .identity }
        return Transform2D(a: -1, b: 0, c: 0, d: 1, tx: bounds.minX + bounds.maxX, ty: 0)
    }

    /// Whether this layer is in a mirrored tree and not under a layer that keeps its sublayers left to right (whose
    /// subtree is already the right way round).
    public var drawsThroughMirror: Bool {
        var layer = self
        while let parent = layer.superlayer {
            if parent.keepsSublayersLeftToRight { return false }
            layer = parent
        }
        return layer.layoutDirection == .rightToLeft
    }

    /// Maps a point of this layer's drawing (its text's lines, a caret, a picture) to the root's coordinates.
    public var contentTransformToRoot: Transform2D { contentMirror.concatenating(transformToRoot) }

    /// This layer's bounding box as the screen shows it (mirrored in a right-to-left tree), in the root's points:
    /// what a screen reader is told and a scene dump says.
    public var frameOnScreen: Rect { frameInRoot.applying(screenMirror) }
}
