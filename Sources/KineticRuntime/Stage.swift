import KineticCore
import KineticScene

/// The world an app lives in: the root layer, the animator, the gesture arena and the fixed-step clock.
///
/// Everything advances in steps of exactly `stepDuration` (1/120 s) of simulated time, whatever the display
/// does: a window runs as many steps as real time calls for, a scenario runs them as fast as it can. The same
/// events at the same steps therefore always give the same frames.
public final class Stage {
    /// One step of the simulation clock, in seconds: 1/120.
    public static let stepDuration = 1.0 / 120

    /// The stage's size in points; the screen on stage fills it. It changes only through `resize(to:)`, which lays
    /// everything the stage holds out again.
    public private(set) var size: Size
    /// The layer everything is drawn in: the screen's root, the context menu, the debug overlay and the tuning panel.
    public let root: Layer
    /// Runs this stage's animations, one fixed step at a time.
    public let animator = Animator()
    /// Decides which gesture recognizer each touch belongs to.
    public let arena = GestureArena()
    /// What this run was started with, handed to every screen.
    public let settings: StageSettings
    /// Counts every visible change of this stage's layers (see `SceneChangeCounter`).
    public let sceneChanges = SceneChangeCounter()
    /// Work running off the simulation thread on behalf of the screens (a scenario waits for it each step).
    public let backgroundWork = BackgroundWork()
    /// Actions sent back by the screens' asynchronous work, applied at the start of the next step, in order.
    public let inbox = ActionInbox()
    /// The clock the screens' timers, deadlines and retries are on (see `StageTimers`). Headless it follows the
    /// stage's own time, a step at a time (`timeSource == .steps`); a window moves it by the wall clock.
    public let timers = StageTimers()
    /// What moves `timers`: the stage's steps (headless, tests), or its owner (a window, by the wall clock).
    public var timeSource = TimeSource.steps
    /// What moves the stage's timers.
    public enum TimeSource: Sendable {
        /// Each step moves them to the stage's time: a scenario's timers fire at the same step on every replay.
        case steps
        /// The stage's owner moves them (`timers.advance(to:)`): a window, by the wall clock, even while it rests.
        case owner
    }
    /// Where a store's effects run on this stage: its inbox, its timers, its count of background work.
    public var effectHost: EffectHost { EffectHost(inbox: inbox, timers: timers, work: backgroundWork) }
    /// Seconds of simulated time.
    public private(set) var time = 0.0
    /// Steps taken so far; `time` is this many `stepDuration`s.
    public private(set) var stepCount = 0
    /// The screen on stage: normally the shell, which holds the app screens.
    public private(set) var screen: Screen?
    /// Set when someone asked to leave (Escape at the top level, a menu's Quit).
    public var quitRequested = false
    /// The last thing a screen asked a screen reader to say ("Archived. Undo available."), numbered so that the same
    /// words said twice are said twice (see `announce`).
    public private(set) var announcement: (text: String, serial: Int)?

    /// Has `text` spoken by a screen reader, politely (after what it is saying): a change the person did not look
    /// at, or one whose result is not on screen.
    public func announce(_ text: String) {
        announcement = (text, (announcement?.serial ?? 0) + 1)
    }
    /// Slow motion, pause, single steps, the debug overlay and the tuning panel (keys S, P, ., O and T when the screen
    /// does not use them, or with Alt). A window honours the speed and the pause; the stage draws the overlay and panel.
    public var motion = MotionControls() {
        didSet {
            if motion.showsOverlay != oldValue.showsOverlay { updateOverlay() }
            if motion.showsTuningPanel != oldValue.showsTuningPanel { updateTuningPanel() }
        }
    }
    private var tuningPanel: TuningPanel?
    private var overlay: DebugOverlay?
    /// The one keyboard focus over the screen's controls, sheets and menus (see `KeyboardFocus`).
    public let keyboardFocus = KeyboardFocus()
    /// The scene's change count when the focus last settled: it settles again after any change, made in a step or not.
    private var focusSettledAtChanges: UInt64?
    /// The text field with the keyboard (`TextInput.focused`) the keyboard focus last followed.
    var textFieldFollowed = WeakLayer(nil)
    /// A screen opened by a key that put its focus on nothing of its own: its first Tab stop takes the focus once it has
    /// one (a splash has none until its intro shows).
    var startsFocusAtFirstStop = false
    /// The keyboard's text: the focused field, the clipboard, the layout measure (see `TextInput`).
    public let textInput = TextInput()
    /// The tuning files watched (`kinetic run --tune`), if any.
    public var tuningFiles: TuningFiles?
    /// Whether the last step changed any layer, and whether input arrived since.
    private var lastStepChangedScene = true
    var inputSinceLastStep = false

