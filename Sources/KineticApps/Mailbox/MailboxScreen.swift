import Foundation
import KineticData
import KineticCore
import KineticRuntime
import KineticScene
import KineticPlatform

/// Mailbox: swipe a message left to reschedule or list it, right to archive or delete it.
///
/// The rules are `MailboxRules` (a pure reducer over `MailboxState`); the model changes first and the effects move
/// the views after it, so a view can never point at a row the model has dropped. This screen keeps one row view per
/// shown message and animates it: the swipe offset, the slot's place in the list, its collapse.
public final class MailboxScreen: Screen {
    /// The app's state, run through `MailboxRules`.
    let store: Store<MailboxRules>
    /// The app's state now; it changes only through the store's actions.
    public var state: MailboxState { store.state }
    /// Placements on disk and the log.
    let environment: MailboxEnvironment
    let feed: MailboxFeed?
    /// What the screen keeps between frames besides the state (the menu's openness, the undo countdown).
    var viewState = MailboxViewState()
    /// The rows that exist: those of the shown messages near what shows (see `materializeRows`), by message id.
    var rows: [String: MessageRowView] = [:]
    /// The shown list's messages as last laid out, kept so a step need not filter the model again.
    var shownMessages: [MailMessage] = []
    /// Messages the model has filed whose rows are still sliding off: they keep their place in the list (and the
    /// rows below stay put) until the slide is complete, as seed 002 orders it.
    var heldRows: [(message: MailMessage, index: Int)] = []
    /// How many rows have been made or taken away as the list scrolled: a row comes into being with its layers, so
    /// the benchmark counts a step that changed this as an event, as it counts a layer rasterised.
    public internal(set) var rowsMadeOrTaken = 0
    /// Every motion parameter, named (see `MailboxTuning`); `applyTuning` changes them live.
    public private(set) var motionTuning = MailboxTuning()
    /// The menu's pans, whose velocity window is tuned.
    var menuPans: [PanRecognizer] = []
    /// Rows on their way out (collapsing, or sliding away with a segment change), kept until their animation ends.
    var leaving: [MessageRowView] = []
    /// Made in `didAppear`, before the screen receives any input or step (the stage calls `didAppear` first).
    var scroll: ScrollView!
    let content = Layer(identifier: "mailbox.content")
    let navBar = Layer(identifier: "mailbox.navbar")
    let menuPanel = Layer(identifier: "mailbox.menu")
    let optionsLayer = Layer(identifier: "options")
    let composeSheet = Layer(identifier: "compose")
    /// Presents the compose sheet over the dimmed inbox (`compose.dim`).
    /// Made in `didAppear`, before the screen receives any input or step.
    var composeOverlay: Overlay!
    /// To, Subject and the body: the engine's text fields, made in `didAppear`.
    var composeFields: [MailboxState.ComposeField: TextField] = [:]
    let undoButton = Layer(identifier: "undo")
    let focusRing = Layer(identifier: "focus")
    /// Over the content while the menu shows: a tap closes the menu, a drag drags it shut.
    let menuShield = Layer(identifier: "mailbox.menu.shield")
    let banner = Banner()
    /// The reader, its scrolling body and the body's text (`reader`, `reader.scroll`, `reader.body`).
    let reader = Layer(identifier: "reader")
    /// Made in `didAppear`.
    var readerScroll: ScrollView!
    let readerBody = Layer(identifier: "reader.body")
    /// Cancel's question over the compose sheet (`compose.confirm`).
    let composeConfirm = Layer(identifier: "compose.confirm")
    /// `trash.empty` in the bar, and the confirmation `trash.confirm` (see `MailboxScreen+Trash`).
    let emptyTrashButton = Layer(identifier: "trash.empty")
    let trashConfirm = Layer(identifier: "trash.confirm")
    /// The date picker "Pick date" opens (`picker.*`), and the days and times its wheels stand for; `nil` when closed.
    var datePicker: WheelPicker?
    var dateWheels: DateWheels?
    /// When the rules were last told the date (see `tellTheTime`).
    var lastClock: Date?
    /// `mailbox.shelf.title`: the Trash's or a named list's name in the bar while it shows.
    let shelfTitle = Typography.label("mailbox.shelf.title", "", frame: Rect(x: 76, y: 18, width: 200, height: 28), size: 20, bold: true, color: .white)
    /// `list.empty`: what goes in a list that has nothing in it, rather than a blank page.
    let emptyNote = Typography.label("list.empty", "", frame: .zero, size: 17, color: Palette.muted, alignment: .center)
    var segmentLayers: [MailboxSegment: Layer] = [:]
    var startupProblems: [String]
    var width = 1024.0

