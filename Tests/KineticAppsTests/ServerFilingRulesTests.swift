import XCTest
import KineticData
import KineticRuntime
@testable import KineticApps

/// The sync's filings alone, exhaustively: each action's whole state and every effect asserted. The expected values
/// come from the promises the Mailbox makes (docs/mail.md): the server hears the person's filings one at a time in the
/// order made, a filing shows until a check begun after the server did it, and a refusal puts the message back.
final class ServerFilingRulesTests: XCTestCase {
    private let archive = Placement(.archive)
    private let toBuy = Placement(.list, "to-buy")

    private func filing() -> ServerSyncState {
        var state = ServerSyncState(checkInterval: 30)
        state.filing.filesOnServer = true
        state.filing.keepsDrafts = true
        state.filing.tellsRead = true
        return state
    }

    func testFilingsReachTheServerOneAtATimeInTheOrderMade() {
        var state = filing()
        let lunch = Filing(id: "lunch", placement: archive, previous: .inbox)
        let slides = Filing(id: "slides", placement: toBuy, previous: .inbox)
        XCTAssertEqual(ServerSyncRules.reduce(&state, .filed([lunch, slides])),
                       [.runErrand(ServerErrand(serial: 1, job: .file(lunch))), .saveOutbox])
        var expected = filing()
        expected.filing.errands = [ServerErrand(serial: 1, job: .file(lunch)), ServerErrand(serial: 2, job: .file(slides))]
        expected.filing.errandUnderWay = true
        expected.filing.nextSerial = 3
        expected.filing.pending = ["lunch": PendingFiling(placement: archive, serial: 1), "slides": PendingFiling(placement: toBuy, serial: 2)]
        expected.filing.serverPlacements = ["lunch": archive, "slides": toBuy]
        XCTAssertEqual(state, expected)
        XCTAssertEqual(state.filing.undone, [WaitingMove(id: "lunch", placement: archive), WaitingMove(id: "slides", placement: toBuy)],
                       "what a quit keeps, in order")

        XCTAssertEqual(ServerSyncRules.reduce(&state, .errandEnded(serial: 2, refusal: nil)), [], "not the errand under way")
        XCTAssertEqual(ServerSyncRules.reduce(&state, .errandEnded(serial: 1, refusal: nil)),
                       [.runErrand(ServerErrand(serial: 2, job: .file(slides))), .saveOutbox])
        expected.filing.errands.removeFirst()
        expected.filing.pending["lunch"]?.finishedBeforeCheck = 0
        XCTAssertEqual(state, expected, "done, yet pending until a check begun after it")
        XCTAssertEqual(state.filing.undone, [WaitingMove(id: "slides", placement: toBuy)], "a done filing is not kept for the next launch")
    }

    func testOnlyACheckBegunAfterTheServerDidTheFilingIsTheTruth() {
        var state = filing()
        _ = ServerSyncRules.reduce(&state, .start)  // check 1 under way
        _ = ServerSyncRules.reduce(&state, .filed([Filing(id: "lunch", placement: archive, previous: .inbox)]))
        _ = ServerSyncRules.reduce(&state, .errandEnded(serial: 1, refusal: nil))
        XCTAssertEqual(state.filing.pending["lunch"], PendingFiling(placement: archive, serial: 1, finishedBeforeCheck: 1))

        // Check 1 began before the archive was done: it may have found the message still in the Inbox.
        var found = [message("lunch", on: .inbox)]
        XCTAssertEqual(ServerSyncRules.read(&state, check: 1, &found), [])
        XCTAssertEqual(found[0].serverPlacement, archive, "the person's filing shows")
        XCTAssertNotNil(state.filing.pending["lunch"])

        // Check 2 began after: another program moved it back to the Inbox, and that is the truth now.
        found = [message("lunch", on: .inbox)]
        XCTAssertEqual(ServerSyncRules.read(&state, check: 2, &found), [.saveOutbox])
        XCTAssertEqual(found[0].serverPlacement, .inbox)
        XCTAssertNil(state.filing.pending["lunch"])
        XCTAssertEqual(state.filing.serverPlacements["lunch"], .inbox)
        XCTAssertEqual(state.filing.checksRead, 2)
    }

