import KineticCore
import KineticRuntime

/// A trackpad's two-finger swipe across a message swipes it, as desktop mail clients do: the same zones, colours,
/// icons and thresholds as a finger, the stream's end as the release. Which way a stream goes (across a row, or
/// along the list) is decided once, by its first delta, as a drag decides its axis; a stream along the list is left
/// to the list, which scrolls.
extension MailboxScreen {
    /// One stream of a trackpad over the list: the row it swipes (`nil` when it scrolls the list), its last delta's
    /// time, and its velocity across, in points per second.
    struct TrackpadStream {
        var row: String?
        var time: Double
        var velocity: Double
    }

    /// Takes a trackpad's delta over the row of message `id`; returns whether the row used it (a wheel's clicks and a
    /// stream along the list are the list's).
    func trackpadSwipe(_ wheel: WheelEvent, over id: String) -> Bool {
        guard wheel.isPrecise, state.compose == nil, state.options == nil, let row = rows[id], !row.isLeaving else { return false }
        let points = -wheel.delta.dx * ScrollView.lineStep
        if var stream = viewState.trackpad, wheel.timestamp - stream.time <= ScrollView.streamGapSeconds {
            guard stream.row == id else { return false }  // this stream scrolls the list, or swipes another row
            stream.velocity = ScrollView.streamVelocity(stream.velocity, adding: points, after: wheel.timestamp - stream.time)
            stream.time = wheel.timestamp
            viewState.trackpad = stream
        } else {
            let across = abs(wheel.delta.dx) > abs(wheel.delta.dy)
            viewState.trackpad = TrackpadStream(row: across ? id : nil, time: wheel.timestamp,
                                               velocity: ScrollView.streamVelocity(nil, adding: points, after: 0))
            guard across else { return false }
            animator.stop(row, \MessageRowView.offset)
            row.lockedZone = nil
            scroll.stop()
        }
        row.offset += points
        viewState.lastSwipe = (id, viewState.trackpad?.velocity ?? 0)
        return true
    }

    /// Each step: a stream that has gone quiet ends, and a row it swiped is released as a lifted finger would be.
    func endQuietTrackpadStream() {
        guard let stream = viewState.trackpad, (stage?.time ?? 0) - stream.time > ScrollView.streamGapSeconds else { return }
        viewState.trackpad = nil
        guard let id = stream.row, let row = rows[id], !row.isLeaving else { return }
        send(.swipeEnded(id: id, offset: row.offset, velocity: stream.velocity))
    }
}
