import KineticCore

/// A mouse wheel or a trackpad turning the costume wheel, in spokes, as the arrow keys do: each wheel click is one
/// spoke; a trackpad's precise stream turns a spoke per unit of travel (48 pt, the "row of travel" the picker's wheels
/// take too), keeping what is left over for the deltas that follow. Scrolling towards the person (`dy < 0`) or to the
/// right (`dx > 0`, Shift with a wheel) turns the wheel forward, the way → does; the axis that moved more decides.
struct WheelScrollTurn {
    /// The most spokes one event turns: a burst of clicks (or a flung trackpad) never queues more than a turn's worth.
    static let mostSpokesPerEvent = 6.0
    /// Precise travel not yet turned into a whole spoke, in units.
    private var remainder = 0.0

    /// The spokes `event` turns: positive forward, negative back, 0 for none yet.
    mutating func spokes(for event: WheelEvent) -> Int {
        let delta = event.delta
        let along = abs(delta.dy) >= abs(delta.dx) ? -delta.dy : delta.dx
        guard along.isFinite else { return 0 }
        let whole: Double
        if event.isPrecise {
            remainder += along
            whole = remainder.rounded(.towardZero)
            remainder -= whole
        } else {
            remainder = 0
            // A click is a spoke even when a driver reports it as less than one (a fine-grained wheel's 0.25).
            whole = along == 0 ? 0 : (abs(along) < 1 ? along.sign == .minus ? -1 : 1 : along.rounded(.towardZero))
        }
        // Checked: clamped to ±6 before it becomes an Int.
        return Int(min(max(whole, -Self.mostSpokesPerEvent), Self.mostSpokesPerEvent))
    }
}
