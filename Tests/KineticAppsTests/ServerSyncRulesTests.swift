import XCTest
import KineticData
@testable import KineticApps

/// The mail sync's rules alone, exhaustively: each action's whole state and every effect asserted. The expected values
/// come from RFC 5321 §4.2.1 (a 4xx is transient, a 5xx permanent) and the outbox's promise: a message whose end the
/// server had is never sent again without the person.
final class ServerSyncRulesTests: XCTestCase {
    private let hello = OutgoingMessage(to: ["ana@example.org"], subject: "Hello", body: "Hi", inReplyTo: nil)
    private let later = OutgoingMessage(to: ["lea@example.org"], subject: "Later", body: "Soon", inReplyTo: nil)

    private func sending(_ messages: (String, OutgoingMessage)...) -> ServerSyncState {
        var state = ServerSyncState(checkInterval: 30)
        state.canSend = true
        for (id, message) in messages { _ = ServerSyncRules.reduce(&state, .send(sentID: id, message)) }
        return state
    }

    func testTheFirstCheckStartsWithTheWatchAndTheNextIsScheduledWhenItEnds() {
        var state = ServerSyncState(checkInterval: 30)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .start), [.watchForNewMail, .check(number: 1)])
        var expected = ServerSyncState(checkInterval: 30)
        expected.checking = true
        expected.checksStarted = 1
        XCTAssertEqual(state, expected)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .checkEnded(reason: nil)), [.scheduleCheck(after: 30)])
        expected.checking = false
        expected.reach = .answering
        XCTAssertEqual(state, expected)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .checkDue), [.check(number: 2)])
    }

    func testAServerAwayIsKeptUntilACheckWorksAgain() {
        var state = ServerSyncState(checkInterval: 60)
        _ = ServerSyncRules.reduce(&state, .start)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .checkEnded(reason: "connection refused")), [.scheduleCheck(after: 60)])
        XCTAssertEqual(state.reach, .away(reason: "connection refused"))
        _ = ServerSyncRules.reduce(&state, .checkDue)
        XCTAssertEqual(state.reach, .away(reason: "connection refused"), "still said while the next check runs")
        _ = ServerSyncRules.reduce(&state, .checkEnded(reason: nil))
        XCTAssertEqual(state.reach, .answering)
    }

    func testNewMailDuringACheckStartsAnotherWhenItEnds() {
        var state = ServerSyncState(checkInterval: 30)
        _ = ServerSyncRules.reduce(&state, .start)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .serverSaidNewMail), [], "one check at a time")
        XCTAssertTrue(state.newMailDuringCheck)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .checkEnded(reason: nil)), [.check(number: 2)], "at once, not in 30 s")
        XCTAssertFalse(state.newMailDuringCheck)
        XCTAssertTrue(state.checking)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .checkDue), [], "the timer finds one under way")
    }

    func testOneMessageGoesAtATimeInTheOrderSent() {
        var state = ServerSyncState()
        state.canSend = true
        XCTAssertEqual(ServerSyncRules.reduce(&state, .send(sentID: "sent-1", hello)),
                       [.submit(OutboxEntry(serial: 1, sentID: "sent-1", message: hello, phase: .sending, attempts: 1)), .saveOutbox])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .send(sentID: "sent-2", later)), [.saveOutbox], "waits for the first")
        XCTAssertEqual(state.outbox.map(\.phase), [.sending, .queued])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendCommitted(serial: 1)), [.saveOutbox])
        XCTAssertEqual(state.outbox[0].phase, .committed)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendAccepted(serial: 1)),
                       [.submit(OutboxEntry(serial: 2, sentID: "sent-2", message: later, phase: .sending, attempts: 1)), .saveOutbox])
        XCTAssertEqual(state.outbox.map(\.serial), [2])
    }

    /// A reply, once the server took it, marks the message it answers `\\Answered`; a refused one marks nothing.
    func testAReplyAcceptedMarksTheMessageItAnswers() {
        var reply = hello
        reply.answers = "imap-m1"
        var state = sending(("sent-1", reply), ("sent-2", reply))
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendAccepted(serial: 1)),
                       [.submit(OutboxEntry(serial: 2, sentID: "sent-2", message: reply, phase: .sending, attempts: 1)), .saveOutbox, .markAnswered("imap-m1")])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendFailed(serial: 2, .refused("554 no"))), [.saveOutbox], "refused: not answered")
        XCTAssertTrue(state.outbox.isEmpty)
    }

    /// RFC 5321 §4.2.1: 451 is a transient failure. The message waits 15 s, then 30 s, then 60 s, each try counted.
    func testA4xxIsTriedAgainWithGrowingWaits() {
        var state = sending(("sent-1", hello))
        let busy = SendFailure.tryAgainLater("451 4.3.0 try again later")
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendFailed(serial: 1, busy)), [.retry(serial: 1, after: 15), .saveOutbox])
        XCTAssertEqual(state.outbox[0].phase, .waiting(seconds: 15, reason: "451 4.3.0 try again later"))
        XCTAssertEqual(ServerSyncRules.reduce(&state, .retryDue(serial: 1)),
                       [.submit(OutboxEntry(serial: 1, sentID: "sent-1", message: hello, phase: .sending, attempts: 2))])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendFailed(serial: 1, busy)), [.retry(serial: 1, after: 30), .saveOutbox])
        _ = ServerSyncRules.reduce(&state, .retryDue(serial: 1))
        XCTAssertEqual(ServerSyncRules.reduce(&state, .sendFailed(serial: 1, .unreachable("connection refused"))),
                       [.retry(serial: 1, after: 60), .saveOutbox], "a server away waits as a 4xx does")
        XCTAssertEqual(ServerSyncRules.retryWait(afterAttempts: 50), 600, "never longer than ten minutes")
    }

    func testA5xxAndAnUnansweredEndLeaveTheOutboxForGood() {
        for failure in [SendFailure.refused("554 5.7.1 rejected"), .unanswered("no answer after the final dot")] {
            var state = sending(("sent-1", hello), ("sent-2", later))
            XCTAssertEqual(ServerSyncRules.reduce(&state, .sendFailed(serial: 1, failure)),
                           [.submit(OutboxEntry(serial: 2, sentID: "sent-2", message: later, phase: .sending, attempts: 1)), .saveOutbox])
            XCTAssertEqual(state.outbox.map(\.sentID), ["sent-2"])
            XCTAssertEqual(ServerSyncRules.reduce(&state, .retryDue(serial: 1)), [], "never sent again by itself")
        }
    }

    func testAServerBackSendsAWaitingMessageAtOnce() {
        var state = sending(("sent-1", hello))
        _ = ServerSyncRules.reduce(&state, .sendFailed(serial: 1, .unreachable("connection refused")))
        _ = ServerSyncRules.reduce(&state, .start)
        _ = ServerSyncRules.reduce(&state, .checkEnded(reason: "connection refused"))
        _ = ServerSyncRules.reduce(&state, .checkDue)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .checkEnded(reason: nil)),
                       [.scheduleCheck(after: 30), .submit(OutboxEntry(serial: 1, sentID: "sent-1", message: hello, phase: .sending, attempts: 2)),
                        .saveOutbox])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .retryDue(serial: 1)), [], "its timer, still set, finds it on its way")
    }

    func testAnOutboxLeftCommittedByAQuitIsNotSentAgain() {
        var state = ServerSyncState()
        state.canSend = true
        let left = [OutboxEntry(serial: 0, sentID: "sent-1", message: hello, phase: .committed),
                    OutboxEntry(serial: 0, sentID: "sent-2", message: later, phase: .sending)]
        XCTAssertEqual(ServerSyncRules.reduce(&state, .resumeOutbox(left)),
                       [.submit(OutboxEntry(serial: 1, sentID: "sent-2", message: later, phase: .sending, attempts: 1)), .saveOutbox],
                       "the committed one leaves; the one not committed goes again")
        XCTAssertEqual(state.outbox.map(\.sentID), ["sent-2"])
    }
}

