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
        /// A value stepped up and down (a date picker's wheel): ATK's spin button, WAI-ARIA's spinbutton.
        case spinButton = "spin button"
        /// How far a long piece of work has got (reading a mailbox of thousands): ATK's progress bar, its value the
        /// count done.
        case progressBar = "progress bar"
        case entry
        /// An entry whose text is a secret (a password): a screen reader speaks no character of it. ATK's password text.
        case passwordText = "password text"
        case text
        case scrollPane = "scroll pane"
        /// The window's status bar, which holds the announcer (a notification there is spoken without its role).
        case statusBar = "statusbar"
    }

    /// Whether a control of this role is a text field, which takes the keyboard's letters itself: an entry or a
    /// password's.
    public static func isTextField(_ role: Role?) -> Bool { role == .entry || role == .passwordText }

    /// Its states, as bits the bridge understands (`KA11Y_STATE_*`).
    public struct States: OptionSet, Hashable, Sendable {
        /// The state bits, laid out as the bridge's `KA11Y_STATE_*` constants.
        public let rawValue: UInt32
        /// The states whose bits are set in `rawValue`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// It can take the keyboard focus.
        public static let focusable = States(rawValue: 1 << 0)
        /// It has the keyboard focus now.
        public static let focused = States(rawValue: 1 << 1)
        /// It is the chosen one among its siblings (a list's row, a tab).
        public static let selected = States(rawValue: 1 << 2)
        /// It is on (a check box, a toggle, a radio button).
        public static let checked = States(rawValue: 1 << 3)
        /// It is open, showing what it holds (a menu, a disclosure).
        public static let expanded = States(rawValue: 1 << 4)
        /// It is there but cannot be used now.
        public static let disabled = States(rawValue: 1 << 5)
        /// Its text can be edited.
        public static let editable = States(rawValue: 1 << 6)
        /// Its text may run to more than one line.
        public static let multiLine = States(rawValue: 1 << 7)
        /// It can be chosen among its siblings.
        public static let selectable = States(rawValue: 1 << 8)
        /// It can be opened to show what it holds.
        public static let expandable = States(rawValue: 1 << 9)
    }

    /// A named action a person can invoke from a screen reader: the same typed action a gesture or key sends.
    public struct Action {
        /// The name a screen reader lists the action under ("press", "delete", …).
        public var name: String
        /// What the action does when invoked.
        public var perform: () -> Void
        /// An action called `name` that runs `perform`.
        public init(_ name: String, perform: @escaping () -> Void) {
            self.name = name
            self.perform = perform
        }
    }

    /// The kind of thing the layer is, which tells a screen reader how to present it and what to expect of it.
    public var role: Role
    /// What a screen reader says the layer is called, e.g. a button's title.
    public var name: String
    /// Further words a screen reader may read after the name; empty when the name says it all.
    public var description: String
    /// Whether it is focused, selected, checked, … now.
    public var states: States
    /// What a person can do to it from a screen reader, in the order they are offered.
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
    /// A control that shows for a moment (the Mailbox's Undo): not a Tab stop, so moving the focus around never passes
    /// through it; it is reached on purpose, by its own shortcut (Ctrl+Z) or a click, and a screen reader still finds it.
    public var isTransient = false
    /// Offered even while the layer is hidden: a thing that is still there though drawn elsewhere (the worn
    /// costume's bubble, hidden because Scotch wears it, stays in the list of costumes, selected).
    public var isOfferedWhenHidden = false
    /// The value of a control that holds one on a range (a picker's wheel): offered as ATK's Value, which is how a
    /// screen reader speaks a spin button's value as it turns.
    public var value: Value?
    /// How an assistive technology sets the value (the control applies its own range and steps).
    public var setValue: ((Double) -> Void)?
    /// Its place among its list's items (0 first): a list is read in this order, whatever order its rows are drawn in
    /// or where they are on their way to.
    public var positionInList: Int?
    /// The items of a list that have no layer now (rows scrolled far away, not made: `VirtualRows`), so that a
    /// screen reader counts and reaches every item, as GTK offers every row of a long list.
    public var itemsWithoutLayers: [Item] = []
    /// The layer `itemsWithoutLayers`' frames are measured in: a scroll view's content, so each item stands where its
    /// row would as the list scrolls, and a list of 10,000 is not written again at every scroll; the list's own layer
    /// when `nil`. An item whose key a made layer has is left out, so a list may offer every item here.
    public weak var itemsLayer: Layer?
    /// `itemsWithoutLayers` made only when a tree is gathered (a screen reader asks, a test looks), in their place:
    /// a list of 10,000 is then not written again at each change of its app's state, only when someone reads it.
    public var itemsWhenAsked: (() -> [Item])?

    /// A control's value: a number on a range, and the words that say it ("Tomorrow", "9 AM").
    public struct Value: Equatable, Sendable {
        /// The value now, between `minimum` and `maximum`.
        public var current: Double
        /// The least value it takes.
        public var minimum: Double
        /// The greatest value it takes.
        public var maximum: Double
        /// What a person reads for the value: a screen reader speaks this rather than the number.
        public var text: String
        /// A value `current` on `minimum…maximum`, said as `text`.
        public init(current: Double, minimum: Double, maximum: Double, text: String) {
            self.current = current
            self.minimum = minimum
            self.maximum = maximum
            self.text = text
        }
    }

    /// A list item with no layer of its own now: where it would stand in the list's own coordinates, what it is
    /// called, and the key its layer has when it is made (so it stays one object as it scrolls into view).
    public struct Item: Equatable, Sendable {
        /// The key of the layer the item has when it exists (its layer identifier).
        public var key: String
        /// Its place among the list's items (see `positionInList`).
        public var position: Int
        /// What a screen reader calls it.
        public var name: String
        /// Where it stands, in the list layer's own coordinates (or `itemsLayer`'s).
        public var frame: Rect
        /// Its states (selectable, selected, …).
        public var states: States
        /// An item called `name`, the list's `position`th, at `frame` in the list, known as `key`.
        public init(key: String, position: Int, name: String, frame: Rect, states: States = [.selectable]) {
            self.key = key
            self.position = position
            self.name = name
            self.frame = frame
            self.states = states
        }
    }

    /// A description of a layer in `role`, called `name`; everything else is optional and off by default.
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
