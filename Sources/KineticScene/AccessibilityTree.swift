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
    /// How an assistive technology moves the focus to each focusable node, by key.
    public private(set) var focusers: [String: () -> Void] = [:]

    /// Walks `layer`'s tree: a visible layer with `accessibility` becomes a node whose children are the accessible
    /// layers under it; other layers pass their accessible descendants up. Hidden or transparent subtrees are left out.
    public init(root layer: Layer, title: String, size: Size, announcement: (text: String, serial: Int)? = nil) {
        var counts: [String: Int] = [:]
        var actions: [String: [() -> Void]] = [:]
        var setters: [String: (String) -> Void] = [:]
        var focusers: [String: () -> Void] = [:]
        func visit(_ layer: Layer) -> [AccessibilityNode] {
            guard !layer.accessibilityElementsHidden else { return [] }
            let shown = !layer.isHidden && layer.opacity > 0.01
            guard shown || layer.accessibility?.isOfferedWhenHidden == true else { return [] }
            let children = shown ? layer.sublayersInDrawingOrder.flatMap(visit) : []
            guard let declared = layer.accessibility else { return children }
            let base = layer.identifier ?? "layer.\(UInt(bitPattern: ObjectIdentifier(layer).hashValue))"
            counts[base, default: 0] += 1
            let key = counts[base] == 1 ? base : "\(base)#\(counts[base] ?? 0)"
            var node = AccessibilityNode(key: key, role: declared.role, name: declared.name, description: declared.description,
                                         states: declared.states, frame: layer.frameInRoot, actions: declared.actions.map(\.name),
                                         text: nil, caret: 0, selection: 0..<0, isLive: declared.isLive, children: children)
            if declared.exposesText {
                if let field = layer.editableText {
                    node.text = field.text
                    node.caret = field.caret
                    node.selection = field.selection
                } else if case .text(let content) = layer.contents {
                    node.text = content.string
                }
            }
            actions[key] = declared.actions.map(\.perform)
            if let setText = declared.setText { setters[key] = setText }
            if let focus = declared.focus { focusers[key] = focus }
            return [node]
        }
        var top = visit(layer)
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
        self.focusers = focusers
    }

    /// The key of the notification that says the stage's announcements (inside the status bar, the frame's last child).
    public static let announcerKey = "window.announcer"

    /// The focused node's key: the first node with the `focused` state.
    public var focusedKey: String? { root.all.first { $0.states.contains(.focused) }?.key }
}
