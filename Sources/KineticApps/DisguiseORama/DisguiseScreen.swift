import KineticData
import Foundation
import KineticCore
import KineticRuntime
import KineticScene

/// Disguise-O-Rama: the splash, the new-user intro, and the wheel of costume bubbles around Scotch.
///
/// The rules live in `DisguiseRules` (a pure reducer over `DisguiseState`). This screen turns input into actions,
/// carries out the rules' effects through its `DisguiseEnvironment`, runs the wheel's physics, and animates each
/// change of state. One screen plays the whole sequence, so every hand-over (splash → intro → wheel) is seamless:
/// the same Scotch layer stays on stage throughout and only moves and scales.
public final class DisguiseScreen: Screen {
    /// Layers of one costume: the bubble (a white disc, the icon and the ring), and the image Scotch wears.
    final class CostumeViews {
        let costume: Costume
        let bubble: Layer
        let disc: Layer
        let ring: Layer
        let icon: Layer
        let worn: Layer
        init(costume: Costume, bubble: Layer, disc: Layer, ring: Layer, icon: Layer, worn: Layer) {
            (self.costume, self.bubble, self.disc, self.ring, self.icon, self.worn) = (costume, bubble, disc, ring, icon, worn)
        }
    }

    static let art = BundledCostumes.resourceFolder

    /// The app's state, run through `DisguiseRules`.
    let store: Store<DisguiseRules>
    /// The app's state now; it changes only through the store's actions.
    public var state: DisguiseState { store.state }
    /// What the screen keeps between frames besides the state (scrolling, a drag's start).
    var viewState = DisguiseViewState()
    /// Every motion parameter, named (see `DisguiseTuning`); `applyTuning` changes them live.
    public private(set) var motionTuning = DisguiseTuning()
    var layout = DisguiseLayout(size: Size(width: 1024, height: 768))
    var views: [String: CostumeViews] = [:]
    /// The wheel's physics, while the wheel is on stage.
    var wheel: CostumeWheel?
    /// Problems with the catalogue found before the screen appeared, logged when it does.
    public private(set) var problems: [String]

    let scotch = Layer(identifier: "scotch")
    let splashDisguise = Layer(identifier: "splash.disguise")
    let splashO = Layer(identifier: "splash.o")
    let splashRama = Layer(identifier: "splash.rama")
    let wheelLayer = Layer(identifier: "wheel")
    let bubbleLayer = Layer(identifier: "bubbles")
    let topPanel = Layer(identifier: "intro.panel")
    let introScroll = Layer(identifier: "intro.scroll")
    var introLabels: [Layer] = []
    let introButton = Layer(identifier: "intro.button")
    let titleLayer = Layer(identifier: "title")
    let subtitleLayer = Layer(identifier: "subtitle")
    let focusRing = Layer(identifier: "focus")

