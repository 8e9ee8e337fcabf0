import XCTest
@testable import KineticApps
import KineticData
import KineticRuntime
import Foundation

/// Reply All, Forward, Cc and Bcc as mail programs write them (issue #53), beside Reply's tests. Expected values are worked out from RFC 5322
/// (§3.6.3: To, Cc and Bcc; a reply to all goes to the author and the message's other recipients) and from what
/// Thunderbird and web mail do: the person's own address is never copied, an address appears once, and a forward
/// carries the message's header lines and text below the caret.
extension ReplyRulesTests {
    /// Erin's message to Ana (the person) and Bo, copied to Kim and to Ana again, written 3 January 2019 at 23:30 UTC.
    private func groupMessage() -> MailMessage {
        var message = MailMessage(id: "m1", sender: "Erin Wu", subject: "Rent", snippet: "", time: "", body: "Paid it?")
        message.senderAddress = "erin@example.org"
        message.messageID = "<c@example.org>"
        message.to = "Ana Lima <ANA@example.org>, \"Ng, Bo\" <bo@example.org>"
        message.cc = "kim@example.org, Erin Wu <erin@example.org>, undisclosed-recipients:;"
        message.receivedBy = "ana@example.org"
        message.date = Date(timeIntervalSince1970: 1_546_558_200)
        return message
    }

    func testReplyAllCopiesEveryOtherRecipientOnceAndNotThePerson() {
        var state = MailboxState(messages: [groupMessage()])
        state.calendar = utc
        _ = MailboxRules.reduce(&state, .replyAll("m1"))
        let compose = try? XCTUnwrap(state.compose)
        XCTAssertEqual(compose?.to, "erin@example.org", "the author, as Reply has it")
        // Ana is the person (her address in capitals is still hers); Erin is in To already; the empty group is nobody.
        XCTAssertEqual(compose?.cc, "\"Ng, Bo\" <bo@example.org>, kim@example.org")
        XCTAssertEqual(compose?.subject, "Re: Rent")
        XCTAssertEqual(compose?.inReplyTo, "<c@example.org>")
        XCTAssertEqual(compose?.canSend, true)

        _ = MailboxRules.reduce(&state, .compose(.send))
        XCTAssertEqual(state.lastSent?.to, ["erin@example.org"])
        XCTAssertEqual(state.lastSent?.cc, ["\"Ng, Bo\" <bo@example.org>", "kim@example.org"])
        XCTAssertNil(state.lastSent?.bcc, "no blind copies were typed")
    }

    func testReplyAllFromTheReaderAnswersTheMessageRead() {
        var state = MailboxState(messages: [groupMessage()])
        _ = MailboxRules.reduce(&state, .reader(.open("m1")))
        _ = MailboxRules.reduce(&state, .reader(.replyAll))
        XCTAssertEqual(state.compose?.cc, "\"Ng, Bo\" <bo@example.org>, kim@example.org")
    }

    /// The longest text the reader is given (200,000 characters, in lines of 70) is forwarded and quoted whole: a
    /// note typed above it keeps every line of it, to the last.
    func testTheLongestTextTheReaderShowsIsForwardedAndQuotedWhole() {
        var message = groupMessage()
        let line = String(repeating: "x", count: 69) + "\n"
        message.body = String(String(repeating: line, count: MailMessage.readerCharacters / 70).dropLast()) + "END"
        for action in [MailboxAction.forward("m1"), .reply("m1")] {
            var state = MailboxState(messages: [message])
            _ = MailboxRules.reduce(&state, action)
            let written = "Note\n" + (state.compose?.body ?? "")
            _ = MailboxRules.reduce(&state, .compose(.edit(.body, written)))
            XCTAssertEqual(state.compose?.body.count, written.count, "\(action): nothing cut")
            XCTAssertTrue(state.compose?.body.hasSuffix("END") ?? false, "\(action)")
        }
    }

    func testAForwardCarriesTheHeaderLinesAndTextBelowTheCaret() {
        var state = MailboxState(messages: [groupMessage()])
        state.calendar = utc
        _ = MailboxRules.reduce(&state, .reader(.open("m1")))
        _ = MailboxRules.reduce(&state, .reader(.forward))
        let compose = try? XCTUnwrap(state.compose)
        XCTAssertEqual(compose?.subject, "Fwd: Rent")
        XCTAssertEqual(compose?.to, "", "To is the person's to fill")
        XCTAssertEqual(compose?.startsIn, .to)
        XCTAssertEqual(compose?.bodyCaret, 0)
        XCTAssertNil(compose?.inReplyTo, "a forward starts a thread of its own")
        XCTAssertEqual(compose?.body, """


            ---------- Forwarded message ----------
            From: Erin Wu <erin@example.org>
            Date: Thu 3 Jan 2019 23:30
            Subject: Rent
            To: Ana Lima <ANA@example.org>, "Ng, Bo" <bo@example.org>
            Cc: kim@example.org, Erin Wu <erin@example.org>, undisclosed-recipients:;

            Paid it?
            """)
        var forwarded = groupMessage()
        forwarded.subject = "FW: Rent"
        state = MailboxState(messages: [forwarded])
        _ = MailboxRules.reduce(&state, .forward("m1"))
        XCTAssertEqual(state.compose?.subject, "FW: Rent", "never Fwd: FW:")
    }