    /// Whether nothing is under way: the last step changed no layer, no animation runs, no touch is down, no
    /// input waits for a step, and the screen has nothing of its own in progress. Stepping a stage at rest changes
    /// nothing, so a window stops stepping and drawing until input arrives, and an idle app costs no CPU.
    public var isAtRest: Bool {
        !lastStepChangedScene && !inputSinceLastStep && animator.runningCount == 0 && !arena.hasActiveTouches && inbox.isEmpty
            && (screen?.isAtRest ?? true)
    }

    /// An empty stage of `size` points (1024×768, iPad landscape, unless told) at time 0; `present(_:)` puts a screen
    /// on it.
    public init(size: Size = Size(width: 1024, height: 768), settings: StageSettings) {
        self.size = size
        self.settings = settings
        root = Layer(identifier: nil)
        root.layoutDirection = settings.layoutDirection
        root.frame = Rect(origin: .zero, size: size)
        root.backgroundColor = .white
        root.countChanges(in: sceneChanges)
        textInput.clock = { [unowned self] in self.time }
        textInput.texts = settings.localization
        textInput.showMenu = { [unowned self] items, point in self.showContextMenu(items, at: point) }
    }

    /// The least a window's stage is, in points: 800×600. The largest fixed thing on any screen is the Mailbox's
    /// compose sheet, 720×560 points, which needs 760×600 with a 20-point margin round it; 800×600 is that, rounded to
    /// the smallest classic desktop size (the reader's five actions and Back need 600 across, the Honeycomb's panel and
    /// Disguise-O-Rama's proportional layout fit well inside it). A window smaller than this shows a stage of this size
    /// on the short side, scaled down to fit and letterboxed, rather than a layout squeezed past use.
    public static let minimumSize = Size(width: 800, height: 600)

    /// The stage's size for a drawing area of `available` points: that size, each side at least `minimumSize`'s.
    public static func size(fitting available: Size) -> Size {
        Size(width: max(available.width.isFinite ? available.width : 0, minimumSize.width),
             height: max(available.height.isFinite ? available.height : 0, minimumSize.height))
    }

    /// The window (or a scenario's `resize`) changed the stage's size: the root, the screen, and what the stage shows over
    /// it (a context menu is closed, as a desktop closes one when its window resizes; the overlay and the tuning panel
    /// are laid out again) all follow, and the screen lays itself out for the new size (`Screen.didResize(to:)`).
    /// A size that is not finite and positive, or the size the stage has, changes nothing.
    public func resize(to newSize: Size) {
        guard newSize.width.isFinite, newSize.height.isFinite, newSize.width > 0, newSize.height > 0, newSize != size else { return }
        size = newSize
        root.frame = Rect(origin: .zero, size: newSize)
        closeContextMenu()
        if let overlay {
            overlay.root.removeFromSuperlayer()
            self.overlay = nil
            if motion.showsOverlay { updateOverlay() }
        }
        if tuningPanel != nil { updateTuningPanel() }
        if let screen {
            screen.root.frame = Rect(origin: .zero, size: newSize)
            screen.didResize(to: newSize)
        }
        // What was under a still pointer may have moved: the hover follows at the next step that changed the scene.
        inputSinceLastStep = true
    }

    /// Puts `screen` on stage, filling it.
    public func present(_ screen: Screen) {
        self.screen?.leaveStage()
        self.screen?.root.removeFromSuperlayer()
        self.screen = screen
        screen.stage = self
        screen.root.frame = Rect(origin: .zero, size: size)
        root.addSublayer(screen.root)
        screen.didAppear(size: size)
        keyboardFocusStartsAfresh(on: screen)
    }

    /// `screen` came on stage, or into the shell's content: the last screen's controls are gone, and none of them is a
    /// neighbour to fall back on. Opened by a key, the new screen puts the keyboard where a keyboard user starts (its own
    /// first item, else its first Tab stop).
    public func keyboardFocusStartsAfresh(on screen: Screen) {
        keyboardFocus.release()
        textFieldFollowed = WeakLayer(nil)
        startsFocusAtFirstStop = keyboardFocus.isVisible
        if keyboardFocus.isVisible { screen.keyboardFocusArrives() }
    }

