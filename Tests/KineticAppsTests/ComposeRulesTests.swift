import XCTest
@testable import KineticApps

/// Compose alone, a child feature of the Mailbox: its whole state and what it tells the Mailbox. The expectations
/// are the sheet's promises (docs/mailbox.md): Cancel asks only when something is written, Send only with valid
/// addresses, and what is saved, deleted or sent is handed to the Mailbox once, the sheet closing as it goes.
final class ComposeRulesTests: XCTestCase {
    func testCancelAsksOnlyWhenSomethingIsWritten() {
        var compose: MailboxState.Compose?
        XCTAssertEqual(ComposeRules.reduce(&compose, .edit(.to, "ana@example.org")), [], "closed: nothing to write into")
        XCTAssertNil(compose)
        _ = ComposeRules.reduce(&compose, .open)
        XCTAssertEqual(compose, MailboxState.Compose())
        XCTAssertEqual(ComposeRules.reduce(&compose, .close), [])
        XCTAssertNil(compose, "nothing written: it closes at once")
        _ = ComposeRules.reduce(&compose, .open)
        _ = ComposeRules.reduce(&compose, .edit(.subject, "Lunch?"))
        _ = ComposeRules.reduce(&compose, .close)
        XCTAssertEqual(compose?.confirmingCancel, true, "something written: Cancel asks")
        _ = ComposeRules.reduce(&compose, .keepEditing)
        XCTAssertEqual(compose?.confirmingCancel, false)
        XCTAssertEqual(compose?.subject, "Lunch?")
    }

    /// Issue #58, item 5: Esc left the fields, Cancel asked, Keep Editing: the keyboard was nowhere and typed text
    /// went nowhere. Where no field had it, writing resumes in To while To is empty, else in the body (a field that had
    /// it gets it back from the question, a dialog: the stage's keyboard focus's doing). A new message starts in To, a
    /// reply in its body.
    func testKeepEditingResumesInAField() {
        var compose: MailboxState.Compose? = MailboxState.Compose()
        XCTAssertEqual(compose?.startsIn, .to)
        _ = ComposeRules.reduce(&compose, .edit(.subject, "Lunch?"))
        _ = ComposeRules.reduce(&compose, .close)
        XCTAssertEqual(compose?.confirmingCancel, true)
        XCTAssertEqual(ComposeRules.reduce(&compose, .keepEditing), [])
        XCTAssertEqual(compose?.confirmingCancel, false)
        XCTAssertEqual(compose?.resumesIn, .to, "To is empty: the keyboard goes there")
        _ = ComposeRules.reduce(&compose, .edit(.to, "ana@example.org"))
        XCTAssertEqual(compose?.resumesIn, .body, "To is written: the body")
    }

    func testWhatIsSavedDeletedOrSentIsHandedOverOnceAndTheSheetCloses() {
        var compose: MailboxState.Compose?
        _ = ComposeRules.reduce(&compose, .open)
        _ = ComposeRules.reduce(&compose, .edit(.to, "not an address"))
        XCTAssertEqual(ComposeRules.reduce(&compose, .send), [], "Send waits for valid addresses")
        XCTAssertNotNil(compose)
        _ = ComposeRules.reduce(&compose, .edit(.to, "ana@example.org"))
        // The limit: the reader's longest text and a quarter more for a quote's "> " (250,000).
        _ = ComposeRules.reduce(&compose, .edit(.body, String(repeating: "a", count: 300_000)))
        XCTAssertEqual(compose?.body.count, 250_000, "the body's limit")
        let written = compose
        XCTAssertEqual(ComposeRules.reduce(&compose, .send), [.send(written!)])
        XCTAssertNil(compose)
        XCTAssertEqual(ComposeRules.reduce(&compose, .send), [], "sent once")

        var draft: MailboxState.Compose? = MailboxState.Compose()
        draft?.draftID = "draft-2"
        draft?.subject = "Plans"
        let kept = draft
        XCTAssertEqual(ComposeRules.reduce(&draft, .saveDraft), [.saveDraft(kept!)])
        XCTAssertNil(draft)
        draft = kept
        XCTAssertEqual(ComposeRules.reduce(&draft, .deleteDraft), [.deleteDraft("draft-2")])
        XCTAssertNil(draft)
        XCTAssertEqual(ComposeRules.reduce(&draft, .deleteDraft), [], "closed: nothing to delete")
    }
}
