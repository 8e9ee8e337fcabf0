import XCTest
@testable import KineticApps
import KineticData

/// The reader as a feature of its own (issue #51): its state is the message read, and each action's whole change and
/// every outcome is asserted; then the Mailbox's side, where an outcome becomes a filing, a reply or a read mark.
final class ReaderRulesTests: XCTestCase {
    func testEachActionsWholeChangeAndWhatItTells() {
        var reading: String?
        XCTAssertEqual(ReaderRules.reduce(&reading, .reply), [], "nothing read: nothing to answer")
        XCTAssertEqual(ReaderRules.reduce(&reading, .file(.archive)), [], "nothing read: nothing to file")
        XCTAssertNil(reading)
        XCTAssertEqual(ReaderRules.reduce(&reading, .open("m2")), [.opened("m2")])
        XCTAssertEqual(reading, "m2")
        XCTAssertEqual(ReaderRules.reduce(&reading, .reply), [.reply("m2")])
        XCTAssertEqual(ReaderRules.reduce(&reading, .file(.later)), [.file("m2", .later)])
        XCTAssertEqual(reading, "m2", "asking is not doing: the Mailbox files, and closes the reader as it does")
        XCTAssertEqual(ReaderRules.reduce(&reading, .close), [])
        XCTAssertNil(reading)
    }

    /// In the Mailbox: opening marks the message read once (saved once) and asks for the focus on its row for when the
    /// reader closes; Archive from the reader's bar files the message read and closes the reader; a draft opens in
    /// compose, never in the reader; nothing opens under the options.
    func testTheMailboxCarriesOutWhatTheReaderTells() {
        let messages = (1...3).map { MailMessage(id: "m\($0)", sender: "S\($0)", subject: "Subject \($0)", snippet: "", time: "") }
        var state = MailboxState(messages: messages)
        XCTAssertEqual(MailboxRules.reduce(&state, .reader(.open("m2"))), [.saveRead])
        XCTAssertEqual(state.reading, "m2")
        XCTAssertEqual(state.read, ["m2"])
        XCTAssertEqual(state.listChange.moves, [.focus(.message("m2"))])
        _ = MailboxRules.reduce(&state, .reader(.close))
        XCTAssertEqual(MailboxRules.reduce(&state, .reader(.open("m2"))), [], "read already: nothing to save")
        _ = MailboxRules.reduce(&state, .reader(.file(.archive)))
        XCTAssertEqual(state.placement(of: "m2").list, .archive)
        XCTAssertNil(state.reading, "filed: the reader closes on it")
        _ = MailboxRules.reduce(&state, .reader(.open("m1")))
        _ = MailboxRules.reduce(&state, .reader(.reply))
        XCTAssertEqual(state.compose?.to, "S1", "the reply is written to the message read")

        var drafting = MailboxState(messages: messages, placements: ["m3": Placement(.draft)])
        _ = MailboxRules.reduce(&drafting, .reader(.open("m3")))
        XCTAssertNil(drafting.reading, "a draft opens where it is written")
        XCTAssertNotNil(drafting.compose)

        var swiped = MailboxState(messages: messages)
        _ = MailboxRules.reduce(&swiped, .swipeEnded(id: "m1", offset: -120, velocity: 0))
        XCTAssertEqual(MailboxRules.reduce(&swiped, .reader(.open("m2"))), [])
        XCTAssertNil(swiped.reading, "the options hold the list: nothing opens under them")
    }
}
