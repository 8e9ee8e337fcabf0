import KineticData
import Foundation
import KineticCore
import KineticRuntime
import KineticScene

/// Disguise-O-Rama: the splash, the new-user intro, and the wheel of costume bubbles around Scotch.
///
/// The rules live in `DisguiseRules` (a pure reducer over `DisguiseState`). This screen makes the components (the
/// splash, Scotch, the intro, the wheel and the titles), hands them the state, turns input into actions, and carries
/// out the rules' effects through its `DisguiseEnvironment`. One screen plays the whole sequence, so every hand-over
/// (splash → intro → wheel) is seamless: the same Scotch stays on stage throughout and only moves and scales.
public final class DisguiseScreen: Screen {
    /// The app's state, run through `DisguiseRules`.
    let store: Store<DisguiseRules>
    /// The app's state now; it changes only through the store's actions.
    public var state: DisguiseState { store.state }
    /// Every motion parameter, named (see `DisguiseTuning`); `applyTuning` changes them live.
    public private(set) var motionTuning = DisguiseTuning()
    var layout = DisguiseLayout(size: Size(width: 1024, height: 768))
    /// Problems with the catalogue found before the screen appeared, logged when it does.
    public private(set) var problems: [String]

    /// Where new costumes come from, if anywhere.
    let feed: CostumeFeed?
    /// Disk and log; the live one (in the stage's data folder) unless one was given.
    var environment: DisguiseEnvironment?
    let banner = Banner()

    // The components, made when first asked for (at `didAppear`): each reports what the person did through `send`.
    lazy var splash = DisguiseSplash()
    lazy var scotch = ScotchFigure(send: { [weak self] in _ = self?.send($0) })
    lazy var intro = IntroPager(send: { [weak self] in _ = self?.send($0) })
    lazy var wheelView = CostumeWheelView(send: { [weak self] in _ = self?.send($0) })
    lazy var titles = CostumeTitles()
    lazy var pages = CostumePages(send: { [weak self] in _ = self?.send($0) })

    /// - Parameters:
    ///   - costumes: the catalogue to start with (the bundled costumes by default), with no data layer.
    ///   - environment: disk and log (by default the live ones, in the stage's data folder).
    public init(costumes: [Costume]? = nil, environment: DisguiseEnvironment? = nil) {
        let catalogue: (costumes: [Costume], problems: [String]) = costumes.map { ($0, []) } ?? BundledCostumes.load()
        store = Store(DisguiseState(costumes: catalogue.costumes))
        problems = catalogue.problems
        feed = nil
        self.environment = environment
        super.init(identifier: "disguise")
        store.performEffects { [unowned self] in self.perform($0) }
        runsEffects(of: store)
    }

    /// Starts on the feed's bundled and saved costumes and refreshes from the network in the background.
    public init(feed: CostumeFeed, bundledProblems: [String] = [], environment: DisguiseEnvironment? = nil) {
        let initial = feed.initial()
        var state = DisguiseState(costumes: initial.costumes)
        if let order = initial.intro {  // a served order saved by an earlier refresh
            state.introPages = IntroPage.pages(for: order)
            state.servedIntroPages = state.introPages
        }
        store = Store(state)
        problems = bundledProblems + initial.problems
        self.feed = feed
        self.environment = environment
        super.init(identifier: "disguise")
        store.performEffects { [unowned self] in self.perform($0) }
        runsEffects(of: store)
    }

    public override var stateName: String { state.stateName }

    public override var menuActions: [MenuAction] {
        [MenuAction(id: "replay-intro", title: settings.localization(DisguiseText.replayIntro)) { [weak self] in self?.send(.replayIntro) }]
    }

    /// The wheel's physics, while the wheel is on stage.
    var wheel: CostumeWheel? { wheelView.physics }

    /// What the components keep between frames: the intro's scroll and the finger on the wheel.
    var viewState: DisguiseViewState { DisguiseViewState(intro: intro.viewState, drag: wheelView.drag) }

    // MARK: Life

    public override func didAppear(size: Size) {
        layout = DisguiseLayout(size: size)
        banner.onShow = { [weak self] in self?.stage?.announce($0) }  // said, as it shows
        let environment = self.environment ?? .live(dataDirectory: settings.dataDirectory)
        self.environment = environment
        if settings.freshStart && !isReturnVisit { save(introCompleted: false) }  // a fresh start is the run's first visit
        send(.progressLoaded(introCompleted: environment.loadIntroCompleted()))
        root.gestureRecognizers = [PanRecognizer { [weak self] in self?.wheelView.dragWheel($0) }]
        root.onWheel = { [weak self] event in
            guard let self else { return false }
            return self.wheelView.scrolled(event, spin: self.motionTuning.keySpin)
        }
        buildLayers()
        store.follow { [unowned self] before in self.follow(from: before) }
        send(.catalogueProblems(problems, refreshFailed: false, showingSaved: false))
        send(.appeared)
        if isReturnVisit { send(.skipSplash) }
    }

