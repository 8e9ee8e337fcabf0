import Foundation
import KineticData
import KineticCore
import KineticRuntime
import KineticScene
import KineticPlatform

/// Honeycomb: a category honeycomb that morphs into a category's grid of hexagons, whose cells open a detail
/// panel between their rows.
///
/// The rules live in `HoneycombRules` (a pure reducer over `HoneycombState`); where everything belongs in a state
/// is `HoneycombTargets`. This screen wires small components (the categories, the grid and its scroll, the panel,
/// the header, the focus ring), hands them the state after every change, and turns keys into actions; the
/// components animate each layer towards its target with springs, so any change of mind (back in the middle of a
/// morph, another cell while a panel opens) retargets from where every layer is, with the velocity it has.
public final class HoneycombScreen: Screen {
    /// The app's state, run through `HoneycombRules`.
    let store: Store<HoneycombRules>
    /// The app's state now; it changes only through the store's actions.
    public var state: HoneycombState { store.state }
    /// What the screen keeps between frames besides the state (the image files, the targets of the last state).
    var viewState: HoneycombViewState
    /// Every motion parameter, named (see `HoneycombTuning`); `applyTuning` changes them live.
    public private(set) var motionTuning = HoneycombTuning()
    let field: Layer
    let banner = Banner()
    let feed: HoneycombFeed?
    /// Opening links and the log.
    public var environment: HoneycombEnvironment
    /// Problems found in the data before the screen appeared, sent to the rules (which log them) when it does.
    let startupProblems: [String]

    // The components, made in the order their layers stack.
    /// How every hexagon moves, shared by the components.
    private let motion: HoneycombMotion
    private let gridScroll: HoneycombGridScroll
    private let panel: HoneycombPanel
    private let header: HoneycombHeader
    /// The category honeycomb and the grid's cells (the debug overlay and tests read their hexagons).
    let categories: HoneycombCategories
    let grid: HoneycombGrid

    /// A honeycomb over `categories`, with no data layer (tests, the programmatic API, an app hosting the Honeycomb as
    /// its component), `logoFile` (an SVG or PNG file) in the middle of the category honeycomb: the bundled logo unless
    /// the host gives its own.
    public convenience init(categories: [HoneycombNode], imageFiles: [String: String] = [:], environment: HoneycombEnvironment = .logging(to: Log.line),
                            logoFile: String? = nil) {
        self.init(categories: categories, imageFiles: imageFiles, feed: nil, problems: [], environment: environment, logoFile: logoFile)
    }

    /// A honeycomb on the data layer: the bundled or saved nodes at once, then a refresh in the background.
    /// - Parameter feed: the data layer: the nodes shown at once, the refresh, and the pictures fetched late.
    /// - Parameter environment: how the screen opens Learn More links and writes to the log.
    /// - Parameter problems: problems met before the feed was made (the bundled file unreadable), logged after the
    ///   feed's own when the screen appears.
    public convenience init(feed: HoneycombFeed, environment: HoneycombEnvironment, problems: [String] = []) {
        let initial = feed.initial()
        self.init(categories: initial.categories, imageFiles: initial.imageFiles, feed: feed, problems: initial.problems + problems,
                  environment: environment, logoFile: nil)
    }

    private init(categories nodes: [HoneycombNode], imageFiles: [String: String], feed: HoneycombFeed?, problems: [String], environment: HoneycombEnvironment,
                 logoFile: String?) {
        let store = Store<HoneycombRules>(HoneycombState(categories: nodes, size: Size(width: 1024, height: 768), imageFiles: imageFiles))
        // Every component reports what a person did through the store, as the screen's own `send` does.
        let send: (HoneycombAction) -> Void = { [store] in store.send($0) }
        let motion = HoneycombMotion()
        let field = Layer(identifier: "honeycomb")
        self.store = store
        viewState = HoneycombViewState()
        self.feed = feed
        startupProblems = problems
        self.environment = environment
        self.field = field
        self.motion = motion
        let scroll = HoneycombGridScroll(in: field, animator: { [motion] in motion.animator })
        gridScroll = scroll
        panel = HoneycombPanel(in: scroll.content, motion: motion, send: send)
        header = HoneycombHeader(in: field, motion: motion, send: send)
        categories = HoneycombCategories(field: field, motion: motion, logoFile: logoFile ?? HoneycombCategories.bundledLogoFile, send: send)
        grid = HoneycombGrid(in: scroll.content, motion: motion, send: send)
        super.init(identifier: "honeycomb.screen")
        store.performEffects { [unowned self] in self.perform($0) }
        runsEffects(of: store)
        motion.connect(animator: { [unowned self] in self.animator }, reduceMotion: { [unowned self] in self.settings.reduceMotion },
                       tuning: { [unowned self] in self.motionTuning })
    }