    /// The state name written into dumps.
    public var stateName: String { screen?.stateName ?? "empty" }

    /// Where the person is, in words for the window's title (see `Screen.placeName`).
    public var placeName: String? { screen?.placeName }

    /// A point on the screen in the tree's coordinates: mirrored in a right-to-left stage (`LayoutDirection`), where
    /// the tree is laid out leading edge left and shown mirrored. Every pointer's point comes in through here.
    func inTree(_ screenPoint: Point) -> Point {
        root.layoutDirection == .rightToLeft ? screenPoint.applying(root.screenMirror) : screenPoint
    }

    /// Routes a touch: a new one goes to the recognizers along the path of the layer it lands on.
    public func send(_ event: TouchEvent) {
        // Input never places a touch out of reach of drawing: a point that is not finite is dropped, one far off the
        // stage held at `Point.inputReach`.
        guard let location = event.location.clampedToInputReach else { return }
        var event = event
        event.location = inTree(location)
        inputSinceLastStep = true
        if event.phase == .began {
            keyboardFocus.notePointer()
            let hit = root.hitTest(event.location) ?? root
            focusOnClick(hit)
            arena.begin(event, recognizers: hit.ancestry.flatMap(\.gestureRecognizers))
        } else {
            arena.dispatch(event)
            if event.phase == .ended || event.phase == .cancelled {
                // A mouse let go here: the pointer is here now, as far as what it hovers goes.
                if pointerLocation != nil { pointerLocation = event.location }
                touchEndedSinceLastStep = true
            }
        }
    }

    /// Whether a touch ended since the last step: the hover is looked at again where it was let go.
    private var touchEndedSinceLastStep = false

    /// Routes a wheel or trackpad scroll to the innermost layer under the pointer that takes it (a scroll view);
    /// returns whether one did.
    @discardableResult
    public func send(_ event: WheelEvent) -> Bool {
        guard let screenLocation = event.location.clampedToInputReach, event.delta.isFinite else { return false }
        inputSinceLastStep = true
        var event = event
        let location = inTree(screenLocation)
        event.location = location
        // A sideways scroll is mirrored with the tree: towards the leading edge is towards the leading edge.
        if root.layoutDirection == .rightToLeft { event.delta.dx = -event.delta.dx }
        for layer in (root.hitTest(location) ?? root).ancestry {
            if layer.onWheel?(event) == true { return true }
        }
        return false
    }

    /// The pointer's shape now, as the layers under it ask (see `Layer.cursor`).
    public private(set) var cursor = PointerCursor.arrow
    /// The layer the pointer is over that has a hover look or a cursor of its own.
    private weak var hovered: Layer?
    /// The look every hovered thing gets that has no hover look of its own: a faint shade of its shape over it
    /// (`hover` in dumps), following it as it moves.
    private let hoverShade = Layer(identifier: "hover")

    /// The pointer moved with no button down (a mouse over the window): the layer under it that can be clicked, or
    /// has a hover look, is hovered, and the cursor follows what is under it.
    public func sendPointer(at point: Point) {
        guard let location = point.clampedToInputReach.map(inTree) else { return }
        inputSinceLastStep = true
        pointerLocation = location
        hover(at: location)
    }

    /// Where the pointer rests over the window (`nil` once it left): what is under it is looked at again after each
    /// step that changed the scene, so a sheet sliding in under a still pointer takes the hover from the row behind.
    private var pointerLocation: Point?

    private func hover(at location: Point) {
        let path = (root.hitTest(location) ?? root).ancestry
        tellPointerWithin(path.filter { $0.onPointerWithin != nil })
        let target = path.first { $0.onHover != nil || $0.ownCursor != nil }
        if target !== hovered {
            hovered?.setHovered(false)
            hovered = target
            target?.setHovered(true)
        }
        cursor = path.lazy.compactMap(\.ownCursor).first ?? .arrow
        placeHoverShade()
    }

    /// The layers on the pointer's path that asked to be told (`Layer.onPointerWithin`), innermost first.
    private var pointerWithin: [WeakLayer] = []

    /// Tells the layers the pointer left, then those it came within; `now` is the path's layers that asked.
    private func tellPointerWithin(_ now: [Layer]) {
        let before = pointerWithin.compactMap(\.layer)
        pointerWithin = now.map { WeakLayer($0) }
        for layer in before where !now.contains(where: { $0 === layer }) { layer.onPointerWithin?(false) }
        for layer in now where !before.contains(where: { $0 === layer }) { layer.onPointerWithin?(true) }
    }