    static let navHeight = 64.0
    static let menuWidth = 300.0
    static let tint = Color(red8: 0x3A, green8: 0x9B, blue8: 0xDC)
    /// The tint deepened for text: 5.3:1 on white as text, and white on it (the tint itself is 3.0:1 on white, enough
    /// only for bold text of 14 pt and more).
    static let deepTint = Color(red8: 0x1F, green8: 0x6F, blue8: 0xB0)
    static let art = ResourceFolder.named("Mailbox", containing: "later.svg")

    /// A mailbox over `messages` with no network, with the placements `environment` keeps.
    public init(messages: [MailMessage], environment: MailboxEnvironment) {
        self.environment = environment
        feed = nil
        let (placements, problem) = environment.loadPlacements()
        let (read, readProblem) = environment.loadRead()
        let (sent, sentProblem) = environment.loadSent()
        store = Store(MailboxState(messages: messages + Self.sentOnly(sent, placements), placements: placements, read: read))
        startupProblems = [problem, readProblem, sentProblem].compactMap { $0 }
        super.init(identifier: "mailbox")
        store.performEffects { [unowned self] in self.perform($0) }
    }

    /// A mailbox on the data layer: the bundled or saved messages at once, then the content server's.
    public init(feed: MailboxFeed, environment: MailboxEnvironment, freshStart: Bool) {
        self.environment = environment
        self.feed = feed
        let initial = feed.initial()
        let (placements, problem) = freshStart ? ([:], nil) : environment.loadPlacements()
        let (read, readProblem) = freshStart ? ([], nil) : environment.loadRead()
        let (sent, sentProblem) = freshStart ? ([], nil) : environment.loadSent()
        store = Store(MailboxState(messages: initial.messages + Self.sentOnly(sent, placements), placements: placements, read: read))
        startupProblems = initial.problems + [problem, readProblem, sentProblem].compactMap { $0 }
        super.init(identifier: "mailbox")
        store.performEffects { [unowned self] in self.perform($0) }
    }

    /// The saved written messages that the placements file still files in Sent or Drafts (both are written together).
    static func sentOnly(_ sent: [MailMessage], _ placements: [String: Placement]) -> [MailMessage] {
        sent.filter { placements[$0.id]?.list.isWrittenHere == true }
    }

    public override var stateName: String { state.stateName }
    public override var ownsLeftEdge: Bool { true }

    static func artFile(_ name: String) -> String { art.appendingPathComponent("\(name).svg").path }

    // MARK: Life

