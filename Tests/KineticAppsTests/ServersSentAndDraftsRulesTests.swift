import XCTest
@testable import KineticApps
import KineticData
import KineticRuntime
import Foundation

/// The server's Sent and Drafts beside what was written here (issue #53): each message shows once, the newest first,
/// whatever wrote it. Expected values come from RFC 5322 §3.6.4 (a Message-ID is `<left@right>`, one per message, kept
/// by every copy) and from what Thunderbird shows: its Sent holds what other programs sent from the account too.
final class ServersSentAndDraftsRulesTests: XCTestCase {
    /// A message of the server's `list` (Sent or Drafts), written at `date` (seconds since 1970).
    private func servers(_ id: String, in list: Placement.List, subject: String, to: String, date: TimeInterval, messageID: String? = nil) -> MailMessage {
        var message = MailMessage(id: id, sender: "Ana Lima", subject: subject, snippet: "", time: "", body: "text")
        (message.serverPlacement, message.to, message.date, message.messageID) = (Placement(list), to, Date(timeIntervalSince1970: date), messageID)
        return message
    }

    /// A Mailbox at 2026-01-10 12:00 UTC on this device ("d1"), with what `arrived` from the server.
    private func mailbox(_ arrived: [MailMessage], writtenHere: [MailMessage] = [], placements: [String: Placement] = [:]) -> MailboxState {
        var state = MailboxState(messages: writtenHere, placements: placements)
        state.device = "d1"
        state.now = Date(timeIntervalSince1970: 1_768_046_400)
        _ = MailboxRules.reduce(&state, .messagesArrived(arrived))
        return state
    }

    func testTheServersSentAndDraftsAreShownThereSayingWhomTo() {
        let state = mailbox([servers("s1", in: .sent, subject: "Figures", to: "Dana Ng <dana@example.org>, bo@example.org", date: 1_767_690_900),
                             servers("d1", in: .draft, subject: "Half", to: "Bo Ng <bo@example.org>", date: 1_767_808_800)])
        XCTAssertEqual(state.messages(filedIn: .sent).map(\.sender), ["To: Dana Ng, bo@example.org"])
        XCTAssertEqual(state.messages(filedIn: .draft).map(\.sender), ["Bo Ng <bo@example.org>"], "a draft's row shows its To, as one written here does")
        XCTAssertEqual(state.messages(filedIn: .inbox), [])
        XCTAssertFalse(state.isWrittenHere("s1"), "the server's: filed as any of its messages")
    }

    func testAMessageSentHereIsShownOnceWhenTheServersCopyArrives() {
        var state = MailboxState(messages: [])
        state.device = "d1"
        state.now = Date(timeIntervalSince1970: 1_768_046_400)
        _ = MailboxRules.reduce(&state, .compose(.open))
        _ = MailboxRules.reduce(&state, .compose(.edit(.to, "dana@example.org")))
        _ = MailboxRules.reduce(&state, .compose(.edit(.subject, "Figures")))
        _ = MailboxRules.reduce(&state, .compose(.send))
        let part = try? XCTUnwrap(state.lastSent?.messageIDPart)
        XCTAssertEqual(part, "kinetic.1768046400000.sent-1.d1", "the clock's moment, the row and the device")
        XCTAssertEqual(state.messages.first?.sentAs, part)
        // The copy the server kept, as RFC 5322 writes a Message-ID; the domain is the account's, in any case.
        let copy = servers("imap-m1", in: .sent, subject: "Figures", to: "dana@example.org", date: 1_768_046_400,
                           messageID: "<\(part ?? "")@Example.ORG>")
        let other = servers("imap-m2", in: .sent, subject: "Older", to: "kim@example.org", date: 1_767_690_900, messageID: "<older@example.org>")
        _ = MailboxRules.reduce(&state, .messagesArrived([copy, other]))
        XCTAssertEqual(state.visibleIDs(in: .sent), ["sent-1", "imap-m2"], "once, the newest first")
    }

