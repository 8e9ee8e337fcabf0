/// One finger's (or the mouse's) contact with the screen, as the platform reports it.
public struct TouchEvent: Hashable, Sendable, Codable {
    /// Where a touch is in its life: it begins, moves any number of times, then ends or is cancelled.
    public enum Phase: String, Hashable, Sendable, Codable {
        case began, moved, ended, cancelled
    }

    /// Stable for the life of one touch, from `began` to `ended` or `cancelled`. The mouse's left button is always
    /// `mouseID` (0); fingers are 1 and up.
    public var id: Int
    /// Whether the touch landed, moved, lifted or was taken away by the platform.
    public var phase: Phase
    /// In screen points.
    public var location: Point
    /// Seconds of simulated time.
    public var timestamp: Double

    /// The id of the mouse's left button: a window gives its presses and drags this id, a scenario's touches with
    /// `"id": 0` are the mouse's. What a mouse does differently (a drag over text selects it, where a finger scrolls)
    /// goes by it.
    public static let mouseID = 0

    /// Whether this is the mouse's left button rather than a finger.
    public var isMouse: Bool { id == Self.mouseID }

    /// An event of touch `id` at `location` (screen points) and `timestamp` (seconds of simulated time).
    public init(id: Int, phase: Phase, location: Point, timestamp: Double) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}

/// A key press, with the keys an interface needs named and any other as its text.
public struct KeyEvent: Hashable, Sendable, Codable {
    /// The same press with Left and Right swapped: what it means in a layout shown mirrored (right to left).
    public var mirroredHorizontally: KeyEvent {
        var mirrored = self
        switch key {
        case .left: mirrored.key = .right
        case .right: mirrored.key = .left
        default: break
        }
        return mirrored
    }

    /// The key pressed: one of the named keys an interface needs, or any other as the text it types.
    public enum Key: Hashable, Sendable, Codable {
        case left, right, up, down, tab, enter, escape, space, backspace, delete
        case pageUp, pageDown, home, end
        /// The Menu key, or Shift-F10: the focused thing's context menu.
        case contextMenu
        /// F10: the app's own menu (as F10 opens a desktop app's menu bar), or the shell's where the app has none.
        case appMenu
        case character(String)

        /// Parses the names used in scenarios ("left", "enter", "a", …).
        public init(name: String) {
            switch name.lowercased() {
            case "left": self = .left
            case "right": self = .right
            case "up": self = .up
            case "down": self = .down
            case "tab": self = .tab
            case "enter", "return": self = .enter
            case "escape", "esc": self = .escape
            case "space", " ": self = .space
            case "backspace": self = .backspace
            case "delete", "del": self = .delete
            case "pageup": self = .pageUp
            case "pagedown": self = .pageDown
            case "home": self = .home
            case "end": self = .end
            case "menu", "contextmenu": self = .contextMenu
            case "f10": self = .appMenu
            default: self = .character(name)
            }
        }
    }

    /// The modifier keys held with a key; scenarios spell them "shift+", "ctrl+" and "alt+".
    public struct Modifiers: OptionSet, Hashable, Sendable, Codable {
        /// The modifiers as bits: shift 1, control 2, alt 4.
        public let rawValue: Int
        /// The modifiers whose bits are set in `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Shift, held to extend a selection or type capitals.
        public static let shift = Modifiers(rawValue: 1)
        /// Control, held for shortcuts such as Ctrl+Z.
        public static let control = Modifiers(rawValue: 2)
        /// Alt (Option), held for shortcuts; a key pressed with it types nothing.
        public static let alt = Modifiers(rawValue: 4)
    }

    /// The key pressed.
    public var key: Key
    /// The modifier keys held while it was pressed.
    public var modifiers: Modifiers
    /// Seconds of simulated time.
    public var timestamp: Double
    /// Whether this press is the keyboard's own repeat of a held key (after its delay, some 30 a second), not a press
    /// of its own: a repeat of a key that starts motion moves it on from where it is rather than queueing behind it.
    public var isRepeat = false

    /// Parses a scenario's key: a name (`"left"`, `"e"`), optionally after modifiers (`"ctrl+z"`, `"shift+tab"`).
    public init(scenarioName name: String, timestamp: Double = 0) {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var modifiers: Modifiers = []
        while parts.count > 1, let first = parts.first {
            switch first.lowercased() {
            case "ctrl", "control": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            default: break
            }
            parts.removeFirst()
        }
        var key = Key(name: parts.first ?? name)
        // Shift-F10 is the context-menu key, as the window reads it (every desktop toolkit's convention), not F10.
        if key == .appMenu, modifiers.contains(.shift) {
            key = .contextMenu
            modifiers.remove(.shift)
        }
        self.init(key: key, modifiers: modifiers, timestamp: timestamp)
    }

    /// The named keys a scenario may press, and the modifiers it may hold.
    public static let keyNames = ["left", "right", "up", "down", "tab", "enter", "return", "escape", "esc", "space", "backspace", "delete", "del",
                                  "pageup", "pagedown", "home", "end", "menu", "f10"]
    /// The modifier names a scenario may write before a "+", in any case.
    public static let modifierNames = ["ctrl", "control", "shift", "alt"]

    /// Why `name` is not a key a scenario can press (a misspelt name, an unknown modifier, nothing after a `+`), or
    /// `nil` when it is one.
    public static func problem(scenarioName name: String) -> String? {
        let parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        for modifier in parts.dropLast() where !modifierNames.contains(modifier.lowercased()) {
            return "unknown modifier \"\(modifier)\" in key \"\(name)\"; known: \(modifierNames.joined(separator: ", "))"
        }
        let key = parts.last ?? ""
        guard key.count == 1 || keyNames.contains(key.lowercased()) else {
            return "unknown key \"\(key)\"\(parts.count > 1 ? " in \"\(name)\"" : ""); known: \(keyNames.joined(separator: ", ")), or one character"
        }
        return nil
    }

    /// The text a keyboard types with this key (its platform sends it right after the key press): the character,
    /// upper-cased with Shift, or a space; `nil` for named keys and with Ctrl or Alt held.
    public var typedText: String? {
        guard modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
        switch key {
        case .character(let character): return modifiers.contains(.shift) ? character.uppercased() : character
        case .space: return " "
        default: return nil
        }
    }

    /// A press of `key` with `modifiers` held, at `timestamp` seconds of simulated time; `isRepeat` for the
    /// keyboard's repeat of a held key.
    public init(key: Key, modifiers: Modifiers = [], timestamp: Double = 0, isRepeat: Bool = false) {
        self.key = key
        self.modifiers = modifiers
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }
}
