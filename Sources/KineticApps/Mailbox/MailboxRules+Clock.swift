import Foundation
import KineticData

/// When the Mailbox needs the time next: the rules ask to be told (`wakeClock`) at the next moment it changes
/// something, so a window nobody touches sleeps until then rather than waking every second.
extension MailboxRules {
    /// After an action that may move the next moment (the clock itself, a filing, the sync), the wake is set anew
    /// when it moved; nothing before the clock has been told the time at all.
    static func wakeClock(_ state: inout MailboxState, after action: MailboxAction, _ effects: [MailboxEffect]) -> [MailboxEffect] {
        switch action {
        case .clock, .clockDue, .sync, .checkArrived: break
        default: guard effects.contains(.save) else { return [] }
        }
        guard state.now.timeIntervalSince1970 > 0 else { return [] }
        let next = nextMoment(state)
        guard next != state.clockWake else { return [] }
        state.clockWake = next
        return next.map { [.wakeClock(at: $0)] } ?? []
    }

    /// The next moment the time changes something: the earliest Later message's return, the next midnight (Later's
    /// rows name their day: "Tomorrow" becomes "Today"), and, while a check reads the server, a second from now (the
    /// progress of a long first check).
    static func nextMoment(_ state: MailboxState) -> Date? {
        var moments: [Date] = []
        let returns = state.placements.values.compactMap { $0.list == .later ? $0.until : nil }.filter { $0 > state.now }
        if let first = returns.min() { moments.append(first) }
        if let midnight = state.calendar.nextDate(after: state.now, matching: DateComponents(hour: 0, minute: 0, second: 0), matchingPolicy: .nextTime) {
            moments.append(midnight)
        }
        if state.sync.checking { moments.append(state.now.addingTimeInterval(1)) }
        return moments.min()
    }
}
