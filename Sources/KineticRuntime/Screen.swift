import KineticCore
import KineticScene

/// One screen of an app: a tree of layers plus the logic that moves it.
///
/// The stage calls `update(dt:)` once per fixed simulation step, before the animator runs, so a screen that
/// owns a physics world advances it there and copies body positions onto its layers.
open class Screen {
    /// The screen's layers; the stage sizes it to the content area.
    public let root: Layer
    /// Set by the stage when the screen is shown; the effects of the stores it runs (`runsEffects(of:)`) start then.
    public internal(set) weak var stage: Stage? {
        didSet {
            guard let stage, stage !== oldValue else { return }
            for owner in effectOwners { owner.runEffects(on: stage.effectHost) }
        }
    }

    /// The stores whose effects run while the screen is on a stage.
    private var effectOwners: [any EffectsOwning] = []

    /// Runs `store`'s effects (its work that sends actions back, its timers) on the stage from when the screen is on one
    /// until it leaves; then they end, and what they still send is dropped. Call it once, when the store is made.
    public func runsEffects(of store: some EffectsOwning) {
        effectOwners.append(store)
        if let stage { store.runEffects(on: stage.effectHost) }
    }

    /// The screen leaves the stage (or the shell's content): its stores' effects end (runs cancelled, timers stopped,
    /// what they still send dropped), then `willDisappear()`. The stage and the shell call it; a host that drops a
    /// screen without presenting another (a test closing an app) calls it too.
    public func leaveStage() {
        hasLeftStage = true
        for owner in effectOwners { owner.endEffects() }
        willDisappear()
    }

    /// Whether the screen left a stage (`leaveStage()`): its work ended for good, so it is not shown again.
    public private(set) var hasLeftStage = false

    /// The stage the screen is on. Animating, reading the settings or starting work before the screen is on one is a
    /// mistake in the screen's code (nothing would run it, and settings would be made up), so it stops there, naming
    /// the screen.
    public var requiredStage: Stage {
        guard let stage else { preconditionFailure("\(type(of: self)) (\(root.identifier ?? "unnamed")) needs a stage; it is not on one yet") }
        return stage
    }

    /// A screen whose root layer is named `identifier`, which is also its state name unless `stateName` says otherwise.
    public init(identifier: String) {
        root = Layer(identifier: identifier)
    }

    /// The name of the state the screen is in, written into every scene dump.
    open var stateName: String { root.identifier ?? "screen" }

    /// Where the person is in this screen, in words for the window's title ("Inbox"), or `nil` when the app's name
    /// says it all. A screen reader speaks the title of the active window whenever it changes, so this names the
    /// place (a list, a section), never a passing state such as a sheet or an animation: `stateName` is for dumps.
    open var placeName: String? { nil }

    /// Whether the person has been in this app before during this run (the shell sets it before `didAppear`): a
    /// splash that greets a launch is not played again for someone coming back from the gallery.
    public internal(set) var isReturnVisit = false

    /// Whether the shell's ☰ button shows over this screen now; a launch screen or an intro that fills the stage hides
    /// it (the menu stays a key (M) or an edge drag away). Asked every step.
    open var showsMenuButton: Bool { true }

    /// Leaves the app for the gallery, as the shell's menu's Gallery entry does (the shell sets it before `didAppear`):
    /// for an app whose own menu stands in for the shell's, so that the two are never offered side by side.
    public internal(set) var leaveApp: () -> Void = {}

    /// Replaces this screen with a new one of the same app, made afresh by its entry, at the start of the shell's next
    /// step (never inside this screen's own step): for an app whose world changed under it, as the Mailbox's does once
    /// a mail account is set up. The shell sets it before `didAppear`.
    public internal(set) var reopenApp: () -> Void = {}

    /// Called once, when the screen is put on the stage with its final size.
    open func didAppear(size: Size) {}

    /// The stage changed size (its window was resized) after the screen appeared: its root already fills `size`, and
    /// the screen lays out its own layers for it, keeping what the person was looking at (the focused row, the open
    /// panel, the reading position) in view. The default does nothing: a screen drawn at one size stays at its top left.
    open func didResize(to size: Size) {}

    /// One fixed step of `dt` seconds of simulated time.
    open func update(dt: Double) {}

