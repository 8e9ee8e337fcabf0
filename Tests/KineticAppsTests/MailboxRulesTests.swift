import Foundation
import XCTest
import KineticRuntime
import KineticCore
@testable import KineticApps
import KineticData

/// The Mailbox's rules alone: zones, decisions, filing, undo; no layers, no time.
final class MailboxRulesTests: XCTestCase {
    private let messages = (1...5).map { MailMessage(id: "m\($0)", sender: "S\($0)", subject: "", snippet: "", time: "") }

    /// Later is read by when each message comes back, soonest first, "Someday" (no moment) last; Sent and Drafts
    /// newest first. Filed m1 at +3 h, m2 Someday, m3 at +1 h, m4 at +3 h: m3 (+1 h), m1 and m4 (+3 h, in filing
    /// order), then m2. Sent in the order s1, s2 (each added at the end): s2 first.
    func testLaterIsInReturnOrderAndSentAndDraftsNewestFirst() {
        let now = Date(timeIntervalSince1970: 1_767_603_600)
        let written = ["s1", "s2", "d1", "d2"].map { MailMessage(id: $0, sender: "Me", subject: "", snippet: "", time: "") }
        let state = MailboxState(messages: messages + written, placements: [
            "m1": Placement(.later, "Later", until: now.addingTimeInterval(3 * 3600)),
            "m2": Placement(.later, "Someday"),
            "m3": Placement(.later, "Later", until: now.addingTimeInterval(3600)),
            "m4": Placement(.later, "Later", until: now.addingTimeInterval(3 * 3600)),
            "s1": Placement(.sent), "s2": Placement(.sent), "d1": Placement(.draft), "d2": Placement(.draft),
        ])
        XCTAssertEqual(state.messages(in: .later).map(\.id), ["m3", "m1", "m4", "m2"])
        XCTAssertEqual(state.messages(filedIn: .sent).map(\.id), ["s2", "s1"])
        XCTAssertEqual(state.messages(filedIn: .draft).map(\.id), ["d2", "d1"])
        XCTAssertEqual(state.messages(in: .inbox).map(\.id), ["m5"], "the Inbox keeps its order")
    }

    /// The bar's counts and the lookups by id, worked out by hand: of m1…m5, m1 archived, m2 in Later, m3 back from
    /// Later (an Inbox placement), and a saved placement for a message no longer there ("gone"): the Inbox holds m3,
    /// m4, m5 (3), the Archive 1, Later 1, the Trash 0. Archiving m4 by the rules makes it 2 and 2. A message is found
    /// by id, and shown only in its own list.
    func testCountsAndLookupsByIDFollowThePlacements() {
        let now = Date(timeIntervalSince1970: 1_767_603_600)
        var state = MailboxState(messages: messages, placements: [
            "m1": Placement(.archive), "m2": Placement(.later, "tomorrow", until: now.addingTimeInterval(3600)),
            "m3": .returned(at: now), "gone": Placement(.archive),
        ])
        XCTAssertEqual([Placement.List.inbox, .archive, .later, .deleted].map(state.count(filedIn:)), [3, 1, 1, 0])
        XCTAssertEqual(state.visibleIDs, ["m3", "m4", "m5"], "the one back from Later on top")
        XCTAssertEqual(state.message(withID: "m4")?.sender, "S4")
        XCTAssertNil(state.message(withID: "gone"))
        XCTAssertTrue(state.isShown("m4"))
        XCTAssertFalse(state.isShown("m1"), "archived: not in the Inbox shown")
        XCTAssertFalse(state.isShown("gone"))
        _ = MailboxRules.reduce(&state, .command(id: "m4", zone: .archive))
        XCTAssertEqual([Placement.List.inbox, .archive].map(state.count(filedIn:)), [2, 2])
        XCTAssertEqual(state.visibleIDs, ["m3", "m5"])
        XCTAssertEqual(state.visibleMessages.map(\.id), state.visibleIDs)
        state.messages.removeAll { $0.id == "m5" }
        XCTAssertNil(state.message(withID: "m5"), "the index follows the messages")
        XCTAssertEqual(state.message(withID: "m3")?.id, "m3")
        XCTAssertEqual(state.count(filedIn: .inbox), 1)
    }

