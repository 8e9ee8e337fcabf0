import Foundation
import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The list: a row for each shown message near the screen (the engine's `VirtualRows`), its place, and how rows
/// leave and come back; which row holds the focus; what a screen reader hears of each row.
///
/// A message the model has filed keeps its row, and its place, while it slides off (`heldRows`), so the rows below stay
/// put until the slide is complete, as seed 002 orders it. The swipe itself is `RowSwipes`'.
final class MessageList {
    private let context: MailboxViewContext
    /// The list's scroll view (`mailbox.list`).
    let scroll: ScrollView
    /// The rows that exist, made near what shows.
    let virtualRows: VirtualRows<MessageRowView>
    /// The shown list's message ids as last laid out, in order, kept so a step need not filter the model again (the
    /// messages themselves are the model's, found by id: `shownMessage(_:)`).
    private(set) var shownIDs: [String] = [] {
        didSet {
            guard shownIDs != oldValue else { return }
            shownPositions = MailboxState.positions(of: shownIDs)
            // A row that finished sliding off leaves the list without the state changing: the rows are described
            // again, once, at the step's end (`describeItemsIfStale`).
            itemsAreStale = true
        }
    }
    /// Each shown message's index in `shownIDs`, by id: a row's place in the list without a search.
    private(set) var shownPositions: [String: Int] = [:]
    /// Whether the list's items were written for another list than the one shown.
    private var itemsAreStale = false
    /// Messages the model has filed whose rows are still sliding off, each at the index it keeps until the slide ends.
    var heldRows: [(message: MailMessage, index: Int)] = []
    /// How far below the bar the list starts: room for the strip that says the server is away (`ServerAwayNote`).
    var topInset = 0.0
    /// Rows on their way out (collapsing, or sliding away with a segment change), kept until their animation ends.
    private var leaving: [MessageRowView] = []
    /// The swipe on each row (a finger, a trackpad), and where a release sends the message.
    private(set) lazy var swipes = RowSwipes(list: self, context: context)

    init(context: MailboxViewContext) {
        self.context = context
        let size = context.size, top = MailboxViewContext.navHeight
        scroll = ScrollView(identifier: "mailbox.list", frame: Rect(x: 0, y: top, width: size.width, height: size.height - top),
                            animator: { [unowned context] in context.animator })
        virtualRows = VirtualRows(scroll: scroll, rowHeight: MessageRowView.height, slot: \.slot)
        scroll.onScrollBegan = { [weak self] in self?.closeOpenThings() }
    }

    /// The rows that exist, by message id.
    var rows: [String: MessageRowView] { virtualRows.rows }
    private var state: MailboxState { context.state }
    private var animator: Animator { context.animator }
    private var reduceMotion: Bool { context.settings.reduceMotion }
    private var width: Double { context.width }
    /// The spring that brings a message back and closes rows up (tuned: `swipe.returnSpring`).
    var rowSpring: Motion { .spring(context.tuning.returnSpring) }

    // MARK: Rows

    /// Makes the rows of the shown list anew (new data, a new segment), each at its place.
    /// The message whose row had the stage's keyboard focus keeps it in its new row, where it still shows; one whose row
    /// a sheet or the reader will give the focus back to (they cover the list) gets it back in its new row.
    func rebuildRows() {
        let focused = focusedMessage
        let returning = rows.first { stageFocus.returnsFocus(to: $0.value.slot) }.map { (id: $0.key, slot: $0.value.slot) }
        for row in virtualRows.removeAll() { row.slot.removeFromSuperlayer() }
        heldRows = []  // a sliding row taken away holds no place
        layoutRows(animated: false)
        scroll.offset = min(scroll.offset, scroll.maximumOffset)
        materializeRows()
        if let focused, state.isShown(focused) { focus(message: focused) }
        if let returning, let row = rows[returning.id] { stageFocus.returnFocus(to: row.slot, insteadOf: returning.slot) }
    }

    /// Makes the rows that came within reach and takes away those that left it, unless a row is still moving, swiped
    /// open or focused.
    func materializeRows() {
        let ids = shownIDs
        virtualRows.materialize(ids: ids, make: { makeRow(shownMessage(ids[$0])) }, mayTake: { row in
            abs(row.offset) < 0.5 && row.slot !== stageFocus.focused
                && !animator.isAnimating(row.slot, \.position) && !animator.isAnimating(row, \MessageRowView.offset)
        })
    }

    /// Each row's time as seen now (a Later row's "comes back", a dated message's "today" or weekday): called when
    /// the day turns.
    func renameTimes() {
        rowNames.removeAll(keepingCapacity: true)  // a row's name says its time, which changed
        lastItems = nil
        for (id, row) in rows {
            row.showTimeLabel(timeLabel(of: shownMessage(id)))
        }
    }

    /// What `message`'s row says of its time (`MessageTime`).
    private func timeLabel(of message: MailMessage) -> String {
        MessageTime.row(message, placement: state.placement(of: message.id), now: state.now, calendar: state.calendar, texts: context.texts)
    }

    private func makeRow(_ message: MailMessage) -> MessageRowView {
        let row = MessageRowView(message: message, width: width, art: MailboxViewContext.artFile, timeLabel: timeLabel(of: message))
        let pan = RowSwipePan { [weak self, weak row] in
            guard let self, let row else { return }
            self.swipes.handleSwipe($0, row)
        }
        let id = message.id
        // A tap closes what is open (a half-open row); with nothing open, it opens the message in the reader.
        row.slot.gestureRecognizers = [pan, TapRecognizer { [weak self] _ in
            guard let self else { return }
            if self.rows.values.contains(where: { abs($0.offset) > 0.5 }) {
                self.closeOpenThings()
            } else {
                self.context.send(.reader(.open(id)))  // a draft opens in compose, where it is written
            }
        }]
        row.setUnread(state.isUnread(message))
        row.slot.contextActions = { [weak self] in self?.contextActions(for: id) ?? [] }
        row.slot.onWheel = { [weak self] in self?.swipes.trackpadSwipe($0, over: id) ?? false }
        scroll.content.addSublayer(row.slot)
        describe(row)
        return row
    }

    /// Every shown row to its slot: y = index × row height, springing there (rows below a collapse move up).
    func layoutRows(animated: Bool) {
        shownIDs = listedIDs()
        scroll.contentHeight = Double(shownIDs.count) * MessageRowView.height
        // The rows made (a screenful), each to its message's place: not a walk through every message.
        for (id, row) in rows {
            guard let index = shownPositions[id] else { continue }
            let target = Point(x: 0, y: Double(index) * MessageRowView.height)
            if animated && !reduceMotion {
                if animator.target(of: row.slot, \.position) != target, row.slot.position != target {
                    animator.animate(row.slot, \.position, to: target, with: rowSpring)
                }
            } else {
                animator.stop(row.slot, \.position)
                row.slot.position = target
            }
        }
        scroll.content.bounds.size.height = max(scroll.contentHeight, 1)
    }

    /// The shown list changed (another segment, new placements or messages): a list read in an order of its own (Later
    /// by return time) can reorder rows that stay on it, and they move to their new slots. Rows coming and going are
    /// the list change's to animate.
    func followListedMessages() {
        let listed = listedIDs()
        guard listed != shownIDs else { return }
        let wasAt = shownPositions
        shownIDs = listed
        // The messages that stay, in the order they were: nothing to move. (One pass, whatever the list's length.)
        var last = -1
        for id in listed {
            guard let index = wasAt[id] else { continue }
            if index < last { return layoutRows(animated: true) }
            last = index
        }
    }

    /// The list as drawn: the model's messages, with those still sliding off kept at their places.
    func listedMessages() -> [MailMessage] { listedIDs().map(shownMessage) }

    /// The ids of `listedMessages`, made without copying a message.
    private func listedIDs() -> [String] {
        var list = state.visibleIDs
        for held in heldRows.sorted(by: { $0.index < $1.index }) where !list.contains(held.message.id) {
            list.insert(held.message.id, at: min(held.index, list.count))
        }
        return list
    }

    /// The shown message `id`: the model's, else a held row's (a message deleted for good while it slid off). Every
    /// shown id is one or the other; a blank row stands for one that is neither rather than the list stopping.
    func shownMessage(_ id: String) -> MailMessage {
        state.message(withID: id) ?? heldRows.first { $0.message.id == id }?.message ?? MailMessage(id: id, sender: "", subject: "", snippet: "", time: "")
    }

    /// The unread dots follow what the person opened.
    func paintUnread() {
        for (id, row) in rows {
            if let message = state.message(withID: id) { row.setUnread(state.isUnread(message)) }
        }
    }

    // MARK: Leaving and coming back

    /// The message left this list: its slot closes to nothing while the rows below move up into its place.
    func collapse(_ id: String) {
        if let sliding = rows[id], sliding.isSlidingOff {
            sliding.collapsesWhenOff = true  // when the slide ends (`RowSwipes.slideEnded`)
            // Filed while it slid (Esc dismissed the options before they showed, say): it keeps its place until then.
            if !heldRows.contains(where: { $0.message.id == id }), let index = shownPositions[id] {
                heldRows.append((shownMessage(id), index))
            }
            return
        }
        guard let row = virtualRows.rows.removeValue(forKey: id) else {
            // A message with no row (far from what shows) left: the rows below still close up.
            layoutRows(animated: true)
            scroll.settleInRange()
            return
        }
        row.slot.zPosition = -1
        let finish = retire(row)
        if reduceMotion {
            animator.animate(row.slot, \.opacity, to: 0, with: .tween(duration: context.tuning.reducedMotionFade), completion: finish)
        } else {
            animator.animate(row.slot, \.size, to: Size(width: width, height: 0), with: .spring(context.tuning.slideSpring), completion: finish)
        }
        layoutRows(animated: true)
        scroll.settleInRange()
    }

    /// Undo: the row opens at the message's place and the message slides back in from where it left.
    func reinsert(_ id: String, fromLeft: Bool) {
        guard state.isShown(id), let message = state.message(withID: id) else { return }
        heldRows.removeAll { $0.message.id == id }
        rows[id]?.slot.removeFromSuperlayer()
        let row = makeRow(message)
        virtualRows.rows[id] = row
        row.offset = fromLeft ? -width : width
        layoutRows(animated: true)
        if let index = state.visibleIDs.firstIndex(of: id) {
            row.slot.position = Point(x: 0, y: Double(index) * MessageRowView.height)
            scroll.scroll(toShow: row.slot.position.y, row.slot.position.y + MessageRowView.height)
        }
        if reduceMotion {
            row.offset = 0
            fadeIn(row.slot)
        } else {
            row.slot.size = Size(width: width, height: 0)
            animator.animate(row.slot, \.size, to: Size(width: width, height: MessageRowView.height), with: rowSpring)
            animator.animate(row, \MessageRowView.offset, to: 0, with: rowSpring)
        }
    }

    /// The segmented control changed: the old list slides out and the new one in, from the new segment's side.
    func replaceList(from: MailboxSegment, to: MailboxSegment) {
        let forward = to.order > from.order
        for row in virtualRows.removeAll() {
            let finish = retire(row)
            if reduceMotion {
                animator.animate(row.slot, \.opacity, to: 0, with: .tween(duration: context.tuning.rowFade), completion: finish)
            } else {
                animator.animate(row.slot, \.position, to: Point(x: forward ? -width : width, y: row.slot.position.y), with: rowSpring, completion: finish)
            }
        }
        scroll.stop()
        scroll.offset = 0
        rebuildRows()
        for row in rows.values {
            if reduceMotion {
                fadeIn(row.slot)
            } else {
                let place = row.slot.position
                row.slot.position = Point(x: forward ? width : -width, y: place.y)
                animator.animate(row.slot, \.position, to: place, with: rowSpring)
            }
        }
    }

    /// The search's matches changed: the list made again at its top, at once.
    func showFiltered() {
        scroll.stop()
        scroll.offset = 0
        rebuildRows()
    }

    /// Whether a row on its way out still shows on the list (sliding away with a segment change, closing up, or
    /// fading): the empty list's note waits for the last one. Half a point still in sight counts as gone, as for a
    /// message sliding off.
    var hasRowsLeavingInSight: Bool {
        leaving.contains { row in
            let slot = row.slot
            return slot.opacity > 0.01 && slot.bounds.height > 0.5 && abs(slot.position.x) < width - 0.5
        }
    }

    /// Takes a row out of the list's life: it takes no more touches, and is removed when the returned completion
    /// (for its leaving animation) runs.
    private func retire(_ row: MessageRowView) -> (Bool) -> Void {
        row.isLeaving = true
        row.slot.gestureRecognizers = []
        leaving.append(row)
        return { [weak self, weak row] _ in
            guard let self, let row else { return }
            row.slot.removeFromSuperlayer()
            self.leaving.removeAll { $0 === row }
        }
    }

    /// With reduced motion, a view that arrives fades in where it belongs.
    func fadeIn(_ layer: Layer) {
        layer.opacity = 0
        animator.animate(layer, \.opacity, to: 1, with: .tween(duration: context.tuning.reducedMotionFade))
    }

    /// A scroll, or a tap on the list, closes what is open and springs back any half-open row.
    func closeOpenThings() {
        for (id, row) in rows where abs(row.offset) > 0.5 && !animator.isAnimating(row, \MessageRowView.offset) && state.options?.messageID != id {
            swipes.springBack(id)
        }
    }

    // MARK: Context menu and focus

    /// What a right-click on a message offers: the swipe's four actions, each playing the swipe's animation; nothing
    /// for a message written here, in Sent or Drafts, which is never filed away (see `MailboxRules`).
    private func contextActions(for id: String) -> [(title: String, perform: () -> Void)] {
        guard !state.isWrittenHere(id) else { return [] }
        let texts = context.texts
        return [(MailboxText.archive, SwipeZone.archive), (MailboxText.delete, .delete), (MailboxText.laterEllipsis, .later), (MailboxText.listEllipsis, .list)].map { text, zone in
            (texts(text), { [weak self] in self?.context.send(.command(id: id, zone: zone)) })
        }
    }

    /// The Menu key or Shift-F10: the focused (or first) message's context menu, at its row.
    func showContextMenuForFocus() {
        guard let id = focusedMessage ?? shownIDs.first, let row = rows[id] else { return }
        let frame = row.slot.frameInRoot
        context.stage.showContextMenu(contextActions(for: id).map { ContextMenuItem($0.title, perform: $0.perform) },
                                      at: Point(x: frame.minX + 120, y: frame.midY))
    }

    /// Scrolls the focused row into view.
    func scrollToFocus() {
        guard let top = focusedRowTop else { return }
        scroll.scroll(toShow: top, top + MessageRowView.height)
    }

    /// Where the focused message's row starts in the list's content, if a shown message is focused.
    private var focusedRowTop: Double? { focusedMessage.flatMap(rowTop) }

    /// Where message `id`'s row starts in the list's content, if it shows.
    private func rowTop(_ id: String) -> Double? {
        state.visibleIDs.firstIndex(of: id).map { Double($0) * MessageRowView.height }
    }

    /// The message whose row is marked selected for screen readers: the one whose row had the stage's keyboard focus
    /// when last looked (`markSelection()`).
    private var selectedMessage: String?

    /// Each step: the row with the stage's keyboard focus is the list's selected one for screen readers, as in a list
    /// where the selection follows the focus; the row that had it is no longer.
    func markSelection() {
        let now = focusedMessage
        guard now != selectedMessage else { return }
        if let old = selectedMessage { rows[old]?.slot.accessibility?.states.remove(.selected) }
        if let now { rows[now]?.slot.accessibility?.states.insert(.selected) }
        selectedMessage = now
    }

    /// The message whose row has the stage's keyboard focus, if one has: the one the list's keys act on. (The focus is
    /// the stage's alone: the list reads it, never keeps a copy.)
    var focusedMessage: String? { message(inRow: stageFocus.focused) }

    /// The message the keyboard is on: the one whose row has the stage's keyboard focus, or whose row gets it back when
    /// what covers the list (the options, the reader, a menu) goes.
    var messageTheKeyboardIsOn: String? {
        focusedMessage ?? rows.first { stageFocus.returnsFocus(to: $0.value.slot) }?.key
    }

    /// The stage's one keyboard focus.
    var stageFocus: KeyboardFocus { context.stage.keyboardFocus }

    /// Puts the stage's keyboard focus on message `id`'s row: at once where the row is made (the next key goes on from
    /// it), and again at the step's end, after a sheet or menu that closed gave the focus back, or once the list has made
    /// the row. Scrolls the row into view where the keyboard is in use. A message that no longer shows is not looked for.
    func focus(message id: String) {
        if let row = rows[id], row.slot === stageFocus.focused { return }  // where it is already: nothing moves
        if stageFocus.isVisible, let top = rowTop(id) { scroll.scroll(toShow: top, top + MessageRowView.height) }
        if let row = rows[id] { stageFocus.focus(row.slot) }
        stageFocus.request { [weak self] in
            guard let self, self.state.isShown(id) else { return .gone }
            return self.rows[id].map { .control($0.slot) } ?? .notYet
        }
    }

    /// The next (or previous) message after the focused one, or the first (or last) with none focused: ↓ and ↑.
    func moveFocus(down: Bool) {
        let ids = state.visibleIDs
        guard !ids.isEmpty else { return }
        let next: String
        if let current = focusedMessage, let index = ids.firstIndex(of: current) {
            next = ids[min(max(index + (down ? 1 : -1), 0), ids.count - 1)]
        } else {
            next = down ? ids[0] : ids[ids.count - 1]
        }
        focus(message: next)
    }

    /// Carries out the rules' request for the focus (see `MailboxState.ListChange.FocusRequest`), made when the keyboard
    /// was on message `focusedBefore` (`messageTheKeyboardIsOn` before the same change's rows moved).
    func follow(_ request: MailboxState.ListChange.FocusRequest, focusedBefore: String?) {
        switch request {
        case .message(let id):
            focus(message: id)
        case .firstMessage(let when):
            let focused = stageFocus.focused
            let holds: Bool
            switch when {
            case .always: holds = true
            case .ifOnAMessage: holds = focusedBefore != nil
            case .ifTheKeyboardIsInUse: holds = stageFocus.isVisible
            case .ifNowhere: holds = focusedBefore == nil && (focused == nil || Accessibility.isTextField(focused?.accessibility?.role))
            }
            guard holds, let first = state.visibleIDs.first else { return }
            focus(message: first)
        case .inPlaceOf(let filed, let successor):
            if focusedBefore == filed { focus(message: successor) }
        }
    }

    /// The stage changed size: the list fills it below the bar (more rows in a taller window: `VirtualRows` makes
    /// those that came within reach), its rows are made anew at a new width, and the scroll stays where it was unless
    /// the focused row would leave the view: it is brought just inside, at once, so the person's place is never lost.
    /// A row swiped open or off (the options showing over it) keeps its swipe, as the same fraction of the new width.
    func resize(to size: Size) {
        let top = MailboxViewContext.navHeight + topInset, oldWidth = max(scroll.frame.bounds.width, 1)
        let widthChanged = scroll.frame.bounds.width != size.width
        scroll.resize(to: Rect(x: 0, y: top, width: size.width, height: max(size.height - top, 1)))
        if widthChanged {
            let swiped = rows.values.filter { abs($0.offset) > 0.5 }.map { (id: $0.id, fraction: $0.offset / oldWidth, zone: $0.lockedZone) }
            for row in swiped.compactMap({ rows[$0.id] }) { animator.stopAll(of: row) }
            rebuildRows()
            for old in swiped {
                guard let row = rows[old.id] else { continue }
                row.lockedZone = old.zone
                row.offset = old.fraction * size.width
            }
        }
        if let rowTop = focusedRowTop {
            var offset = scroll.offset
            if rowTop < offset { offset = rowTop } else if rowTop + MessageRowView.height > offset + scroll.visibleHeight {
                offset = rowTop + MessageRowView.height - scroll.visibleHeight
            }
            offset = min(max(offset, scroll.minimumOffset), scroll.maximumOffset)
            if offset != scroll.offset {
                scroll.stop()
                scroll.offset = offset
            }
        }
        materializeRows()
    }

    /// The message whose row is `layer`, if it is one.
    func message(inRow layer: Layer?) -> String? {
        guard let layer else { return nil }
        return rows.first { $0.value.slot === layer }?.key
    }

    // MARK: Screen readers

    /// The actions a row offers, in the order a screen reader lists them.
    static let rowActionNames = ["Open", "Archive", "Delete", "Later…", "Move to list…"]

    /// The list, named for the list that shows, and every row; hidden while a sheet or the reader covers it.
    func describe(covered: Bool) {
        scroll.frame.accessibilityElementsHidden = covered
        scroll.frame.accessibility = Accessibility(role: .list, name: state.shelf?.name(in: context.texts) ?? context.texts(state.segment.text))
        describeItems()
    }

    /// Every row made, and every shown message as an item (`itemsForEveryRow`), at its place in the list now.
    private func describeItems() {
        itemsAreStale = false
        scroll.frame.accessibility?.itemsWhenAsked = { [weak self] in self?.itemsForEveryRow() ?? [] }
        scroll.frame.accessibility?.itemsLayer = scroll.content
        for row in rows.values { describe(row) }
    }

    /// The items again, when the list shown changed since they were written (a row finished sliding off): called at
    /// the end of each step, so a list that changes several times in one step is described once.
    func describeItemsIfStale() {
        if itemsAreStale, scroll.frame.accessibility != nil { describeItems() }
    }

    /// Every shown message as an item of the list, where its row stands in the scrolled content, so a screen reader
    /// counts and reaches all of them ("list with 30 items") whether or not a row is made for it now (the tree leaves
    /// out those that have one). Written when a tree is gathered (`itemsWhenAsked`), never as the list scrolls; the
    /// same inputs give the items kept, and a name is written again only when what it says changed (`RowName`).
    private func itemsForEveryRow() -> [Accessibility.Item] {
        // The same list, messages, placements, opened messages and day say the same items (each comparison is at once
        // when nothing changed: the same storage).
        let inputs = ItemInputs(ids: shownIDs, messages: state.messages, placements: state.placements, read: state.read, now: state.now,
                                calendar: state.calendar, width: width)
        if let lastItems, lastItems.inputs.isSame(as: inputs) { return lastItems.items }
        var items: [Accessibility.Item] = []
        items.reserveCapacity(shownIDs.count)
        var names: [String: RowName] = [:]
        names.reserveCapacity(shownIDs.count)
        for (index, id) in shownIDs.enumerated() {
            let message = shownMessage(id)
            let from = RowName.Inputs(placement: state.placement(of: id), unread: state.isUnread(message), sender: message.sender,
                                      subject: message.subject, time: message.time)
            var name: RowName
            if let kept = rowNames[id], kept.inputs == from {
                name = kept
            } else {
                name = RowName(inputs: from, item: Accessibility.Item(key: "row.\(id)", position: index, name: rowName(message), frame: .zero))
            }
            name.item.position = index
            name.item.frame = Rect(x: 0, y: Double(index) * MessageRowView.height, width: width, height: MessageRowView.height)
            names[id] = name
            items.append(name.item)
        }
        rowNames = names
        lastItems = (inputs, items)
        return items
    }

    /// A row's name as last written, and what it was written from: the same inputs say the same name (a Later row's
    /// time changes with the day: `renameTimes` forgets them all).
    private struct RowName {
        /// What a row's name says.
        struct Inputs: Equatable {
            var placement: Placement
            var unread: Bool
            var sender: String
            var subject: String
            var time: String
        }
        var inputs: Inputs
        /// The item as last offered: its key and name, kept; its place, written anew each time.
        var item: Accessibility.Item
    }

    /// Rows' names as last written, by message id.
    private var rowNames: [String: RowName] = [:]
    /// The items as last written, and what from.
    private var lastItems: (inputs: ItemInputs, items: [Accessibility.Item])?

    /// What the list's items are written from.
    private struct ItemInputs {
        var ids: [String]
        var messages: [MailMessage]
        var placements: [String: Placement]
        var read: Set<String>
        var now: Date
        var calendar: Calendar
        var width: Double

        /// The same items: the same list, messages, placements and opened messages, on the same day, at the same width.
        func isSame(as other: ItemInputs) -> Bool {
            width == other.width && calendar == other.calendar && calendar.isDate(now, inSameDayAs: other.now)
                && ids == other.ids && placements == other.placements && read == other.read && Self.sameStorage(messages, other.messages)
        }

        /// Whether two arrays are one storage (the state's messages untouched since): a check's new messages, even
        /// equal ones, write the items again, whose names each cost a comparison of what they say (`RowName`).
        static func sameStorage(_ a: [MailMessage], _ b: [MailMessage]) -> Bool {
            // Kept here, `b`'s storage lives as long as this comparison: an address is not reused while it is compared.
            a.count == b.count && a.withUnsafeBufferPointer { $0.baseAddress } == b.withUnsafeBufferPointer { $0.baseAddress }
        }
    }

    /// What a screen reader calls a message's row: "sender, subject, time, unread".
    private func rowName(_ message: MailMessage) -> String {
        let time = timeLabel(of: message)
        let account = message.account.map { context.texts(MailboxText.inAccount, ["account": $0]) }
        return [message.sender, message.subject, time, account].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ") + (state.isUnread(message) ? ", " + context.texts(MailboxText.unread) : "")
    }

    /// One row: a list item, "sender, subject, time, unread", with the swipe's actions.
    private func describe(_ row: MessageRowView) {
        // A row still sliding off after its message was deleted for good is named as it was, with nothing to do.
        let message = shownMessage(row.id), id = message.id, inModel = state.message(withID: id) != nil
        let actions: [MailboxAction] = inModel ? [.reader(.open(id)), .command(id: id, zone: .archive), .command(id: id, zone: .delete),
                                                  .command(id: id, zone: .later), .command(id: id, zone: .list)] : []
        // `focused` is the stage's keyboard focus's to set; the row it is on says it is the one selected.
        var states: Accessibility.States = [.focusable, .selectable]
        if selectedMessage == id { states.insert(.selected) }
        var described = Accessibility(role: .listItem, name: rowName(message), states: states, actions: zip(Self.rowActionNames, actions).map { name, action in
            Accessibility.Action(name) { [weak self] in self?.context.send(action) }
        })
        described.positionInList = shownPositions[id]
        row.slot.accessibility = described
    }
}

/// A row's swipe: horizontal only (a vertical drag is the list's), and never from the left edge, which opens the menu.
final class RowSwipePan: PanRecognizer {
    init(handler: @escaping (PanRecognizer) -> Void) {
        super.init(minimumDistance: 10, axis: .horizontal, handler: handler)
    }

    override func shouldBegin(at start: Point) -> Bool { start.x > 24 }
}
