import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The list: a row for each shown message near the screen, its place, its swipe, and how it leaves and comes back.
///
/// Rows are made only for the messages within a screen's height of what shows (`rowWindow`) and taken away when they
/// scroll further, so a list of ten thousand messages has a few dozen rows of layers and scrolls as one of ten.
extension MailboxScreen {
    /// The spring a row's message and slot move with.
    /// The spring that brings a message back and closes rows up (tuned: `swipe.returnSpring`).
    var rowSpring: Motion { .spring(motionTuning.returnSpring) }

    /// Makes the rows of the shown list anew (new data, a new segment), each at its place.
    func rebuildRows() {
        for row in rows.values { row.slot.removeFromSuperlayer() }
        rows = [:]
        heldRows = []  // a sliding row taken away holds no place
        layoutRows(animated: false)
        scroll.offset = min(scroll.offset, scroll.maximumOffset)
        materializeRows()
    }

    /// The indices of the shown messages whose rows exist: those within one screen's height above and below what
    /// shows, so rows are made before they scroll into view and a fling never reveals a gap.
    var rowWindow: ClosedRange<Int>? {
        let count = shownMessages.count
        guard count > 0 else { return nil }
        let screen = scroll.frame.bounds.height
        let top = scroll.offset - screen, bottom = scroll.offset + 2 * screen
        let first = max(Int(saturating: top / MessageRowView.height, rounding: .down), 0)
        let last = min(Int(saturating: bottom / MessageRowView.height, rounding: .up), count - 1)
        return first <= last ? first...last : nil
    }

    /// Makes the rows that came within the window (each at its place) and takes away those that left it, unless a
    /// row is still moving, swiped open or focused.
    ///
    /// A step where nothing came or went allocates nothing: it only looks rows up.
    func materializeRows() {
        let messages = shownMessages
        let window = rowWindow
        if let window {
            for index in window where rows[messages[index].id] == nil {
                let row = makeRow(messages[index])
                row.slot.position = Point(x: 0, y: Double(index) * MessageRowView.height)
                rows[messages[index].id] = row
                rowsMadeOrTaken += 1
            }
        }
        guard rows.count > (window?.count ?? 0) else { return }
        func isFar(_ row: MessageRowView) -> Bool {
            let index = Int(saturating: row.slot.position.y / MessageRowView.height, rounding: .down)
            return !(window?.contains(index) ?? false) && abs(row.offset) < 0.5 && row.id != state.focus
                && !animator.isAnimating(row.slot, \.position) && !animator.isAnimating(row, \MessageRowView.offset)
        }
        guard rows.values.contains(where: isFar) else { return }
        for (id, row) in rows where isFar(row) {
            row.slot.removeFromSuperlayer()
            rows[id] = nil
            rowsMadeOrTaken += 1
        }
    }

    /// Each Later row's "comes back" time as seen now: called when the day turns.
    func renameLaterTimes() {
        for (id, row) in rows {
            let placement = state.placement(of: id)
            guard placement.list == .later else { continue }
            row.showTimeLabel(RescheduleMoment.label(for: placement.until, now: state.now, calendar: state.calendar))
        }
    }

    func makeRow(_ message: MailMessage) -> MessageRowView {
        let placement = state.placement(of: message.id)
        let comesBack = placement.list == .later ? RescheduleMoment.label(for: placement.until, now: state.now, calendar: state.calendar) : nil
        let row = MessageRowView(message: message, width: width, art: Self.artFile, timeLabel: comesBack)
        let pan = RowSwipePan { [weak self, weak row] in
            guard let self, let row else { return }
            self.handleSwipe($0, row)
        }
        let id = message.id
        // A tap closes what is open (a half-open row); with nothing open, it opens the message in the reader.
        row.slot.gestureRecognizers = [pan, TapRecognizer { [weak self] _ in
            guard let self else { return }
            if self.rows.values.contains(where: { abs($0.offset) > 0.5 }) {
                self.closeOpenThings()
            } else if self.state.placement(of: id).list == .draft {
                self.send(.openDraft(id))  // a draft opens where it is written
            } else {
                self.send(.openMessage(id))
            }
        }]
        row.setUnread(state.isUnread(message))
        row.slot.contextActions = { [weak self] in self?.contextActions(for: id) ?? [] }
        row.slot.onWheel = { [weak self] in self?.trackpadSwipe($0, over: id) ?? false }
        scroll.content.addSublayer(row.slot)
        describe(row)
        return row
    }

