import KineticData
import KineticRuntime

/// The sync composed into the Mailbox's rules: its actions run through `ServerSyncRules` on `state.sync`, its effects
/// lifted into the Mailbox's, and what the Mailbox itself does with the sync's news: a message not sent goes from Sent
/// to Drafts with the server's words, one waiting is said.
extension MailboxRules {
    /// A check ended: the sync learns whether the server answered (and schedules the next); the filings the last run
    /// left go first, then the messages found are read with the filings under way and arrive; an opened message the
    /// server still has unread is told again; what went wrong is said.
    static func reduceCheck(_ state: inout MailboxState, number: Int, _ snapshot: MailboxRefresher.Snapshot) -> [MailboxOutcome] {
        let reason = snapshot.refreshFailed ? (snapshot.problems.first ?? "") : nil
        let wasAway: Bool
        if case .away = state.sync.reach { wasAway = true } else { wasAway = false }
        var outcomes = reduceSync(&state, .checkEnded(reason: reason))
        state.serverProblem = snapshot.refreshFailed ? snapshot.problem : nil
        // A failed check hands back what the last one found: nothing in it is news (a move done since would seem
        // undone), so only what it says counts.
        if !snapshot.isStale {
            state.serverFolders = snapshot.folders
            var messages = snapshot.messages
            // Pending from now: this very check is read with them, so the person's filing shows, and a refusal puts
            // the message back where the server has it.
            let launch = state.sync.filing.atLaunch.map { move in
                Filing(id: move.id, placement: move.placement,
                       previous: messages.first { $0.id == move.id }?.serverPlacement ?? state.placement(of: move.id))
            }
            state.sync.filing.atLaunch = []
            outcomes += reduceSync(&state, .filed(launch))
            outcomes += ServerSyncRules.read(&state.sync, check: number, &messages).map { .effect(.sync($0)) }
            outcomes += self.outcomes(&state, .messagesArrived(messages))
            state.sync.filing.lastFiled = state.placements
            // Opened here but still unread on the server (its telling failed, or came after this check): told again.
            let stillUnread = Set(messages.filter { $0.unread && state.read.contains($0.id) }.map(\.id))
            if state.sync.filing.tellsRead, !stillUnread.isEmpty { outcomes.append(.effect(.sync(.markRead(stillUnread)))) }
        }
        if state.sync.filing.filesOnServer, snapshot.refreshFailed {
            // A mail server's check: its words, not the bundled messages' (an account has none), logged once an outage.
            return wasAway ? outcomes : outcomes + self.outcomes(&state, .mailServerFailed(reason: snapshot.problems.first ?? ""))
        }
        return outcomes + self.outcomes(&state, .dataProblems(snapshot.problems, refreshFailed: snapshot.refreshFailed, showingSaved: snapshot.showingSaved))
    }

    static func reduceSync(_ state: inout MailboxState, _ action: ServerSyncAction) -> [MailboxOutcome] {
        // Read before the sync changes its outbox and errands: which of the person's messages the news is about.
        var outcomes: [MailboxOutcome] = []
        switch action {
        case .start where !state.sync.outboxAtLaunch.isEmpty:
            // The last run's outbox first, in its order, before the first check: a send needs no check.
            let left = state.sync.outboxAtLaunch
            state.sync.outboxAtLaunch = []
            if state.sync.canSend { outcomes += reduceSync(&state, .resumeOutbox(left)) }
        case .sendFailed(let serial, let failure):
            guard let entry = state.sync.outbox.first(where: { $0.serial == serial }) else { break }
            outcomes += failure.isTemporary ? waiting(entry, failure) : notSent(&state, entry, failure)
        case .resumeOutbox(let entries):
            for entry in entries where entry.phase == .committed {
                outcomes += notSent(&state, entry, .unanswered("the app was closed while the server had the whole message and had not answered"))
            }
        case .errandEnded(let serial, let refusal?):
            outcomes += refused(&state, serial: serial, reason: refusal)
        default:
            break
        }
        outcomes += ServerSyncRules.reduce(&state.sync, action).map { .effect(.sync($0)) }
        // A draft sent leaves the server's Drafts only now that the message is on its way.
        if case .sendAccepted = action { outcomes += ServerSyncRules.reduce(&state.sync, .draftsChanged).map { .effect(.sync($0)) } }
        return outcomes
    }

