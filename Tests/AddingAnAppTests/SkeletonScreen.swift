import KineticCore
import KineticRuntime
import KineticScene

/// The Counter's one screen: a round button that springs one place to the right each time it is tapped (or Space
/// or Enter pressed), up to the goal; Backspace sends it home.
///
/// Thin, as every app's screen is: it owns the `Store`, builds its layers once it is on a stage (`didAppear`),
/// turns the tap and the keys into actions, carries out the rules' effects through its environment, and moves its
/// layers when the state changes (`sync(from:)`).
final class SkeletonScreen: Screen {
    /// The app's state, run through `SkeletonRules`.
    let store: Store<SkeletonRules>
    var state: SkeletonState { store.state }
    let environment: SkeletonEnvironment
    /// Every motion parameter, named (see `SkeletonTuning`); `applyTuning` changes them live.
    private(set) var motionTuning = SkeletonTuning()
    let button = Layer(identifier: "counter.button")
    let label = Layer(identifier: "counter.label")
    /// The content area, as `didAppear` was given it.
    private var size = Size(width: 0, height: 0)

    static let buttonDiameter = 120.0
    /// The button's name for a screen reader: a text of the catalogues (`counter.one-more`), never a bare string.
    static let oneMore = LocalizedText("counter.one-more", "One more")
    /// The label: how far the count has got ("1 of 3"), a catalogue's text with its values.
    static let countOfGoal = LocalizedText("counter.count-of-goal", "{count} of {goal}")
    /// How fast a throw to the right must leave the finger to count one more, in points per second.
    static let flickSpeed = 600.0
    /// Where the button was when the drag began.
    private var dragStart: Point?
    /// The button's colour below the goal (also the app's tint in the gallery); at the goal it is `Palette.accent`.
    static let tint = Color(red8: 0x2E, green8: 0x7D, blue8: 0x6F)

    init(state: SkeletonState = SkeletonState(), environment: SkeletonEnvironment) {
        store = Store(state)
        self.environment = environment
        super.init(identifier: "counter.screen")
        // The store carries out effects from the start; the screen follows changes only once its layers exist.
        store.performEffects { [unowned self] in self.perform($0) }
        runsEffects(of: store)
    }

    override var stateName: String { state.stateName }

    /// Where the button's centre belongs for `count`: the stage's width cut into `goal + 2` equal parts, the
    /// button on the line after the `count + 1`-th, halfway down.
    static func buttonCentre(count: Int, goal: Int, in size: Size) -> Point {
        Point(x: size.width * Double(count + 1) / Double(goal + 2), y: size.height / 2)
    }

    // MARK: Life

