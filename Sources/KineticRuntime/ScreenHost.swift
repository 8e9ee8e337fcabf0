import KineticCore
import KineticPlatform
import KineticScene

/// A screen that shows another screen in an area of its own: a developer's own navigation (a side menu, tabs, a title
/// of theirs) hosting Kinetic's screens, such as the Honeycomb, beside their own. The engine's `Shell` is one.
///
/// Subclass it, build the navigation's layers in `didAppear(size:)`, make a layer the hosted screen's area, and call
/// `host(_:in:)` with the screen to show there (again to switch, `nil` to show none). The hosted screen is on the
/// stage as if it were presented alone: it gets `didAppear(size:)` with the area's size, each step's `update(dt:)`,
/// the keys, text and shakes, the focus moves and the tuning; its `stateName` is the dump's `state`, and the stage
/// waits for it to be at rest. A subclass that overrides one of these calls `super` to keep the forwarding (a host
/// with keys of its own tries them after `super.handleKey(_:)` found no use for them). The keyboard's focus walks
/// the host's own controls and the hosted screen's alike: Tab goes from the navigation into the screen and back.
open class ScreenHost: Screen {
    /// The screen shown in the host's area, if any.
    public private(set) var hosted: Screen?
    /// The layer the hosted screen fills.
    public private(set) weak var hostingArea: Layer?

    /// A host whose root layer is named `identifier`.
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }

    /// Shows `screen` in `area`, a layer of the host's, sized to it: the screen shown before leaves the stage (its
    /// work ends) and its layers go; the new one appears at once. Host a new screen each time: one that left before
    /// shows, but its runs and timers do not start again (the log says so). The one showing now is left as it is.
    ///
    /// The keyboard's focus starts afresh on the new screen (its first control, or the one it asks for) unless it is
    /// on a control of the host's own, which keeps it, as a side bar's row keeps it when chosen; `takingFocus` moves
    /// it into the screen all the same (the `Shell`'s menu, closing as it chooses). `isReturnVisit` tells the screen
    /// it was shown before in this run (`Screen.isReturnVisit`).
    public func host(_ screen: Screen?, in area: Layer, takingFocus: Bool = false, isReturnVisit: Bool = false) {
        guard screen == nil || screen !== hosted else { return }
        if let screen, screen.hasLeftStage {
            // A host's mistake, said rather than stopped on: the screen shows, but its runs and timers are over.
            Log.line("\(type(of: screen)) (\(screen.root.identifier ?? "unnamed")) left the stage before: its work does not run again; host a new one")
        }
        let focused = stage?.keyboardFocus.focused
        let hostKeepsFocus = !takingFocus && focused.map(isHostControl) == true
        if let leaving = hosted {
            hosted = nil
            leaving.root.removeFromSuperlayer()
            leaving.leaveStage()
        }
        hostingArea = area
        guard let screen else {
            if !hostKeepsFocus { stage?.keyboardFocus.release() }
            return
        }
        hosted = screen
        screen.isReturnVisit = isReturnVisit
        screen.leaveApp = { [weak self] in self?.hostedScreenAsksToLeave() }
        screen.reopenApp = { [weak self, weak screen] in
            guard let self, let screen, screen === self.hosted else { return }
            self.hostedScreenAsksToReopen()
        }
        screen.stage = stage
        screen.root.frame = Rect(origin: .zero, size: area.bounds.size)
        area.addSublayer(screen.root)
        screen.didAppear(size: area.bounds.size)
        if !hostKeepsFocus { stage?.keyboardFocusStartsAfresh(on: screen) }
    }

    /// The hosted screen asked to leave (the Mailbox's "Gallery" row, Esc at its top): the host decides where to go.
    /// Nothing by default; the `Shell` goes back to its gallery.
    open func hostedScreenAsksToLeave() {}

    /// The hosted screen asked to be made afresh (the Mailbox after an account was set up): the host makes a new one
    /// and hosts it. Nothing by default; the `Shell` makes its entry's screen again at the next step.
    open func hostedScreenAsksToReopen() {}

    /// Whether `control` is one of the host's own, not the hosted screen's: under the host's root, outside the area.
    private func isHostControl(_ control: Layer) -> Bool {
        let ancestry = control.ancestry
        guard ancestry.contains(where: { $0 === root }) else { return false }
        return !ancestry.contains { $0 === hostingArea }
    }

    /// The hosted screen's area changed size (the host laid its navigation out again): the screen lays out for it.
    /// Call it after resizing the area; `didResize(to:)` does not know which layers the host moved.
    public func hostingAreaDidResize() {
        guard let hosted, let area = hostingArea else { return }
        hosted.root.frame = Rect(origin: .zero, size: area.bounds.size)
        hosted.didResize(to: area.bounds.size)
    }

    /// The hosted screen's state, or the host's identifier when it shows none.
    open override var stateName: String { hosted?.stateName ?? super.stateName }

    open override var placeName: String? { hosted?.placeName }

    open override func update(dt: Double) { hosted?.update(dt: dt) }

    open override var isAtRest: Bool { hosted?.isAtRest ?? true }

    open override var usesKeyboardFocus: Bool { true }

    open override func keyboardFocusDidMove(to control: Layer?) { hosted?.keyboardFocusDidMove(to: control) }

    open override var debugShapes: [DebugShape] { hosted?.debugShapes ?? [] }

    open override var tuning: Tuning? { hosted?.tuning }

    open override func applyTuning(_ tuning: Tuning) { hosted?.applyTuning(tuning) }

    /// The hosted screen's keys, unless the focus is on a control of the host's own (a side bar's row), whose Space
    /// and Enter are the row's.
    open override func handleKey(_ event: KeyEvent) -> Bool {
        if let focused = stage?.keyboardFocus.focused, isHostControl(focused) { return false }
        return hosted?.handleKey(event) == true
    }

    open override func keyboardFocusArrives() { hosted?.keyboardFocusArrives() }

    open override func handleText(_ text: String) -> Bool { hosted?.handleText(text) == true }

    open override func handleShake() -> Bool { hosted?.handleShake() ?? false }

    /// The hosted screen leaves with its host.
    open override func willDisappear() {
        let leaving = hosted
        hosted = nil
        leaving?.root.removeFromSuperlayer()
        leaving?.leaveStage()
    }
}
