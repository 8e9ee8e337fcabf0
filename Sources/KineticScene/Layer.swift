import KineticCore

/// A node of the retained scene, like a `CALayer`: a rectangle placed in its superlayer by `position` and
/// `anchorPoint`, turned and scaled about that anchor, drawing its background and contents and then its
/// sublayers in order of `zPosition`.
///
/// Layers only describe the scene; the renderer draws them and caches what it rasterised, so changing a
/// position or opacity costs a composite, while changing contents (or the size) costs a new rasterisation.
public final class Layer {
    /// A stable name for tests, dumps and users (like an accessibility identifier); `nil` for decoration.
    public var identifier: String?
    /// Where the anchor point sits in the superlayer's coordinates.
    public var position = Point.zero { didSet { if position != oldValue { noteChange() } } }
    /// The layer's own coordinate space: its size, and the origin that scrolls its sublayers.
    public var bounds = Rect.zero {
        didSet {
            if bounds.size != oldValue.size { contentVersion &+= 1 }
            if bounds != oldValue { noteChange() }
        }
    }
    /// The point of the bounds (0...1 in each axis) that sits at `position` and about which it turns and scales.
    public var anchorPoint = Point(x: 0.5, y: 0.5) { didSet { if anchorPoint != oldValue { noteChange() } } }
    /// Uniform scale about the anchor point.
    public var scale = 1.0 { didSet { if scale != oldValue { noteChange() } } }
    /// Radians, clockwise on screen, about the anchor point.
    public var rotation = 0.0 { didSet { if rotation != oldValue { noteChange() } } }
    /// How opaque the layer and its subtree are, 0...1; below about 0.001 it is also left out of hit testing.
    public var opacity = 1.0 { didSet { if opacity != oldValue { noteChange() } } }
    /// The drawing order among siblings: higher draws later, on top; equal values keep their order in `sublayers`.
    public var zPosition = 0.0 {
        didSet {
            guard zPosition != oldValue else { return }
            superlayer?.drawingOrder = nil
            noteChange()
        }
    }
    /// Whether the layer and its subtree are left undrawn and out of hit testing (and, unless offered when hidden,
    /// out of the accessibility tree).
    public var isHidden = false { didSet { if isHidden != oldValue { noteChange() } } }
    /// Whether sublayers are clipped to the bounds.
    public var masksToBounds = false { didSet { if masksToBounds != oldValue { noteChange() } } }
    /// The colour filling the bounds (with `cornerRadius`) under the contents; `nil` draws no background.
    public var backgroundColor: Color? { didSet { if backgroundColor != oldValue { contentVersion &+= 1 } } }
    /// The radius, in points, of the background's rounded corners; 0 gives square corners.
    public var cornerRadius = 0.0 { didSet { if cornerRadius != oldValue { contentVersion &+= 1 } } }
    /// What the layer draws inside its bounds, over its background: a shape, an image or text.
    public var contents = LayerContents.none { didSet { if contents != oldValue { contentVersion &+= 1 } } }
    /// Whether hit testing may return this layer (sublayers are tested either way).
    public var isUserInteractionEnabled = true
    /// How a point counts as inside for hit testing: the bounds, the circle inscribed in them, or the hexagon
    /// the renderer draws in them (so a tap by a corner belongs to the neighbour whose hexagon holds it).
    public var hitShape = HitShape.bounds
    /// Recognizers offered the touches that land on this layer.
    public var gestureRecognizers: [GestureRecognizer] = []
    /// Takes a wheel or trackpad scroll over this layer (a scroll view's frame does); returns whether it used it. The
    /// stage offers a wheel event to the layer under the pointer and then its ancestors, innermost first.
    public var onWheel: ((WheelEvent) -> Bool)?
    /// The pointer's shape over this layer; `nil` leaves it to what the layer is (a layer that takes taps or presses
    /// shows a hand) or to its ancestors.
    public var cursor: PointerCursor?
    /// The actions a right-click (or Shift-F10, or the Menu key) on this layer offers, as a small menu at the pointer;
    /// `nil` for a layer with none (its ancestors are asked).
    public var contextActions: (() -> [(title: String, perform: () -> Void)])?
    /// What a middle click at a point (on the stage) does to this layer: a text field pastes the PRIMARY selection
    /// there, the X11 convention; `nil` for a layer with none (its ancestors are asked).
    public var middleClickAction: ((Point) -> Void)?
    /// Told when the pointer comes over this layer and when it leaves (a button's hover look); the stage calls it.
    public var onHover: ((Bool) -> Void)?
    /// Whether the pointer is over this layer now (the stage sets it; dumps write `hovered`).
    public internal(set) var isHovered = false
    /// Set on a text field's layer: its text, caret, selection and focus, as dumps write them.
    public var editableText: EditableTextDump?
    /// What the layer is to a screen reader (role, name, states, actions), declared by the app beside the layer it
    /// describes; `nil` for a layer that is only drawing (its accessible descendants are still found).
    public var accessibility: Accessibility?
    /// The way the tree reads, set on its root (see `LayoutDirection`): a right-to-left root shows the whole tree
    /// mirrored, each layer's own drawing kept the right way round.
    public var layoutDirection = LayoutDirection.leftToRight { didSet { if layoutDirection != oldValue { noteChange() } } }
    /// Whether this layer's drawing turns with a right-to-left layout, as a direction does (a back chevron, an arrow):
    /// text and most pictures keep reading the right way round; a sign that points along the layout mirrors.
    public var drawsMirroredRightToLeft = false { didSet { if drawsMirroredRightToLeft != oldValue { contentVersion &+= 1 } } }
    /// Whether this layer's sublayers are placed as its drawing is, left to right even in a mirrored tree: a text
    /// field, whose caret and selection sit on its text's glyphs, which are never mirrored.
    public var keepsSublayersLeftToRight = false { didSet { if keepsSublayersLeftToRight != oldValue { noteChange() } } }
    /// Whether the stage's keyboard focus is on this layer (the stage sets it; dumps write `focused`).
    public var hasKeyboardFocus = false
    /// The outline the keyboard's focus ring follows round this layer when it is not a rounded rectangle: a hexagon's,
    /// a round bubble's. `nil`: the layer's own rounded rectangle.
    public var focusRingPath: ShapeContent.Path?
    /// The colour of the focus ring's outer line round this control, when the accent would not stand apart from it
    /// (a costume's bubble, ringed in the accent's own orange); `nil`: the accent.
    public var focusRingColor: Color?
    /// Hides this layer's subtree from screen readers while something covers it (a sheet, the reader), as UIKit's
    /// `accessibilityElementsHidden` does.
    public var accessibilityElementsHidden = false
    /// What a control stands for now, as dumps write it (`value`): a picker wheel's chosen row, say. `nil` for a
    /// layer that holds no value.
    public var value: String?

