import Foundation
import KineticData
import KineticCore
import KineticRuntime
import KineticScene
import KineticPlatform

/// Mailbox: swipe a message left to reschedule or list it, right to archive or delete it.
///
/// The rules are `MailboxRules` (a pure reducer over `MailboxState`). The screen wires the components that draw the
/// state: the bar (`MailboxNavBar`), the list (`MessageList`, with `RowSwipes`), the menu, the reader, the options and
/// date picker, compose, the undo button, the Trash's question and the empty list's note. After every action that
/// changed the state, it hands the change to them (`follow(from:)`): the rows' moves the rules named
/// (`MailboxState.listChange`) play first, so a view can never point at a row the model has dropped. The rules'
/// effects reach the world through `MailboxWork` (files, the mail server, the account set-up); the screen itself only
/// shows banners. What the Mailbox starts with is read by `MailboxLaunch`.
public final class MailboxScreen: Screen {
    /// The banner as wide as a server's sentence needs, within the window: 24 pt clear of each side, 760 pt at most.
    static func bannerWidth(in size: Size) -> Double { min(size.width - 48, 760) }

    /// The app's state, run through `MailboxRules`.
    let store: Store<MailboxRules>
    /// The app's state now; it changes only through the store's actions.
    public var state: MailboxState { store.state }
    /// Placements on disk and the log.
    let environment: MailboxEnvironment
    /// The work the rules' effects ask of the world: files, the mail server, the account set-up.
    private let work: MailboxWork
    /// What went wrong before the screen appeared (saved files, the bundled messages), logged when it does.
    var startupProblems: [String]
    /// What the Mailbox says as it appears, in a banner a screen reader hears: the account just set up.
    var arrivalNote: LocalizedMessage?
    /// `mailbox.content`: everything but the menu; it slides right to show the menu.
    private let content = Layer(identifier: "mailbox.content")
    /// Says what went wrong (a save, a refresh) and goes away by itself.
    let banner = Banner()
    /// When the rules were last told the date (see `tellTheTime`).
    private var lastClock: Date?
    /// The menu's pans (the left edge's, the shield's), whose velocity window is tuned.
    private var menuPans: [PanRecognizer] = []
    /// The drag from the left edge (the menu's, or the reader's way back), which knows the stage's size.
    private weak var edgePan: EdgePanRecognizer?

    // The components, made when the screen appears (they need its size), in the order their layers stack.
    private lazy var context = MailboxViewContext(store: store, screen: self)
    private lazy var menu = MailboxMenu(context: context)
    private lazy var list = MessageList(context: context)
    private lazy var emptyNote = EmptyListNote(context: context)
    private lazy var navBar = MailboxNavBar(context: context)
    private lazy var searchBar = MailboxSearchBar(context: context)
    private lazy var progressBar = SyncProgressBar(context: context)
    private lazy var awayNote = ServerAwayNote(context: context)
    private lazy var options = MailboxOptions(context: context)
    private lazy var compose = ComposeSheet(context: context, in: content)
    private lazy var accountSheet = AccountSheet(context: context, in: content)
    private lazy var undo = UndoButton(context: context)
    private lazy var reader = MailboxReader(context: context)
    private lazy var trashConfirmation = TrashConfirmation(context: context)

    /// A mailbox over `messages` with no network, with the placements `environment` keeps.
    public convenience init(messages: [MailMessage], environment: MailboxEnvironment, words: MailWords = .english) {
        self.init(MailboxLaunch(messages: messages, environment: environment, words: words), work: MailboxWork(environment: environment, feed: nil))
    }

    /// A mailbox on the data layer: the bundled or saved messages at once, then the content server's.
    public convenience init(feed: MailboxFeed, environment: MailboxEnvironment, freshStart: Bool, words: MailWords = .english) {
        self.init(MailboxLaunch(feed: feed, environment: environment, freshStart: freshStart, words: words),
                  work: MailboxWork(environment: environment, feed: feed))
    }