    /// A size the stage took while a transition played (the splash or the intro leaving, the bubbles on their way
    /// home), laid out once it is over.
    private var pendingSize: Size?

    /// Everything is laid out again for the new size, by the proportions `DisguiseLayout` keeps (Scotch and the wheel
    /// centred across, at the same fraction of the height), and put where the state has it at once: the wheel turned
    /// as it was, every bubble on its spoke. During a transition the new layout waits for its end.
    public override func didResize(to size: Size) {
        if isInTransition { pendingSize = size } else { relayOut(for: size) }
    }

    /// Whether one phase is giving way to the next (its animation's end moves the rules on).
    private var isInTransition: Bool {
        switch state.phase {
        case .splashLeaving, .introLeaving, .returning: return true
        default: return false
        }
    }

    /// Lays the screen out for `size` from the state, as `didResize(to:)` says.
    private func relayOut(for size: Size) {
        pendingSize = nil
        let angle = wheel?.angle ?? 0
        let old = layout, centres = wheelView.bodyCentres
        layout = DisguiseLayout(size: size)
        buildLayers()
        switch state.phase {
        case .intro(let page):
            placeWithoutSplash()
            intro.show(page: page)
        case .wheel:
            placeWithoutSplash()
            wheelView.rebuild(state, moves, angle: angle)
        case .selected(let id):
            placeWithoutSplash()
            let fallen = centres.mapValues { layout.carried($0, from: old) }
            if let costume = wheelView.rebuildWearing(id, state, moves, angle: angle, fallen: fallen) {
                titles.showAtOnce(costume, measure: requiredStage.textInput.measure, layout)
            }
        default:
            break
        }
    }

    /// The ☰ stays off the launch screen and the intro, which fill the stage with their own art and button.
    public override var showsMenuButton: Bool {
        switch state.phase {
        case .splash, .splashLeaving, .intro, .introLeaving: return false
        default: return true
        }
    }

    public override func update(dt: Double) {
        banner.update(dt: dt, animator: animator)
        wheelView.step(dt: dt)
        send(.tick(dt, splashDuration: motionTuning.splashDuration))
        intro.turnPendingPage()
        if state.phase == .returning, wheel?.springsAreNormal == true { send(.wheelSettled) }
        if let pendingSize, !isInTransition { relayOut(for: pendingSize) }
        intro.layOutText()
    }

    /// At rest unless a clock is running: the splash's, a banner's, the wheel's physics, or a step that will move
    /// the rules on (bubbles home and about to stiffen, arrivals about to join).
    public override var isAtRest: Bool {
        switch state.phase {
        case .splash, .returning: return false
        case .intro where intro.hasPendingPress: return false
        case .wheel where !state.pendingCostumes.isEmpty: return false
        default: return !banner.isCounting && (wheel?.isResting ?? true)
        }
    }

    public override var debugShapes: [DebugShape] { wheel?.overlayShapes(finger: wheelView.drag.lastDrag) ?? [] }

    public override var tuning: Tuning? { motionTuning.tuning }

    /// New values take effect at once: the splash's time and an arrow key's speed (sent with the next tick and key),
    /// the wheel's physics, and every animation started from now on.
    public override func applyTuning(_ tuning: Tuning) {
        guard tuning.app == DisguiseTuning.app else { return }
        motionTuning = DisguiseTuning(tuning)
        wheelView.apply(motionTuning)
    }

    /// Applies an action through the store: the rules change the state, the effects are carried out, and the
    /// layers follow.
    /// - Returns: whether the action did anything (changed the state or asked for an effect).
    @discardableResult
    public func send(_ action: DisguiseAction) -> Bool { store.send(action).didSomething }

    /// The data layer hands over costumes (a refresh from the server, say): new ones fly out from behind Scotch as
    /// soon as the wheel is whole.
    public func receive(_ incoming: [Costume]) { send(.costumesArrived(incoming)) }

