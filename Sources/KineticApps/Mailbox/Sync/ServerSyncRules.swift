import KineticData

/// What can happen to the sync: the schedule's timer, the server's word of new mail, a check's end, and a message's
/// way out (sent, its end committed, answered, tried again).
public enum ServerSyncAction: Equatable, Sendable {
    /// The Mailbox appeared: the first check, and the watch for new mail.
    case start
    /// The next check is due (its timer, or the sync starting).
    case checkDue
    /// The server said the Inbox changed (IDLE): a check now.
    case serverSaidNewMail
    /// A check ended: the server answered, or not (`reason`, its words).
    case checkEnded(reason: String?)
    /// The person sent a message (its row `sentID` in Sent).
    case send(sentID: String, OutgoingMessage)
    /// The outbox as the last run left it: what was committed may not have been sent; the rest goes again.
    case resumeOutbox([OutboxEntry])
    /// The end of message `serial` was sent to the server.
    case sendCommitted(serial: Int)
    /// The server took message `serial` (its final `250`).
    case sendAccepted(serial: Int)
    /// The server did not take message `serial`.
    case sendFailed(serial: Int, SendFailure)
    /// Message `serial`'s wait is over: it goes again.
    case retryDue(serial: Int)
    /// The person filed messages the server keeps elsewhere: each goes to the server after the errands before it.
    case filed([Filing])
    /// This device's drafts changed (one saved, deleted, or sent and taken): the server's `\Drafts` follows.
    case draftsChanged
    /// Errand `serial` ended: done, or refused (why, with the server's words).
    case errandEnded(serial: Int, refusal: MailProblem?)
    /// These messages were opened here: the server hears of each once.
    case opened(Set<String>)
}

/// What the sync asks of the world: the screen's interpreter makes each a run or a timer on the stage's clock.
public enum ServerSyncEffect: Equatable, Sendable {
    /// Listen for the server's word of new mail (IDLE) for as long as the Mailbox shows: `serverSaidNewMail`.
    case watchForNewMail
    /// Read the server (check number `number`); its end comes back as `checkEnded`.
    case check(number: Int)
    /// `checkDue` after `seconds`, replacing a check already set.
    case scheduleCheck(after: Double)
    /// Hand `entry`'s message to the SMTP server; its answer comes back as `sendCommitted`, then `sendAccepted` or
    /// `sendFailed`.
    case submit(OutboxEntry)
    /// `retryDue(serial)` after `seconds`.
    case retry(serial: Int, after: Double)
    /// Keep the outbox as it is now (`mailbox-outbox.json`): a quit loses nothing and sends nothing twice.
    case saveOutbox
    /// Carry out `errand` on the server; its end comes back as `errandEnded`.
    case runErrand(ServerErrand)
    /// Mark these messages `\Seen` on the server (no answer comes back: a check that still finds one unread tells
    /// it again).
    case markRead(Set<String>)
    /// Mark this message `\Answered` on the server: a reply to it was sent (no answer comes back).
    case markAnswered(String)
}

/// The sync's rules: state + action → new state + effects, pure.
///
/// One message is on its way at a time, in the order sent. A wait (a 4xx, or a server away) grows from 15 s, doubling,
/// to 10 minutes between tries; a refusal (5xx) or a send whose answer never came leaves the outbox, and the Mailbox
/// puts it in Drafts with the server's words.
public enum ServerSyncRules {
    /// The first wait before a message goes again.
    public static let firstRetryWait = 15.0
    /// The longest wait between tries.
    public static let longestRetryWait = 600.0

    /// The wait after `attempts` tries: 15 s, 30 s, 60 s, … 10 minutes.
    public static func retryWait(afterAttempts attempts: Int) -> Double {
        min(firstRetryWait * Double(1 << min(max(attempts - 1, 0), 16)), longestRetryWait)
    }