    override func didAppear(size: Size) {
        self.size = size
        root.backgroundColor = Palette.paper
        label.frame = Rect(x: 0, y: size.height / 2 - 130, width: size.width, height: 40)
        label.isUserInteractionEnabled = false
        root.addSublayer(label)
        button.bounds = Rect(x: 0, y: 0, width: Self.buttonDiameter, height: Self.buttonDiameter)
        button.hitShape = .circle  // a tap by a corner of its square is not a tap on it
        button.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.advance) },
                                     PanRecognizer(axis: .horizontal) { [weak self] in self?.drag($0) }]
        // Every word a person reads or hears is a catalogue's text, by key, in the run's language.
        button.accessibility = Accessibility(role: .button, name: settings.localization(Self.oneMore), actions: [.tapping(button)])
        root.addSublayer(button)
        // What the state said before the layers existed is shown at once, without motion.
        button.position = Self.buttonCentre(count: state.count, goal: state.goal, in: size)
        showContents()
        store.follow { [unowned self] before in self.sync(from: before) }
        send(.appeared)
    }

    override var tuning: Tuning? { motionTuning.tuning }

    override func applyTuning(_ tuning: Tuning) {
        if tuning.app == SkeletonTuning.app { motionTuning = SkeletonTuning(tuning) }
    }

    // MARK: Actions and effects

    /// Applies an action through the store: the rules change the state, the effects are carried out, and the
    /// layers move.
    @discardableResult
    func send(_ action: SkeletonAction) -> Reduction<SkeletonState, SkeletonEffect> { store.send(action) }

    /// Carries out one of the rules' effects: a log line here and now, or engine work that sends an action back
    /// (a run off the stage's thread, a timer on the stage's clock), named by `SkeletonWork` so it can be stopped.
    private func perform(_ effect: SkeletonEffect) -> Effect<SkeletonAction> {
        switch effect {
        case .reachedGoal(let goal):
            environment.log("counter: reached the goal of \(goal)")
            return .none
        case .fetchGoal:
            let loadGoal = environment.loadGoal
            return .run(id: EffectID(SkeletonWork.goal)) { send in
                if let goal = await loadGoal() { send(.goalArrived(goal)) }
            }
        case .startOverAfter(let seconds):
            return .after(seconds, send: .reset, id: EffectID(SkeletonWork.startOver))
        case .stopStartingOver:
            return .cancel(EffectID(SkeletonWork.startOver))
        }
    }

    /// A key the rules had no use for (Space at the goal, Backspace at nought) is not used, so it goes on to the
    /// shell and the stage's own keys.
    override func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .space, .enter: return send(.advance).didSomething
        case .backspace: return send(.reset).didSomething
        default: return false
        }
    }

    /// The button follows the finger sideways; let go, it springs home to where the count puts it, starting with the
    /// finger's velocity so the throw carries into the spring, and a throw to the right faster than `flickSpeed`
    /// counts one more (the spring then heads for the next place, keeping that velocity).
    private func drag(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            animator.stop(button, \.position)
            dragStart = button.position
            fallthrough
        case .changed:
            guard let dragStart else { return }
            button.position = Point(x: dragStart.x + pan.translation.dx, y: dragStart.y)
        case .ended, .cancelled:
            dragStart = nil
            let velocity = Point(x: pan.state == .ended ? pan.velocity.dx : 0, y: 0)
            let home = Self.buttonCentre(count: state.count, goal: state.goal, in: size)
            animator.animate(button, \.position, to: home, with: .spring(motionTuning.slide), initialVelocity: velocity)
            if pan.state == .ended, pan.velocity.dx > Self.flickSpeed { send(.advance) }
        default:
            break
        }
    }

    // MARK: State to layers

    /// Moves the layers from what `before` showed to what the state says now: the button springs to its new place
    /// from wherever it is, with the velocity it has (or, with reduced motion, fades in there).
    private func sync(from before: SkeletonState) {
        showContents()
        guard state.count != before.count else { return }
        let place = Self.buttonCentre(count: state.count, goal: state.goal, in: size)
        if settings.reduceMotion {
            animator.stop(button, \.position)
            button.position = place
            button.opacity = 0
            animator.animate(button, \.opacity, to: 1, with: .tween(duration: motionTuning.reducedMotionFade))
        } else {
            animator.animate(button, \.position, to: place, with: .spring(motionTuning.slide))
        }
    }

    /// The label's text and the button's colour, which change at once.
    private func showContents() {
        let words = settings.localization(LocalizedMessage(Self.countOfGoal, ["count": .verbatim(String(state.count)), "goal": .verbatim(String(state.goal))]))
        label.contents = .text(TextContent(words, bold: true, fontSize: 28, color: Palette.ink, alignment: .center))
        let fill = state.count < state.goal ? Self.tint : Palette.accent
        button.contents = .shape(ShapeContent(path: .circle, fill: fill))
    }
}

/// The Counter's work that outlives a frame, by name.
enum SkeletonWork: Hashable, Sendable {
    /// Asking the environment for the goal.
    case goal
    /// The timer that starts the count again after the goal.
    case startOver
}