    /// Where the hovered layer was at the end of the last step: one that has moved since is on its way somewhere
    /// (a costume flying off when clicked, a row scrolling by), and gets no shade until it rests.
    private var hoveredAtLastStep: (layer: ObjectIdentifier, frame: Rect)?
    /// Whether the hovered layer came under a still pointer this step because the scene moved (a row scrolling by):
    /// it is on its way, and gets no shade until a step finds it where it was.
    private var hoverCameWithTheScene = false

    /// Shades the hovered layer that has no hover look of its own, or takes the shade away (while a button is down,
    /// a press or a drag, nothing is shaded: the pointer is pressing, not hovering; nor while the layer moves: the
    /// shade would be a box sliding along with it).
    private func placeHoverShade() {
        let moving = hoverCameWithTheScene
            || hovered.map { hovered in hoveredAtLastStep.map { $0.layer == ObjectIdentifier(hovered) && $0.frame != hovered.frameInRoot } ?? false } ?? false
        guard !arena.hasActiveTouches, !moving, let hovered, isOnStage(hovered), hovered.onHover == nil, hovered.ownCursor == .hand, hovered.isVisibleInTree else {
            if hoverShade.superlayer != nil { hoverShade.removeFromSuperlayer() }
            return
        }
        if hoverShade.superlayer == nil {
            hoverShade.isUserInteractionEnabled = false
            hoverShade.zPosition = 1_000
            root.addSublayer(hoverShade)
        }
        let frame = hovered.frameInRoot
        let path: ShapeContent.Path
        switch hovered.hitShape {
        case .bounds:
            // The layer's own rounding, from its background or its rounded-rectangle shape.
            var radius = hovered.cornerRadius
            if case .shape(let shape) = hovered.contents, case .roundedRect(let own) = shape.path { radius = max(radius, own) }
            path = .roundedRect(cornerRadius: radius > 0 ? radius : 8)
        case .circle: path = .circle
        case .hexagon(let pointyTop): path = .hexagon(pointyTop: pointyTop)
        case .outline(let corners): path = .polygon(corners.map { Point(x: $0.x * frame.width, y: $0.y * frame.height) })
        }
        let shape = ShapeContent(path: path, fill: Color.black.withAlpha(0.06))
        if hoverShade.contents != .shape(shape) { hoverShade.contents = .shape(shape) }
        if hoverShade.frame != frame { hoverShade.frame = frame }
    }

    /// The context menu showing, if any.
    var contextMenu: ContextMenu?

    /// Whether a context menu shows.
    public var isShowingContextMenu: Bool { contextMenu != nil }

    /// A right-click at `point`: the innermost layer there that has actions (`Layer.contextActions`) shows them as a
    /// menu at the pointer; returns whether one did.
    @discardableResult
    public func sendContextClick(at point: Point) -> Bool {
        guard let location = point.clampedToInputReach.map(inTree) else { return false }
        inputSinceLastStep = true
        closeContextMenu()
        for layer in (root.hitTest(location) ?? root).ancestry {
            guard let actions = layer.contextActions?(), !actions.isEmpty else { continue }
            showContextMenu(actions.map { ContextMenuItem($0.title, perform: $0.perform) }, at: location)
            return true
        }
        return false
    }

    /// A middle click at `point`: the layer under it that has a middle-click action (a text field pastes the PRIMARY
    /// selection); returns whether one did.
    @discardableResult
    public func sendMiddleClick(at point: Point) -> Bool {
        guard let location = point.clampedToInputReach.map(inTree) else { return false }
        inputSinceLastStep = true
        closeContextMenu()
        guard let action = (root.hitTest(location) ?? root).ancestry.lazy.compactMap(\.middleClickAction).first else { return false }
        action(location)
        return true
    }

    /// Shows `items` as a context menu at `point` (a screen's own keyboard route to it: Shift-F10 on its focus).
    public func showContextMenu(_ items: [ContextMenuItem], at point: Point) {
        closeContextMenu()
        let menu = ContextMenu(items: items, at: point, stageSize: size, texts: settings.localization) { [weak self] in self?.closeContextMenu() }
        root.addSublayer(menu.shield)
        root.addSublayer(menu.panel)
        contextMenu = menu
    }

    /// Takes the context menu away, if one shows.
    public func closeContextMenu() {
        guard let menu = contextMenu else { return }
        menu.shield.removeFromSuperlayer()
        menu.panel.removeFromSuperlayer()
        contextMenu = nil
    }

