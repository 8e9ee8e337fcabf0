import KineticCore
import KineticScene

/// The top of every run: a content area showing the gallery or an app, a ☰ button, and a side menu that slides
/// in from the left (by the button, by an edge swipe, or by the M key) listing the apps.
///
/// Another app built on the engine hosts its own screens in one (the Honeycomb among them, seed 003's component): its
/// own title over the menu, its own entries, and the gallery left out (`offersGallery`), so the menu is that app's
/// navigation and Esc on its first screen leaves it as Esc leaves the gallery here.
///
/// The menu's openness is one number, `menuProgress` (0 closed, 1 open), driven by the finger while dragging
/// and by a spring that takes over the finger's velocity on release.
public final class Shell: ScreenHost {
    /// The side menu's width, in points.
    public static let menuWidth = 300.0
    /// The apps the menu lists and the gallery shows, in that order.
    public let entries: [AppEntry]
    /// The menu's title, in the person's language: "Kinetic", or the hosting app's own name.
    public let title: LocalizedText
    /// Whether the menu offers the gallery of every entry (Kinetic's own run), or only the entries (an app that hosts
    /// its screens here: it starts on its first entry, and "back" is the menu's).
    public let offersGallery: Bool
    /// The app showing, or `nil` for the gallery.
    public private(set) var currentEntry: AppEntry?
    /// The screen in the content area: the gallery, a placeholder, or an app's screen.
    public var content: Screen? { hosted }
    private var actionRows: [Layer] = []
    private var actionsTop = 0.0
    /// 0 = closed, 1 = open; past either end while dragging, rubber-banded.
    public var menuProgress = 0.0
    private let contentLayer = Layer(identifier: "content")
    private let dimLayer = Layer(identifier: "menu.dim")
    private let menuLayer = Layer(identifier: "menu")
    private let menuButton = Layer(identifier: "menu.button")
    private var dragStartProgress = 0.0
    private var initialEntryID: String?
    /// The content's `menuActionsVersion` when the action rows were last built.
    private var builtActionsVersion = 0

    /// - Parameters:
    ///   - entries: the apps the menu lists and the gallery shows, in that order.
    ///   - initialApp: the id of the app to open at once, or `nil` for the gallery (the first entry without one).
    ///   - title: the menu's title.
    ///   - offersGallery: whether the menu offers the gallery.
    public init(entries: [AppEntry], initialApp: String? = nil, title: LocalizedText = EngineText.kinetic, offersGallery: Bool = true) {
        self.entries = entries
        self.initialEntryID = initialApp ?? (offersGallery ? nil : entries.first?.id)
        self.title = title
        self.offersGallery = offersGallery
        super.init(identifier: "shell")
    }

    /// Whether the side menu is more than half open.
    public var isMenuOpen: Bool { menuProgress > 0.5 }

    public override var stateName: String {
        if menuProgress > 0.001 { return "menu" }
        return content?.stateName ?? "gallery"
    }

    /// The app's title and its place ("Mailbox — Inbox"), or "Gallery": the side menu, a passing thing, leaves it be.
    public override var placeName: String? {
        guard let currentEntry else { return settings.localization(offersGallery ? EngineText.gallery : title) }
        return [settings.localization(currentEntry.title), content?.placeName].compactMap { $0 }.joined(separator: " — ")
    }

