import KineticCore

/// What a layer is to an assistive technology: the properties AT-SPI (and VoiceOver, on iOS) reads, declared by an
/// app next to the layer it describes. The engine gathers them into an `AccessibilityNode` tree and a platform
/// publishes it (`KineticWindow`'s AT-SPI bridge on Linux).
public struct Accessibility {
    /// The kind of thing it is. The raw values are ATK's role names, which the Linux bridge hands on as they are.
    public enum Role: String, Sendable, CaseIterable {
        case frame, panel, label, heading, link, image, notification, dialog, list, menu
        case button = "push button"
        case listItem = "list item"
        case menuItem = "menu item"
        case pageTab = "page tab"
        case pageTabList = "page tab list"
        case radioButton = "radio button"
        case entry
        case text
        case scrollPane = "scroll pane"
    }

    /// Its states, as bits the bridge understands (`KA11Y_STATE_*`).
    public struct States: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let focusable = States(rawValue: 1 << 0)
        public static let focused = States(rawValue: 1 << 1)
        public static let selected = States(rawValue: 1 << 2)
        public static let checked = States(rawValue: 1 << 3)
        public static let expanded = States(rawValue: 1 << 4)
        public static let disabled = States(rawValue: 1 << 5)
        public static let editable = States(rawValue: 1 << 6)
        public static let multiLine = States(rawValue: 1 << 7)
        public static let selectable = States(rawValue: 1 << 8)
        public static let expandable = States(rawValue: 1 << 9)
    }

    /// A named action a person can invoke from a screen reader: the same typed action a gesture or key sends.
    public struct Action {
        public var name: String
        public var perform: () -> Void
        public init(_ name: String, perform: @escaping () -> Void) {
            self.name = name
            self.perform = perform
        }
    }

    public var role: Role
    public var name: String
    public var description: String
    public var states: States
    public var actions: [Action]
    /// Whether the layer's text (its text contents, or its text field's) is offered as Text, to be read by line and
    /// word; an editable field also needs `setText`.
    public var exposesText: Bool
    /// How an assistive technology's edit sets the field's whole new text (the field applies its own limits).
    public var setText: ((String) -> Void)?
    /// How an assistive technology moves the focus here (its grab-focus).
    public var focus: (() -> Void)?
    /// A live region: changes to its name are announced ("Archived. Undo available.").
    public var isLive: Bool
    /// Offered even while the layer is hidden: a thing that is still there though drawn elsewhere (the worn
    /// costume's bubble, hidden because Scotch wears it, stays in the list of costumes, selected).
    public var isOfferedWhenHidden = false

    public init(role: Role, name: String, description: String = "", states: States = [], actions: [Action] = [],
                exposesText: Bool = false, setText: ((String) -> Void)? = nil, focus: (() -> Void)? = nil, isLive: Bool = false) {
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.actions = actions
        self.exposesText = exposesText
        self.setText = setText
        self.focus = focus
        self.isLive = isLive
    }
}

extension Accessibility.Action {
    /// An action that does what a tap on `layer` does: it runs the layer's tap recognizers' handlers (those it has
    /// when the action runs), so a button's screen-reader press and its tap are one piece of code.
    public static func tapping(_ layer: Layer, named name: String = "press") -> Accessibility.Action {
        Accessibility.Action(name) { [weak layer] in
            for tap in layer?.gestureRecognizers.compactMap({ $0 as? TapRecognizer }) ?? [] { tap.handler?(tap) }
        }
    }
}
