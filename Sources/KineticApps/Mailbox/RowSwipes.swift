import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The swipe on the list's rows: a finger (or a trackpad's two-finger stream) moves the message, the release goes to
/// the rules, and the rules' moves play here: a message springs back, or slides off past the line; only when the slide
/// is complete does seed 002's next step come (the options, or its row closing).
///
/// A trackpad's swipe across a message swipes it, as desktop mail clients do: the same zones, colours, icons and
/// thresholds as a finger, the stream's end as the release. Which way a stream goes (across a row, or along the list)
/// is decided once, by its first delta, as a drag decides its axis; a stream along the list is left to the list.
final class RowSwipes {
    /// One stream of a trackpad over the list: the row it swipes (`nil` when it scrolls the list), its last delta's
    /// time, and its velocity across, in points per second.
    struct TrackpadStream {
        var row: String?
        var time: Double
        var velocity: Double
    }

    private unowned let list: MessageList
    private let context: MailboxViewContext
    /// The trackpad stream under way over the list, if any.
    private(set) var trackpad: TrackpadStream?
    /// The message last swiped and the finger's velocity then (pt/s), for the debug overlay.
    private var lastSwipe: (id: String, velocity: Double)?
    /// Called when a message has slid off towards the options the state holds for it: they show now.
    var onSlidOffToOptions: () -> Void = {}

    init(list: MessageList, context: MailboxViewContext) {
        self.list = list
        self.context = context
    }

    private var rows: [String: MessageRowView] { list.rows }
    private var animator: Animator { context.animator }
    private var width: Double { context.width }

    /// The finger moves the message; a touch that lands while it springs back catches it where it is.
    func handleSwipe(_ pan: PanRecognizer, _ row: MessageRowView) {
        // A message sliding off past the line has been decided: the slide finishes and its outcome follows.
        guard !row.isLeaving, !row.isSlidingOff else { return }
        switch pan.state {
        case .began:
            animator.stop(row, \MessageRowView.offset)
            row.lockedZone = nil
            row.swipeStart = row.offset
            list.scroll.stop()
            row.offset = row.swipeStart + pan.translation.dx
        case .changed:
            row.offset = row.swipeStart + pan.translation.dx
            lastSwipe = (row.id, pan.velocity.dx)
        case .ended:
            context.send(.swipeEnded(id: row.id, offset: row.offset, velocity: pan.velocity.dx))
        case .cancelled:
            // A touch the system took away decides nothing: the message goes back.
            springBack(row.id)
        default:
            break
        }
    }

    /// Short of the line: the message springs back to 0 (fades in place with reduced motion).
    func springBack(_ id: String) {
        guard let row = rows[id], !row.isLeaving else { return }
        row.lockedZone = nil
        row.message.opacity = 1
        if context.settings.reduceMotion {
            animator.stop(row, \MessageRowView.offset)
            row.offset = 0
            list.fadeIn(row.message)
        } else {
            animator.animate(row, \MessageRowView.offset, to: 0, with: list.rowSpring)
        }
    }

    /// Past the line, the message keeps going off screen with the finger's velocity (at least a brisk one).
    func slideOff(_ id: String, zone: SwipeZone, velocity: Double) {
        guard let row = rows[id] else { return }
        let toLeft = zone == .later || zone == .list
        row.lockedZone = zone
        let target = toLeft ? -width : width
        if context.settings.reduceMotion {
            row.offset = toLeft ? -SwipeZone.secondThreshold : SwipeZone.secondThreshold
            row.message.opacity = 0
            return
        }
        let slowest = context.tuning.minimumSlideSpeed
        let speed = toLeft ? min(velocity, -slowest) : max(velocity, slowest)
        row.isSlidingOff = true
        // Filed already (archive, delete): its place in the list is held until it has left.
        if !context.state.isShown(id), let index = list.shownPositions[id] {
            list.heldRows.removeAll { $0.message.id == id }
            list.heldRows.append((list.shownMessage(id), index))
        }
        animator.animate(row, \MessageRowView.offset, to: target, with: .spring(context.tuning.slideSpring), initialVelocity: speed) { [weak self, weak row] _ in
            guard let self, let row, self.rows[id] === row else { return }
            self.slideEnded(row)
        }
    }