    /// Where new costumes come from, if anywhere.
    let feed: CostumeFeed?
    /// Disk and log; the live one (in the stage's data folder) unless one was given.
    var environment: DisguiseEnvironment?
    let banner = Banner()

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
    }

    /// Starts on the feed's bundled and saved costumes and refreshes from the network in the background.
    public init(feed: CostumeFeed, bundledProblems: [String] = [], environment: DisguiseEnvironment? = nil) {
        let initial = feed.initial()
        store = Store(DisguiseState(costumes: initial.costumes))
        problems = bundledProblems + initial.problems
        self.feed = feed
        self.environment = environment
        super.init(identifier: "disguise")
        store.performEffects { [unowned self] in self.perform($0) }
    }

    public override var stateName: String { state.stateName }

    public override var menuActions: [MenuAction] {
        [MenuAction(id: "replay-intro", title: "Replay intro") { [weak self] in self?.send(.replayIntro) }]
    }

    // MARK: Life

    public override func didAppear(size: Size) {
        layout = DisguiseLayout(size: size)
        let environment = self.environment ?? .live(dataDirectory: settings.dataDirectory)
        self.environment = environment
        if settings.freshStart && !isReturnVisit { environment.saveIntroCompleted(false) }  // a fresh start is the run's first visit
        send(.progressLoaded(introCompleted: environment.loadIntroCompleted()))
        root.gestureRecognizers = [PanRecognizer { [weak self] in self?.handlePan($0) }]
        buildLayers()
        store.follow { [unowned self] before in self.follow(from: before) }
        for problem in problems { environment.log(problem) }
        feed?.startRefresh(counting: stage?.backgroundWork)
        if isReturnVisit { send(.skipSplash) }
    }

    /// The ☰ stays off the launch screen and the intro, which fill the stage with their own art and button.
    public override var showsMenuButton: Bool {
        switch state.phase {
        case .splash, .splashLeaving, .intro, .introLeaving: return false
        default: return true
        }
    }

    public override func update(dt: Double) {
        if let snapshot = feed?.take() {
            send(.catalogueProblems(snapshot.problems, refreshFailed: snapshot.refreshFailed, showingSaved: snapshot.sources.values.contains(.saved)))
            send(.catalogueChanged(snapshot.costumes))
        }
        banner.update(dt: dt, animator: animator)
        stepWheel(dt: dt)
        send(.tick(dt))
        turnPendingIntroPage()
        if state.phase == .returning, wheel?.springsAreNormal == true { send(.wheelSettled) }
        layoutIntroText()
        showFocus()
    }

    /// At rest unless a clock is running: the splash's, a banner's, the wheel's physics, or a step that will move
    /// the rules on (bubbles home and about to stiffen, arrivals about to join).
    public override var isAtRest: Bool {
        switch state.phase {
        case .splash, .returning: return false
        case .intro where viewState.pendingIntroPress: return false
        case .wheel where !state.pendingCostumes.isEmpty: return false
        default: return !banner.isCounting && (wheel?.isResting ?? true)
        }
    }

    public override var debugShapes: [DebugShape] { overlayShapes }

    public override var tuning: Tuning? { motionTuning.tuning }

    /// New values take effect at once: the rules' splash time and key push, the wheel's physics, and every animation
    /// started from now on.
    public override func applyTuning(_ tuning: Tuning) {
        guard tuning.app == DisguiseTuning.app else { return }
        motionTuning = DisguiseTuning(tuning)
        send(.tuned(splashDuration: motionTuning.splashDuration, keySpin: motionTuning.keySpin))
        do { try wheel?.apply(motionTuning.wheel) } catch { report(error, while: "tuning the wheel") }
    }

    /// Applies an action through the store: the rules change the state, the effects are carried out, and the
    /// layers follow.
    /// - Returns: whether the action did anything (changed the state or asked for an effect).
    @discardableResult
    public func send(_ action: DisguiseAction) -> Bool { store.send(action).didSomething }

    /// The data layer hands over costumes (a refresh from the server, say): new ones fly out from behind Scotch as
    /// soon as the wheel is whole.
    public func receive(_ incoming: [Costume]) { send(.costumesArrived(incoming)) }

    private func perform(_ effect: DisguiseEffect) {
        switch effect {
        case .saveProgress(let completed): environment?.saveIntroCompleted(completed)
        case .turnWheel(let spokes, let speed):
            do { try wheel?.turn(bySpokes: spokes, speed: speed) } catch { report(error, while: "turning the wheel") }
        case .log(let line): environment?.log(line)
        case .showBanner(let message):
            placeBanner()
            banner.show(message, animator: animator)
        }
    }

    /// Animates what changed between two states: each change of phase has its own animation, and bubbles join the
    /// wheel for costumes that reached it.
    private func follow(from before: DisguiseState) {
        if state.launch != before.launch {
            buildLayers()
            return
        }
        if state.phase != before.phase {
            if before.phase == .splash, state.phase != .splashLeaving { placeWithoutSplash() }
            defer { placeBanner() }
            // Scotch takes a click only to take a costume off: no hand and no hover shade over him otherwise.
            if case .selected = state.phase { scotch.cursor = nil } else { scotch.cursor = .arrow }
            if case .selected = before.phase, let wheel { do { try wheel.releaseFallen() } catch { report(error, while: "letting go of a bubble") } }
            enableFallenDrags()
            switch (before.phase, state.phase) {
            case (_, .splashLeaving): leaveSplash()
            case (_, .intro(let page)) where page == 0: showIntro()
            case (_, .intro(let page)): scrollIntro(to: page)
            case (_, .introLeaving): leaveIntro()
            case (.splashLeaving, .wheel), (.introLeaving, .wheel), (.splash, .wheel): enterWheel()
            case (_, .selected(let id)): select(id)
            case (.selected(let id), .returning): deselect(id)
            default: break
            }
        }
        if state.wheel != before.wheel {
            addBubbles()
            removeBubbles(before.wheel.filter { !state.wheel.contains($0) })
        }
        describeForScreenReaders()
    }

    // MARK: Keys

    public override func handleKey(_ event: KeyEvent) -> Bool {
        let key: DisguiseKey
        switch event.key {
        case .enter: key = .enter
        case .space: key = .space
        case .escape: key = .escape
        case .left: key = .left
        case .right: key = .right
        case .tab: key = .tab(backwards: event.modifiers.contains(.shift))
        default: return false
        }
        // On the intro, Enter and Space are the button: a page still scrolling into view is finished before it turns.
        if case .intro = state.phase, key == .enter || key == .space {
            pressIntroButton()
            return true
        }
        // A key the rules have no use for in this phase goes on to the shell (which does nothing with Esc in an app).
        return send(.key(key))
    }

    // MARK: Failures

    /// A failure with a visible consequence: a log line naming what was being done, and a banner.
    func report(_ error: Error, while doing: String) {
        environment?.log("disguise: \(doing): \(error)")
        banner.show("Something went wrong \(doing) — see the log", animator: animator)
    }

    /// The motion to use for a tuned spring (one of `motionTuning`'s), or a short cross-fade-length tween when
    /// motion is reduced.
    func motion(_ spring: Spring) -> Motion {
        settings.reduceMotion ? .tween(duration: motionTuning.reducedMotionFade, curve: .easeInEaseOut) : .spring(spring)
    }

    /// The cross-fade that stands in for motion when motion is reduced.
    var fade: Double { motionTuning.reducedMotionFade }
}