    /// A forward's files go with it, read from the server as it is sent: the outgoing message names the message and
    /// how many; left out, none go.
    func testAForwardsFilesGoWithItUnlessLeftOut() {
        var message = groupMessage()
        message.attachments = [MailAttachment(name: "menu.pdf", size: 9), MailAttachment(name: "notes.txt", size: 2)]
        var state = MailboxState(messages: [message])
        state.sync.canSend = true
        _ = MailboxRules.reduce(&state, .forward("m1"))
        XCTAssertEqual(state.compose?.forwardedFiles, MailboxState.ForwardedFiles(messageID: "m1", files: message.attachments))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "bo@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.send))
        XCTAssertEqual(state.lastSent?.forwarding, "m1")
        XCTAssertEqual(state.lastSent?.forwardedFiles, 2)

        _ = MailboxRules.reduce(&state, .forward("m1"))
        _ = MailboxRules.reduce(&state, .compose(.leaveOutForwardedFiles))
        XCTAssertNil(state.compose?.forwardedFiles)
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "bo@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.send))
        XCTAssertEqual(state.lastSent?.forwarding, "m1", "its account still sends it")
        XCTAssertNil(state.lastSent?.forwardedFiles, "left out: none go")
    }

    func testCopiesAndBlindCopiesGoWithTheMessageAndAreKeptWithADraft() {
        var state = MailboxState(messages: [])
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.bcc, "Dana <dana@example.org>")))
        XCTAssertEqual(state.compose?.canSend, true, "blind copies alone are recipients enough")
        _ = MailboxRules.reduce(&state, .compose(.edit(.cc, "lea@example.org; kim@")))
        XCTAssertEqual(state.compose?.canSend, false, "an entry of Cc that is not an address keeps Send grey")
        XCTAssertEqual(state.compose?.addressProblem?.field, .cc)
        XCTAssertEqual(state.compose?.addressProblem?.entry, "kim@")
        _ = MailboxRules.reduce(&state, .compose(.edit(.cc, "lea@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.edit(.subject, "Picnic")))
        _ = MailboxRules.reduce(&state, .compose(.saveDraft))
        let draft = try? XCTUnwrap(state.messages.first { state.placement(of: $0.id).list == .draft })
        XCTAssertEqual(draft?.cc, "lea@example.org")
        XCTAssertEqual(draft?.bcc, "Dana <dana@example.org>")

        _ = MailboxRules.reduce(&state, .openDraft(draft?.id ?? ""))
        XCTAssertEqual(state.compose?.cc, "lea@example.org", "the draft reopens as it was left")
        XCTAssertEqual(state.compose?.bcc, "Dana <dana@example.org>")
        _ = MailboxRules.reduce(&state, .compose(.send))
        XCTAssertEqual(state.lastSent?.to, [])
        XCTAssertEqual(state.lastSent?.cc, ["lea@example.org"])
        XCTAssertEqual(state.lastSent?.bcc, ["Dana <dana@example.org>"])
        let sent = state.messages.first { state.placement(of: $0.id).list == .sent }
        XCTAssertEqual(sent?.sender, "To: lea@example.org", "with To empty, its row names the copies")
    }
}

/// A file of the message read, opened or saved from the reader: the rules ask the world for it (the work reads and
/// writes), and say how it ended in the person's words; a place no file is at asks nothing.
final class AttachmentRulesTests: XCTestCase {
    private func messageWithAFile() -> MailMessage {
        var message = MailMessage(id: "m1", sender: "Léa", subject: "Menu", snippet: "", time: "", body: "See the menu.")
        message.attachments = [MailAttachment(name: "menu.pdf", size: 9)]
        return message
    }

    func testTheReaderAsksForTheFileAndTheEndIsSaid() {
        var state = MailboxState(messages: [messageWithAFile()])
        _ = MailboxRules.reduce(&state, .reader(.open("m1")))
        XCTAssertEqual(MailboxRules.reduce(&state, .reader(.useAttachment(0, .save))), [.useAttachment(messageID: "m1", index: 0, .save, name: "menu.pdf")])
        XCTAssertEqual(MailboxRules.reduce(&state, .reader(.useAttachment(1, .open))), [], "no second file")
        XCTAssertEqual(MailboxRules.reduce(&state, .attachmentUsed(.saved(name: "menu.pdf", path: "/home/ana/Downloads/menu (2).pdf"))),
                       [.showBanner(LocalizedMessage(MailboxText.attachmentSaved, ["name": .verbatim("menu.pdf"), "path": .verbatim("/home/ana/Downloads/menu (2).pdf")]))])
        let failed = MailboxRules.reduce(&state, .attachmentUsed(.failed(name: "menu.pdf", .open, reason: .notOpened(program: "xdg-open", status: 127))))
        XCTAssertEqual(failed.count, 2, "logged, and said")
        guard case .showBanner(let said)? = failed.last else { return XCTFail("no banner: \(failed)") }
        XCTAssertEqual(Localization.english(said), "“menu.pdf” was not opened: xdg-open is not installed")
        let full = MailboxRules.reduce(&state, .attachmentUsed(.failed(name: "menu.pdf", .save, reason: .file(.diskFull))))
        guard case .showBanner(let saidFull)? = full.last else { return XCTFail("no banner: \(full)") }
        XCTAssertEqual(Localization.english(saidFull), "“menu.pdf” was not saved: the disk is full")
        _ = MailboxRules.reduce(&state, .reader(.close))
        XCTAssertEqual(MailboxRules.reduce(&state, .reader(.useAttachment(0, .save))), [], "nothing read: no file to use")
    }
}