    private init(_ launch: MailboxLaunch, work: MailboxWork) {
        environment = work.environment
        self.work = work
        store = Store(launch.state)
        startupProblems = launch.problems
        super.init(identifier: "mailbox")
        store.performEffects { [unowned self] in self.perform($0) }
        runsEffects(of: store)
    }

    public override var stateName: String { state.stateName }

    /// The list shown ("Inbox", "Trash", a list's name), which stays the place while a message or a sheet is open.
    public override var placeName: String? { state.shelf?.name(in: context.texts) ?? context.texts(state.segment.text) }
    public override var ownsLeftEdge: Bool { true }

    /// The rows that exist now, by message id (made near what shows).
    var rows: [String: MessageRowView] { list.rows }
    /// The list's scroll view (`mailbox.list`).
    var scroll: ScrollView { list.scroll }
    /// The list as drawn: the model's messages, with those still sliding off kept at their places.
    func listedMessages() -> [MailMessage] { list.listedMessages() }
    /// The undo button (`undo`).
    var undoButton: Layer { undo.layer }
    /// Every motion parameter, named (see `MailboxTuning`); `applyTuning` changes them live.
    public var motionTuning: MailboxTuning { context.tuning }
    /// How many rows have been made or taken away as the list scrolled (see `VirtualRows.madeOrTaken`).
    public var rowsMadeOrTaken: Int { list.virtualRows.madeOrTaken }

    // MARK: Life