    /// Kinetic 2.1 kept no Message-ID part with what it sent, but did put a copy in the server's Sent: that copy is
    /// known by its subject and text, whatever line ends the sending gave them.
    func testACopyOfAMessageSentBeforeMessageIDsWereKeptIsShownOnce() {
        let oldRow = MailMessage(id: "sent-1", sender: "To: Kim", subject: "Figures", snippet: "", time: "09:00", body: "Line one\nline two")
        var copy = servers("imap-c", in: .sent, subject: "Figures", to: "kim@example.org", date: 1_767_690_900, messageID: "<0F1E@example.org>")
        copy.body = "Line one\r\nline two\r\n"
        var other = copy
        (other.id, other.body) = ("imap-o", "Line one\nline three")
        let state = mailbox([copy, other], writtenHere: [oldRow], placements: ["sent-1": Placement(.sent)])
        XCTAssertEqual(state.messages(filedIn: .sent).map(\.id), ["imap-o", "sent-1"], "the copy once; another text is another message")
    }

    func testSentIsNewestFirstWhoeverWroteIt() {
        var sentHere = MailMessage(id: "sent-1", sender: "To: Kim", subject: "Tuesday's", snippet: "", time: "")
        sentHere.date = Date(timeIntervalSince1970: 1_767_690_000)  // 6 Jan 2026 09:00
        var oldHere = MailMessage(id: "sent-2", sender: "To: Kim", subject: "Undated", snippet: "", time: "")
        oldHere.date = nil
        let state = mailbox([servers("a", in: .sent, subject: "Monday's", to: "x@example.org", date: 1_767_600_000),
                             servers("b", in: .sent, subject: "Wednesday's", to: "x@example.org", date: 1_767_780_000)],
                            writtenHere: [sentHere, oldHere], placements: ["sent-1": Placement(.sent), "sent-2": Placement(.sent)])
        XCTAssertEqual(state.messages(filedIn: .sent).map(\.subject), ["Wednesday's", "Tuesday's", "Monday's", "Undated"],
                       "by date; one written here before dates were kept is older than any dated, and last")
    }

    func testThisDevicesDraftsOnTheServerAreShownFromItsFileOnly() {
        var mine = MailMessage(id: "draft-1", sender: "bo@example.org", subject: "Picnic", snippet: "", time: "", body: "Bring bread.")
        mine.date = Date(timeIntervalSince1970: 1_768_000_000)
        var copy = servers("imap-d", in: .draft, subject: "Picnic", to: "bo@example.org", date: 1_768_000_000)
        copy.draftMark = "d1/draft-1"
        var anotherDevices = servers("imap-e", in: .draft, subject: "Picnic", to: "bo@example.org", date: 1_768_000_000)
        anotherDevices.draftMark = "d2/draft-1"
        let state = mailbox([copy, anotherDevices], writtenHere: [mine], placements: ["draft-1": Placement(.draft)])
        XCTAssertEqual(Set(state.messages(filedIn: .draft).map(\.id)), ["draft-1", "imap-e"], "this device's copy once; another device's shows")
        // Its draft just sent (it leaves the file at once, the server's Drafts once the SMTP server took it): the copy
        // left a moment on the server is no other program's draft.
        let sent = mailbox([copy], writtenHere: [])
        XCTAssertEqual(sent.messages(filedIn: .draft).map(\.id), [])
    }

    func testAnotherProgramsDraftSavedHereBecomesThisDevicesAndGoesToTheTrash() {
        var draft = servers("imap-d", in: .draft, subject: "Half", to: "Bo Ng <bo@example.org>", date: 1_767_808_800)
        (draft.cc, draft.bcc, draft.body) = ("kim@example.org", "lea@example.org", "Dear Bo,")
        var state = mailbox([draft])
        _ = MailboxRules.reduce(&state, .openDraft("imap-d"))
        XCTAssertEqual(state.compose?.to, "Bo Ng <bo@example.org>", "its To header, not its row's line")
        XCTAssertEqual(state.compose?.bcc, "lea@example.org")
        _ = MailboxRules.reduce(&state, .compose(.edit(.body, "Dear Bo, done.")))
        let outcomes = MailboxRules.reduce(&state, .compose(.saveDraft))
        XCTAssertEqual(state.placement(of: "imap-d").list, .deleted, "the server's original goes to the Trash")
        XCTAssertEqual(state.messages(filedIn: .draft).map(\.id), ["draft-1"])
        XCTAssertTrue(state.isWrittenHere("draft-1"))
        XCTAssertTrue(outcomes.contains(.save), "the placement is saved, which files it on the server")
    }

