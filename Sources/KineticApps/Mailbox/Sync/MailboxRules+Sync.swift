import KineticData
import KineticRuntime

/// The sync composed into the Mailbox's rules: its actions run through `ServerSyncRules` on `state.sync`, its effects
/// lifted into the Mailbox's, and what the Mailbox itself does with the sync's news: a message not sent goes from Sent
/// to Drafts with the server's words, one waiting is said.
extension MailboxRules {
    /// A check ended: the sync learns whether the server answered (and schedules the next), and the screen reads the
    /// messages it found with the filings under way (`followCheck`).
    static func reduceCheck(_ state: inout MailboxState, number: Int, _ snapshot: MailboxRefresher.Snapshot) -> [MailboxOutcome] {
        let reason = snapshot.refreshFailed ? (snapshot.problems.first ?? "") : nil
        return reduceSync(&state, .checkEnded(reason: reason)) + [.effect(.followCheck(number: number, snapshot))]
    }

    static func reduceSync(_ state: inout MailboxState, _ action: ServerSyncAction) -> [MailboxOutcome] {
        // Read before the sync changes its outbox: which of the person's messages the news is about.
        var outcomes: [MailboxOutcome] = []
        switch action {
        case .sendFailed(let serial, let failure):
            guard let entry = state.sync.outbox.first(where: { $0.serial == serial }) else { break }
            outcomes += failure.isTemporary ? waiting(entry, failure) : notSent(&state, entry, failure)
        case .sendAccepted:
            // A draft sent leaves the server's Drafts only now that the message is on its way.
            outcomes.append(.effect(.keepDraftsOnServer))
        case .resumeOutbox(let entries):
            for entry in entries where entry.phase == .committed {
                outcomes += notSent(&state, entry, .unanswered("the app was closed while the server had the whole message and had not answered"))
            }
        default:
            break
        }
        return outcomes + ServerSyncRules.reduce(&state.sync, action).map { .effect(.sync($0)) }
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
            }
        }
        let staying = Set(shownBefore).intersection(state.visibleIDs)
        let moves: [MailboxOutcome] = shownBefore.filter { !staying.contains($0) }.map { .move(.remove($0)) }
            + state.visibleIDs.filter { !staying.contains($0) }.map { .reinsert($0, fromLeft: false) }
        let banner = LocalizedMessage(MailboxText.sendNotSent, ["subject": .verbatim(entry.message.subject),
                                                                 "reason": .verbatim(String(failure.words.prefix(300)))])
        return moves + [.save, .saveSent(.draftSaved), .effect(.log("not sent, kept in Drafts: \(failure.words.prefix(300))")),
                        .effect(.showBanner(banner))]
    }

    /// A message the server asked to wait: it stays in the outbox and goes again by itself; said once per wait.
    private static func waiting(_ entry: OutboxEntry, _ failure: SendFailure) -> [MailboxOutcome] {
        let banner = LocalizedMessage(MailboxText.sendWaiting, ["subject": .verbatim(entry.message.subject),
                                                                 "reason": .verbatim(String(failure.words.prefix(300)))])
        return [.effect(.log("waiting to send: \(failure.words.prefix(300))")), .effect(.showBanner(banner))]
    }
}
