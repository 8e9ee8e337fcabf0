import KineticCore
import KineticScene

/// The system clipboard's plain text, as a text field copies to and pastes from it. The window's is SDL's (the
/// desktop's real clipboard); a scenario's is `MemoryClipboard`, which its `clipboard` event fills.
public protocol Clipboard: AnyObject {
    /// The clipboard's text; `nil` when it holds none (or something that is not text).
    func text() -> String?
    func setText(_ text: String)
}

/// A clipboard that lives in memory: scenarios and tests.
public final class MemoryClipboard: Clipboard {
    private var stored: String?
    /// A clipboard holding `text`, or nothing.
    public init(_ text: String? = nil) { stored = text }
    /// The text last set (or given at the start); `nil` when there is none.
    public func text() -> String? { stored }
    /// Replaces the clipboard's text.
    public func setText(_ text: String) { stored = text }
}

/// The stage's keyboard text: which field has the focus, and what fields need from outside the engine's core (a
/// layout measure, the clipboard, a clock for blinking and multi-clicks). Built with stand-ins; the window and the
/// scenario runner hand in the real ones (Pango's measure, SDL's clipboard, the wall clock).
public final class TextInput {
    /// Lays out field text for carets and clicks (`PangoTextMeasure` on screen).
    public var measure: TextMeasuring = EstimatedTextMeasure()
    /// Where copy and cut put text and paste takes it from (SDL's in a window, a `MemoryClipboard` in a scenario).
    public var clipboard: Clipboard = MemoryClipboard()
    /// X11's PRIMARY selection: whatever text was last selected in a field, pasted by a middle click (SDL's on the
    /// desktop, so a selection here pastes in a terminal and the reverse; a `MemoryClipboard` in a scenario).
    public var primarySelection: Clipboard = MemoryClipboard()
    /// The text last offered as the PRIMARY selection, so a drag that grows a selection does not set it every step.
    var offeredPrimary: String?
    /// Seconds, for the caret's blink and for telling a double-click from two clicks. A window's is the wall
    /// clock, because its stage time stands still while it rests; a scenario's is the stage's time, so that runs repeat.
    public var clock: () -> Double = { 0 }
    /// Whether the window has the keyboard focus: a caret blinks only then, and is hidden otherwise.
    public var windowHasFocus = true { didSet { focused?.refreshCaret() } }
    /// Whether Shift was held as the last click landed (the window notes it; a Shift-click extends a selection).
    public var shiftHeld = false
    /// The run's texts: the edit menu's words (the stage's).
    public var texts = Localization.english
    /// Shows a menu of items at a point on the stage (the stage's context menu): how a focused field's Menu key opens
    /// its edit menu. `nil` off a stage.
    public var showMenu: (([ContextMenuItem], Point) -> Void)?
    /// The field that has the keyboard, if any.
    public internal(set) weak var focused: TextField?
    /// The character of the key press that just moved the focus into a field: its text, which the platform delivers
    /// right after the key, is not typed (the C that opens compose types no "c").
    var textOfFocusingKey: String?

    /// Keyboard text with the stand-ins: an estimated measure, an empty memory clipboard, a clock at 0, no focus.
    public init() {}

    /// Gives `field` the keyboard (or takes it from every field, with `nil`).
    public func focus(_ field: TextField?) {
        guard field !== focused else { return }
        let previous = focused
        focused = field
        previous?.focusDidChange()
        field?.focusDidChange()
    }

    /// Where the caret is on the stage, in points: the window places an input method's candidate window there.
    public var caretRectOnStage: Rect? {
        guard let field = focused, field.layer.isVisibleInTree else { return nil }
        return field.caretRectOnScreen
    }

    /// Seconds until the focused field's caret next appears or disappears; `nil` when nothing blinks. A resting window
    /// wakes then, takes a step and rests again, so a blinking caret costs a redraw twice a second and nothing between.
    public var secondsUntilCaretBlinks: Double? {
        guard let field = focused, windowHasFocus, field.layer.isVisibleInTree else { return nil }
        return field.secondsUntilBlink
    }
}
