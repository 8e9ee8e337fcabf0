import KineticCore

/// One object of an accessibility tree, as a platform publishes it: plain data, so two trees compare (the window
/// publishes only when the tree changed) and a test reads what a screen says without a bus.
public struct AccessibilityNode: Equatable, Sendable {
    /// Stable while the object lives: the layer's identifier (made unique with `#2`, `#3` among twins), or its
    /// object identity.
    public var key: String
    /// The kind of thing the object is, copied from the layer's `Accessibility`.
    public var role: Accessibility.Role
    /// What a screen reader says the object is called.
    public var name: String
    /// Further words a screen reader may read after the name.
    public var description: String
    /// Whether it is focused, selected, checked, … as the tree was gathered.
    public var states: Accessibility.States
    /// On the stage, in points.
    public var frame: Rect
    /// The names of the actions it offers, in order; `AccessibilityTree.actions` holds what they do.
    public var actions: [String]
    /// The text offered as Text, its caret and selection in UTF-16 offsets (as `TextEditor` counts).
    public var text: String?
    /// Where the caret stands in `text`, in UTF-16 offsets; 0 when there is no text.
    public var caret: Int
    /// The selected range of `text`, in UTF-16 offsets; empty when nothing is selected.
    public var selection: Range<Int>
    /// Whether changes to the name are announced as they happen (a live region).
    public var isLive: Bool
    /// The accessible objects inside this one, in drawing order.
    public var children: [AccessibilityNode]
    /// The announcer's: the number of the announcement its name says (0 for none), so the platform shows it anew for
    /// each one, the same words twice included (see `AccessibilityTree.announcerKey`).
    public var announcement = 0
    /// Its value, for a control that holds one (a picker's wheel).
    public var value: Accessibility.Value?
    /// The lines `text` is laid out on, their boxes on the stage in points (empty when the tree had no measure, or
    /// for a field: then its own newlines are its lines).
    public var lines: [TextLineBox] = []
    /// Its place in its list (see `Accessibility.positionInList`).
    public var positionInList: Int?
    /// Whether any of it is drawn where it can be seen: false for a row scrolled out of its list's view, or one that
    /// has no layer now. A screen reader reads what shows (GTK's SHOWING state).
    public var isShowing = true

    /// Every node of the tree, depth first.
    public var all: [AccessibilityNode] { [self] + children.flatMap(\.all) }

    /// The first node, depth first, with `key`, or whose name is `name`.
    public func first(key: String) -> AccessibilityNode? { all.first { $0.key == key } }
    /// The first node, depth first, whose name is `name`: how a test finds a button by what a screen reader says.
    public func first(named name: String) -> AccessibilityNode? { all.first { $0.name == name } }
}

/// Gathers the accessibility a screen's layers declare into a tree, and keeps what each node can do.
public struct AccessibilityTree {
    /// The window's frame, its children the accessible layers found under the root.
    public private(set) var root: AccessibilityNode
    /// What each node's actions do, by key, in the order `actions` names them.
    public private(set) var actions: [String: [() -> Void]] = [:]
    /// How an assistive technology's edit sets each editable node's whole text, by key.
    public private(set) var textSetters: [String: (String) -> Void] = [:]
    /// How an assistive technology sets each valued node's value, by key.
    public private(set) var valueSetters: [String: (Double) -> Void] = [:]
    /// How an assistive technology moves the focus to each focusable node, by key.
    public private(set) var focusers: [String: () -> Void] = [:]