    /// Every shown row to its slot: y = index × row height, springing there (rows below a collapse move up).
    func layoutRows(animated: Bool) {
        shownMessages = listedMessages()
        let messages = shownMessages
        scroll.contentHeight = Double(messages.count) * MessageRowView.height
        for (index, message) in messages.enumerated() {
            guard let row = rows[message.id] else { continue }
            let target = Point(x: 0, y: Double(index) * MessageRowView.height)
            if animated && !settings.reduceMotion {
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

    // MARK: Swipe

    /// The finger moves the message; a touch that lands while it springs back catches it where it is.
    func handleSwipe(_ pan: PanRecognizer, _ row: MessageRowView) {
        // A message sliding off past the line has been decided: the slide finishes and its outcome follows.
        guard !row.isLeaving, !row.isSlidingOff else { return }
        switch pan.state {
        case .began:
            animator.stop(row, \MessageRowView.offset)
            row.lockedZone = nil
            row.swipeStart = row.offset
            scroll.stop()
            row.offset = row.swipeStart + pan.translation.dx
        case .changed:
            row.offset = row.swipeStart + pan.translation.dx
            viewState.lastSwipe = (row.id, pan.velocity.dx)
        case .ended:
            send(.swipeEnded(id: row.id, offset: row.offset, velocity: pan.velocity.dx))
        case .cancelled:
            // A touch the system took away decides nothing: the message goes back.
            springBack(row.id)
        default:
            break
        }
    }

    func springBack(_ id: String) {
        guard let row = rows[id], !row.isLeaving else { return }
        row.lockedZone = nil
        row.message.opacity = 1
        if settings.reduceMotion {
            animator.stop(row, \MessageRowView.offset)
            row.offset = 0
            fadeIn(row.message)
        } else {
            animator.animate(row, \MessageRowView.offset, to: 0, with: rowSpring)
        }
    }

    /// The message left this list: its slot closes to nothing while the rows below move up into its place.
    func collapse(_ id: String) {
        if let sliding = rows[id], sliding.isSlidingOff {
            sliding.collapsesWhenOff = true  // when the slide ends (`slideEnded`)
            // Filed while it slid (Esc dismissed the options before they showed, say): it keeps its place until then.
            if !heldRows.contains(where: { $0.message.id == id }), let index = shownMessages.firstIndex(where: { $0.id == id }) {
                heldRows.append((shownMessages[index], index))
            }
            return
        }
        guard let row = rows.removeValue(forKey: id) else {
            // A message with no row (far from what shows) left: the rows below still close up.
            layoutRows(animated: true)
            scroll.settleInRange()
            return
        }
        row.slot.zPosition = -1
        let finish = retire(row)
        if settings.reduceMotion {
            animator.animate(row.slot, \.opacity, to: 0, with: .tween(duration: motionTuning.reducedMotionFade), completion: finish)
        } else {
            animator.animate(row.slot, \.size, to: Size(width: width, height: 0), with: .spring(motionTuning.slideSpring), completion: finish)
        }
        layoutRows(animated: true)
        scroll.settleInRange()
    }

    /// Undo: the row opens at the message's place and the message slides back in from where it left.
    func reinsert(_ id: String, fromLeft: Bool) {
        guard state.visibleMessages.contains(where: { $0.id == id }), let message = state.messages.first(where: { $0.id == id }) else { return }
        heldRows.removeAll { $0.message.id == id }
        rows[id]?.slot.removeFromSuperlayer()
        let row = makeRow(message)
        rows[id] = row
        row.offset = fromLeft ? -width : width
        layoutRows(animated: true)
        if let index = state.visibleMessages.firstIndex(where: { $0.id == id }) {
            row.slot.position = Point(x: 0, y: Double(index) * MessageRowView.height)
            scroll.scroll(toShow: row.slot.position.y, row.slot.position.y + MessageRowView.height)
        }
        if settings.reduceMotion {
            row.offset = 0
            fadeIn(row.slot)
        } else {
            row.slot.size = Size(width: width, height: 0)
            animator.animate(row.slot, \.size, to: Size(width: width, height: MessageRowView.height), with: rowSpring)
            animator.animate(row, \MessageRowView.offset, to: 0, with: rowSpring)
        }
    }

    /// The segmented control changed: the old list slides out and the new one in, from the new segment's side.
    func switchSegment(from: MailboxSegment, to: MailboxSegment) {
        let forward = to.order > from.order
        let old = Array(rows.values)
        rows = [:]
        for row in old {
            let finish = retire(row)
            if settings.reduceMotion {
                animator.animate(row.slot, \.opacity, to: 0, with: .tween(duration: motionTuning.rowFade), completion: finish)
            } else {
                animator.animate(row.slot, \.position, to: Point(x: forward ? -width : width, y: row.slot.position.y), with: rowSpring, completion: finish)
            }
        }
        scroll.stop()
        scroll.offset = 0
        rebuildRows()
        for row in rows.values {
            if settings.reduceMotion {
                fadeIn(row.slot)
            } else {
                let place = row.slot.position
                row.slot.position = Point(x: forward ? width : -width, y: place.y)
                animator.animate(row.slot, \.position, to: place, with: rowSpring)
            }
        }
    }

    /// Takes a row out of the list's life: it takes no more touches, and is removed when the returned completion
    /// (for its leaving animation) runs.
    func retire(_ row: MessageRowView) -> (Bool) -> Void {
        row.isLeaving = true
        row.slot.gestureRecognizers = []
        leaving.append(row)
        return { [weak self, weak row] _ in
            guard let self, let row else { return }
            row.slot.removeFromSuperlayer()
            self.leaving.removeAll { $0 === row }
        }
    }

    func fadeIn(_ layer: Layer) {
        layer.opacity = 0
        animator.animate(layer, \.opacity, to: 1, with: .tween(duration: motionTuning.reducedMotionFade))
    }

    /// What a right-click on a message offers: the swipe's four actions, each playing the swipe's animation.
    func contextActions(for id: String) -> [(title: String, perform: () -> Void)] {
        [("Archive", SwipeZone.archive), ("Delete", .delete), ("Later…", .later), ("List…", .list)].map { title, zone in
            (title, { [weak self] in self?.send(.command(id: id, zone: zone)) })
        }
    }

    /// The Menu key or Shift-F10: the focused (or first) message's context menu, at its row.
    func showContextMenuForFocus() {
        guard let id = state.focus ?? shownMessages.first?.id, let row = rows[id] else { return }
        let frame = row.slot.frameInRoot
        stage?.showContextMenu(contextActions(for: id).map { ContextMenuItem($0.title, perform: $0.perform) },
                               at: Point(x: frame.minX + 120, y: frame.midY))
    }

    // MARK: Focus

    func scrollToFocus() {
        guard let focus = state.focus, let index = state.visibleMessages.firstIndex(where: { $0.id == focus }) else { return }
        let top = Double(index) * MessageRowView.height
        scroll.scroll(toShow: top, top + MessageRowView.height)
    }

    /// The ring follows the focused row wherever it moves.
    func updateFocusRing() {
        guard let focus = state.focus, let row = rows[focus], state.compose == nil, state.options == nil else {
            focusRing.isHidden = true
            return
        }
        focusRing.isHidden = false
        let frame = row.slot.frameInRoot
        let inContent = Rect(x: frame.minX - content.position.x + 3, y: frame.minY + 3, width: frame.width - 6, height: MessageRowView.height - 6)
        focusRing.frame = inContent
    }
}

/// A row's swipe: horizontal only (a vertical drag is the list's), and never from the left edge, which opens the menu.
final class RowSwipePan: PanRecognizer {
    init(handler: @escaping (PanRecognizer) -> Void) {
        super.init(minimumDistance: 10, axis: .horizontal, handler: handler)
    }

    override func shouldBegin(at start: Point) -> Bool { start.x > 24 }
}
