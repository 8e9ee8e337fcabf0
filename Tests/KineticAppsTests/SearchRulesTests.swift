import XCTest
import KineticData
@testable import KineticApps

/// The search alone, a child feature of the Mailbox: its whole state and every outcome it tells the Mailbox. The
/// matches expected are worked out from `MailSearch`'s rule (every word, case and accents folded, in the sender,
/// subject or text).
final class SearchRulesTests: XCTestCase {
    private let messages = [
        MailMessage(id: "lunch", sender: "Ana Lima", subject: "Lunch on Thursday?", snippet: "", time: "09:41", body: "See you at noon."),
        MailMessage(id: "slides", sender: "Carla Díaz", subject: "Slides for Monday", snippet: "", time: "08:00", body: "The deck, at last."),
    ]

    private func reduce(_ search: inout MailboxState.Search?, _ action: SearchAction, here: Set<String> = ["lunch", "slides", "club"]) -> [SearchOutcome] {
        SearchRules.reduce(&search, action, messages: messages, isHere: { here.contains($0) })
    }

    func testTypingFiltersAndAsksTheServerAndTheSameResultsMoveNothing() {
        var search: MailboxState.Search?
        XCTAssertEqual(reduce(&search, .type("lunch")), [], "closed: typing goes nowhere")
        XCTAssertEqual(reduce(&search, .open), [])
        XCTAssertEqual(search, MailboxState.Search())
        // The server is asked the words as typed: IMAP's SEARCH folds case itself (RFC 3501 §6.4.4).
        XCTAssertEqual(reduce(&search, .type("DIAZ")), [.focusTheTop, .listFiltered, .askServer(["DIAZ"], query: "DIAZ")])
        XCTAssertEqual(search?.matches, ["slides"], "Díaz, accents folded")
        XCTAssertEqual(reduce(&search, .type("DIAZ ")), [.askServer(["DIAZ"], query: "DIAZ ")], "the same matches: the list and the focus stay")
        XCTAssertEqual(reduce(&search, .type("")), [.focusTheTop, .listFiltered])
        XCTAssertNil(search?.matches, "nothing typed: everything shows")
    }

    func testTheServersFindsJoinOnlyForTheQueryStillTypedAndOnlyMessagesStillHere() {
        var search: MailboxState.Search?
        _ = reduce(&search, .open)
        _ = reduce(&search, .type("noon"))
        XCTAssertEqual(search?.matches, ["lunch"])
        XCTAssertEqual(reduce(&search, .serverFound(query: "no", ids: ["slides"])), [], "an older query's finds are nobody's")
        XCTAssertEqual(reduce(&search, .serverFound(query: "noon", ids: ["slides", "gone"]), here: ["lunch", "slides"]), [.listWidened])
        XCTAssertEqual(search?.matches, ["lunch", "slides"])
        XCTAssertEqual(search?.serverFound, ["slides", "gone"])
    }

    func testLeavingTheFieldAndClosingTellWhereTheFocusGoes() {
        var search: MailboxState.Search?
        _ = reduce(&search, .open)
        _ = reduce(&search, .type("lunch"))
        XCTAssertEqual(reduce(&search, .leaveField), [.focusTheFirstFound])
        XCTAssertEqual(search?.isEditing, false)
        XCTAssertEqual(reduce(&search, .open), [], "the field takes the keyboard back")
        XCTAssertEqual(search?.isEditing, true)
        XCTAssertEqual(reduce(&search, .fieldLeft), [.focusTheFirstIfNowhere], "Esc out of the field: the keyboard goes to the first found")
        XCTAssertEqual(reduce(&search, .fieldLeft), [], "left already")
        XCTAssertEqual(reduce(&search, .close), [.focusTheFirstIfNowhere, .listFiltered])
        XCTAssertNil(search)
        XCTAssertEqual(reduce(&search, .close), [], "closed already")
    }
}