    public override func didAppear(size: Size) {
        width = size.width
        root.backgroundColor = Palette.ink
        buildMenu(height: size.height)
        content.anchorPoint = .zero
        content.frame = Rect(origin: .zero, size: size)
        content.backgroundColor = .white
        content.zPosition = 1
        root.addSublayer(content)
        scroll = ScrollView(identifier: "mailbox.list", frame: Rect(x: 0, y: Self.navHeight, width: size.width, height: size.height - Self.navHeight),
                            animator: { [unowned self] in self.animator })
        scroll.onScrollBegan = { [weak self] in self?.closeOpenThings() }
        content.addSublayer(scroll.frame)
        emptyNote.frame = Rect(x: 80, y: Self.navHeight + 120, width: size.width - 160, height: 60)
        emptyNote.isHidden = true
        emptyNote.isUserInteractionEnabled = false
        content.addSublayer(emptyNote)
        buildNavBar()
        buildOverlays(size: size)
        buildReader(size: size)
        buildTrashControls(size: size)
        let edge = EdgePanRecognizer(edge: .left, screenSize: size) { [weak self] in self?.handleMenuPan($0) }
        root.gestureRecognizers = [edge]
        let shieldPan = PanRecognizer { [weak self] in self?.handleMenuPan($0) }
        // Which way the menu is going is the finger's latest direction: a 50 ms window sees a reversal at once.
        for pan in [edge, shieldPan] { pan.velocityWindow = motionTuning.menuVelocityWindow }
        menuPans = [edge, shieldPan]
        menuShield.frame = Rect(origin: .zero, size: size)
        menuShield.zPosition = 9
        menuShield.isHidden = true
        menuShield.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.setMenu(open: false)) }, shieldPan]
        menuShield.cursor = .arrow  // a click closes the menu: the shield is not a button
        content.addSublayer(menuShield)
        for problem in startupProblems { log(problem) }
        rebuildRows()
        store.follow { [unowned self] before in self.follow(from: before) }
        describeForScreenReaders()
        feed?.startRefresh(counting: stage?.backgroundWork)
    }

    public override func update(dt: Double) {
        if let snapshot = feed?.take() {
            for problem in snapshot.problems { log(problem) }
            send(.messagesArrived(snapshot.messages))
            rebuildRows()
            if snapshot.refreshFailed { banner.show("Couldn’t update messages — showing saved ones", animator: animator) }
        }
        endQuietTrackpadStream()
        endSlidesThatLeftTheScreen()
        tellTheTime()
        showEmptyNoteIfNeeded()
        readerScroll.update(dt: dt)
        datePicker?.update(dt: dt)
        placeReader()
        materializeRows()
        scroll.update(dt: dt)
        content.position.x = Self.menuWidth * min(max(viewState.menuProgress, 0), 1.05)
        menuPanel.isHidden = viewState.menuProgress <= 0.001
        menuShield.isHidden = viewState.menuProgress <= 0.001
        if viewState.undoTime > 0 {
            viewState.undoTime -= dt
            if viewState.undoTime <= 0 { animator.animate(undoButton, \.opacity, to: 0, with: .tween(duration: motionTuning.undoFadeOut)) }
        }
        undoButton.isHidden = undoButton.opacity <= 0.001
        updateFocusRing()
        banner.update(dt: dt, animator: animator)
    }

    /// At rest unless the undo button or a banner counts down.
    public override var isAtRest: Bool {
        viewState.undoTime <= 0 && !banner.isCounting && !scroll.isShowingIndicator && viewState.trackpad == nil && datePicker?.isMoving != true
    }

    public override var debugShapes: [DebugShape] { overlayShapes }

    public override var tuning: Tuning? { motionTuning.tuning }

    /// New values apply to every animation started from now on (and to the menu's velocity window at once).
    public override func applyTuning(_ tuning: Tuning) {
        guard tuning.app == MailboxTuning.app else { return }
        motionTuning = MailboxTuning(tuning)
        for pan in menuPans { pan.velocityWindow = motionTuning.menuVelocityWindow }
    }

    /// Applies an action through the store: the rules change the model, the effects are carried out, then the
    /// views follow.
    public func send(_ action: MailboxAction) { store.send(action) }

    /// Moves the views after the state changed.
    private func follow(from before: MailboxState) {
        if state.menuOpen != before.menuOpen { animateMenu(open: state.menuOpen, velocity: 0) }
        // The options show once the message has slid off (seed 002: "when the animation is complete").
        if state.options != before.options, !(state.options.map { rows[$0.messageID]?.isSlidingOff == true } ?? false) { showOptions() }
        if state.compose != before.compose { showCompose(wasOpen: before.compose != nil) }
        if state.reading != before.reading { showReader(wasReading: before.reading) }
        if state.read != before.read { paintUnread() }
        paintTrashControls()
        if state.segment != before.segment || state.shelf != before.shelf || state.placements != before.placements || state.messages != before.messages {
            let wasShown = shownMessages.map(\.id)
            shownMessages = listedMessages()
            paintSegments()
            // A list read in an order of its own (Later by return time) can reorder rows that stay on it: they move
            // to their new slots. Rows coming and going are the effects' to animate.
            let nowShown = shownMessages.map(\.id), staying = Set(wasShown).intersection(nowShown)
            if wasShown.filter(staying.contains) != nowShown.filter(staying.contains) { layoutRows(animated: true) }
        }
        if state.placements != before.placements, state.read == before.read { paintUnread() }
        // A new day renames the Later rows' times ("Tomorrow 08:00" is "Today 08:00" after midnight), on screen and for
        // screen readers; any other tick of the clock (once a second) changes nothing shown or heard.
        let newDay = !state.calendar.isDate(state.now, inSameDayAs: before.now) || state.calendar != before.calendar
        if newDay { renameLaterTimes() }
        if newDay || !state.differsOnlyInTheClock(from: before) { describeForScreenReaders() }
    }

    private func perform(_ effect: MailboxEffect) {
        switch effect {
        case .springBack(let id): springBack(id)
        case .slideOff(let id, let zone, let velocity): slideOff(id, zone: zone, velocity: velocity)
        case .collapse(let id):
            collapse(id)
            showUndo()
            announceFiling(of: id)
        case .reinsert(let id, let fromLeft): reinsert(id, fromLeft: fromLeft)
        case .segmentChanged(let from, let to): switchSegment(from: from, to: to)
        case .saveSent:
            do { try environment.saveSent(state.messages.filter { state.placement(of: $0.id).list.isWrittenHere }) } catch {
                log("could not save the sent messages: \(error)")
                banner.show("Couldn’t save the sent message — it lasts until you quit", animator: animator)
            }
        case .saveRead:
            do { try environment.saveRead(state.read) } catch {
                log("could not save which messages were read: \(error)")
            }
        case .save:
            do { try environment.savePlacements(state.placements) } catch {
                log("could not save the mailbox: \(error)")
                banner.show("Couldn’t save — your changes last until you quit", animator: animator)
            }
        }
    }

    func log(_ message: String) { environment.log("mailbox: \(message)") }

    /// A scroll, or a tap on the list, closes what is open and springs back any half-open row.
    func closeOpenThings() {
        for (id, row) in rows where abs(row.offset) > 0.5 && !animator.isAnimating(row, \MessageRowView.offset) && state.options?.messageID != id {
            springBack(id)
        }
    }

    // MARK: Keys, text, shake

    /// See `MailboxScreen+Keys`.
    public override func handleKey(_ event: KeyEvent) -> Bool { handleMailboxKey(event) }

    /// Text with compose open but no field focused (after Esc) is kept from the list behind the sheet.
    public override func handleText(_ text: String) -> Bool { state.compose != nil }

    /// The Mailbox's own menu (its list button, the edge drag) is the menu here; it has the way back to the gallery.
    public override var showsMenuButton: Bool { false }

    public override func handleShake() -> Bool {
        send(.undo)
        return true
    }
}

/// The Mailbox's messages: the saved or bundled ones at once, then the content server's.
public typealias MailboxFeed = DataFeed<MailboxRefresher.Snapshot>

extension DataFeed where Snapshot == MailboxRefresher.Snapshot {
    /// A feed over `refresher`: its `current()` at once, and its `refresh()` only when it has a messages URL.
    public convenience init(refresher: MailboxRefresher) {
        var refresh: (@Sendable () async -> MailboxRefresher.Snapshot)?
        if refresher.messagesURL != nil { refresh = { await refresher.refresh() } }
        self.init(current: { refresher.current() }, refresh: refresh)
    }
}
