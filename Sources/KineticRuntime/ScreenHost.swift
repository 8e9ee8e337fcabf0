import KineticCore
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
    /// work ends) and its layers go; the new one appears at once, and the keyboard's focus starts afresh on it.
    /// `nil` leaves the area empty.
    public func host(_ screen: Screen?, in area: Layer) {
        if let hosted {
            hosted.leaveStage()
            hosted.root.removeFromSuperlayer()
        }
        hosted = screen
        hostingArea = area
        guard let screen else { return }
        screen.stage = stage
        screen.root.frame = Rect(origin: .zero, size: area.bounds.size)
        area.addSublayer(screen.root)
        screen.didAppear(size: area.bounds.size)
        stage?.keyboardFocusStartsAfresh(on: screen)
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

    open override func handleKey(_ event: KeyEvent) -> Bool { hosted?.handleKey(event) == true }

    open override func handleText(_ text: String) -> Bool { hosted?.handleText(text) == true }

    open override func handleShake() -> Bool { hosted?.handleShake() ?? false }

    /// The hosted screen leaves with its host.
    open override func willDisappear() {
        hosted?.leaveStage()
    }
}
