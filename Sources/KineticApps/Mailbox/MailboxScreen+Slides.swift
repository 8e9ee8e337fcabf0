import KineticData
import KineticCore
import KineticRuntime

/// A message let go past the line slides off, and only when the slide is complete does seed 002's next step come (the
/// options, or its row closing); meanwhile a filed message keeps its place in the list.
extension MailboxScreen {
    /// Past the line, the message keeps going off screen with the finger's velocity (at least a brisk one).
    func slideOff(_ id: String, zone: SwipeZone, velocity: Double) {
        guard let row = rows[id] else { return }
        let toLeft = zone == .later || zone == .list
        row.lockedZone = zone
        let target = toLeft ? -width : width
        if settings.reduceMotion {
            row.offset = toLeft ? -SwipeZone.secondThreshold : SwipeZone.secondThreshold
            row.message.opacity = 0
            return
        }
        let slowest = motionTuning.minimumSlideSpeed
        let speed = toLeft ? min(velocity, -slowest) : max(velocity, slowest)
        row.isSlidingOff = true
        // Filed already (archive, delete): its place in the list is held until it has left.
        if !state.visibleMessages.contains(where: { $0.id == id }), let index = shownMessages.firstIndex(where: { $0.id == id }) {
            heldRows.removeAll { $0.message.id == id }
            heldRows.append((shownMessages[index], index))
        }
        animator.animate(row, \MessageRowView.offset, to: target, with: .spring(motionTuning.slideSpring), initialVelocity: speed) { [weak self, weak row] _ in
            guard let self, let row, self.rows[id] === row else { return }
            self.slideEnded(row)
        }
    }

    /// The message has left the screen: now the options show, or its row closes and the rows below move up.
    func slideEnded(_ row: MessageRowView) {
        guard row.isSlidingOff else { return }
        row.isSlidingOff = false
        heldRows.removeAll { $0.message.id == row.id }
        if row.collapsesWhenOff {
            row.collapsesWhenOff = false
            collapse(row.id)
        } else if state.options?.messageID == row.id {
            showOptions()
        }
    }

    /// Each step: a message whose slide has carried it off the screen (less than half a point of it showing) has
    /// left, though its spring has yet to settle the last fraction of a point.
    func endSlidesThatLeftTheScreen() {
        let gone = rows.values.filter { $0.isSlidingOff && abs($0.offset) >= width - 0.5 }
        for row in gone { slideEnded(row) }
    }

    /// The list as drawn: the model's messages, with those still sliding off kept at their places.
    func listedMessages() -> [MailMessage] {
        var list = state.visibleMessages
        for held in heldRows.sorted(by: { $0.index < $1.index }) where !list.contains(where: { $0.id == held.message.id }) {
            list.insert(held.message, at: min(held.index, list.count))
        }
        return list
    }
}