    /// Whether `layer` is still in this stage's tree (a screen that went away took its layers with it).
    func isOnStage(_ layer: Layer) -> Bool {
        var current = layer
        while let parent = current.superlayer { current = parent }
        return current === root
    }

    /// The pointer left the window: nothing is hovered.
    public func sendPointerLeft() {
        inputSinceLastStep = true
        pointerLocation = nil
        tellPointerWithin([])
        hovered?.setHovered(false)
        hovered = nil
        cursor = .arrow
    }

    /// Tells the screen the device was shaken; returns whether anything used it.
    @discardableResult
    public func sendShake() -> Bool {
        inputSinceLastStep = true
        return screen?.handleShake() ?? false
    }

    /// One fixed step of the clock.
    public func step() {
        let sceneBefore = sceneChanges.changes
        stepCount += 1
        time = Double(stepCount) * Stage.stepDuration
        if timeSource == .steps { timers.advance(to: time) }
        // What asynchronous work sent back since the last step, before the screen steps: it sees the results.
        inbox.deliver()
        arena.tick(time: time)
        screen?.update(dt: Stage.stepDuration)
        animator.step(by: Stage.stepDuration)
        if motion.showsOverlay { updateOverlay() }
        textInput.focused?.refreshCaret()
        if sceneChanges.changes != focusSettledAtChanges || inputSinceLastStep {
            settleKeyboardFocus()
            focusSettledAtChanges = sceneChanges.changes
        }
        // Not while a button is down: a drag (the menu pulled from the edge) moves what is under the place the pointer
        // rested before it, and a row sliding in there is not hovered. Once it is up, the hover is where it was let go.
        let hoveredBefore = hovered
        hoverCameWithTheScene = false
        if let pointerLocation, !arena.hasActiveTouches, sceneChanges.changes != sceneBefore || touchEndedSinceLastStep {
            hover(at: pointerLocation)
            // A new layer under the still pointer, brought by the scene (not by a touch's end): it is moving.
            hoverCameWithTheScene = hovered != nil && hovered !== hoveredBefore && !touchEndedSinceLastStep
        }
        touchEndedSinceLastStep = false
        // Also once the hovered layer is gone (it was freed with its screen): the shade goes with it.
        if hovered != nil || hoverShade.superlayer != nil { placeHoverShade() }
        hoveredAtLastStep = hovered.map { (ObjectIdentifier($0), $0.frameInRoot) }
        lastStepChangedScene = sceneChanges.changes != sceneBefore
        inputSinceLastStep = false
    }

    /// Looks at the screen's tuning file: writes it if missing, applies it if it changed.
    public func pollTuning() {
        guard let tuningFiles, let screen else { return }
        if tuningFiles.poll(screen) {
            inputSinceLastStep = true
            if let tuning = screen.tuning { tuningPanel?.show(tuning) }
        }
    }

    /// Shows the tuning panel for the screen's tunables, or takes it away (also when the screen has none).
    private func updateTuningPanel() {
        tuningPanel?.root.removeFromSuperlayer()
        tuningPanel = nil
        guard motion.showsTuningPanel, let tuning = screen?.tuning else { return }
        let panel = TuningPanel(tuning: tuning, stageSize: size, animator: { [unowned self] in self.animator }, canSave: tuningFiles != nil,
                                onChange: { [weak self] in self?.screen?.applyTuning($0) },
                                onSave: { [weak self] in self?.tuningFiles?.save($0) })
        root.addSublayer(panel.root)
        tuningPanel = panel
    }

    /// Shows the screen's debug shapes above everything, or takes the overlay away.
    private func updateOverlay() {
        if motion.showsOverlay {
            let overlay = self.overlay ?? DebugOverlay(size: size)
            self.overlay = overlay
            if overlay.root.superlayer == nil { root.addSublayer(overlay.root) }
            overlay.show(screen?.debugShapes ?? [])
        } else {
            overlay?.root.removeFromSuperlayer()
        }
    }

    /// A snapshot of every identified layer.
    public func dump() -> SceneDump {
        SceneDump(root: root, time: time, state: stateName, cursor: cursor)
    }

    /// A timestamp for an event happening now.
    public func touch(_ id: Int, _ phase: TouchEvent.Phase, at point: Point) -> TouchEvent {
        TouchEvent(id: id, phase: phase, location: point, timestamp: time)
    }
}