    /// What the server hears of the effects of one action: a save of placements files on the server each message
    /// filed otherwise than the server has it (its list's mailbox, and for Later its moment; a message gone from the
    /// Trash stays in the server's Trash, one back from Later is in its Inbox); a save of the drafts brings the server's
    /// `\Drafts` to them (a message sent leaves them only once the server took it); a save of the read messages tells
    /// the server of each opened one.
    static func reachServer(_ state: inout MailboxState, after effects: [MailboxEffect]) -> [MailboxEffect] {
        var more: [ServerSyncEffect] = []
        for effect in effects {
            switch effect {
            case .save:
                var filings: [Filing] = []
                if state.sync.filing.filesOnServer {
                    for message in state.messages {
                        guard let known = state.sync.filing.serverPlacements[message.id] ?? message.serverPlacement else { continue }
                        let local = state.placement(of: message.id)
                        guard local.isKeptOnServer else { continue }
                        let target = local.list == .inbox ? Placement.inbox : local
                        guard !target.isFiledOnServer(like: known) else { continue }
                        filings.append(Filing(id: message.id, placement: target, previous: state.sync.filing.lastFiled[message.id] ?? Placement(.inbox)))
                    }
                }
                state.sync.filing.lastFiled = state.placements
                more += ServerSyncRules.reduce(&state.sync, .filed(filings))
            case .saveSent(let change) where change != .sent:
                more += ServerSyncRules.reduce(&state.sync, .draftsChanged)
            case .saveRead:
                more += ServerSyncRules.reduce(&state.sync, .opened(state.read))
            default:
                break
            }
        }
        return effects + more.map(MailboxEffect.sync)
    }

    /// Errand `serial` was refused: a filing's message goes back where it was, with the server's words (one a later
    /// filing of the same message replaced is only logged); the drafts stay here as written, and the banner says so.
    private static func refused(_ state: inout MailboxState, serial: Int, reason: MailProblem) -> [MailboxOutcome] {
        guard let errand = state.sync.filing.errands.first, errand.serial == serial else { return [] }
        switch errand.job {
        case .file(let filing):
            guard state.sync.filing.pending[filing.id]?.serial == serial else {
                return [.effect(.log("the mail server refused a filing a later one replaced: \(reason.description.prefix(300))"))]
            }
            return outcomes(&state, .serverRefusedMove(filing.id, previous: filing.previous, reason: reason))
        case .keepDrafts:
            return outcomes(&state, .serverRefusedDrafts(reason: reason))
        }
    }

    /// A message the server refused for good, or whose answer never came: out of Sent, into Drafts as written, never
    /// sent again without the person; a banner says why, in the server's words.
    private static func notSent(_ state: inout MailboxState, _ entry: OutboxEntry, _ failure: SendFailure) -> [MailboxOutcome] {
        let shownBefore = state.visibleIDs
        if state.message(withID: entry.sentID) != nil, state.placement(of: entry.sentID).list == .sent {
            state.placements[entry.sentID] = Placement(.draft)
            if let index = state.positions[entry.sentID] {
                // A draft's "To" is its sender line: the addresses as typed, so it reopens ready to send again.
                state.messages[index].sender = entry.message.to.joined(separator: ", ")
                state.messages[index].body = entry.message.body
                state.messages[index].cc = entry.message.cc.map { $0.joined(separator: ", ") }
                state.messages[index].bcc = entry.message.bcc.map { $0.joined(separator: ", ") }
                (state.messages[index].forwarding, state.messages[index].forwardedFiles) = (entry.message.forwarding, entry.message.forwardedFiles)
            }
        }
        let staying = Set(shownBefore).intersection(state.visibleIDs)
        let moves: [MailboxOutcome] = shownBefore.filter { !staying.contains($0) }.map { .move(.remove($0)) }
            + state.visibleIDs.filter { !staying.contains($0) }.map { .reinsert($0, fromLeft: false) }
        // No answer after the final dot: it may have arrived, and the person is told so, not that it was not sent.
        var unanswered = false
        if case .unanswered = failure { unanswered = true }
        // The server's refusal is quoted; no answer has no words of the server's to quote (why is the log's).
        // A reason of this side's (no SMTP server) is the app's sentence, not the server's words.
        var banner = unanswered ? LocalizedMessage(MailboxText.sendUnanswered, ["subject": .verbatim(entry.message.subject)])
            : LocalizedMessage(MailboxText.sendNotSent, ["subject": .verbatim(entry.message.subject), "reason": .verbatim(String(failure.words.prefix(300)))])
        if case .cannotSend(let problem) = failure {
            banner = LocalizedMessage(MailboxText.sendImpossible, ["subject": .verbatim(entry.message.subject), "reason": .message(MailProblemWords.message(problem))])
        }
        return moves + [.save, .saveSent(.draftSaved), .effect(.log("not sent, kept in Drafts: \(failure.words.prefix(300))")),
                        .effect(.showBanner(banner))]
    }

    /// A message the server asked to wait: it stays in the outbox and goes again by itself; said once per wait.
    private static func waiting(_ entry: OutboxEntry, _ failure: SendFailure) -> [MailboxOutcome] {
        // A 4xx is the server's own words, quoted; a server away has none (the system's reason is the log's).
        var away = false
        if case .unreachable = failure { away = true }
        let banner = away ? LocalizedMessage(MailboxText.sendWaitingAway, ["subject": .verbatim(entry.message.subject)])
            : LocalizedMessage(MailboxText.sendWaiting, ["subject": .verbatim(entry.message.subject), "reason": .verbatim(String(failure.words.prefix(300)))])
        return [.effect(.log("waiting to send: \(failure.words.prefix(300))")), .effect(.showBanner(banner))]
    }
}