    /// Whether `update(dt:)` has nothing under way that the clock must drive. The stage adds what it sees itself
    /// (animations, touches, layers that changed in the last step); when all is still, a window stops stepping
    /// and drawing until input arrives. Override it when the screen waits on a clock while nothing on screen
    /// moves (a splash's timer, a banner's countdown) or runs its own simulation (physics).
    open var isAtRest: Bool { true }

    /// What the debug overlay (**O**) draws for this screen now: gesture velocities, projected rest positions,
    /// thresholds, physics bodies and their springs. Asked each step while the overlay shows.
    open var debugShapes: [DebugShape] { [] }

    /// The screen's motion parameters, named, with ranges and defaults (see `Tuning`); `nil` for a screen with none.
    open var tuning: Tuning? { nil }

    /// New values for the screen's tunables (a tuning file was saved): the next frames move with them.
    open func applyTuning(_ tuning: Tuning) {}

    /// A key press; return true when the screen used it.
    open func handleKey(_ event: KeyEvent) -> Bool { false }

    /// Typed text (a character, a composed accent, a paste), as the platform's text input delivers it, apart from
    /// key presses; return true when the screen used it.
    open func handleText(_ text: String) -> Bool { false }

    /// The device was shaken (on a desktop: the scenario's `shake` event); return true when the screen used it.
    open func handleShake() -> Bool { false }

    /// Whether the keys this screen leaves unused go to the stage's one keyboard focus (`KeyboardFocus`): Tab, the
    /// arrows, Home, End, Enter and Space over the controls its layers declare to screen readers. A screen that still
    /// moves its own focus with its own keys says no.
    open var usesKeyboardFocus: Bool { false }

    /// The screen came on stage with the keyboard in use (it was opened by a key): a screen asks the stage's keyboard
    /// focus for where a keyboard user starts (`KeyboardFocus.request(_:)`: the Mailbox's first message, the
    /// Honeycomb's first category). With no request, the first Tab stop takes the focus once there is one.
    open func keyboardFocusArrives() {}

    /// The stage's keyboard focus moved to `control` by a key the screen left to it or a click (Tab onto a row, a
    /// button): a screen with something that lasts only while a control has the focus ends it (the Mailbox's search
    /// stops editing when Tab leaves its field). The focus itself is the stage's alone: read it from
    /// `stage.keyboardFocus`, never keep a copy.
    open func keyboardFocusDidMove(to control: Layer?) {}

    /// Whether a drag from the screen's left edge belongs to the screen (its own side menu) rather than to the
    /// shell's; the shell's menu then stays reachable by its ☰ button.
    open var ownsLeftEdge: Bool { false }

    /// Called when the screen is taken off the stage, after its stores' effects ended.
    open func willDisappear() {}

    /// Entries this screen adds to the side menu while it shows (Disguise-O-Rama's "Replay intro", say), each
    /// carrying what choosing it does.
    open var menuActions: [MenuAction] { [] }

    /// Bumped by `menuActionsDidChange()`; the shell rebuilds the menu's entries when it changes.
    public private(set) var menuActionsVersion = 0

    /// Tells the shell that `menuActions` changed (new data arrived, say).
    public func menuActionsDidChange() { menuActionsVersion += 1 }

    /// The stage's animator.
    public var animator: Animator { requiredStage.animator }

    /// The stage's settings.
    public var settings: StageSettings { requiredStage.settings }
}

/// An entry an app adds to the side menu: its row's name and title, and what choosing it does.
///
/// `perform` sends one of the app's own typed actions (`.replayIntro`, `.showCategory(id)`), so the shell never
/// reads meaning out of `id`: that is only a name for the row, for scenarios and the accessibility tree.
public struct MenuAction {
    /// Used in the row's identifier, `menu.action.<id>` (a public interface: scenarios tap these rows).
    public var id: String
    /// The row's text in the side menu.
    public var title: String
    /// What choosing the entry does.
    public var perform: () -> Void
    /// Whether the entry is what the app shows now (the Honeycomb's category on screen): its row is marked and
    /// selected, as the shell marks the app that shows, so the menu says where the person is.
    public var isCurrent: Bool

    /// An entry whose row is `menu.action.<id>`, showing `title`, that does `perform` when chosen; `isCurrent` marks
    /// it as what shows now.
    public init(id: String, title: String, isCurrent: Bool = false, perform: @escaping () -> Void) {
        self.id = id
        self.title = title
        self.isCurrent = isCurrent
        self.perform = perform
    }
}