/// The sync composed into the Mailbox: a message refused for good goes from Sent to Drafts, with the server's words.
final class MailboxSyncCompositionTests: XCTestCase {
    func testARefusedMessageLeavesSentForDrafts() {
        var state = MailboxState(messages: [], placements: [:], read: [])
        state.sync.canSend = true
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "ana@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.edit(.subject, "Hello")))
        let effects = MailboxRules.reduce(&state, .compose(.send))
        let sentID = try? XCTUnwrap(state.messages.first { state.placement(of: $0.id).list == .sent }?.id)
        XCTAssertNotNil(sentID)
        XCTAssertTrue(effects.contains { if case .sync(.submit(let entry)) = $0 { return entry.sentID == sentID } else { return false } })
        let refused = MailboxRules.reduce(&state, .sync(.sendFailed(serial: 1, .refused("554 5.7.1 rejected"))))
        XCTAssertEqual(state.placement(of: sentID ?? "").list, .draft)
        XCTAssertEqual(state.message(withID: sentID ?? "")?.sender, "ana@example.org", "reopens ready to send again")
        XCTAssertTrue(state.sync.outbox.isEmpty)
        XCTAssertTrue(refused.contains(.saveSent(.draftSaved)))
        XCTAssertTrue(refused.contains { if case .showBanner = $0 { return true } else { return false } })
    }

    /// The outbox the last run left is taken up as the sync starts, before its first check: the one not committed goes
    /// again, the committed one (it may have arrived) goes to Drafts; and only once.
    func testTheLastRunsOutboxIsTakenUpAsTheSyncStarts() {
        let hello = OutgoingMessage(to: ["ana@example.org"], subject: "Hello", body: "Hi", inReplyTo: nil)
        let later = OutgoingMessage(to: ["lea@example.org"], subject: "Later", body: "Soon", inReplyTo: nil)
        var state = MailboxState(messages: [MailMessage(id: "sent-1", sender: "To: ana@example.org", subject: "Hello", snippet: "Hi", time: "09:41")],
                                 placements: ["sent-1": Placement(.sent)], read: [])
        state.sync = ServerSyncState(checkInterval: 30)
        state.sync.canSend = true
        state.sync.outboxAtLaunch = [OutboxEntry(serial: 0, sentID: "sent-1", message: hello, phase: .committed),
                                     OutboxEntry(serial: 0, sentID: "sent-2", message: later, phase: .queued)]
        let effects = MailboxRules.reduce(&state, .sync(.start))
        XCTAssertEqual(effects.compactMap { if case .sync(.submit(let entry)) = $0 { return entry.sentID } else { return nil } }, ["sent-2"])
        XCTAssertEqual(effects.filter { $0 == .sync(.check(number: 1)) }.count, 1, "and the first check")
        XCTAssertEqual(state.placement(of: "sent-1").list, .draft, "committed when the app quit: in Drafts, not sent twice")
        XCTAssertTrue(state.sync.outboxAtLaunch.isEmpty)
        XCTAssertFalse(MailboxRules.reduce(&state, .sync(.start)).contains { if case .sync(.submit) = $0 { return true } else { return false } },
                       "taken up once")
    }
}