    public override var stateName: String { state.stateName }

    /// The category whose grid is on stage ("Space"), once the morph into it is over; none among the categories. An
    /// open cell's panel keeps its category as the place.
    public override var placeName: String? {
        guard case .grid(let id) = state.phase else { return nil }
        return state.categories.first { $0.id == id }?.title
    }

    // MARK: Life

    public override func didAppear(size: Size) {
        header.texts = settings.localization
        panel.texts = settings.localization
        categories.texts = settings.localization
        grid.texts = settings.localization
        send(.resized(size))
        banner.onShow = { [weak self] in self?.stage?.announce($0) }  // said, as it shows
        measurePanelTexts()
        root.backgroundColor = Palette.paper
        field.frame = Rect(origin: .zero, size: size)
        root.addSublayer(field)
        gridScroll.layout(size: size)
        gridScroll.show(nil, gridShows: state.shownCategory != nil)
        banner.add(to: root, size: size, zPosition: 6)
        // Wide enough for "No browser opened the link — copied it: " and a usual address on one line.
        banner.place(in: size, width: min(size.width - 48, 760))
        categories.assemble(state.categories, geometry: geometry)
        categories.showEmptyNote(state.categories.isEmpty, geometry: geometry)
        root.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.tapBackground) }]
        root.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        send(.startupProblems(startupProblems))
        menuActionsDidChange()
        sync()
        store.follow { [unowned self] before in self.follow(from: before) }
        send(.appeared)
    }

    /// The stage was resized: the honeycomb, the grid and an open panel are laid out for the new size (the rules' own
    /// geometry, `HoneycombGeometry`), their hexagons grown or shrunk and put there at once; the grid's scroll keeps
    /// the open panel in view, as it does when the panel opens.
    public override func didResize(to size: Size) {
        field.frame = Rect(origin: .zero, size: size)
        gridScroll.layout(size: size)
        banner.place(in: size, width: min(size.width - 48, 760))
        send(.resized(size))  // follows with a sync: every layer's target is the new layout's
        measurePanelTexts()
        let targets = self.targets
        categories.resize(to: targets, geometry: geometry)
        grid.titleScale = geometry.textScale
        if let shown = state.shownCategory { grid.resize(to: targets, radius: geometry.grid(count: shown.children.count).circumradius) }
        grid.showEmptyNote(for: emptyGridCategory, in: geometry.gridArea)
        panel.settle()
    }

    /// Off the stage: the late pictures are no longer asked for.
    public override func willDisappear() { feed?.stop() }

    public override func update(dt: Double) {
        motion.advance(by: dt)
        // The late pictures of the category on screen are asked for first.
        feed?.prefer(state.shownCategory)
        motion.runDueMoves()
        if case .morph(_, let forward) = state.phase, morphHasArrived() {
            // Back on the categories, the cells that shrank into theirs are done with.
            if !forward { grid.removeAll() }
            send(.morphFinished)
        }
        gridScroll.reveal(focusedHexagon, in: geometry.gridArea) { id in
            guard let target = targets.cells[id], let view = grid.view(id) else { return nil }
            let radius = view.container.bounds.height / 2
            return (target.centre.y - radius, target.centre.y + radius)
        }
        gridScroll.update(dt: dt)
        banner.update(dt: dt, animator: animator)
    }

    /// At rest unless a morph is under way, a staggered move waits its turn, or a banner counts down.
    public override var isAtRest: Bool {
        if case .morph = state.phase { return false }
        return !motion.hasWaitingMoves && !banner.isCounting && !gridScroll.isIndicatorFading
    }

    public override var debugShapes: [DebugShape] { overlayShapes }

    public override var tuning: Tuning? { motionTuning.tuning }

    /// New values apply to every animation and stagger started from now on.
    public override func applyTuning(_ tuning: Tuning) {
        if tuning.app == HoneycombTuning.app { motionTuning = HoneycombTuning(tuning) }
    }

    /// Applies an action through the store: the rules change the state, the effects are carried out, and the
    /// layers move.
    @discardableResult
    public func send(_ action: HoneycombAction) -> Reduction<HoneycombState, HoneycombEffect> { store.send(action) }

    private func perform(_ effect: HoneycombEffect) -> Effect<HoneycombAction> {
        switch effect {
        case .openLink(let link):
            // What the opener answers comes back to the rules: a banner for a link opened; for one no browser took,
            // a sentence and the link copied; for one that is no web address, a line in the log.
            let open = environment.openLink
            return .run(id: EffectID(HoneycombWork.openLink)) { send in
                do {
                    try await open(link)
                    send(.linkOpened(link))
                } catch let refused as LinkRefused {
                    send(.linkRefused(link, reason: refused.reason))
                } catch {
                    send(.linkNotOpened(link, reason: "\(error)"))
                }
            }
        case .copyToClipboard(let text): stage?.textInput.clipboard.setText(text)
        case .log(let line): environment.log(line)
        case .showBanner(let message): banner.show(settings.localization(message), animator: animator, measure: stage?.textInput.measure)
        case .leave: break  // the key goes on to the shell (`handleKey` returns false)
        case .focusHexagon(let id, let fromAHexagonOnly): focus(hexagon: id, fromAHexagonOnly: fromAHexagonOnly)
        case .refresh:
            guard let refresh = feed?.refreshWork else { break }
            return .run(id: EffectID(HoneycombWork.refresh)) { send in send(Self.arrival(of: await refresh())) }
        case .fetchLatePictures(let urls):
            // Not counted as work in progress: a picture lands whenever the server sends it, and a scenario does not
            // wait for the rounds.
            guard let fetch = feed?.latePicturesWork(urls) else { break }
            return .listen(id: EffectID(HoneycombWork.latePictures)) { send in await fetch { send(.picturesLanded($0)) } }
        }
        return .none
    }

    /// A snapshot from the data layer (the refresh's, or one a test or the API hands over) as the rules take it.
    func receive(_ snapshot: HoneycombSnapshot) { send(Self.arrival(of: snapshot)) }

    /// The action a snapshot arrives as: its nodes, problems and pictures.
    static func arrival(of snapshot: HoneycombSnapshot) -> HoneycombAction {
        .snapshotArrived(categories: snapshot.categories, problems: snapshot.problems, refreshFailed: snapshot.refreshFailed,
                         showingSaved: snapshot.source == .saved, imageFiles: snapshot.imageFiles, latePictures: snapshot.lateImages)
    }

    /// Follows the state after an action: every component towards its targets; a snapshot's categories laid out
    /// anew (the panel's texts measured again, a hexagon made for each category that has none); new pictures drawn.
    private func follow(from before: HoneycombState) {
        // Only what moves hexagons retargets them: a snapshot that brought the same categories (or only pictures)
        // leaves the entrance's staggered flights to their turn.
        var placesBefore = before
        placesBefore.imageFiles = state.imageFiles
        placesBefore.snapshotsArrived = state.snapshotsArrived
        if placesBefore != state { sync(from: before) }
        // Learn More had the focus and its panel closed or turned to another cell: the focus goes back to the cell it
        // stood after, as a closed panel's controls hand the focus back to what opened it.
        if let closed = before.openCell, state.openCell != closed, let focus = stage?.keyboardFocus,
           let focused = focus.focused, focused === panel.learnMoreButton {
            focus.request { [weak self] in self?.grid.view(closed)?.container }
        }
        // A panel that opens is said as it shows, its heading and its words (issue #58: Return said only
        // "expanded", and the panel's text was heard only after a Tab).
        if let open = state.openCell, open != before.openCell, let node = state.node(open) {
            // The heading ends in a full stop unless it has its own punctuation ("Fern. Among…", "Why? Because…").
            let heading = node.detail.label.trimmingCharacters(in: .whitespaces)
            let opening: String
            if let last = heading.last { opening = heading + (last.isPunctuation ? " " : ". ") } else { opening = "" }
            stage?.announce(opening + node.detail.text)
        }
        if state.snapshotsArrived != before.snapshotsArrived {
            measurePanelTexts()
            if shownCategoryIDs != Self.shownCategoryIDs(of: before) {
                categories.replace(with: state.categories, geometry: geometry)
                sync()
            }
            refreshAllViews()
            menuActionsDidChange()
        } else if state.imageFiles != before.imageFiles {
            refreshAllViews()
        }
    }

    /// Measures every cell's description at the panel's text width, for the rules to size the panel by.
    func measurePanelTexts() {
        guard let measure = stage?.textInput.measure else { return }
        send(.panelTextMeasured(HoneycombPanel.textHeights(of: state.categories, width: geometry.panelTextWidth, measure: measure)))
    }

    /// The categories that have a hexagon, in order.
    private var shownCategoryIDs: [String] { Self.shownCategoryIDs(of: state) }

    /// The categories that have a hexagon in `state`, in order.
    private static func shownCategoryIDs(of state: HoneycombState) -> [String] {
        state.categories.prefix(HoneycombDocument.maximumCategories).map(\.id)
    }

    // MARK: Following the state

    var geometry: HoneycombGeometry { HoneycombGeometry(size: state.size) }

    /// Where every layer belongs in the current state, worked out once per state: a morph asks every frame whether
    /// it has arrived, and working the layouts out anew each time would allocate on every frame.
    var targets: HoneycombTargets {
        if let known = viewState.targets, known.state == state { return known.targets }
        let targets = HoneycombTargets(state: state)
        viewState.targets = (state, targets)
        return targets
    }

    /// Hands every component the current state (compared with `previous`, the state before the last action), so
    /// each moves its layers towards their targets.
    func sync(from previous: HoneycombState? = nil) {
        let targets = self.targets
        // Cells grow out staggered only as a morph into a grid begins.
        var entering = false
        if case .morph(_, true) = state.phase { entering = previous?.phase != state.phase }
        if let shown = state.shownCategory {
            let fromOtherGrid = previous.map { $0.shownCategory != nil && $0.shownCategory?.id != shown.id } ?? false
            grid.titleScale = geometry.textScale
            grid.prepare(shown, radius: geometry.grid(count: shown.children.count).circumradius,
                         origin: fromOtherGrid ? geometry.gridArea.center : targets.origin, fadeOthers: fromOtherGrid, imageFiles: state.imageFiles)
            header.name(shown)
        }
        // The first sync leaves the entrance's staggered flights waiting their turn; any later change retargets at once.
        // New data dropped the category on screen: the rules went back to the categories with no morph, and its
        // cells fade away where they are (they stayed, taking the hover, under the new categories).
        if state.shownCategory == nil, !grid.isEmpty { grid.fadeOut() }
        categories.move(state.categories, to: targets, holdingEntrance: previous == nil)
        grid.move(to: targets, entering: entering)
        header.show(targets.backVisible)
        grid.showEmptyNote(for: emptyGridCategory, in: geometry.gridArea)
        if previous.map({ $0.menuCategory != state.menuCategory }) ?? true { menuActionsDidChange() }
        panel.show(targets.panel, node: openNode, imageFiles: state.imageFiles)
        gridScroll.show(targets.panel, gridShows: state.shownCategory != nil)
        describeForScreenReaders()
    }

    /// The category whose grid shows with no cell in it (its data has none), if that is what is on screen.
    private var emptyGridCategory: HoneycombNode? {
        guard case .grid = state.phase, let shown = state.shownCategory, shown.children.isEmpty else { return nil }
        return shown
    }

    /// The open cell's node, if a panel is open.
    private var openNode: HoneycombNode? { state.openCell.flatMap(state.node) }

    /// Fills every view from the state again (after new data or an API change), with a small pop on the ones
    /// whose node changed.
    func refreshAllViews(changed: Set<String> = []) {
        categories.refresh(state.categories)
        grid.refresh(state.categories, imageFiles: state.imageFiles)
        for id in changed {
            if let view = categories.view(id) ?? grid.view(id) { motion.pop(view) }
        }
        if let openNode { panel.fill(openNode, imageFiles: state.imageFiles) }
    }

    /// Whether the morph's visible hexagons have reached their places (invisible ones may still be flying).
    private func morphHasArrived() -> Bool {
        guard !motion.hasWaitingMoves else { return false }
        let targets = self.targets
        return categories.haveArrived(at: targets) && grid.haveArrived(at: targets)
    }

    /// What the Honeycomb is to a screen reader: the categories and the cells as buttons named by their titles, with
    /// their place ("row 2, cell 3") and a press that does what a tap does; the open panel as a region with its
    /// title, its text and Learn More as a link; Back. The keyboard's focus ring is the screen reader's focus.
    private func describeForScreenReaders() {
        field.accessibility = nil
        categories.describe(state)
        grid.describe(state, geometry: geometry)
        header.describe(state.shownCategory)
        panel.describe(openNode)
    }

    // MARK: Menu and keys

    public override var menuActions: [MenuAction] {
        // The entry for what shows is marked: the category whose grid is on screen (or being entered), else All categories.
        let shown = state.menuCategory
        return [MenuAction(id: "categories", title: settings.localization(HoneycombText.allCategories), isCurrent: shown == nil) { [weak self] in self?.send(.showCategory(nil)) }]
            + state.categories.prefix(HoneycombDocument.maximumCategories).map { category in
                MenuAction(id: "category.\(category.id)", title: category.title, isCurrent: shown == category.id) { [weak self] in
                    self?.send(.showCategory(category.id))
                }
            }
    }

    /// The keys the Honeycomb leaves (Tab over the hexagons and Back) go to the stage's keyboard focus.
    public override var usesKeyboardFocus: Bool { true }

    /// Opened by a key: the focus starts on the first category (an arrow with no focus yet lands on the first hexagon).
    public override func keyboardFocusArrives() { send(.moveFocus(.right, from: nil)) }

    /// The hexagon the stage's keyboard focus is on, or whose panel's Learn More it is on.
    private var focusedHexagon: String? {
        let focused = stage?.keyboardFocus.focused
        if let focused, focused === panel.learnMoreButton { return state.openCell }
        return hexagon(focused)
    }

    /// Carries out the rules' `focusHexagon`: the stage's keyboard focus goes to hexagon `id` once it shows (more
    /// than half faded in), from wherever it is, or only from a hexagon (or its panel) that is going away.
    private func focus(hexagon id: String, fromAHexagonOnly: Bool) {
        guard let focus = stage?.keyboardFocus else { return }
        if fromAHexagonOnly, focusedHexagon == nil { return }
        focus.request { [weak self] in
            guard let self, self.state.node(id) != nil else { return .gone }
            guard let view = self.categories.view(id) ?? self.grid.view(id), view.container.opacity > 0.5 else { return .notYet }
            return .control(view.container)
        }
    }

    /// The hexagon whose layer is `layer`, if it is one.
    private func hexagon(_ layer: Layer?) -> String? {
        guard let id = layer?.identifier?.split(separator: ".", maxSplits: 1).last.map(String.init) else { return nil }
        return (categories.view(id) ?? grid.view(id))?.container === layer ? id : nil
    }

    /// Tab over the Honeycomb: Learn More stands in the Tab order just after its open cell. Tab from the cell (or from
    /// nothing) goes to it, and Shift-Tab from the stop after the cell; Tab from it goes on from the cell, Shift-Tab back
    /// to the cell. Anything else is the stage's keyboard focus's (Back, the other hexagons, and round). Returns whether
    /// the key was used here.
    private func tab(backwards: Bool, onLearnMore: Bool) -> Bool {
        guard let stage, let open = state.openCell, let cell = grid.view(open)?.container else { return false }
        let focus = stage.keyboardFocus
        if onLearnMore {
            focus.focus(cell)
            return backwards  // forwards, the stage's focus goes on from the cell
        }
        guard state.node(open)?.detail.learnMore != nil else { return false }
        let focused = focus.focused
        let reachesLearnMore = backwards
            ? focused.map { focus.stop(after: $0, backwards: true, under: stage.root) === cell && $0 !== cell } ?? false
            : focused == nil || focused === cell
        guard reachesLearnMore else { return false }
        focus.focus(panel.learnMoreButton)
        return true
    }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        let focused = stage?.keyboardFocus.focused
        let onLearnMore = focused != nil && focused === panel.learnMoreButton
        // With the keyboard focus on a control that is no hexagon (Back, Learn More), Enter and Space are that control's.
        if event.key == .enter || event.key == .space, focused != nil, hexagon(focused) == nil { return false }
        switch event.key {
        case .left: send(.moveFocus(.left, from: focusedHexagon))
        case .right: send(.moveFocus(.right, from: focusedHexagon))
        case .up: send(.moveFocus(.up, from: focusedHexagon))
        case .down: send(.moveFocus(.down, from: focusedHexagon))
        case .enter, .space: send(.activate(focusedHexagon))
        case .tab:
            return tab(backwards: event.modifiers.contains(.shift), onLearnMore: onLearnMore)
        case .pageUp, .pageDown, .home, .end: return gridScroll.handleKey(event.key, gridShows: state.shownCategory != nil)
        case .escape:
            // Esc at the top is the shell's: back to the gallery.
            if send(.escape).effects.contains(.leave) { return false }
        default:
            return false
        }
        return true
    }
}

/// The Honeycomb's runs, by name.
enum HoneycombWork: Hashable, Sendable {
    /// The data layer's refresh.
    case refresh
    /// The late pictures' rounds.
    case latePictures
    /// A Learn More link handed to the desktop, until its opener answers (a second press replaces it).
    case openLink
}