    public override func didAppear(size: Size) {
        contentLayer.frame = Rect(origin: .zero, size: size)
        dimLayer.frame = Rect(origin: .zero, size: size)
        dimLayer.backgroundColor = Color.black
        menuLayer.anchorPoint = Point(x: 0, y: 0)
        menuLayer.bounds = Rect(x: 0, y: 0, width: Shell.menuWidth, height: size.height)
        menuLayer.backgroundColor = Palette.ink
        menuLayer.zPosition = 20
        dimLayer.zPosition = 10
        buildMenu(height: size.height)
        buildMenuButton()
        for layer in [contentLayer, dimLayer, menuLayer, menuButton] { root.addSublayer(layer) }

        let edgePan = ShellEdgePan(shell: self, screenSize: size) { [weak self] in self?.handleMenuPan($0) }
        self.edgePan = edgePan
        root.gestureRecognizers = [edgePan]
        let closingPan = PanRecognizer { [weak self] in self?.handleMenuPan($0) }
        menuLayer.gestureRecognizers = [closingPan]
        dimLayer.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.setMenu(open: false) },
                                       PanRecognizer { [weak self] in self?.handleMenuPan($0) }]
        dimLayer.cursor = .arrow  // a click closes the menu: the dim is not a button
        show(entries.first { $0.id == initialEntryID })
        layoutMenu()
    }

    /// The drag from the left edge that opens the menu: it knows the stage's size, which a resize changes.
    private weak var edgePan: ShellEdgePan?

    /// The content area, the dim and the menu's height follow the stage; the app (or the gallery) lays out for the
    /// new size. The menu keeps its width and rows, and stays as open as it was.
    public override func didResize(to size: Size) {
        contentLayer.frame = Rect(origin: .zero, size: size)
        dimLayer.frame = Rect(origin: .zero, size: size)
        menuLayer.bounds = Rect(x: 0, y: 0, width: Shell.menuWidth, height: size.height)
        edgePan?.screenSize = size
        layoutMenu()
        hostingAreaDidResize()
    }

    // MARK: Navigation

    /// Whether the app shown asked to be made afresh (`Screen.reopenApp`), done at the start of the next step.
    private var reopening = false
    /// The apps shown so far in this run.
    private var visitedApps: Set<String> = []

    /// Shows an app (or the gallery for `nil`) in the content area, closing the menu.
    public func show(_ entry: AppEntry?) {
        reopening = false
        if let stage { stage.animator.stopAll(of: self) }
        currentEntry = entry
        let screen: Screen
        if let entry {
            screen = entry.makeScreen?(settings) ?? PlaceholderScreen(entry: entry)
        } else {
            screen = GalleryScreen(entries: entries) { [weak self] in self?.show($0) }
        }
        let returning = entry.map { !visitedApps.insert($0.id).inserted } ?? false
        host(screen, in: contentLayer, takingFocus: true, isReturnVisit: returning)
        menuProgress = 0
        layoutMenu()
        rebuildActionRows()
        // The current app's row stands out, and is the selected one: the keyboard's focus starts there when the menu opens.
        for id in (offersGallery ? ["gallery"] : []) + entries.map(\.id) {
            guard let row = menuLayer.layer(withIdentifier: "menu.item.\(id)") else { continue }
            let current = id == (entry?.id ?? "gallery")
            if id != "gallery" { row.opacity = current ? 1 : 0.75 }
            if current { row.accessibility?.states.insert(.selected) } else { row.accessibility?.states.remove(.selected) }
        }
    }

    /// The app asked to leave: the gallery, or the first entry where there is none.
    public override func hostedScreenAsksToLeave() { show(offersGallery ? nil : entries.first) }

    /// The app asked to be made afresh: done at the start of the next step.
    public override func hostedScreenAsksToReopen() { reopening = true }

    /// Opens or closes the menu with a spring, starting at `velocity` (progress per second).
    public func setMenu(open: Bool, velocity: Double = 0) {
        let spring = Motion.spring(response: 0.35, dampingRatio: 0.9)
        let motion: Motion = settings.reduceMotion ? .tween(duration: 0.15, curve: .easeInEaseOut) : spring
        animator.animate(self, \.menuProgress, to: open ? 1 : 0, with: motion, initialVelocity: velocity)
    }

    private func handleMenuPan(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            animator.stop(self, \.menuProgress)
            dragStartProgress = menuProgress
        case .changed:
            let raw = dragStartProgress + pan.translation.dx / Shell.menuWidth
            menuProgress = rubberBand(raw, range: 0...1, dimension: 1)
        case .ended, .cancelled:
            let velocity = pan.velocity.dx / Shell.menuWidth
            // Where the flick would carry the menu if it coasted: a quick flick decides even from a short drag.
            let projected = menuProgress + velocity * 0.2
            setMenu(open: projected > 0.5, velocity: velocity)
        default:
            break
        }
    }

    // MARK: Per step

    public override func update(dt: Double) {
        if reopening {
            reopening = false
            show(currentEntry)
        }
        super.update(dt: dt)  // the app's step (ScreenHost)
        if let content, content.menuActionsVersion != builtActionsVersion { rebuildActionRows() }
        let hidesButton = !(content?.showsMenuButton ?? true) && !isMenuOpen
        if menuButton.isHidden != hidesButton { menuButton.isHidden = hidesButton }
        layoutMenu()
    }

    /// The menu, while it is open, moves by the stage's keyboard focus (↑/↓, Home, End, a letter, Enter); the content
    /// otherwise says.
    public override var usesKeyboardFocus: Bool { isMenuOpen || content?.usesKeyboardFocus == true }

    public override func keyboardFocusDidMove(to control: Layer?) {
        if !isMenuOpen { content?.keyboardFocusDidMove(to: control) }
    }

    public override var debugShapes: [DebugShape] { isMenuOpen ? [] : content?.debugShapes ?? [] }

    public override func handleText(_ text: String) -> Bool { !isMenuOpen && content?.handleText(text) == true }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        if isMenuOpen {
            switch event.key {
            case .escape, .character("m"), .appMenu:
                setMenu(open: false)
                return true
            default:
                return false
            }
        }
        if content?.handleKey(event) == true { return true }
        switch event.key {
        case .character("m"), .appMenu:
            setMenu(open: true)
            return true
        case .escape where currentEntry != nil && (offersGallery || currentEntry?.id != entries.first?.id):
            // Esc undoes or closes something in the app; with nothing left to close it does nothing. Leaving an app
            // is the menu's (☰, M, or a drag from the left edge, then Gallery), so a second Esc never throws the
            // person out of what they were doing.
            return true
        case .escape:
            stage?.quitRequested = true
            return true
        default:
            return false
        }
    }

    private func layoutMenu() {
        let progress = menuProgress
        menuLayer.position = Point(x: (progress - 1) * Shell.menuWidth, y: 0)
        menuLayer.isHidden = progress <= 0.001
        dimLayer.opacity = 0.4 * min(max(progress, 0), 1)
        dimLayer.isHidden = progress <= 0.001
    }

    private func buildMenu(height: Double) {
        menuLayer.accessibility = Accessibility(role: .menu, name: settings.localization(title))
        menuLayer.addSublayer(Typography.label("menu.title", settings.localization(title), frame: Rect(x: 28, y: 70, width: 240, height: 40),
                                               size: 30, bold: true, color: .white))
        var y = 140.0
        let gallery: [(String, String, AppEntry?)] = offersGallery ? [("gallery", settings.localization(EngineText.gallery), nil)] : []
        let rows = gallery + entries.map { ($0.id, settings.localization($0.title), $0) }
        for (id, title, entry) in rows {
            let row = Layer(identifier: "menu.item.\(id)", frame: Rect(x: 0, y: y, width: Shell.menuWidth, height: 56))
            row.addSublayer(Typography.label(nil, title, frame: Rect(x: 28, y: 16, width: 250, height: 26), size: 20, bold: entry != nil, color: .white))
            row.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.show(entry) }]
            row.accessibility = Accessibility(role: .menuItem, name: title, actions: [.tapping(row, named: "click")])
            menuLayer.addSublayer(row)
            y += 56
        }
        actionsTop = y + 24
    }

    /// The current app's own entries, below the list of apps.
    private func rebuildActionRows() {
        for row in actionRows { row.removeFromSuperlayer() }
        actionRows = []
        builtActionsVersion = content?.menuActionsVersion ?? 0
        var y = actionsTop
        for action in content?.menuActions ?? [] {
            let row = Layer(identifier: "menu.action.\(action.id)", frame: Rect(x: 0, y: y, width: Shell.menuWidth, height: 48))
            row.addSublayer(Typography.label(nil, action.title, frame: Rect(x: 28, y: 13, width: 250, height: 24), size: 17, bold: action.isCurrent,
                                             color: Palette.accentOnInk))
            if action.isCurrent { row.addSublayer(currentMark(for: action.id)) }
            row.gestureRecognizers = [TapRecognizer { [weak self] _ in
                self?.setMenu(open: false)
                action.perform()
            }]
            row.accessibility = Accessibility(role: .menuItem, name: action.title, states: action.isCurrent ? [.selected] : [],
                                              actions: [.tapping(row, named: "click")])
            menuLayer.addSublayer(row)
            actionRows.append(row)
            y += 48
        }
    }

    /// The bar beside an app's entry for what it shows now (`menu.action.<id>.current`): with the bold title, it
    /// marks the row the way the brighter row marks the app that shows.
    private func currentMark(for id: String) -> Layer {
        let mark = Layer(identifier: "menu.action.\(id).current", frame: Rect(x: 12, y: 12, width: 4, height: 24))
        mark.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 2), fill: Palette.accentOnInk))
        mark.isUserInteractionEnabled = false
        return mark
    }

    /// Where the ☰ button sits, in every app that shows it: what an app lays out along its top edge keeps clear of it.
    public static let menuButtonFrame = Rect(x: 12, y: 12, width: 44, height: 44)

    private func buildMenuButton() {
        menuButton.frame = Shell.menuButtonFrame
        menuButton.zPosition = 5
        // A faint outline, so that the button reads on white panels too.
        menuButton.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 10), fill: Color.white.withAlpha(0.85),
                                                  stroke: Palette.ink.withAlpha(0.15), lineWidth: 1))
        for index in 0..<3 {
            let bar = Layer(frame: Rect(x: 11, y: 13 + Double(index) * 8, width: 22, height: 3))
            bar.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 1.5), fill: Palette.ink))
            bar.isUserInteractionEnabled = false
            menuButton.addSublayer(bar)
        }
        menuButton.gestureRecognizers = [TapRecognizer { [weak self] _ in
            guard let self else { return }
            self.setMenu(open: !self.isMenuOpen)
        }]
        menuButton.accessibility = Accessibility(role: .button, name: settings.localization(EngineText.menu), actions: [.tapping(menuButton)])
    }
}

/// The shell's edge pan, which gives way to a screen that owns the left edge (Mailbox's own menu).
private final class ShellEdgePan: EdgePanRecognizer {
    weak var shell: Shell?

    init(shell: Shell, screenSize: Size, handler: @escaping (PanRecognizer) -> Void) {
        self.shell = shell
        super.init(edge: .left, screenSize: screenSize, handler: handler)
        isOfferedFirst = true  // "everywhere": before a screen-wide pan (Disguise-O-Rama's wheel) that a fast drag also starts
    }

    override func shouldBegin(at start: Point) -> Bool {
        guard shell?.content?.ownsLeftEdge != true else { return false }
        return super.shouldBegin(at: start)
    }
}
