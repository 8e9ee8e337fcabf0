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
/// is `HoneycombTargets`. This screen only keeps one layer per hexagon and animates each towards its target with
/// springs, so any change of mind (back in the middle of a morph, another cell while a panel opens) retargets
/// from where every layer is, with the velocity it has: nothing ever jumps.
public final class HoneycombScreen: Screen {
    /// The app's state, run through `HoneycombRules`.
    let store: Store<HoneycombRules>
    /// The app's state now; it changes only through the store's actions.
    public var state: HoneycombState { store.state }
    /// What the screen keeps between frames besides the state (its stagger clock, the panel's place).
    var viewState = HoneycombViewState()
    /// Every motion parameter, named (see `HoneycombTuning`); `applyTuning` changes them live.
    public private(set) var motionTuning = HoneycombTuning()
    /// Image URL → checked local file, from the data layer.
    var imageFiles: [String: String]
    var categoryViews: [String: HexCellView] = [:]
    var logoView: HexCellView?
    /// The shown category's cells, and which category they belong to.
    var cellViews: [String: HexCellView] = [:]
    var cellsCategory: String?
    /// The targets of the last state asked about (see `targets`).
    var targetsOfState: (state: HoneycombState, targets: HoneycombTargets)?
    let field = Layer(identifier: "honeycomb")
    /// The grid's scroll view (`grid.scroll`, see `HoneycombScreen+Scroll`), made in `didAppear`, and the layer in
    /// it that holds the cells, the panel and its arrow in stage coordinates.
    var gridScroll: ScrollView?
    let gridContent = Layer()
    let panel = Layer(identifier: "panel")
    let arrow = Layer(identifier: "panel.arrow")
    let panelImage = Layer(identifier: "panel.image")
    /// The hexagon of the cell's colour that the panel's picture sits on, as it does in the cell.
    let panelBackdrop = Layer()
    let panelTitle = Layer(identifier: "panel.title")
    let panelText = Layer(identifier: "panel.text")
    let learnMore = Layer(identifier: "panel.learn-more")
    let back = Layer(identifier: "back")
    let gridTitle = Layer(identifier: "grid.title")
    let focusRing = Layer(identifier: "focus")
    /// Said in the middle of the stage when the data has no category at all (made only then).
    var emptyNote: Layer?
    let banner = Banner()
    let feed: HoneycombFeed?
    /// Opening links and the log.
    public var environment: HoneycombEnvironment
    /// Problems found in the data, logged once when the screen appears.
    var startupProblems: [String]

    static let logoFile = HoneycombResources.folder.appendingPathComponent("logo.svg").path
    static let refreshFailedMessage = "Couldn’t update the honeycomb — showing saved cells"

    /// A honeycomb over `categories`, with no data layer (tests, the programmatic API).
    public init(categories: [HoneycombNode], imageFiles: [String: String] = [:], environment: HoneycombEnvironment = .logging(to: Log.line)) {
        store = Store(HoneycombState(categories: categories, size: Size(width: 1024, height: 768)))
        self.imageFiles = imageFiles
        self.feed = nil
        self.startupProblems = []
        self.environment = environment
        super.init(identifier: "honeycomb.screen")
        store.performEffects { [unowned self] in self.perform($0) }
    }

    /// A honeycomb on the data layer: the bundled or saved nodes at once, then a refresh in the background.
    public init(feed: HoneycombFeed, environment: HoneycombEnvironment) {
        let initial = feed.initial()
        store = Store(HoneycombState(categories: initial.categories, size: Size(width: 1024, height: 768)))
        imageFiles = initial.imageFiles
        self.feed = feed
        startupProblems = initial.problems
        self.environment = environment
        super.init(identifier: "honeycomb.screen")
        store.performEffects { [unowned self] in self.perform($0) }
    }

    public override var stateName: String { state.stateName }

    // MARK: Life

    public override func didAppear(size: Size) {
        send(.resized(size))
        root.backgroundColor = Palette.paper
        field.frame = Rect(origin: .zero, size: size)
        root.addSublayer(field)
        buildGridScroll(size: size)
        buildChrome(size: size)
        rebuildCategoryViews(assemble: true)
        showEmptyNoteIfNeeded()
        root.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.tapBackground) }]
        root.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        for problem in startupProblems { log(problem) }
        feed?.startRefresh(counting: stage?.backgroundWork)
        menuActionsDidChange()
        sync()
        store.follow { [unowned self] before in self.sync(from: before) }
    }

    public override func update(dt: Double) {
        viewState.time += dt
        if let snapshot = feed?.take() { receive(snapshot) }
        runPendingMoves()
        if case .morph(_, let forward) = state.phase, morphHasArrived() {
            // Back on the categories, the cells that shrank into theirs are done with.
            if !forward { removeCellViews() }
            send(.morphFinished)
        }
        followFocus()
        scrollFocusIntoView()
        updateGridScroll(dt: dt)
        banner.update(dt: dt, animator: animator)
    }

    /// At rest unless a morph is under way, a staggered move waits its turn, or a banner counts down.
    public override var isAtRest: Bool {
        if case .morph = state.phase { return false }
        return viewState.pending.isEmpty && !banner.isCounting && gridScroll?.isShowingIndicator != true
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

    private func perform(_ effect: HoneycombEffect) {
        switch effect {
        case .openLink(let link):
            environment.openLink(link)
            banner.show("Learn More: \(link)", animator: animator)
        case .leave:
            break  // the key goes on to the shell (`handleKey` returns false)
        }
    }

    func receive(_ snapshot: HoneycombSnapshot) {
        for problem in snapshot.problems { log(problem) }
        imageFiles = snapshot.imageFiles
        let shownBefore = state.categories.prefix(HoneycombDocument.maximumCategories).map(\.id)
        send(.nodesArrived(snapshot.categories))
        if state.categories.prefix(HoneycombDocument.maximumCategories).map(\.id) != shownBefore {
            replaceCategoryViews()
            sync()
        }
        refreshAllViews()
        menuActionsDidChange()
        if snapshot.refreshFailed { banner.show(Self.refreshFailedMessage, animator: animator) }
    }

    func log(_ message: String) {
        environment.log("honeycomb: \(message)")
    }

    // MARK: Menu and keys

    public override var menuActions: [MenuAction] {
        [MenuAction(id: "categories", title: "All categories") { [weak self] in self?.send(.showCategory(nil)) }]
            + state.categories.prefix(HoneycombDocument.maximumCategories).map { category in
                MenuAction(id: "category.\(category.id)", title: category.title) { [weak self] in self?.send(.showCategory(category.id)) }
            }
    }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .left: send(.moveFocus(.left))
        case .right: send(.moveFocus(.right))
        case .up: send(.moveFocus(.up))
        case .down: send(.moveFocus(.down))
        case .enter, .space: send(.activateFocus)
        case .pageUp, .pageDown, .home, .end: return handleGridScrollKey(event.key)
        case .escape:
            // Esc at the top is the shell's: back to the gallery.
            if send(.escape).effects.contains(.leave) { return false }
        default:
            return false
        }
        return true
    }
}
