import XCTest
@testable import KineticApps
import KineticData
import Foundation

/// A reply as mail programs write one (issue #53), worked out from RFC 5322 (§3.6.3's Reply-To, §3.6.4's
/// References) and from what the person sees: the caret on its own line above the quote.
final class ReplyRulesTests: XCTestCase {
    /// A Gregorian calendar in UTC, the time zone the expected dates are worked out in.
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// A list's message: Reply-To the list, a thread of two before it, written 3 January 2019 at 23:30 UTC.
    private func listMessage() -> MailMessage {
        var message = MailMessage(id: "m1", sender: "Erin Wu", subject: "Re: Rent", snippet: "", time: "", body: "Paid it?\nThanks")
        message.senderAddress = "erin@example.org"
        message.replyTo = "House list <house@lists.example.org>"
        message.messageID = "<c@example.org>"
        message.references = "<a@example.org>\r\n <b@example.org>"
        message.date = Date(timeIntervalSince1970: 1_546_558_200)
        return message
    }

    func testAReplyGoesToReplyToWithTheWholeThreadAndTheCaretAboveTheQuote() {
        var state = MailboxState(messages: [listMessage()])
        state.calendar = utc
        _ = MailboxRules.reduce(&state, .reply("m1"))
        let compose = try? XCTUnwrap(state.compose)
        XCTAssertEqual(compose?.to, "House list <house@lists.example.org>", "Reply-To, not the sender")
        XCTAssertEqual(compose?.canSend, true, "a name and an address is an address")
        XCTAssertEqual(compose?.subject, "Re: Rent", "never Re: Re:")
        XCTAssertEqual(compose?.inReplyTo, "<c@example.org>")
        XCTAssertEqual(compose?.references, ["<a@example.org>", "<b@example.org>", "<c@example.org>"], "the chain, the parent last")
        XCTAssertEqual(compose?.body, "\n\nOn Thu 3 Jan 2019 23:30, Erin Wu wrote:\n> Paid it?\n> Thanks")
        XCTAssertEqual(compose?.bodyCaret, 0, "the caret on the first line, a blank line above the attribution")
        XCTAssertEqual(compose?.answers, "m1")

        _ = MailboxRules.reduce(&state, .compose(.send))
        XCTAssertEqual(state.lastSent?.to, ["House list <house@lists.example.org>"])
        XCTAssertEqual(state.lastSent?.references, ["<a@example.org>", "<b@example.org>", "<c@example.org>"])
        XCTAssertEqual(state.lastSent?.answers, "m1")
    }

    func testAReplyWithoutReplyToGoesToTheSender() {
        var message = listMessage()
        message.replyTo = nil
        message.references = nil
        message.date = nil
        var state = MailboxState(messages: [message])
        _ = MailboxRules.reduce(&state, .reply("m1"))
        XCTAssertEqual(state.compose?.to, "erin@example.org")
        XCTAssertEqual(state.compose?.references, ["<c@example.org>"])
        XCTAssertEqual(state.compose?.body, "\n\nErin Wu wrote:\n> Paid it?\n> Thanks", "no date: the line without one")
    }

    func testSendSaysWhyItIsGrey() {
        var state = MailboxState(messages: [])
        _ = MailboxRules.reduce(&state, .compose(.open))
        XCTAssertNil(state.compose?.toProblem, "nothing typed: nothing wrong yet")
        XCTAssertEqual(state.compose?.canSend, false)
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "Dana <dana@example.org>; lea@example.org, Dana <dana@example")))
        XCTAssertEqual(state.compose?.toProblem, "Dana <dana@example")
        XCTAssertEqual(state.compose?.canSend, false)
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "Dana <dana@example.org>; lea@example.org\n\"Ng, Kim\" <kim@example.org>")))
        XCTAssertNil(state.compose?.toProblem)
        XCTAssertEqual(state.compose?.recipients, ["Dana <dana@example.org>", "lea@example.org", "\"Ng, Kim\" <kim@example.org>"])
    }
}
