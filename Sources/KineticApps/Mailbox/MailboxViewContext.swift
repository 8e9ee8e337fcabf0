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

    /// A sheet's main button (compose's Send, the account sheet's Connect), tinted and taking clicks when `enabled`,
    /// greyed with muted words when not (4.1:1 on its grey: bold 17 pt text, whose floor is 3:1).
    static func paintSheetButton(_ button: Layer, enabled: Bool) {
        button.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 8), fill: enabled ? tint : Color(red8: 0xE8, green8: 0xE8, blue8: 0xE8)))
        if case .text(var text)? = button.sublayers.first?.contents {
            text.color = enabled ? .white : Palette.muted
            button.sublayers.first?.contents = .text(text)
        }
        button.isUserInteractionEnabled = enabled
        button.cursor = enabled ? nil : .arrow
    }
    /// Whether this run can set a mail account up (the menu then offers the account sheet); the screen says so.
    var canSetUpAccounts = false
    /// The menu button: opens the menu, or closes it.
    func toggleMenu() { send(.setMenu(open: !state.menuOpen)) }
    /// The stage the screen is on; asked only once it is on one.
    var stage: Stage { screen.requiredStage }
    /// The stage's animator.
    var animator: Animator { screen.animator }
    /// The stage's settings (reduced motion, the clock).
    var settings: StageSettings { screen.settings }
    /// The run's texts, in the person's languages (see `MailboxText`).
    var texts: Localization { screen.settings.localization }
    /// Which way the stage reads.
    var layoutDirection: LayoutDirection { screen.settings.layoutDirection }
    /// The screen's width.
    var width: Double { size.width }

    /// How a view settles somewhere new: `spring`, or with reduced motion a `fade`-second ease (nothing flies).
    func motion(spring: Spring, fade: Double) -> Motion {
        settings.reduceMotion ? .tween(duration: fade, curve: .easeInEaseOut) : .spring(spring)
    }

    static let navHeight = 64.0
    static let menuWidth = 300.0
    /// The Mailbox's blue, behind white text (the bar with its segments and titles, Send, Save Draft): #3A9BDC
    /// darkened, keeping its hue and saturation, by the smallest step that makes white text on it read at 4.5:1
    /// (4.55:1; WCAG AA for text under 14 pt bold, 18.66 px, which all of it is). #3A9BDC gave 3.04:1.
    static let tint = Color(red8: 0x21, green8: 0x7B, blue8: 0xB8)
    /// The tint deepened further for text on white (Cancel, the picker's Schedule): 5.3:1.
    static let deepTint = Color(red8: 0x1F, green8: 0x6F, blue8: 0xB0)
    /// The Delete zone's red (#EF540C, seed 002's) darkened the same way for a destructive button behind white text
    /// (Delete Draft, Empty Trash): 4.55:1, where the zone's red gave 3.53:1. The zone keeps its red: only its icon
    /// sits on it.
    static let destructive = Color(red8: 0xCF, green8: 0x49, blue8: 0x0A)
    static let art = ResourceFolder.named("Mailbox", containing: "later.svg")

    static func artFile(_ name: String) -> String { art.appendingPathComponent("\(name).svg").path }

    /// How wide a button is for `words` in bold at `fontSize`, `padding` on each side, at least `least` points: a word
    /// of any language whole ("Répondre à tous" is wider than "Reply All").
    func buttonWidth(for words: String, fontSize: Double, padding: Double, least: Double) -> Double {
        max(least, (stage.textInput.measure.size(of: TextContent(words, bold: true, fontSize: fontSize), width: nil).width + 2 * padding).rounded(.up))
    }

    /// The text a text layer shows ("" for any other).
    static func text(of layer: Layer?) -> String {
        guard let layer, case .text(let content) = layer.contents else { return "" }
        return content.string
    }
}