    public override func didAppear(size: Size) {
        context.size = size
        context.canSetUpAccounts = environment.accountSetting != nil
        banner.onShow = { [weak self] in self?.stage?.announce($0) }  // said, as it shows
        root.backgroundColor = Palette.ink
        root.addSublayer(menu.panel)
        content.anchorPoint = .zero
        content.frame = Rect(origin: .zero, size: size)
        content.backgroundColor = .white
        content.zPosition = 1
        root.addSublayer(content)
        for layer in [list.scroll.frame, emptyNote.layer, navBar.layer, options.layer] { content.addSublayer(layer) }
        _ = compose  // the sheet and its dim join the content here, over the options
        _ = accountSheet  // and the account sheet's, over compose's
        content.addSublayer(undo.layer)
        banner.add(to: content, size: size, zPosition: 8, width: Self.bannerWidth(in: size), clearOf: undo.layer.frame)
        content.addSublayer(reader.layer)
        navBar.addEmptyTrashButton()
        // The search's button and field are the bar's last parts, over its segments while the search is open.
        navBar.layer.addSublayer(searchBar.button)
        navBar.layer.addSublayer(searchBar.layer)
        navBar.layer.addSublayer(progressBar.layer)
        content.addSublayer(trashConfirmation.layer)
        let edge = EdgePanRecognizer(edge: .left, screenSize: size) { [weak self] in self?.handleEdgePan($0) }
        root.gestureRecognizers = [edge]
        edgePan = edge
        let shieldPan = PanRecognizer { [weak self] in self?.handleEdgePan($0) }
        // Which way the menu is going is the finger's latest direction: a 50 ms window sees a reversal at once.
        for pan in [edge, shieldPan] { pan.velocityWindow = motionTuning.menuVelocityWindow }
        menuPans = [edge, shieldPan]
        menu.shield.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.send(.setMenu(open: false)) }, shieldPan]
        content.addSublayer(menu.shield)
        list.swipes.onSlidOffToOptions = { [weak self] in self?.showOptions() }
        send(.dataProblems(startupProblems, refreshFailed: false, showingSaved: false))
        list.rebuildRows()
        store.follow { [unowned self] before in self.follow(from: before) }
        describeForScreenReaders()
        send(.sync(.start))
        if let arrivalNote { banner.show(settings.localization(arrivalNote), animator: animator, measure: stage?.textInput.measure) }
    }

    /// Every part lays out for the new size (see `resize(to:)` on each); the open menu stays open, the open message,
    /// sheet or question stays where it is in the middle or across the page.
    public override func didResize(to size: Size) {
        context.size = size
        content.bounds = Rect(origin: .zero, size: size)
        menu.resize(to: size)
        list.resize(to: size)
        emptyNote.resize(to: size)
        navBar.resize(to: size)
        searchBar.resize(to: size)
        searchBar.show()
        progressBar.resize(to: size)
        awayNote.resize(to: size)
        options.resize(to: size)
        compose.resize(to: size)
        accountSheet.resize(to: size)
        undo.resize(to: size)
        banner.place(in: size, width: Self.bannerWidth(in: size), clearOf: undo.layer.frame)
        reader.resize(to: size)
        trashConfirmation.resize(to: size)
        edgePan?.screenSize = size
        menu.place(content: content)
    }

    public override func update(dt: Double) {
        list.swipes.endQuietTrackpadStream(now: stage?.time ?? 0)
        list.swipes.endSlidesThatLeftTheScreen()
        tellTheTime()
        navBar.paintShelf()
        emptyNote.show(listIsEmpty: list.shownIDs.isEmpty, rowsLeaving: list.hasRowsLeavingInSight)
        reader.update(dt: dt)
        options.update(dt: dt)
        list.materializeRows()
        list.markSelection()
        list.describeItemsIfStale()
        list.scroll.update(dt: dt)
        menu.place(content: content)
        undo.update(dt: dt)
        banner.update(dt: dt, animator: animator)
    }

    /// At rest unless the undo button or a banner counts down, the list's scroll bar fades, a trackpad stream is under
    /// way, or the picker's wheels turn.
    public override var isAtRest: Bool {
        !undo.isCounting && !banner.isCounting && !list.scroll.isIndicatorFading && list.swipes.trackpad == nil && !options.isMoving
    }

    public override var debugShapes: [DebugShape] { list.swipes.debugShapes }

    public override var tuning: Tuning? { motionTuning.tuning }

    /// New values apply to every animation started from now on (and to the menu's velocity window at once).
    public override func applyTuning(_ tuning: Tuning) {
        guard tuning.app == MailboxTuning.app else { return }
        context.tuning = MailboxTuning(tuning)
        for pan in menuPans { pan.velocityWindow = motionTuning.menuVelocityWindow }
    }

    /// Applies an action through the store: the rules change the model, the effects are carried out, then the
    /// views follow.
    public func send(_ action: MailboxAction) { store.send(action) }

    /// Hands the state's change to the components: first the rows' moves the rules named, then whatever else differs.
    private func follow(from before: MailboxState) {
        if state.listChange != before.listChange { play(state.listChange.moves, optionsBefore: before.options) }
        // Undo says what it did: a screen reader hears it, and the announcer no longer holds the filing's "Undo available.".
        if state.undoneCount != before.undoneCount {
            stage?.announce(context.texts(MailboxText.undoneBackIn, ["place": placeName ?? context.texts(MailboxText.theList)]))
        }
        if state.menuOpen != before.menuOpen { menu.animate(open: state.menuOpen, velocity: 0) }
        // The options show once the message has slid off (seed 002: "when the animation is complete").
        if state.options != before.options, !(state.options.map { rows[$0.messageID]?.isSlidingOff == true } ?? false) { options.show() }
        if state.compose != before.compose { compose.show(before: before.compose) }
        // Send says where the message went, as the sheet closes (issue #58: Send said nothing).
        if let sent = state.lastSent, sent != before.lastSent {
            stage?.announce(context.texts(MailboxText.putInSent, ["subject": sent.subject]))
        }
        if state.account != before.account {
            accountSheet.show(before: before.account)
            if let said = accountSheet.announcement(from: before.account) { stage?.announce(said) }
        }
        if state.reading != before.reading { reader.show(wasReading: before.reading) }
        if state.search != nil, before.search == nil {
            // Each message's text folded for the search in the background while the first word is typed (a mailbox of
            // 10,000 takes half a second, once): the keystrokes then compare bytes.
            let messages = state.messages
            Task.detached(priority: .utility) { for message in messages { _ = MailSearch.searchable(message) } }
        }
        if state.search != before.search || state.shelf != before.shelf {
            searchBar.show()
            navBar.paintSegments()
            if state.search?.matches != before.search?.matches { searchBar.announceMatches(to: stage) }
        }
        if state.read != before.read { list.paintUnread() }
        if state.sync.reach != before.sync.reach || state.serverProblem != before.serverProblem,
           awayNote.show(state.sync.reach, problem: state.serverProblem, from: before.sync.reach, in: content, announce: { [weak self] in self?.stage?.announce($0) }) {
            list.topInset = awayNote.listTopInset  // the strip came or went: the list makes room, or takes it back
            list.resize(to: context.size)
        }
        trashConfirmation.show()
        if state.segment != before.segment || state.shelf != before.shelf || state.placements != before.placements || state.messages != before.messages {
            list.followListedMessages()
            navBar.paintSegments()
        }
        if state.placements != before.placements, state.read == before.read { list.paintUnread() }
        // A check's messages read: each row is drawn anew (a subject, a sender, a flag another program changed).
        if state.sync.filing.checksRead != before.sync.filing.checksRead { list.rebuildRows() }
        // A new day renames the Later rows' times ("Tomorrow 08:00" is "Today 08:00" after midnight), on screen and for
        // screen readers; any other tick of the clock (once a second) changes nothing shown or heard.
        let newDay = !state.calendar.isDate(state.now, inSameDayAs: before.now) || state.calendar != before.calendar
        if newDay { list.renameTimes() }
        if newDay || !state.differsOnlyInTheClock(from: before) { describeForScreenReaders() }
    }

    /// The rows' moves of one action, in order.
    private func play(_ moves: [MailboxState.ListChange.Move], optionsBefore: MailboxState.Options?) {
        // The message the keyboard was on, before a filed row leaves the list's rows: its own row, the row the focus
        // goes back to, or, with the options open (a menu that holds the keyboard), the message they were over.
        let focusedBefore = list.messageTheKeyboardIsOn ?? (stage?.keyboardFocus.focused == nil ? nil : optionsBefore?.messageID)
        for move in moves {
            switch move {
            case .springBack(let id): list.swipes.springBack(id)
            case .slideOff(let id, let zone, let velocity): list.swipes.slideOff(id, zone: zone, velocity: velocity)
            case .collapse(let id):
                list.collapse(id)
                undo.show()
                stage?.announce(FilingAnnouncement.words(for: state.placement(of: id), in: state, texts: context.texts))
            case .remove(let id): list.collapse(id)
            case .reinsert(let id, let fromLeft): list.reinsert(id, fromLeft: fromLeft)
            case .listReplaced(let from, let to): list.replaceList(from: from, to: to)
            case .listFiltered:
                list.showFiltered()
                list.scrollToFocus()  // the search closed on a message: it stays in view
            case .listWidened: list.layoutRows(animated: true)
            case .focus(let request): list.follow(request, focusedBefore: focusedBefore)
            }
        }
    }

    /// Carries out one effect: what reaches the world through `work`; what the screen shows (a banner, the Mailbox
    /// opened anew on the account kept) here.
    private func perform(_ effect: MailboxEffect) -> Effect<MailboxAction> {
        if let work = work.perform(effect, in: state) { return work }
        switch effect {
        case .showBanner(let message): banner.show(settings.localization(message), animator: animator, measure: stage?.textInput.measure)
        case .openAccount(let account):
            environment.openOnServer(account.kept)
            reopenApp()
        default: break
        }
        return .none
    }

    /// The options, once the message has slid off towards them; screen readers hear them.
    private func showOptions() {
        options.show()
        describeForScreenReaders()
    }

    /// A drag from the left edge (or on the shield): the reader's while a message is open, the menu's otherwise.
    private func handleEdgePan(_ pan: PanRecognizer) {
        guard state.compose == nil, state.account == nil, state.options == nil else { return }
        if state.reading != nil || reader.isPanning { return reader.handlePan(pan) }
        menu.handlePan(pan)
    }

    /// Tells the rules the date about once a second while the window is awake (the system clock in a window; a
    /// scenario's fixed start plus its time); a resting window is woken by the rules' own timer (`wakeClock`) at the
    /// next moment the time changes something, so Later messages come back when their moment comes.
    private func tellTheTime() {
        let now = settings.date(atStageTime: requiredStage.time)
        if let lastClock, abs(now.timeIntervalSince(lastClock)) < 1 { return }
        lastClock = now
        send(.clock(now, calendar: settings.calendar))
        // How far the mail server's mailboxes are read, asked with the clock's tick (once a second).
        progressBar.show(environment.syncProgress?())
    }

    // MARK: Screen readers

    /// What the Mailbox is to a screen reader, declared on the layers that draw it: called whenever the state changed,
    /// after the views followed it; never per frame. What a sheet or the reader covers is not offered.
    private func describeForScreenReaders() {
        let covered = state.options != nil || state.compose != nil || state.account != nil || state.reading != nil || state.confirmingEmptyTrash
        list.describe(covered: covered)
        navBar.describe(covered: covered)
        searchBar.describe()
        menu.describe()
        options.describe()
        reader.describe()
        compose.describe()
        accountSheet.describe()
        undo.describe()
        emptyNote.describe()
        trashConfirmation.describe()
    }

    // MARK: Keys, text, shake

    /// See `MailboxKeys`.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        let focused = stage?.keyboardFocus.focused
        let elsewhere = focused != nil && list.message(inRow: focused) == nil
        return MailboxKeys(state: state, send: send, options: options, list: list, reader: reader, focusIsOffTheList: elsewhere).handle(event)
    }

    /// The keys the Mailbox leaves go to the stage's keyboard focus: Tab reaches the nav bar's buttons, the segments, the
    /// list, the reader's buttons; the menu and a question (Cancel's, the Trash's) are worked by it alone.
    public override var usesKeyboardFocus: Bool { true }

    /// Tab (or a click) moved the focus: onto a row, it scrolls into view by a key; in the picker, the keys turn the
    /// wheel it is on. (The focus itself is the stage's: E, D, L and T act on the message whose row has it.)
    public override func keyboardFocusDidMove(to control: Layer?) {
        // (Tab out of a field takes the keyboard out of it, the engine's doing: the search's field then says it was left.)
        if state.options != nil { return options.focusMoved(to: control) }
        if state.menuOpen { menu.reveal(control) }
        if list.message(inRow: control) != nil, stage?.keyboardFocus.isVisible == true { list.scrollToFocus() }
    }

    /// Puts the stage's keyboard focus on message `id`'s row, as ↓ or a click on it would.
    func focus(message id: String) { list.focus(message: id) }

    /// The message whose row has the stage's keyboard focus, if one has: the one E, D, L and T act on.
    var focusedMessage: String? { list.focusedMessage }

    /// Opened by a key: the focus starts on the first message, so the next E archives what shows ringed.
    public override func keyboardFocusArrives() { list.moveFocus(down: true) }

    /// Text with compose or the account sheet open but no field focused (after Esc) is kept from the list behind it.
    public override func handleText(_ text: String) -> Bool { state.compose != nil || state.account != nil }

    /// The Mailbox's own menu (its list button, the edge drag) is the menu here; it has the way back to the gallery.
    public override var showsMenuButton: Bool { false }

    public override func handleShake() -> Bool {
        send(.undo)
        return true
    }
}