    /// The cursor this layer asks for by itself: its own, else a hand when it takes taps or presses.
    public var ownCursor: PointerCursor? {
        if let cursor { return cursor }
        return gestureRecognizers.contains { $0 is TapRecognizer || $0 is PressRecognizer } ? .hand : nil
    }

    /// Marks the layer hovered or not and tells its `onHover`; what a stage calls as the pointer moves.
    public func setHovered(_ hovered: Bool) {
        guard hovered != isHovered else { return }
        isHovered = hovered
        onHover?(hovered)
    }

    /// Told when the pointer comes within this layer (over it or anything inside it, even a button that takes the
    /// hover) and when it leaves: a list's overlay scroll bar shows while the pointer is over the list. Unlike
    /// `onHover`, which only the innermost layer that can be clicked gets, every layer on the pointer's path is told.
    public var onPointerWithin: ((Bool) -> Void)?

    /// Bumped whenever what the layer draws itself changes, so the renderer knows its cached pixels are stale.
    public private(set) var contentVersion: UInt64 = 0 { didSet { noteChange() } }

    /// The counter of the tree this layer is in, when that tree's root counts its changes (a stage's root does);
    /// `nil` for a layer in no counted tree, whose changes nobody can see yet (adding it to one counts as a change).
    private var changeCounter: SceneChangeCounter?
    /// Tells the counter of this layer's tree that something that could show on screen changed.
    func noteChange() { changeCounter?.changes &+= 1 }
    public private(set) weak var superlayer: Layer?
    /// The layers placed in this one's coordinates, in the order they were added (see `sublayersInDrawingOrder`).
    public private(set) var sublayers: [Layer] = [] { didSet { drawingOrder = nil } }
    /// `sublayersInDrawingOrder` as last sorted; dropped when a sublayer comes, goes or changes its `zPosition`.
    private var drawingOrder: [Layer]?