    /// Applies one action: changes `state` and returns the effects for the screen's interpreter, in order.
    public static func reduce(_ state: inout ServerSyncState, _ action: ServerSyncAction) -> [ServerSyncEffect] {
        switch action {
        case .start:
            guard state.checksStarted == 0, !state.checking else { return [] }
            state.checking = true
            state.checksStarted = 1
            return [.watchForNewMail, .check(number: 1)]
        case .checkDue, .serverSaidNewMail:
            guard !state.checking else {
                if action == .serverSaidNewMail { state.newMailDuringCheck = true }
                return []
            }
            state.checking = true
            state.checksStarted += 1
            return [.check(number: state.checksStarted)]
        case .checkEnded(let reason):
            guard state.checking else { return [] }
            state.checking = false
            let wasAway: Bool
            if case .away = state.reach { wasAway = true } else { wasAway = false }
            state.reach = reason.map { .away(reason: $0) } ?? .answering
            var effects: [ServerSyncEffect] = []
            if state.newMailDuringCheck {
                state.newMailDuringCheck = false
                state.checking = true
                state.checksStarted += 1
                effects.append(.check(number: state.checksStarted))
            } else if let interval = state.checkInterval {
                effects.append(.scheduleCheck(after: interval))
            }
            // The server is back: a message waiting for it goes now, not at the end of its wait.
            if wasAway, reason == nil, var first = state.outbox.first, case .waiting = first.phase {
                first.phase = .sending
                first.attempts += 1
                state.outbox[0] = first
                effects += [.submit(first), .saveOutbox]
            }
            return effects
        case .send(let sentID, let message):
            state.outbox.append(OutboxEntry(serial: state.nextSendSerial, sentID: sentID, message: message))
            state.nextSendSerial += 1
            return startNext(&state) + [.saveOutbox]
        case .resumeOutbox(let entries):
            // Committed before the quit: it may have arrived, so it is not sent again (the Mailbox puts it in Drafts,
            // reading the same action); the rest goes again, in its order.
            for var entry in entries where entry.phase != .committed {
                entry.serial = state.nextSendSerial
                state.nextSendSerial += 1
                entry.phase = .queued
                state.outbox.append(entry)
            }
            return startNext(&state) + [.saveOutbox]
        case .sendCommitted(let serial):
            guard let index = state.outbox.firstIndex(where: { $0.serial == serial }), state.outbox[index].phase == .sending else { return [] }
            state.outbox[index].phase = .committed
            return [.saveOutbox]
        case .sendAccepted(let serial):
            guard let index = state.outbox.firstIndex(where: { $0.serial == serial }) else { return [] }
            let answered = state.outbox.remove(at: index).message.answers
            return startNext(&state) + [.saveOutbox] + (answered.map { [.markAnswered($0)] } ?? [])
        case .sendFailed(let serial, let failure):
            guard let index = state.outbox.firstIndex(where: { $0.serial == serial }) else { return [] }
            if failure.isTemporary {
                let wait = retryWait(afterAttempts: state.outbox[index].attempts)
                state.outbox[index].phase = .waiting(seconds: wait, reason: failure.words)
                return [.retry(serial: serial, after: wait), .saveOutbox]
            }
            state.outbox.remove(at: index)
            return startNext(&state) + [.saveOutbox]
        case .retryDue(let serial):
            guard let index = state.outbox.firstIndex(where: { $0.serial == serial }), case .waiting = state.outbox[index].phase else { return [] }
            state.outbox[index].phase = .sending
            state.outbox[index].attempts += 1
            return [.submit(state.outbox[index])]
        case .filed, .draftsChanged, .errandEnded, .opened:
            return reduceFiling(&state, action)
        }
    }

    /// The first message goes, when none is on its way.
    private static func startNext(_ state: inout ServerSyncState) -> [ServerSyncEffect] {
        guard let first = state.outbox.first, first.phase == .queued else { return [] }
        state.outbox[0].phase = .sending
        state.outbox[0].attempts += 1
        return [.submit(state.outbox[0])]
    }
}
