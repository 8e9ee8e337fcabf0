import XCTest
@testable import KineticApps
import KineticScene

/// Issue #38 item 6: a failed save of the person's own writing says what was not saved.
final class MailboxSaveFailureTests: XCTestCase {
    /// The real Mailbox saving into a data folder where `mailbox-sent.json` is a folder, so the save truly fails: a
    /// draft kept for later is said as the draft (it said "Couldn’t save the sent message").
    func testAFailedDraftSaveSaysTheDraftWasNotSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-draftfail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mailbox-sent.json"), withIntermediateDirectories: true)
        let runner = try Mailbox.runner(freshStart: true, dataDirectory: folder)
        let stage = runner.stage
        stage.run(until: 0.3)
        let screen = Mailbox.screen(of: runner)
        Mailbox.act(.compose(.open), .compose(.edit(.subject, "Plans for Friday")), .compose(.saveDraft), on: screen, stage, waiting: 0.6)
        let banner = try XCTUnwrap(stage.dump().layer("banner"))
        XCTAssertTrue(banner.visible)
        XCTAssertEqual(banner.text, "Couldn’t save the draft — it lasts until you quit")
    }
}