    /// The shapes a layer's hit testing can use: its bounds, their inscribed circle, or a hexagon filling them.
    public enum HitShape: Sendable, Equatable {
        case bounds, circle, hexagon(pointyTop: Bool)
        /// A figure's outline, as points in the unit square of the bounds (0…1 each way), joined and closed: a click
        /// lands on the figure, not on the empty corners of its box, and the hover shade takes its shape.
        case outline([Point])
    }

    /// A layer of zero size at the origin, named `identifier` for tests, dumps and users if it is given.
    public init(identifier: String? = nil) {
        self.identifier = identifier
    }

    /// A layer of `frame` (in the superlayer's coordinates, with the anchor in the middle).
    public convenience init(identifier: String? = nil, frame: Rect) {
        self.init(identifier: identifier)
        self.frame = frame
    }

    /// The untransformed rectangle in the superlayer's coordinates; setting it moves and resizes the layer.
    public var frame: Rect {
        get {
            Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                 width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// The size of the bounds, animatable on its own.
    public var size: Size {
        get { bounds.size }
        set { bounds.size = newValue }
    }

    // MARK: Tree

    /// Appends `layer` as the last sublayer, taking it out of any superlayer it was in first.
    public func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        layer.superlayer = self
        sublayers.append(layer)
        layer.adopt(changeCounter)
        noteChange()
    }

    /// Inserts `layer` among the sublayers at `index` (held to the valid range), taking it from its old superlayer.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        layer.superlayer = self
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.adopt(changeCounter)
        noteChange()
    }

    /// Takes the layer, with its subtree, out of its superlayer; it stays intact and can be added again.
    public func removeFromSuperlayer() {
        guard let superlayer else { return }
        superlayer.sublayers.removeAll { $0 === self }
        self.superlayer = nil
        superlayer.noteChange()
        adopt(nil)
    }

    /// Takes every sublayer out of this layer.
    public func removeAllSublayers() {
        guard !sublayers.isEmpty else { return }
        for layer in sublayers {
            layer.superlayer = nil
            layer.adopt(nil)
        }
        sublayers.removeAll()
        noteChange()
    }

    /// Makes this layer the root of a tree whose changes `counter` counts: every layer added below it, at any depth,
    /// counts into it until it is taken out. A stage counts its root's tree, so each stage knows whether its own
    /// last step changed anything, whatever other stages (another window, a scenario run beside it) do.
    public func countChanges(in counter: SceneChangeCounter) {
        adopt(counter)
        noteChange()
    }

    /// Hands this layer's subtree to `counter` (or to none).
    private func adopt(_ counter: SceneChangeCounter?) {
        guard changeCounter !== counter else { return }
        changeCounter = counter
        for layer in sublayers { layer.adopt(counter) }
    }

    /// Whether every sublayer has the same `zPosition`, so that the drawing order is simply `sublayers`
    /// (which lets the renderer skip sorting, and allocating, on every frame).
    public var sublayersShareZPosition: Bool {
        guard let first = sublayers.first?.zPosition else { return true }
        for layer in sublayers where layer.zPosition != first { return false }
        return true
    }

    /// Sublayers in drawing order: by `zPosition`, then in the order they were added. Sorted once and kept until the
    /// order can change, so that drawing a frame sorts (and allocates) nothing.
    public var sublayersInDrawingOrder: [Layer] {
        if let drawingOrder { return drawingOrder }
        let order = sublayers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
        drawingOrder = order
        return order
    }

    /// The first layer in this tree (this one included) with `identifier`, depth first.
    public func layer(withIdentifier identifier: String) -> Layer? {
        if self.identifier == identifier { return self }
        for sublayer in sublayers {
            if let found = sublayer.layer(withIdentifier: identifier) { return found }
        }
        return nil
    }

