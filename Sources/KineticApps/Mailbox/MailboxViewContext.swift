import Foundation
import KineticCore
import KineticPlatform
import KineticRuntime
import KineticScene

/// What every part of the Mailbox's screen shares: the store it reads and sends to, the stage it is on (through the
/// screen), the motion tuning, and the screen's size.
///
/// Each component (the list, the reader, the options, compose, the menu, …) holds this one context rather than the
/// screen, so it sees the state and the stage but none of the other components' layers.
final class MailboxViewContext {
    /// The app's state, run through `MailboxRules`.
    let store: Store<MailboxRules>
    private unowned let screen: Screen
    /// Every motion parameter, named (see `MailboxTuning`); the screen's `applyTuning` replaces it live.
    var tuning = MailboxTuning()
    /// The stage's size, known once the screen appears.
    var size = Size(width: 1024, height: 768)

    init(store: Store<MailboxRules>, screen: Screen) {
        self.store = store
        self.screen = screen
    }

    /// The app's state now.
    var state: MailboxState { store.state }
    /// Applies an action through the store.
    func send(_ action: MailboxAction) { store.send(action) }
    /// What a button or a screen reader's action does: sends `action`, if the screen is still there (a layer's closure
    /// can outlive it).
    func sending(_ action: MailboxAction) -> () -> Void { { [weak self] in self?.send(action) } }
    /// Back to the gallery (the menu's last row).
    func leaveApp() { screen.leaveApp() }
    /// The menu button: opens the menu, or closes it.
    func toggleMenu() { send(.setMenu(open: !state.menuOpen)) }
    /// The stage the screen is on; asked only once it is on one.
    var stage: Stage { screen.requiredStage }
    /// The stage's animator.
    var animator: Animator { screen.animator }
    /// The stage's settings (reduced motion, the clock).
    var settings: StageSettings { screen.settings }
    /// The screen's width.
    var width: Double { size.width }

    /// How a view settles somewhere new: `spring`, or with reduced motion a `fade`-second ease (nothing flies).
    func motion(spring: Spring, fade: Double) -> Motion {
        settings.reduceMotion ? .tween(duration: fade, curve: .easeInEaseOut) : .spring(spring)
    }

    static let navHeight = 64.0
    static let menuWidth = 300.0
    static let tint = Color(red8: 0x3A, green8: 0x9B, blue8: 0xDC)
    /// The tint deepened for text: 5.3:1 on white as text, and white on it (the tint itself is 3.0:1 on white, enough
    /// only for bold text of 14 pt and more).
    static let deepTint = Color(red8: 0x1F, green8: 0x6F, blue8: 0xB0)
    static let art = ResourceFolder.named("Mailbox", containing: "later.svg")

    static func artFile(_ name: String) -> String { art.appendingPathComponent("\(name).svg").path }

    /// The text a text layer shows ("" for any other).
    static func text(of layer: Layer?) -> String {
        guard let layer, case .text(let content) = layer.contents else { return "" }
        return content.string
    }
}