    /// Another program's draft with a file opens with the file going with it, and is not sent to the Trash when saved
    /// here: its file would be read from it as the message goes.
    func testAnotherProgramsDraftWithAFileKeepsItAndStays() {
        var draft = servers("imap-d", in: .draft, subject: "Menu", to: "bo@example.org", date: 1_767_808_800)
        draft.body = "See the menu."
        draft.attachments = [MailAttachment(name: "menu.pdf", size: 1_024)]
        var state = mailbox([draft])
        _ = MailboxRules.reduce(&state, .openDraft("imap-d"))
        XCTAssertEqual(state.compose?.forwardedFiles?.files.map(\.name), ["menu.pdf"])
        XCTAssertEqual(state.compose?.forwarding, "imap-d")
        _ = MailboxRules.reduce(&state, .compose(.saveDraft))
        XCTAssertEqual(state.placement(of: "imap-d").list, .draft, "left where it is")
        XCTAssertEqual(Set(state.messages(filedIn: .draft).map(\.id)), ["imap-d", "draft-1"])
    }

    func testAFoldersSlugIsOneNameEach() {
        XCTAssertEqual(MailboxShelf.folder("INBOX.Receipts").slug, "folder.INBOX_2eReceipts")
        XCTAssertNotEqual(MailboxShelf.folder("Receipts 2025").slug, MailboxShelf.folder("Receipts.2025").slug)
        XCTAssertNotEqual(MailboxShelf.folder("a_2e").slug, MailboxShelf.folder("a.").slug)
        XCTAssertEqual(MailboxShelf.folder("Re&AOc-us").slug, "folder.Re_26AOc-us")
    }

    func testAMessageIDsLeftPartIsReadAsRFC5322WritesIt() {
        XCTAssertEqual(OwnWritingShownHere.leftPart(of: " <Kinetic.1.sent-1.d1@example.org> "), "kinetic.1.sent-1.d1")
        XCTAssertNil(OwnWritingShownHere.leftPart(of: "kinetic.1@example.org"), "without its angle brackets it is not one")
        XCTAssertTrue(OutgoingMessage.isMessageIDPart("kinetic.1768046400000.sent-1.5f0c"))
        XCTAssertFalse(OutgoingMessage.isMessageIDPart("two..dots"))
        XCTAssertFalse(OutgoingMessage.isMessageIDPart("a b"))
        XCTAssertFalse(OutgoingMessage.isMessageIDPart("at@sign"))
    }

    func testAWrittenMessagesDateAndMessageIDAreSavedAndReadBack() throws {
        var message = MailMessage(id: "sent-1", sender: "To: Kim", subject: "Figures", snippet: "", time: "12:00")
        message.date = Date(timeIntervalSince1970: 1_768_046_400)
        message.sentAs = "kinetic.1.sent-1.d1"
        let json = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
        XCTAssertTrue(json.contains("\"date\":\"2026-01-10T12:00:00Z\""), json)
        let read = try JSONDecoder().decode(MailMessage.self, from: Data(json.utf8))
        XCTAssertEqual(read.date, message.date)
        XCTAssertEqual(read.sentAs, message.sentAs)
        let bad = try JSONDecoder().decode(MailMessage.self, from: Data(#"{"id":"s","sender":"x","subject":"","snippet":"","time":"","date":"Tuesday","sentAs":"a b"}"#.utf8))
        XCTAssertNil(bad.date, "a date that is not ISO 8601 leaves the row its time")
        XCTAssertNil(bad.sentAs)
    }
}

private extension MailboxState {
    /// The ids `list` shows, in order.
    func visibleIDs(in list: Placement.List) -> [String] { ids(filedIn: list) }
}