    /// Walks `layer`'s tree: a visible layer with `accessibility` becomes a node whose children are the accessible
    /// layers under it; other layers pass their accessible descendants up. Hidden or transparent subtrees are left out.
    /// With `lineLayout` (a `TextMeasuring`'s `lines(of:width:)`, perhaps remembered), a text's lines are laid out as
    /// they are drawn, so a screen reader reads the wrapped lines.
    ///
    /// With `fit` (a `TextMeasuring`'s `fitted(_:in:)`), a label that shrinks to fit its frame is laid out shrunk, as
    /// it is drawn.
    public init(root layer: Layer, title: String, size: Size, announcement: (text: String, serial: Int)? = nil,
                lineLayout: ((TextContent, Double) -> [TextLineBox])? = nil,
                fit: ((TextContent, Size) -> TextContent)? = nil) {
        var counts: [String: Int] = [:]
        var actions: [String: [() -> Void]] = [:]
        var setters: [String: (String) -> Void] = [:]
        var valueSetters: [String: (Double) -> Void] = [:]
        var focusers: [String: () -> Void] = [:]
        func uniqueKey(_ base: String) -> String {
            counts[base, default: 0] += 1
            return counts[base] == 1 ? base : "\(base)#\(counts[base] ?? 0)"
        }
        // Frames as the screen shows them: mirrored in a right-to-left tree (`LayoutDirection`).
        let mirror = layer.screenMirror
        /// `clip`: what of the stage the layers above let show (a scroll view clips its rows).
        func visit(_ layer: Layer, clip: Rect) -> [AccessibilityNode] {
            guard !layer.accessibilityElementsHidden else { return [] }
            let shown = !layer.isHidden && layer.opacity > 0.01
            guard shown || layer.accessibility?.isOfferedWhenHidden == true else { return [] }
            let inTree = layer.frameInRoot
            let frame = inTree.applying(mirror)
            let inner = layer.masksToBounds ? clip.intersection(frame) : clip
            var children = shown ? layer.sublayersInDrawingOrder.flatMap { visit($0, clip: inner) } : []
            guard let declared = layer.accessibility else { return children }
            let key = uniqueKey(layer.identifier ?? "layer.\(UInt(bitPattern: ObjectIdentifier(layer).hashValue))")
            if declared.role == .list {
                let made = Set(children.map(\.key))
                let origin = declared.itemsLayer?.frameInRoot.origin ?? inTree.origin
                children += (declared.itemsWhenAsked?() ?? declared.itemsWithoutLayers).filter { !made.contains($0.key) }.map { item in
                    var row = AccessibilityNode(key: uniqueKey(item.key), role: .listItem, name: item.name, description: "",
                                                states: item.states, frame: item.frame.offsetBy(dx: origin.x, dy: origin.y).applying(mirror),
                                                actions: [], text: nil, caret: 0, selection: 0..<0, isLive: false, children: [])
                    row.isShowing = false
                    row.positionInList = item.position
                    return row
                }
                // A list reads in its own order, whatever order its rows were drawn in (a restored row is drawn first),
                // then top to bottom.
                children.sort { ($0.positionInList ?? .max, $0.frame.minY) < ($1.positionInList ?? .max, $1.frame.minY) }
            }
            var node = AccessibilityNode(key: key, role: declared.role, name: declared.name, description: declared.description,
                                         states: declared.states, frame: frame, actions: declared.actions.map(\.name),
                                         text: nil, caret: 0, selection: 0..<0, isLive: declared.isLive, children: children)
            // A node of no area (a group) stands for its children and is left showing.
            node.isShowing = shown && (frame.width <= 0 || frame.height <= 0 || clip.intersects(frame))
            node.value = declared.value
            node.positionInList = declared.positionInList
            if declared.exposesText {
                if let field = layer.editableText {
                    node.text = field.text
                    node.caret = field.caret
                    node.selection = field.selection
                } else if case .text(let content) = layer.contents {
                    node.text = content.string
                    if let lineLayout {
                        // As the renderer lays it out: for the mirror on a right-to-left stage, and shrunk to fit.
                        var shown = content
                        shown.isMirroredLayout = layer.drawsThroughMirror && !layer.drawsMirroredRightToLeft
                        shown = fit?(shown, frame.size) ?? shown
                        node.lines = Self.lines(of: shown, in: frame, layout: lineLayout)
                    }
                }
            }
            actions[key] = declared.actions.map(\.perform)
            if let setText = declared.setText { setters[key] = setText }
            if let setValue = declared.setValue { valueSetters[key] = setValue }
            if let focus = declared.focus { focusers[key] = focus }
            return [node]
        }
        var top = visit(layer, clip: Rect(origin: .zero, size: size))
        // One announcer for the window's life: a notification in a status bar, the last announcement its name. Orca 43
        // speaks such a notification when it shows (and nothing from a live region outside a web page): the bridge
        // shows it anew for each announcement and hides it soon after (docs/orca-notes.md, (c)).
        var announcer = AccessibilityNode(key: Self.announcerKey, role: .notification, name: announcement?.text ?? "",
                                          description: "", states: [], frame: Rect(x: 0, y: size.height - 1, width: 1, height: 1),
                                          actions: [], text: nil, caret: 0, selection: 0..<0, isLive: false, children: [])
        announcer.announcement = announcement?.serial ?? 0
        top.append(AccessibilityNode(key: "window.status", role: .statusBar, name: "", description: "", states: [],
                                     frame: Rect(x: 0, y: size.height - 1, width: 1, height: 1), actions: [], text: nil,
                                     caret: 0, selection: 0..<0, isLive: false, children: [announcer]))
        root = AccessibilityNode(key: "frame", role: .frame, name: title, description: "", states: [],
                                 frame: Rect(origin: .zero, size: size), actions: [], text: nil, caret: 0, selection: 0..<0,
                                 isLive: false, children: top)
        self.actions = actions
        textSetters = setters
        self.valueSetters = valueSetters
        self.focusers = focusers
    }

    /// The lines of `content` drawn in `frame` (on the stage), where the renderer draws them: from the top, or
    /// centred as `TextDrawing` centres a button's title.
    private static func lines(of content: TextContent, in frame: Rect,
                              layout: (TextContent, Double) -> [TextLineBox]) -> [TextLineBox] {
        let lines = layout(content, frame.width)
        var top = frame.minY
        if content.centeredVertically, let last = lines.last { top += max((frame.height - last.frame.maxY) / 2, 0) }
        return lines.map { TextLineBox(range: $0.range, frame: $0.frame.offsetBy(dx: frame.minX, dy: top)) }
    }

    /// The key of the notification that says the stage's announcements (inside the status bar, the frame's last child).
    public static let announcerKey = "window.announcer"

    /// The focused node's key: the first node with the `focused` state.
    public var focusedKey: String? { root.all.first { $0.states.contains(.focused) }?.key }
}