    /// The search, worked out by hand over four messages: "cafe MIDI" finds "Café à midi ?" (both words, any case, any
    /// accents) and nothing else; an address finds its sender; a word of the text only its message; blank finds
    /// everything (no filter); new mail that matches joins the matches as it arrives; Esc's close shows the whole list.
    func testSearchFindsEveryWordWhateverItsCaseAndAccents() {
        var lea = MailMessage(id: "s1", sender: "Léa Martin", subject: "Café à midi ?", snippet: "", time: "")
        lea.senderAddress = "lea.martin@example.org"
        let others = [MailMessage(id: "s2", sender: "Cafeteria", subject: "Menu", snippet: "", time: ""),
                      MailMessage(id: "s3", sender: "Sam", subject: "Notes", snippet: "", time: "", body: "The quarterly figures are in.")]
        var state = MailboxState(messages: [lea] + others)
        XCTAssertEqual(MailSearch.matches("cafe MIDI", in: state.messages), ["s1"])
        XCTAssertEqual(MailSearch.matches("lea.martin@example", in: state.messages), ["s1"])
        XCTAssertEqual(MailSearch.matches("Quarterly", in: state.messages), ["s3"])
        XCTAssertEqual(MailSearch.matches("caf", in: state.messages), ["s1", "s2"])
        XCTAssertNil(MailSearch.matches("  \n ", in: state.messages), "no word: no filter")
        _ = MailboxRules.reduce(&state, .search(.open))
        XCTAssertEqual(state.stateName, "search")
        _ = MailboxRules.reduce(&state, .search(.type("caf")))
        XCTAssertEqual(state.visibleIDs, ["s1", "s2"])
        XCTAssertFalse(state.isShown("s3"))
        _ = MailboxRules.reduce(&state, .messagesArrived(state.messages + [MailMessage(id: "s4", sender: "Café Oz", subject: "", snippet: "", time: "")]))
        XCTAssertEqual(state.visibleIDs, ["s1", "s2", "s4"], "new mail that matches shows")
        // The server's finds join the matches of the query still typed; those of an older query, or of a message not
        // here, do not.
        _ = MailboxRules.reduce(&state, .search(.serverFound(query: "cafe", ids: ["s3"])))
        XCTAssertEqual(state.visibleIDs, ["s1", "s2", "s4"], "an older query's answer")
        _ = MailboxRules.reduce(&state, .search(.serverFound(query: "caf", ids: ["s3", "nowhere"])))
        XCTAssertEqual(state.visibleIDs, ["s1", "s2", "s3", "s4"])
        _ = MailboxRules.reduce(&state, .search(.leaveField))
        XCTAssertEqual(state.stateName, "search.results")
        XCTAssertEqual(state.listChange.moves, [.focus(.firstMessage(.always))], "the keyboard goes to the results' first")
        _ = MailboxRules.reduce(&state, .search(.close))
        XCTAssertEqual(state.visibleIDs, ["s1", "s2", "s3", "s4"], "the whole Inbox")
        XCTAssertEqual(state.listChange.moves, [.focus(.firstMessage(.ifNowhere)), .listFiltered],
                       "the focus stays on the message found, else the first takes it")
        XCTAssertEqual(state.stateName, "inbox")
    }

    /// The bytes compared: a word at the very end is found, one longer than the text is not; a message whose text
    /// arrives later (the same id, a body read) is searched as it is now, not as it was folded before.
    func testTheSearchComparesWhatTheMessageSaysNow() {
        XCTAssertTrue(MailSearch.contains(Array("abc".utf8), Array("c".utf8)))
        XCTAssertTrue(MailSearch.contains(Array("abcabd".utf8), Array("abd".utf8)))
        XCTAssertFalse(MailSearch.contains(Array("ab".utf8), Array("abc".utf8)))
        XCTAssertFalse(MailSearch.contains([], Array("a".utf8)))
        var message = MailMessage(id: "later-body", sender: "Ana", subject: "Notes", snippet: "", time: "")
        XCTAssertEqual(MailSearch.matches("quarterly", in: [message]), [])
        message.body = "The QUARTERLY figures."
        XCTAssertEqual(MailSearch.matches("quarterly", in: [message]), ["later-body"])
        XCTAssertEqual(MailSearch.matches("ana notes", in: [message]), ["later-body"], "words in different fields")
        XCTAssertEqual(MailSearch.matches("ana\nnotes", in: [message]), ["later-body"], "a line break is a space between words")
    }

