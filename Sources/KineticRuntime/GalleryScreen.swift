import KineticCore
import KineticScene

/// The home page: the name of the house and a card for each app.
final class GalleryScreen: Screen {
    private let entries: [AppEntry]
    private let open: (AppEntry) -> Void
    /// The cards' scroll view, when their rows are taller than the room between the title and the hint (`nil` when
    /// they fit, as three do in any window).
    private var cardScroll: ScrollView?

    init(entries: [AppEntry], open: @escaping (AppEntry) -> Void) {
        self.entries = entries
        self.open = open
        super.init(identifier: "gallery")
    }

    override var stateName: String { "gallery" }

    /// The cards are buttons: Tab and the arrows move between them, Home and End to the first and the last, Enter or
    /// Space opens one.
    override var usesKeyboardFocus: Bool { true }

    override func didAppear(size: Size) { layOut(size) }

    /// The cards are made anew for the new width; the one the keyboard was on keeps the focus.
    override func didResize(to size: Size) {
        let scrolled = cardScroll?.offset ?? 0
        relayingOut(root, on: stage) { layOut(size) }
        // The rows made anew keep where they were scrolled to (held to the new range), so a window being resized
        // does not throw them back to the top at each step.
        if let cardScroll { cardScroll.offset = cardScroll.clamped(scrolled) }
    }

    /// A card the keyboard reaches below or above the scrolled rows' view is scrolled into it, with half a gap around
    /// it where the view has the room.
    override func keyboardFocusDidMove(to control: Layer?) {
        guard let cardScroll, let control, control.superlayer === cardScroll.content else { return }
        let margin = min(GalleryGrid.gap / 2, max((cardScroll.visibleHeight - control.frame.height) / 2, 0))
        cardScroll.scroll(toShow: control.frame.minY - margin, control.frame.maxY + margin)
    }

    /// Home and End go to the first card and the last (scrolled into view when the rows scroll).
    override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.key == .home || event.key == .end, let stage else { return false }
        let cards = entries.compactMap { root.layer(withIdentifier: "card.\($0.id)") }.filter { KeyboardFocus.isControl($0) }
        guard let card = event.key == .home ? cards.first : cards.last else { return false }
        stage.keyboardFocus.focus(card)
        keyboardFocusDidMove(to: card)
        return true
    }

    override func update(dt: Double) { cardScroll?.update(dt: dt) }

    /// Not at rest while the scrolled rows' indicator is still to fade.
    override var isAtRest: Bool { !(cardScroll?.isIndicatorFading ?? false) }

    /// The title a little below the top, the cards centred in rows of as many as fit (`GalleryGrid`: three side by
    /// side in any window, narrower in one too narrow for three of 280 points), the hint near the bottom. Rows taller
    /// than the room between them scroll, by the wheel, a drag, and the keyboard's focus.
    private func layOut(_ size: Size) {
        root.backgroundColor = Palette.paper
        let width = size.width
        root.addSublayer(Typography.label("gallery.title", settings.localization(EngineText.kinetic), frame: Rect(x: 0, y: size.height * 0.12, width: width, height: 64),
                                          size: 52, bold: true, color: Palette.ink, alignment: .center))
        root.addSublayer(Typography.label("gallery.subtitle", settings.localization(EngineText.tagline), frame: Rect(x: 0, y: size.height * 0.12 + 70, width: width, height: 30),
                                          size: 20, color: Palette.muted, alignment: .center))
        let grid = GalleryGrid(count: entries.count, width: width)
        let top = size.height * 0.34, room = size.height - GalleryGrid.hintRoom - top
        if grid.height <= room {
            cardScroll = nil
            for (index, entry) in entries.enumerated() { root.addSublayer(card(for: entry, frame: grid.frame(of: index, top: top))) }
        } else {
            let scroll = ScrollView(identifier: "gallery.cards", frame: Rect(x: 0, y: top, width: width, height: room),
                                    animator: { [unowned self] in self.animator })
            scroll.contentHeight = grid.height
            for (index, entry) in entries.enumerated() { scroll.content.addSublayer(card(for: entry, frame: grid.frame(of: index, top: 0))) }
            root.addSublayer(scroll.frame)
            cardScroll = scroll
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

/// Where the gallery's cards go: rows of as many as fit at `minimumCardWidth` or more (at most all of them), each card
/// `min(280, its share)` wide and 300 tall, 30 pt apart and 30 pt from the edges, every row centred (the last, when
/// shorter, too). Three cards are one row in any window the stage allows; a fourth joins it where it fits.
struct GalleryGrid: Equatable {
    static let gap = 30.0, margin = 30.0, minimumCardWidth = 200.0, widestCard = 280.0, cardHeight = 300.0
    /// The room under the cards kept for the hint (70 pt from the bottom) and a margin above it.
    static let hintRoom = 90.0

    let count: Int
    let columns: Int
    let cardWidth: Double
    let width: Double

    /// The grid of `count` cards in a stage `width` wide.
    init(count: Int, width: Double) {
        func share(_ columns: Int) -> Double { (width - 2 * Self.margin - Self.gap * Double(columns - 1)) / Double(columns) }
        let fitting = (1...max(count, 1)).last { share($0) >= Self.minimumCardWidth } ?? 1
        (self.count, self.width, columns) = (count, width, fitting)
        cardWidth = max(min(Self.widestCard, share(fitting)), 1)
    }

    var rows: Int { (count + columns - 1) / max(columns, 1) }

    /// The rows' height, from the first card's top to the last's bottom.
    var height: Double { Double(rows) * Self.cardHeight + Double(max(rows - 1, 0)) * Self.gap }

    /// Card `index`'s frame, the first row's top at `top`.
    func frame(of index: Int, top: Double) -> Rect {
        let row = index / columns, column = index % columns
        let inRow = min(columns, count - row * columns)
        let rowWidth = Double(inRow) * cardWidth + Double(inRow - 1) * Self.gap
        return Rect(x: (width - rowWidth) / 2 + Double(column) * (cardWidth + Self.gap), y: top + Double(row) * (Self.cardHeight + Self.gap),
                    width: cardWidth, height: Self.cardHeight)
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