    func testARefusalPutsTheMessageBackAndOneALaterFilingReplacedIsOnlyLogged() {
        var state = MailboxState(messages: [message("lunch", on: .inbox)], placements: [:], read: [])
        state.sync.filing.filesOnServer = true
        state.sync.filing.lastFiled = [:]
        var effects = MailboxRules.reduce(&state, .command(id: "lunch", zone: .archive))
        XCTAssertTrue(effects.contains(.sync(.runErrand(ServerErrand(serial: 1, job: .file(Filing(id: "lunch", placement: archive, previous: .inbox)))))))
        let readOnly = MailProblem.refused(command: "UID MOVE", serverSaid: "NO [CANNOT] mailbox is read-only")
        effects = MailboxRules.reduce(&state, .sync(.errandEnded(serial: 1, refusal: readOnly)))
        XCTAssertEqual(state.placement(of: "lunch"), .inbox, "back where it was")
        XCTAssertEqual(state.sync.filing.serverPlacements["lunch"], .inbox)
        XCTAssertNil(state.sync.filing.pending["lunch"])
        XCTAssertFalse(effects.contains { if case .sync(.runErrand) = $0 { return true } else { return false } },
                       "back where the server has it: nothing to file again")
        let banner = effects.compactMap { if case .showBanner(let message) = $0 { return message } else { return nil } }
        XCTAssertEqual(banner.map { Localization.english($0) },
                       ["The mail server did not move “lunch”: the mail server refused UID MOVE: NO [CANNOT] mailbox is read-only"],
                       "the server's words quoted inside the app's sentence")

        // Archived, then archived back (Undo): the first errand's refusal is news of a filing that no longer stands.
        _ = MailboxRules.reduce(&state, .command(id: "lunch", zone: .archive))
        _ = MailboxRules.reduce(&state, .undo)
        XCTAssertEqual(state.sync.filing.errands.map(\.serial), [2, 3])
        effects = MailboxRules.reduce(&state, .sync(.errandEnded(serial: 2, refusal: .other("NO busy"))))
        XCTAssertEqual(state.placement(of: "lunch"), .inbox)
        XCTAssertEqual(effects.filter { if case .showBanner = $0 { return true } else { return false } }, [])
        XCTAssertTrue(effects.contains(.log("the mail server refused a filing a later one replaced: NO busy")))
        XCTAssertTrue(effects.contains(.sync(.runErrand(ServerErrand(serial: 3, job: .file(Filing(id: "lunch", placement: .inbox, previous: archive)))))))
    }

    func testTheDraftsWaitOnceBehindTheErrandUnderWayAndNotOnAFreshStart() {
        var state = filing()
        let lunch = Filing(id: "lunch", placement: archive, previous: .inbox)
        _ = ServerSyncRules.reduce(&state, .filed([lunch]))
        XCTAssertEqual(ServerSyncRules.reduce(&state, .draftsChanged), [])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .draftsChanged), [], "one errand sends the drafts as they are when it runs")
        XCTAssertEqual(state.filing.errands, [ServerErrand(serial: 1, job: .file(lunch)), ServerErrand(serial: 2, job: .keepDrafts)])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .errandEnded(serial: 1, refusal: nil)),
                       [.runErrand(ServerErrand(serial: 2, job: .keepDrafts)), .saveOutbox])

        var fresh = filing()
        fresh.filing.keepsServerState = false
        XCTAssertEqual(ServerSyncRules.reduce(&fresh, .draftsChanged), [], "a fresh start has none of the drafts the server keeps")
        XCTAssertEqual(fresh, { var state = filing(); state.filing.keepsServerState = false; return state }())
    }

    func testEachOpenedMessageIsToldOnce() {
        var state = filing()
        XCTAssertEqual(ServerSyncRules.reduce(&state, .opened(["a", "b"])), [.markRead(["a", "b"])])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .opened(["a", "b", "c"])), [.markRead(["c"])])
        XCTAssertEqual(ServerSyncRules.reduce(&state, .opened(["c"])), [])
        XCTAssertEqual(state.filing.readTold, ["a", "b", "c"])
        var quiet = ServerSyncState()
        XCTAssertEqual(ServerSyncRules.reduce(&quiet, .opened(["a"])), [], "no server to tell")
    }

    /// A message the server has in `placement`.
    private func message(_ id: String, on placement: Placement) -> MailMessage {
        var message = MailMessage(id: id, sender: "Ana Lima", subject: id, snippet: "", time: "09:41")
        message.serverPlacement = placement
        return message
    }
}
