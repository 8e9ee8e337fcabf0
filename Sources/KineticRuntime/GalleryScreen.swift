import KineticCore
import KineticScene

/// The home page: the name of the house and a card for each app.
final class GalleryScreen: Screen {
    private let entries: [AppEntry]
    private let open: (AppEntry) -> Void

    init(entries: [AppEntry], open: @escaping (AppEntry) -> Void) {
        self.entries = entries
        self.open = open
        super.init(identifier: "gallery")
    }

    override var stateName: String { "gallery" }

    /// The cards are buttons: Tab and the arrows move between them, Enter or Space opens one.
    override var usesKeyboardFocus: Bool { true }

    override func didAppear(size: Size) { layOut(size) }

    /// The cards are made anew for the new width; the one the keyboard was on keeps the focus.
    override func didResize(to size: Size) {
        relayingOut(root, on: stage) { layOut(size) }
    }

    /// The title a little below the top, the cards centred side by side (narrower in a window too narrow for three of
    /// 280 points), the hint near the bottom.
    private func layOut(_ size: Size) {
        root.backgroundColor = Palette.paper
        let width = size.width
        root.addSublayer(Typography.label("gallery.title", settings.localization(EngineText.kinetic), frame: Rect(x: 0, y: size.height * 0.12, width: width, height: 64),
                                          size: 52, bold: true, color: Palette.ink, alignment: .center))
        root.addSublayer(Typography.label("gallery.subtitle", settings.localization(EngineText.tagline), frame: Rect(x: 0, y: size.height * 0.12 + 70, width: width, height: 30),
                                          size: 20, color: Palette.muted, alignment: .center))
        let cardSize = Size(width: min(280, (width - 120) / 3), height: 300)
        let gap = 30.0
        let totalWidth = Double(entries.count) * cardSize.width + Double(max(entries.count - 1, 0)) * gap
        var x = (width - totalWidth) / 2
        for entry in entries {
            root.addSublayer(card(for: entry, frame: Rect(origin: Point(x: x, y: size.height * 0.34), size: cardSize)))
            x += cardSize.width + gap
        }
        root.addSublayer(Typography.label("gallery.hint", settings.localization(EngineText.menuHint),
                                          frame: Rect(x: 0, y: size.height - 70, width: width, height: 24),
                                          size: 16, color: Palette.muted, alignment: .center))
    }

    private func card(for entry: AppEntry, frame: Rect) -> Layer {
        let card = Typography.panel("card.\(entry.id)", frame: frame, color: .white, cornerRadius: 18)
        let badge = Layer(frame: Rect(x: frame.width / 2 - 40, y: 28, width: 80, height: 80))
        badge.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: entry.tint))
        badge.isUserInteractionEnabled = false
        card.addSublayer(badge)
        // A card narrowed by a small window (under 260 pt) takes a smaller title, so "Disguise-O-Rama" stays on one line.
        card.addSublayer(Typography.label(nil, settings.localization(entry.title), frame: Rect(x: 16, y: 130, width: frame.width - 32, height: 32),
                                          size: frame.width >= 260 ? 24 : 19, bold: true, color: Palette.ink, alignment: .center))
        card.addSublayer(Typography.label(nil, settings.localization(entry.summary), frame: Rect(x: 22, y: 170, width: frame.width - 44, height: 80),
                                          size: 15, color: Palette.muted, alignment: .center, lineLimit: 4))
        if entry.makeScreen == nil {
            card.addSublayer(Typography.label(nil, settings.localization(EngineText.notBuiltYet), frame: Rect(x: 16, y: frame.height - 40, width: frame.width - 32, height: 22),
                                              size: 14, bold: true, color: Palette.accent, alignment: .center))
        }
        card.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.open(entry) }]
        card.accessibility = Accessibility(role: .button, name: settings.localization(entry.title), description: settings.localization(entry.summary),
                                           states: entry.makeScreen == nil ? [.disabled] : [],
                                           actions: [.tapping(card)])
        return card
    }
}

/// What an app's menu entry opens until the app is built.
final class PlaceholderScreen: Screen {
    private let entry: AppEntry

    init(entry: AppEntry) {
        self.entry = entry
        super.init(identifier: "placeholder.\(entry.id)")
    }

    override var stateName: String { "\(entry.id).placeholder" }

    /// Nothing here but the shell's menu button.
    override var usesKeyboardFocus: Bool { true }

    override func didAppear(size: Size) { layOut(size) }

    override func didResize(to size: Size) {
        relayingOut(root, on: stage) { layOut(size) }
    }

    /// The badge, the title and the note a little above the middle, centred.
    private func layOut(_ size: Size) {
        root.backgroundColor = Palette.paper
        let badge = Layer(identifier: "placeholder.badge", frame: Rect(center: Point(x: size.width / 2, y: size.height * 0.35), size: Size(width: 120, height: 120)))
        badge.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: entry.tint))
        root.addSublayer(badge)
        root.addSublayer(Typography.label("placeholder.title", settings.localization(entry.title), frame: Rect(x: 0, y: size.height * 0.35 + 90, width: size.width, height: 50),
                                          size: 40, bold: true, color: Palette.ink, alignment: .center))
        root.addSublayer(Typography.label("placeholder.message", settings.localization(EngineText.notBuiltYet), frame: Rect(x: 0, y: size.height * 0.35 + 150, width: size.width, height: 30),
                                          size: 22, color: Palette.accent, alignment: .center))
        root.addSublayer(Typography.label(nil, settings.localization(entry.summary), frame: Rect(x: size.width * 0.25, y: size.height * 0.35 + 195, width: size.width * 0.5, height: 60),
                                          size: 16, color: Palette.muted, alignment: .center))
    }
}

/// Makes `root`'s layers anew with `build` (a screen simple enough to lay out from nothing), handing the keyboard focus
/// to the new layer of the same identifier when it was on one of the old.
func relayingOut(_ root: Layer, on stage: Stage?, _ build: () -> Void) {
    let focusedIdentifier = stage?.keyboardFocus.focused.flatMap { focused in focused.ancestry.contains { $0 === root } ? focused.identifier : nil }
    root.removeAllSublayers()
    build()
    if let focusedIdentifier, let layer = root.layer(withIdentifier: focusedIdentifier) { stage?.keyboardFocus.focus(layer) }
}