    /// The message has left the screen: now the options show, or its row closes and the rows below move up.
    private func slideEnded(_ row: MessageRowView) {
        guard row.isSlidingOff else { return }
        row.isSlidingOff = false
        list.heldRows.removeAll { $0.message.id == row.id }
        if row.collapsesWhenOff {
            row.collapsesWhenOff = false
            list.collapse(row.id)
        } else if context.state.options?.messageID == row.id {
            onSlidOffToOptions()
        }
    }

    /// Each step: a message whose slide has carried it off the screen (less than half a point of it showing) has
    /// left, though its spring has yet to settle the last fraction of a point.
    func endSlidesThatLeftTheScreen() {
        let gone = rows.values.filter { $0.isSlidingOff && abs($0.offset) >= width - 0.5 }
        for row in gone { slideEnded(row) }
    }

    // MARK: Trackpad

    /// Takes a trackpad's delta over the row of message `id`; returns whether the row used it (a wheel's clicks and a
    /// stream along the list are the list's).
    func trackpadSwipe(_ wheel: WheelEvent, over id: String) -> Bool {
        let state = context.state
        guard wheel.isPrecise, state.compose == nil, state.options == nil, let row = rows[id], !row.isLeaving else { return false }
        let points = -wheel.delta.dx * ScrollView.lineStep
        if var stream = trackpad, wheel.timestamp - stream.time <= ScrollView.streamGapSeconds {
            guard stream.row == id else { return false }  // this stream scrolls the list, or swipes another row
            stream.velocity = ScrollView.streamVelocity(stream.velocity, adding: points, after: wheel.timestamp - stream.time)
            stream.time = wheel.timestamp
            trackpad = stream
        } else {
            let across = abs(wheel.delta.dx) > abs(wheel.delta.dy)
            trackpad = TrackpadStream(row: across ? id : nil, time: wheel.timestamp, velocity: ScrollView.streamVelocity(nil, adding: points, after: 0))
            guard across else { return false }
            animator.stop(row, \MessageRowView.offset)
            row.lockedZone = nil
            list.scroll.stop()
        }
        row.offset += points
        lastSwipe = (id, trackpad?.velocity ?? 0)
        return true
    }

    /// Each step: a stream that has gone quiet ends, and a row it swiped is released as a lifted finger would be.
    func endQuietTrackpadStream(now: Double) {
        guard let stream = trackpad, now - stream.time > ScrollView.streamGapSeconds else { return }
        trackpad = nil
        guard let id = stream.row, let row = rows[id], !row.isLeaving else { return }
        context.send(.swipeEnded(id: id, offset: row.offset, velocity: stream.velocity))
    }

    // MARK: Debug overlay

    /// For each message being moved: the seed's lines at 60 and 260 pt on both sides, the finger's velocity, and
    /// where that velocity would carry the message (the projection a decision uses).
    var debugShapes: [DebugShape] {
        var shapes: [DebugShape] = []
        for row in rows.values.sorted(by: { $0.id < $1.id }) where row.offset != 0 {
            let toScreen = row.slot.transformToRoot
            let top = Point(x: 0, y: 0).applying(toScreen), bottom = Point(x: 0, y: row.slot.bounds.height).applying(toScreen)
            for line in [SwipeZone.firstThreshold, SwipeZone.secondThreshold, width - SwipeZone.firstThreshold, width - SwipeZone.secondThreshold] {
                shapes.append(.line(from: Point(x: top.x + line, y: top.y), to: Point(x: bottom.x + line, y: bottom.y), color: DebugShape.structure))
            }
            let middleY = (top.y + bottom.y) / 2
            let edge = row.offset > 0 ? top.x + row.offset : top.x + width + row.offset
            let velocity = row.id == lastSwipe?.id ? lastSwipe?.velocity ?? 0 : 0
            shapes.append(.arrow(from: Point(x: edge, y: middleY), vector: Vector(dx: velocity, dy: 0), color: DebugShape.velocity))
            let coast = Decay().projectedValue(from: 0.0, initialVelocity: velocity)
            shapes.append(.dot(Point(x: edge + coast, y: middleY), color: DebugShape.rest))
        }
        return shapes
    }
}