    /// Carries out one effect through the environment; a failure comes back to the rules as an action.
    private func perform(_ effect: DisguiseEffect) -> Effect<DisguiseAction> {
        switch effect {
        case .saveProgress(let completed): save(introCompleted: completed)
        case .log(let line): environment?.log(line)
        case .showBanner(let message):
            placeBanner()
            banner.show(settings.localization(message), animator: animator, measure: stage?.textInput.measure)
        case .focusFirstCostume(let fromACostumeOnly):
            guard let focus = stage?.keyboardFocus else { break }
            // (A turned page's old bubbles are still here as this is carried out: the focus is on one of them.)
            if fromACostumeOnly, focus.focused != nil, wheelView.costume(inBubble: focus.focused) == nil { break }
            focus.request { [weak self] in self?.wheelView.bubble(at: 0) }
        case .refreshCatalogue:
            guard let refresh = feed?.refreshWork else { return .none }
            return .run(id: EffectID(DisguiseWork.refresh)) { send in
                for action in Self.actions(for: await refresh()) { send(action) }
            }
        }
        return .none
    }

    /// What a refresh of the catalogue tells the rules: what went wrong, the costumes, and the intro's served order.
    static func actions(for snapshot: CatalogSnapshot) -> [DisguiseAction] {
        var actions: [DisguiseAction] = [
            .catalogueProblems(snapshot.problems, refreshFailed: snapshot.refreshFailed, showingSaved: snapshot.sources.values.contains(.saved),
                               failure: snapshot.failure ?? .unreachable, leftOutForPictures: snapshot.leftOutForPictures.count),
            .catalogueChanged(snapshot.costumes),
        ]
        if let order = snapshot.intro { actions.append(.introOrdered(IntroPage.pages(for: order), variant: order.variant)) }
        return actions
    }

    private func save(introCompleted: Bool) {
        do { try environment?.saveIntroCompleted(introCompleted) } catch { send(.progressNotSaved("\(error)")) }
    }

    // MARK: Keys

    /// The keys Disguise-O-Rama leaves (↑/↓ through the costumes as a list, Tab on the splash and Scotch) go to the
    /// stage's keyboard focus.
    public override var usesKeyboardFocus: Bool { true }

    /// The place on the wheel of the costume whose bubble has the stage's keyboard focus, if one has.
    private var focusedPlace: Int? {
        wheelView.costume(inBubble: stage?.keyboardFocus.focused).flatMap { state.wheel.firstIndex(of: $0) }
    }

    public override func handleKey(_ event: KeyEvent) -> Bool {
        // Tab goes round the costumes, one bubble at a time; past the last (or before the first), and from anything
        // else, it is the stage's keyboard focus's, on to the menu's button and back round to the wheel.
        if event.key == .tab {
            guard state.wheelIsInteractive, let focus = stage?.keyboardFocus else { return false }
            if focus.focused == nil, let first = wheelView.bubble(at: 0) { focus.focus(first); return true }
            guard let place = focusedPlace, let next = wheelView.bubble(at: place + (event.modifiers.contains(.shift) ? -1 : 1)) else { return false }
            focus.focus(next)
            return true
        }
        let key: DisguiseKey
        switch event.key {
        case .enter: key = .enter
        case .space: key = .space
        case .escape: key = .escape
        case .left: key = .left
        case .right: key = .right
        case .pageUp: key = .pageUp
        case .pageDown: key = .pageDown
        default: return false
        }
        // With the keyboard focus on a control that is not a costume (Scotch, the shell's button), Enter and Space are
        // that control's.
        if key == .enter || key == .space, let focused = stage?.keyboardFocus.focused, wheelView.costume(inBubble: focused) == nil,
           state.wheelIsShown {
            return false
        }
        // Enter on a focused costume wears it, as its Choose does.
        if key == .enter, state.wheelIsInteractive, let place = focusedPlace { return send(.tapBubble(state.wheel[place])) }
        // On the intro, Enter and Space are the button: a page still scrolling into view is finished before it turns.
        if case .intro = state.phase, key == .enter || key == .space {
            if !event.isRepeat { intro.press() }  // a held key is one press, as a double-click is
            return true
        }
        // A key the rules have no use for in this phase goes on to the shell (which does nothing with Esc in an app).
        return send(.key(key, spin: motionTuning.keySpin, held: event.isRepeat))
    }

    /// What the components need to move their layers now.
    var moves: DisguiseMotion {
        DisguiseMotion(animator: animator, reduceMotion: settings.reduceMotion, tuning: motionTuning, layout: layout)
    }
}

/// Disguise-O-Rama's runs, by name.
enum DisguiseWork: Hashable, Sendable {
    /// The catalogue's refresh.
    case refresh
}