    // MARK: Geometry

    /// Maps this layer's own coordinates to its superlayer's:
    /// bounds origin → anchor → scale → rotate → position.
    ///
    /// Under a superlayer that keeps its sublayers left to right in a mirrored tree, its drawing's mirror comes last:
    /// the sublayer is placed in the coordinates the superlayer's text is drawn in.
    public var transformToSuperlayer: Transform2D {
        let placed = Transform2D(translationX: -bounds.minX - anchorPoint.x * bounds.width, y: -bounds.minY - anchorPoint.y * bounds.height)
            .concatenating(Transform2D(scaleX: scale, y: scale))
            .concatenating(Transform2D(rotationAngle: rotation))
            .concatenating(Transform2D(translationX: position.x, y: position.y))
        guard let superlayer, superlayer.keepsSublayersLeftToRight else { return placed }
        return placed.concatenating(superlayer.contentMirror)
    }

    /// Maps this layer's coordinates to those of the root of its tree (the screen).
    public var transformToRoot: Transform2D {
        var transform = transformToSuperlayer
        var ancestor = superlayer
        while let layer = ancestor {
            transform = transform.concatenating(layer.transformToSuperlayer)
            ancestor = layer.superlayer
        }
        return transform
    }

    /// Whether a point in this layer's own coordinates is inside its hit shape.
    public func containsLocalPoint(_ point: Point) -> Bool {
        guard bounds.contains(point) else { return false }
        switch hitShape {
        case .bounds: return true
        case .circle:
            let radius = min(bounds.width, bounds.height) / 2
            return point.distance(to: bounds.center) <= radius
        case .hexagon(let pointyTop):
            return Hexagon.contains(point, in: bounds, pointyTop: pointyTop)
        case .outline(let corners):
            guard bounds.width > 0, bounds.height > 0 else { return false }
            // The outline is the drawing's: in a mirrored tree it is mirrored inside the bounds as the drawing is.
            let drawn = point.applying(contentMirror)
            return Self.polygon(corners, contains: Point(x: (drawn.x - bounds.minX) / bounds.width, y: (drawn.y - bounds.minY) / bounds.height))
        }
    }

    /// Whether `point` is inside the closed polygon through `corners`: a ray to the right crosses its edges an odd
    /// number of times.
    static func polygon(_ corners: [Point], contains point: Point) -> Bool {
        var inside = false
        var previous = corners.last ?? point
        for corner in corners {
            if (corner.y > point.y) != (previous.y > point.y) {
                let crossingX = corner.x + (point.y - corner.y) / (previous.y - corner.y) * (previous.x - corner.x)
                if point.x < crossingX { inside.toggle() }
            }
            previous = corner
        }
        return inside
    }

    /// Whether this layer and all its ancestors are shown.
    public var isVisibleInTree: Bool {
        var layer: Layer? = self
        while let current = layer {
            if current.isHidden || current.opacity <= 0.001 { return false }
            layer = current.superlayer
        }
        return true
    }

    /// Opacity multiplied down from the root.
    public var opacityInTree: Double { foldAncestry(1) { $0 * $1.opacity } }

    /// Rotation added up from the root, in radians.
    public var rotationInTree: Double { foldAncestry(0) { $0 + $1.rotation } }

    /// Combines a value over this layer and each of its ancestors in turn.
    private func foldAncestry(_ initial: Double, _ combine: (Double, Layer) -> Double) -> Double {
        var result = initial
        var layer: Layer? = self
        while let current = layer {
            result = combine(result, current)
            layer = current.superlayer
        }
        return result
    }
}

/// How many visible changes one tree of layers has had (geometry, opacity, visibility, order, contents, the tree
/// itself): a stage whose step left the count unchanged drew nothing new, so a window need not draw again, and one
/// that stays unchanged with nothing moving is at rest. Layers live on the simulation's thread only, as in Core
/// Animation's model tree, so the count is a plain number.
public final class SceneChangeCounter {
    /// Changes so far; only differences between two readings mean anything.
    public fileprivate(set) var changes: UInt64 = 0

    /// A counter at zero; hand it to a root layer's `countChanges(in:)` so the tree counts its changes into it.
    public init() {}
}