    /// The search against the rest of the Mailbox, worked out by hand over m1…m5 (senders S1…S5): a letter typed after
    /// "S" narrows to the same as a fresh search; a query whose results are the same moves nothing; Enter with nothing
    /// found keeps the keyboard in the field; Undo of a message the search hides brings it into the results; the
    /// reader takes the keyboard from the field; a draft saved with the words joins a search over Drafts; the Trash is
    /// not emptied from a narrowed list.
    func testTheSearchAgainstTheRestOfTheMailbox() {
        var state = MailboxState(messages: messages)
        _ = MailboxRules.reduce(&state, .search(.open))
        _ = MailboxRules.reduce(&state, .search(.type("s")))
        XCTAssertEqual(state.visibleIDs, ["m1", "m2", "m3", "m4", "m5"])
        _ = MailboxRules.reduce(&state, .search(.type("s3")))
        XCTAssertEqual(state.search?.matches, MailSearch.matches("s3", in: messages), "narrowed as a fresh search finds")
        XCTAssertEqual(state.visibleIDs, ["m3"])
        _ = MailboxRules.reduce(&state, .search(.leaveField))
        XCTAssertEqual(state.listChange.moves, [.focus(.firstMessage(.always))])
        let change = state.listChange.number
        _ = MailboxRules.reduce(&state, .search(.type("s3 ")))
        XCTAssertEqual(state.listChange.number, change, "the same results: nothing rebuilt, and the focus not moved")
        _ = MailboxRules.reduce(&state, .command(id: "m3", zone: .archive))
        _ = MailboxRules.reduce(&state, .search(.type("s5")))
        _ = MailboxRules.reduce(&state, .undo)
        XCTAssertTrue(state.isShown("m3"), "Undo's message shows though the query does not find it")
        _ = MailboxRules.reduce(&state, .search(.open))
        _ = MailboxRules.reduce(&state, .search(.type("nothing-at-all")))
        _ = MailboxRules.reduce(&state, .search(.leaveField))
        XCTAssertEqual(state.stateName, "search", "nothing found: the keyboard stays in the field")
        _ = MailboxRules.reduce(&state, .search(.type("")))
        _ = MailboxRules.reduce(&state, .reader(.open("m1")))
        XCTAssertEqual(state.search?.isEditing, false, "the reader takes the keyboard")
        _ = MailboxRules.reduce(&state, .reader(.close))
        // A draft saved with the words typed joins the results of a search over Drafts.
        _ = MailboxRules.reduce(&state, .openShelf(.drafts))
        _ = MailboxRules.reduce(&state, .search(.open))
        _ = MailboxRules.reduce(&state, .search(.type("budget")))
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.subject, "Budget for May")))
        _ = MailboxRules.reduce(&state, .compose(.saveDraft))
        XCTAssertEqual(state.visibleMessages.map(\.subject), ["Budget for May"])
        _ = MailboxRules.reduce(&state, .search(.close))
        state.placements["m2"] = Placement(.deleted)
        _ = MailboxRules.reduce(&state, .openShelf(.trash))
        _ = MailboxRules.reduce(&state, .search(.open))
        _ = MailboxRules.reduce(&state, .askToEmptyTrash)
        XCTAssertFalse(state.confirmingEmptyTrash, "not from a search")
    }

    /// A draft reopens exactly as written: a reply's two blank lines above the quote, and trailing spaces, stay;
    /// its row's snippet is its words on one line.
    func testADraftReopensExactlyAsWritten() {
        var state = MailboxState(messages: messages)
        let body = "\n\nMom wrote:\n> Sunday dinner?  \n"
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "mom@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.edit(.body, body)))
        _ = MailboxRules.reduce(&state, .compose(.saveDraft))
        let draft = state.messages(filedIn: .draft)
        XCTAssertEqual(draft.map(\.body), [body])
        XCTAssertEqual(draft.first?.snippet, "Mom wrote: > Sunday dinner?")
        _ = MailboxRules.reduce(&state, .openDraft(draft[0].id))
        XCTAssertEqual(state.compose?.body, body, "reopened as it was left")
    }

    /// Opening a draft, whether by a click, Enter or a screen reader's "open", opens it in compose where it was left,
    /// never in the reader; any other message opens in the reader.
    func testOpeningADraftOpensItInCompose() {
        var state = MailboxState(messages: messages)
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "ada@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.saveDraft))
        let draft = state.messages(filedIn: .draft)[0].id
        _ = MailboxRules.reduce(&state, .reader(.open(draft)))
        XCTAssertNil(state.reading)
        XCTAssertEqual(state.compose?.to, "ada@example.org")
        XCTAssertEqual(state.compose?.draftID, draft)
        _ = MailboxRules.reduce(&state, .compose(.close))
        _ = MailboxRules.reduce(&state, .compose(.saveDraft))
        _ = MailboxRules.reduce(&state, .reader(.open(messages[0].id)))
        XCTAssertEqual(state.reading, messages[0].id)
    }

    /// A message back from Later is at the top of the Inbox and unread, though the server had it read, and stays so
    /// after a relaunch (a new state from what was saved: the placements but the plain Inbox ones, and the opened
    /// ids, over the server's messages in the server's order); opening it clears the dot, and it keeps its place.
    func testAMessageBackFromLaterIsUnreadAtTheTopAndStaysThereAfterARelaunch() {
        let now = Date(timeIntervalSince1970: 1_767_603_600)
        var state = MailboxState(messages: messages, placements: ["m4": Placement(.later, "Later today", until: now.addingTimeInterval(3600))],
                                 read: ["m4"])
        _ = MailboxRules.reduce(&state, .clock(now.addingTimeInterval(7200), calendar: state.calendar))
        XCTAssertEqual(state.messages(in: .inbox).map(\.id), ["m4", "m1", "m2", "m3", "m5"])
        XCTAssertTrue(state.isUnread(messages[3]), "back unread, though the server says read")
        func relaunched(_ state: MailboxState) -> MailboxState {
            MailboxState(messages: messages, placements: state.placements.filter { $0.value != .inbox }, read: state.read)
        }
        var again = relaunched(state)
        XCTAssertEqual(again.messages(in: .inbox).map(\.id), ["m4", "m1", "m2", "m3", "m5"], "still at the top")
        XCTAssertTrue(again.isUnread(messages[3]), "still unread")
        _ = MailboxRules.reduce(&again, .reader(.open("m4")))
        XCTAssertFalse(again.isUnread(messages[3]), "opened: read")
        XCTAssertEqual(relaunched(again).messages(in: .inbox).first?.id, "m4", "and still at the top")
    }

    /// The rules ask to be woken at the next moment the time changes something, and at no other: the first Later return
    /// (09:00 + 90 s), then, that one back, the next midnight (the day's names), and a second at a time while a check
    /// reads the server. Worked out from the calendar: 2026-01-05 09:00 UTC, the next midnight 2026-01-06 00:00 UTC.
    func testTheClockIsWokenForTheNextMomentThatChangesSomething() {
        let nine = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05 09:00:00 UTC
        var state = MailboxState(messages: messages, placements: ["m4": Placement(.later, "Later today", until: nine.addingTimeInterval(90))], read: [])
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        XCTAssertTrue(MailboxRules.reduce(&state, .clock(nine, calendar: utc)).contains(.wakeClock(at: nine.addingTimeInterval(90))))
        XCTAssertEqual(MailboxRules.reduce(&state, .clock(nine.addingTimeInterval(1), calendar: utc)).filter { if case .wakeClock = $0 { return true } else { return false } },
                       [], "a tick that moves no moment sets no new wake")
        let effects = MailboxRules.reduce(&state, .clockDue(nine.addingTimeInterval(90)))
        XCTAssertEqual(state.placement(of: "m4").list, .inbox, "back at its moment")
        let midnight = Date(timeIntervalSince1970: 1_767_657_600)  // 2026-01-06 00:00:00 UTC
        XCTAssertTrue(effects.contains(.wakeClock(at: midnight)), "\(effects)")
        let later = state.now
        XCTAssertEqual(MailboxRules.reduce(&state, .clockDue(nine)).filter { if case .wakeClock = $0 { return true } else { return false } }, [])
        XCTAssertEqual(state.now, later, "a late wake never sets the clock back")
        state.sync = ServerSyncState(checkInterval: 60)
        XCTAssertTrue(MailboxRules.reduce(&state, .sync(.start)).contains(.wakeClock(at: later.addingTimeInterval(1))), "a second at a time while a check reads")
        XCTAssertTrue(MailboxRules.reduce(&state, .checkArrived(number: 1, MailboxRefresher.Snapshot(messages: messages, problems: [], refreshFailed: false)))
            .contains(.wakeClock(at: midnight)), "and back to midnight once it ended")
    }

    func testZonesChangeExactlyAtTheLines() {
        XCTAssertEqual(SwipeZone(offset: 59.999), .none)
        XCTAssertEqual(SwipeZone(offset: 60), .archive)
        XCTAssertEqual(SwipeZone(offset: 259.999), .archive)
        XCTAssertEqual(SwipeZone(offset: 260), .delete)
        XCTAssertEqual(SwipeZone(offset: -59.999), .none)
        XCTAssertEqual(SwipeZone(offset: -60), .later)
        XCTAssertEqual(SwipeZone(offset: -260), .list)
        // A finger resting on a line, jittering by a hundredth, shows one zone per side of the line, never a mix.
        let resting = stride(from: 59.99, through: 60.01, by: 0.005).map { SwipeZone(offset: $0) }
        XCTAssertEqual(resting, resting.map { $0 }.sorted { $0 == .none && $1 != .none })
    }

    func testProjectionDecidesTheFirstActionButNeverTheSecond() {
        // UIScrollView's normal deceleration coasts v × 0.4995 s: 300 pt/s from 40 pt rests at ~190 pt.
        XCTAssertEqual(MailboxRules.zone(offset: 40, velocity: 300, projected: true), .archive)
        XCTAssertEqual(MailboxRules.zone(offset: 40, velocity: 300, projected: false), .none)
        XCTAssertEqual(MailboxRules.zone(offset: 40, velocity: 20, projected: true), .none, "40 + 10 pt: back")
        XCTAssertEqual(MailboxRules.zone(offset: -40, velocity: -300, projected: true), .later)
        XCTAssertEqual(MailboxRules.zone(offset: 100, velocity: 3000, projected: true), .archive, "a flick never deletes")
        XCTAssertEqual(MailboxRules.zone(offset: 300, velocity: 0, projected: true), .delete)
        XCTAssertEqual(MailboxRules.zone(offset: 300, velocity: -1000, projected: true), .none, "thrown back to the middle: cancel")
        XCTAssertEqual(MailboxRules.zone(offset: 100, velocity: -200, projected: true), .none, "coasts to 0.1 pt: back")
        XCTAssertEqual(MailboxRules.zone(offset: 20, velocity: -400, projected: true), .none, "thrown to the other side: back")
    }

    func testFilingUndoAndTheModelFirst() {
        var state = MailboxState(messages: messages)
        XCTAssertEqual(send(&state, .swipeEnded(id: "m2", offset: 120, velocity: 0)),
                       Sent([.slideOff("m2", zone: .archive, velocity: 0), .collapse("m2"), .focus(.inPlaceOf("m2", successor: "m3"))], [.save]),
                       "where m2 had the focus, m3 takes its place and the focus")
        XCTAssertFalse(state.visibleMessages.contains { $0.id == "m2" }, "the model changed before any view moved")
        XCTAssertEqual(send(&state, .swipeEnded(id: "m3", offset: -120, velocity: 0)), Sent([.slideOff("m3", zone: .later, velocity: 0)], []))
        XCTAssertEqual(state.stateName, "options.reschedule")
        XCTAssertEqual(send(&state, .swipeEnded(id: "m4", offset: 200, velocity: 0)), Sent([.springBack("m4")], []), "one row open at a time")
        XCTAssertEqual(send(&state, .swipeEnded(id: "m4", offset: 200, velocity: 0)), Sent([.springBack("m4")], []), "the same move again is a new change")
        XCTAssertEqual(send(&state, .options(.choose(.reschedule(.nextWeek)))), Sent([.collapse("m3"), .focus(.inPlaceOf("m3", successor: "m4"))], [.save]))
        // The state's clock starts at 1970-01-01 00:00 UTC (a Thursday) until told otherwise: next week is Monday
        // 5 January 1970 at 08:00, 4 days and 8 hours on.
        XCTAssertEqual(state.placement(of: "m3"), Placement(.later, "next-week", until: Date(timeIntervalSince1970: (4 * 24 + 8) * 3600)))
        XCTAssertEqual(state.messages(in: .later).map(\.id), ["m3"])
        XCTAssertEqual(send(&state, .undo), Sent([.reinsert("m3", fromLeft: true), .focus(.message("m3"))], [.save]))
        XCTAssertEqual(send(&state, .undo), Sent([.reinsert("m2", fromLeft: false), .focus(.message("m2"))], [.save]))
        XCTAssertEqual(state.placements, [:])
        XCTAssertEqual(send(&state, .undo), Sent([], []))
        // Archiving from the Archive brings a message back to the Inbox.
        state.placements["m1"] = Placement(.archive)
        _ = MailboxRules.reduce(&state, .selectSegment(.archive))
        _ = MailboxRules.reduce(&state, .command(id: "m1", zone: .archive))
        XCTAssertEqual(state.placement(of: "m1"), .inbox)
    }

    /// Reply goes to the sender's address when the message has one (the served demo messages do), so Send can send.
    func testAReplyIsAddressedToTheSendersAddress() {
        var message = MailMessage(id: "m1", sender: "Ana Lima", subject: "Lunch", snippet: "x", time: "9:41")
        message.senderAddress = "ana.lima@example.org"
        message.messageID = "<lunch@example.org>"
        var state = MailboxState(messages: [message])
        _ = MailboxRules.reduce(&state, .reply("m1"))
        XCTAssertEqual(state.compose?.to, "ana.lima@example.org")
        XCTAssertEqual(state.compose?.inReplyTo, "<lunch@example.org>")
        XCTAssertEqual(state.compose?.canSend, true)
        _ = MailboxRules.reduce(&state, .compose(.send))
        XCTAssertEqual(state.lastSent?.to, ["ana.lima@example.org"])
        XCTAssertEqual(state.lastSent?.inReplyTo, "<lunch@example.org>")
    }

    func testUndoOfAMessageFromAnotherListGoesThere() {
        var state = MailboxState(messages: messages)
        _ = MailboxRules.reduce(&state, .selectSegment(.later))
        state.placements["m5"] = Placement(.later, "Tomorrow")
        _ = MailboxRules.reduce(&state, .command(id: "m5", zone: .delete))
        _ = MailboxRules.reduce(&state, .selectSegment(.inbox))
        XCTAssertEqual(send(&state, .undo), Sent([.listReplaced(from: .inbox, to: .later), .reinsert("m5", fromLeft: false), .focus(.message("m5"))], [.save]),
                       "the message brought back has the focus")
        XCTAssertEqual(state.placement(of: "m5"), Placement(.later, "Tomorrow"))
    }

    /// A message filed from a shelf (the Trash, a named list) and undone while another list shows goes back to that
    /// shelf, and the shelf opens, as a segment's list does: m1 deleted, archived from the Trash, undone from the
    /// Archive; m2 put in To Read, archived from there, undone from the Inbox.
    func testUndoOfAMessageFromAShelfOpensTheShelf() {
        var state = MailboxState(messages: messages)
        _ = MailboxRules.reduce(&state, .command(id: "m1", zone: .delete))
        _ = MailboxRules.reduce(&state, .openShelf(.trash))
        _ = MailboxRules.reduce(&state, .command(id: "m1", zone: .archive))
        _ = MailboxRules.reduce(&state, .selectSegment(.archive))
        XCTAssertEqual(state.visibleMessages.map(\.id), ["m1"])
        XCTAssertEqual(send(&state, .undo), Sent([.listReplaced(from: .archive, to: .archive), .reinsert("m1", fromLeft: false), .focus(.message("m1"))], [.save]))
        XCTAssertEqual(state.shelf, .trash)
        XCTAssertEqual(state.visibleMessages.map(\.id), ["m1"], "the list shown holds the message undone")

        state = MailboxState(messages: messages, placements: ["m2": Placement(.list, MailList.toRead.rawValue)])
        _ = MailboxRules.reduce(&state, .openShelf(.list(.toRead)))
        _ = MailboxRules.reduce(&state, .command(id: "m2", zone: .archive))
        _ = MailboxRules.reduce(&state, .selectSegment(.inbox))
        XCTAssertEqual(send(&state, .undo), Sent([.listReplaced(from: .inbox, to: .inbox), .reinsert("m2", fromLeft: false), .focus(.message("m2"))], [.save]))
        XCTAssertEqual(state.shelf, .list(.toRead))
        XCTAssertEqual(state.visibleMessages.map(\.id), ["m2"])
    }

    /// Over the Drafts, a draft deleted or sent leaves the list (its row closes, with nothing to undo) and one saved
    /// arrives in it; over the Inbox, neither moves a row. Drafts d1 and d2 open, d1 deleted; a new draft saved (the
    /// first free id, draft-1); d2 sent.
    func testDraftsSavedSentAndDeletedMoveTheDraftsRows() {
        let drafts = ["d1", "d2"].map { MailMessage(id: $0, sender: "ada@example.org", subject: "", snippet: "", time: "") }
        var state = MailboxState(messages: messages + drafts, placements: ["d1": Placement(.draft), "d2": Placement(.draft)])
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "bob@example.org")))
        XCTAssertEqual(send(&state, .compose(.saveDraft)), Sent([], [.save, .saveSent(.draftSaved)]), "the Inbox shows no draft")
        _ = MailboxRules.reduce(&state, .openShelf(.drafts))
        XCTAssertEqual(Set(state.visibleMessages.map(\.id)), ["d1", "d2", "draft-1"])
        _ = MailboxRules.reduce(&state, .openDraft("d1"))
        XCTAssertEqual(send(&state, .compose(.deleteDraft)), Sent([.remove("d1")], [.save, .saveSent(.draftDeleted)]))
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "cy@example.org")))
        XCTAssertEqual(send(&state, .compose(.saveDraft)), Sent([.reinsert("draft-2", fromLeft: false)], [.save, .saveSent(.draftSaved)]))
        _ = MailboxRules.reduce(&state, .openDraft("d2"))
        XCTAssertEqual(send(&state, .compose(.send)), Sent([.remove("d2")], [.save, .saveSent(.sent)]))
        XCTAssertEqual(Set(state.visibleMessages.map(\.id)), ["draft-1", "draft-2"])
    }

    func testNewMessagesNeverUndoThePersonsActions() {
        var state = MailboxState(messages: messages, placements: ["m1": Placement(.archive)])
        let refreshed = messages.reversed() + [MailMessage(id: "m9", sender: "New", subject: "", snippet: "", time: "")]
        _ = MailboxRules.reduce(&state, .messagesArrived(Array(refreshed)))
        XCTAssertEqual(state.placement(of: "m1"), Placement(.archive))
        XCTAssertEqual(state.visibleMessages.map(\.id), ["m5", "m4", "m3", "m2", "m9"])
    }

    /// A mail server's placements are followed (another machine filed the message), except where only this machine
    /// knows better: gone from the Trash, back from Later, or in Later before the server has its moment; a list of
    /// another program's making has no shelf here, and its message is left out.
    func testTheServersPlacementsAreFollowedWhereTheServerKnowsBest() {
        let moment = Date(timeIntervalSince1970: 2_000_000)
        func arrived(_ id: String, _ server: Placement) -> MailMessage {
            var message = MailMessage(id: id, sender: "Ana", subject: id, snippet: "", time: "")
            message.serverPlacement = server
            return message
        }
        var state = MailboxState(messages: [], placements: [
            "later-here": Placement(.later, "tomorrow", until: moment), "gone": Placement(.gone), "back": .returned(at: moment),
            "moved": Placement(.archive), "rescheduled": Placement(.later, "tomorrow", until: moment),
        ])
        _ = MailboxRules.reduce(&state, .messagesArrived([
            arrived("later-here", Placement(.later)), arrived("gone", Placement(.deleted)), arrived("back", .inbox),
            arrived("moved", Placement(.list, "To Read")), arrived("rescheduled", Placement(.later, "next-week", until: moment.addingTimeInterval(86_400))),
            arrived("recipes", Placement(.list, "recipes")),
        ]))
        XCTAssertEqual(state.placement(of: "later-here"), Placement(.later, "tomorrow", until: moment), "the server has no moment yet")
        XCTAssertEqual(state.placement(of: "gone"), Placement(.gone))
        XCTAssertEqual(state.placement(of: "back"), .returned(at: moment))
        XCTAssertEqual(state.placement(of: "moved"), Placement(.list, "to-read"), "a title the server holds is read as the list's id")
        XCTAssertEqual(state.placement(of: "rescheduled"), Placement(.later, "next-week", until: moment.addingTimeInterval(86_400)))
        XCTAssertFalse(state.messages.contains { $0.id == "recipes" })
    }

    func testPickDateAsksForTheMomentAndSchedulesOnlyAFutureOne() {
        var state = MailboxState(messages: messages)
        state.now = Date(timeIntervalSince1970: 1_000_000)
        _ = MailboxRules.reduce(&state, .swipeEnded(id: "m3", offset: -120, velocity: 0))
        XCTAssertEqual(state.stateName, "options.reschedule")
        XCTAssertEqual(MailboxRules.reduce(&state, .options(.choose(.reschedule(.pickDate)))), [], "nothing is filed yet")
        XCTAssertEqual(state.stateName, "picker")
        XCTAssertEqual(state.placement(of: "m3"), .inbox)
        XCTAssertEqual(MailboxRules.reduce(&state, .reader(.open("m1"))), [], "the list behind waits")
        XCTAssertEqual(MailboxRules.reduce(&state, .options(.schedule(state.now))), [], "now is not later")
        XCTAssertEqual(state.stateName, "picker")
        _ = MailboxRules.reduce(&state, .options(.cancelPicker))
        XCTAssertEqual(state.stateName, "options.reschedule", "Cancel goes back to the options")
        _ = MailboxRules.reduce(&state, .options(.choose(.reschedule(.pickDate))))
        let later = state.now.addingTimeInterval(3600)
        XCTAssertEqual(send(&state, .options(.schedule(later))), Sent([.collapse("m3"), .focus(.inPlaceOf("m3", successor: "m4"))], [.save, .wakeClock(at: later)]),
                       "filed, and the clock woken at its moment (the first to come: midnight is further off)")
        XCTAssertEqual(state.placement(of: "m3").list, .later)
        XCTAssertEqual(state.placement(of: "m3").until, later)
        XCTAssertEqual(state.stateName, "inbox")
        _ = MailboxRules.reduce(&state, .undo)
        XCTAssertEqual(state.placement(of: "m3"), .inbox, "undo brings it back")
    }

    func testTheClocksTickIsTheOnlyChangeItMakesWhenNothingIsDue() {
        var state = MailboxState(messages: messages)
        let before = state
        _ = MailboxRules.reduce(&state, .clock(Date(timeIntervalSince1970: 5_000), calendar: state.calendar))
        XCTAssertNotEqual(state, before)
        XCTAssertTrue(state.differsOnlyInTheClock(from: before))
        _ = MailboxRules.reduce(&state, .setMenu(open: true))
        XCTAssertFalse(state.differsOnlyInTheClock(from: before))
    }

    /// What one action did that the screen and the world see: the rows' moves it put into the state (none when the
    /// state's `listChange` kept its number) and the effects it returned.
    private struct Sent: Equatable {
        var moves: [MailboxState.ListChange.Move]
        var effects: [MailboxEffect]
        init(_ moves: [MailboxState.ListChange.Move], _ effects: [MailboxEffect]) {
            self.moves = moves
            self.effects = effects
        }
    }

    private func send(_ state: inout MailboxState, _ action: MailboxAction) -> Sent {
        let before = state.listChange.number
        let effects = MailboxRules.reduce(&state, action)
        return Sent(state.listChange.number == before ? [] : state.listChange.moves, effects)
    }

    /// Problems reach the rules as actions, and the rules decide what is said: every problem is logged; a failed
    /// refresh and a lost save of what the person did are also said in a banner; which messages were read only logged.
    func testProblemsAreLoggedAndLostWorkIsSaidInABanner() {
        var state = MailboxState(messages: messages)
        XCTAssertEqual(MailboxRules.reduce(&state, .dataProblems(["a", "b"], refreshFailed: false, showingSaved: false)), [.log("a"), .log("b")])
        XCTAssertEqual(inEnglish(MailboxRules.reduce(&state, .dataProblems([], refreshFailed: true, showingSaved: true))),
                       ["banner: Couldn’t update messages — showing the messages saved last time"])
        // Issue #38 item 6: a first launch has nothing saved, so it says the built-in messages show.
        XCTAssertEqual(inEnglish(MailboxRules.reduce(&state, .dataProblems([], refreshFailed: true, showingSaved: false))),
                       ["banner: Couldn’t update messages — showing the built-in messages"])
        let placements = MailboxRules.reduce(&state, .effectFailed(.save, reason: "disk full"))
        XCTAssertEqual(placements.count, 2)
        XCTAssertEqual(placements.first, .log("could not save the mailbox: disk full"))
        XCTAssertEqual(MailboxRules.reduce(&state, .effectFailed(.saveRead, reason: "disk full")),
                       [.log("could not save which messages were read: disk full")])
        XCTAssertTrue(MailboxRules.reduce(&state, .effectFailed(.saveSent(.sent), reason: "x")).contains { if case .showBanner = $0 { true } else { false } })
        XCTAssertEqual(state, MailboxState(messages: messages), "saying what went wrong changes nothing else")
    }

    /// A keyboard's focus is never dropped by filing through the options or by changing lists. The focus is the
    /// stage's (issue #51): the rules ask for it in the list's moves. With m2 filed by L then a choice, the message that
    /// took its place, m3, is asked for where m2 had the focus (so the next E archives m3, not the top message);
    /// switching to Archive asks for its first message where a message had the focus; the last message filed asks
    /// for none.
    func testTheFocusMovesOnAfterTheOptionsAndStartsAtTheTopOfAnotherList() {
        var state = MailboxState(messages: messages, placements: ["m5": Placement(.archive)])
        _ = MailboxRules.reduce(&state, .command(id: "m2", zone: .later))
        _ = MailboxRules.reduce(&state, .options(.choose(.reschedule(.tomorrow))))
        XCTAssertEqual(state.placement(of: "m2").list, .later)
        XCTAssertEqual(state.listChange.moves, [.collapse("m2"), .focus(.inPlaceOf("m2", successor: "m3"))])
        _ = MailboxRules.reduce(&state, .command(id: "m3", zone: .list))
        _ = MailboxRules.reduce(&state, .options(.dismiss))
        XCTAssertEqual(state.listChange.moves, [.collapse("m3"), .focus(.inPlaceOf("m3", successor: "m4"))],
                       "dismissed options file by their default, and the focus moves on too")
        _ = MailboxRules.reduce(&state, .selectSegment(.archive))
        XCTAssertEqual(state.listChange.moves, [.listReplaced(from: .inbox, to: .archive), .focus(.firstMessage(.ifOnAMessage))])
        _ = MailboxRules.reduce(&state, .setMenu(open: true))
        _ = MailboxRules.reduce(&state, .selectSegment(.inbox))
        XCTAssertEqual(state.listChange.moves.last, .focus(.firstMessage(.ifTheKeyboardIsInUse)),
                       "chosen in the menu, which had the keyboard: the first message, where the keyboard is in use")
        XCTAssertEqual(state.visibleIDs, ["m1", "m4"])
        _ = MailboxRules.reduce(&state, .command(id: "m4", zone: .archive))
        XCTAssertEqual(state.listChange.moves.last, .focus(.inPlaceOf("m4", successor: "m1")), "the last row filed: the one before it")
        _ = MailboxRules.reduce(&state, .command(id: "m1", zone: .archive))
        XCTAssertEqual(state.listChange.moves, [.slideOff("m1", zone: .archive, velocity: 0), .collapse("m1")], "the only one filed: none to ask for")
    }

    /// A written message is saved only while it is in Sent or Drafts (`saveSent` writes those), so filing it elsewhere
    /// would lose it at the next launch: a swipe springs it back, a key does nothing.
    func testSentAndDraftsAreNeverFiledAway() {
        let written = MailMessage(id: "draft-1", sender: "Me", subject: "Plan", snippet: "", time: "")
        var state = MailboxState(messages: messages + [written], placements: ["draft-1": Placement(.draft)])
        _ = MailboxRules.reduce(&state, .openShelf(.drafts))
        XCTAssertEqual(state.visibleMessages.map(\.id), ["draft-1"])
        XCTAssertEqual(send(&state, .swipeEnded(id: "draft-1", offset: 120, velocity: 0)), Sent([.springBack("draft-1")], []))
        XCTAssertEqual(MailboxRules.reduce(&state, .command(id: "draft-1", zone: .delete)), [])
        XCTAssertEqual(state.placement(of: "draft-1"), Placement(.draft))
    }

    /// Saved before options had ids, a file holds the English titles: it loads as the same choices. Written by the
    /// `mailbox.json` of an earlier version, read from disk: m1 Later "Tomorrow" (at 08:00 on 6 January 2026), m2 in
    /// "To Read", m3 in a list of a name nobody knows.
    func testPlacementsSavedWithTitlesLoadAsTheSameChoices() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-placements-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: the run's temporary folder goes anyway
        let saved = #"{"placements": {"m1": {"list": "later", "detail": "Tomorrow", "until": 789379200},"#
            + #" "m2": {"list": "list", "detail": "To Read"}, "m3": {"list": "list", "detail": "Holidays"}}}"#
        try Data(saved.utf8).write(to: folder.appendingPathComponent("mailbox.json"))
        let (placements, problem) = MailboxSavedFiles(folder: folder).load()
        XCTAssertNil(problem)
        var state = MailboxState(messages: messages, placements: placements)
        let eightOnTheSixth = Date(timeIntervalSinceReferenceDate: 789_379_200)
        XCTAssertEqual(state.placement(of: "m1"), Placement(.later, "tomorrow", until: eightOnTheSixth))
        XCTAssertEqual(state.placement(of: "m2"), Placement(.list, "to-read"))
        XCTAssertEqual(state.messages(in: .later).map(\.id), ["m1"])
        XCTAssertEqual(state.listCounts, [.toRead: 1], "the unknown list counts in none of the four")
        XCTAssertEqual(state.placement(of: "m3").detail, "Holidays", "a name neither an id nor a title is kept as it was")
        // Choosing Tomorrow now files the same placement the old file held (its moment from the state's clock).
        state.now = Date(timeIntervalSinceReferenceDate: 789_379_200 - 23 * 3600)
        _ = MailboxRules.reduce(&state, .swipeEnded(id: "m4", offset: -150, velocity: 0))  // past 60 pt, short of 260: Later
        _ = MailboxRules.reduce(&state, .options(.choose(.reschedule(.tomorrow))))
        XCTAssertEqual(state.placement(of: "m4"), state.placement(of: "m1"))
    }

    /// The account sheet: it opens from the list (closing the menu), not over compose. Connect waits for an IMAP
    /// address, a user and a password; the name and SMTP may stay empty, the name then being the user's. Connect asks
    /// the environment to set up exactly what was typed (trimmed), and the fields wait while it does. A refusal is
    /// kept in the server's words and the password field takes the keyboard; an edit clears it. A late answer after
    /// Cancel changes nothing; once the login worked, Cancel waits for the account to be kept, which closes the
    /// sheet. The state never prints the password.
    /// One thing presented at a time is the only state the type allows: presenting the account sheet puts compose away,
    /// and closing a kind that is not presented leaves what is.
    func testOneSheetAtATimeIsAllTheStateCanHold() {
        var state = MailboxState(messages: [], placements: [:], read: [])
        state.compose = MailboxState.Compose()
        XCTAssertEqual(state.destination, .compose(MailboxState.Compose()))
        state.account = AccountSetUp()
        XCTAssertNil(state.compose, "the account sheet took compose's place")
        XCTAssertEqual(state.destination, .account(AccountSetUp()))
        state.compose = nil
        XCTAssertNotNil(state.account, "closing compose, which is not open, leaves the account sheet")
        state.confirmingEmptyTrash = true
        XCTAssertNil(state.account)
        XCTAssertEqual(state.stateName, "trash.confirm")
        state.confirmingEmptyTrash = false
        XCTAssertNil(state.destination)
    }

    func testTheAccountSheetConnectsOnlyWhatIsFilledAndSaysARefusal() {
        let kept = KeptAccount(MailAccountKept(server: NoMailServer(), passwordInFile: false))
        var state = MailboxState(messages: messages)
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .account(.open))
        XCTAssertNil(state.account, "not over compose")
        state.compose = nil
        state.menuOpen = true
        _ = MailboxRules.reduce(&state, .account(.open))
        XCTAssertEqual(state.stateName, "account")
        XCTAssertFalse(state.menuOpen)
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.connect)), [], "nothing typed: nothing to connect")
        for (field, text) in [(AccountSetUp.Field.imap, " imaps://mail.example.org "), (.user, "ana@example.org")] {
            _ = MailboxRules.reduce(&state, .account(.edit(field, text)))
        }
        XCTAssertEqual(state.account?.canConnect, false, "no password yet")
        _ = MailboxRules.reduce(&state, .account(.edit(.password, "pa ss")))
        let effects = MailboxRules.reduce(&state, .account(.connect))
        let expected = MailAccountForm(name: "", imap: "imaps://mail.example.org", smtp: "", user: "ana@example.org", password: "pa ss")
        XCTAssertEqual(effects, [.setUpAccount(expected)])
        XCTAssertEqual(expected.name, "", "an empty name is the set-up's to choose")
        XCTAssertNil(expected.smtp, "an empty SMTP address is none")
        XCTAssertEqual(state.stateName, "account.connecting")
        _ = MailboxRules.reduce(&state, .account(.edit(.user, "someone else")))
        XCTAssertEqual(state.account?[.user], "ana@example.org", "what is asked is what was typed")
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.connect)), [], "one try at a time")
        _ = MailboxRules.reduce(&state, .account(.refused(reason: "AUTHENTICATIONFAILED")))
        XCTAssertEqual(state.account?.problem, "AUTHENTICATIONFAILED")
        XCTAssertEqual(state.stateName, "account")
        XCTAssertFalse(String(describing: state).contains("pa ss"), "no description of the state holds the password")
        XCTAssertFalse(String(reflecting: state.account as Any).contains("pa ss"))
        _ = MailboxRules.reduce(&state, .account(.edit(.password, "right")))
        XCTAssertNil(state.account?.problem, "an edit clears the refusal")
        _ = MailboxRules.reduce(&state, .account(.connect))
        _ = MailboxRules.reduce(&state, .account(.close))
        _ = MailboxRules.reduce(&state, .account(.refused(reason: "late")))
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.checked)), [], "a login after Cancel keeps nothing")
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.kept(kept))), [])
        XCTAssertNil(state.account, "an answer after Cancel is nobody's")
        XCTAssertEqual(state.stateName, "inbox")
        _ = MailboxRules.reduce(&state, .account(.open))
        for (field, text) in [(AccountSetUp.Field.imap, "imap://127.0.0.1:1"), (.user, "u"), (.password, "p")] {
            _ = MailboxRules.reduce(&state, .account(.edit(field, text)))
        }
        _ = MailboxRules.reduce(&state, .account(.connect))
        let typed = MailAccountForm(name: "", imap: "imap://127.0.0.1:1", smtp: "", user: "u", password: "p")
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.checked)), [.keepAccount(typed)], "the login worked: the account is kept")
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.checked)), [], "once")
        _ = MailboxRules.reduce(&state, .account(.close))
        XCTAssertEqual(state.stateName, "account.connecting", "Cancel waits while the account is kept")
        XCTAssertEqual(MailboxRules.reduce(&state, .account(.kept(kept))), [.openAccount(kept)])
        XCTAssertNil(state.account, "kept: the sheet closes")
    }

}

/// The effects as a person and the log read them: each banner in English (its words are the catalogue's source).
private func inEnglish(_ effects: [MailboxEffect]) -> [String] {
    effects.map { if case .showBanner(let message) = $0 { return "banner: \(message.english)" } else { return "\($0)" } }
}
