import XCTest
import KineticCore
import KineticRuntime
@testable import KineticApps
@testable import KineticScenario

/// Inside the Mailbox its own menu is the menu: the shell's ☰ is not offered beside it, and the Mailbox's menu leads
/// back to the gallery.
final class MailboxOneMenuTests: XCTestCase {
    func testOneMenuButtonAndItLeadsBackToTheGallery() throws {
        let (_, stage, _) = try Mailbox.opened()
        var dump = stage.dump()
        XCTAssertEqual(dump.layer("menu.button")?.visible, false, "the shell's ☰ is not shown")
        let button = try XCTUnwrap(dump.layer("mailbox.menu.button"))
        XCTAssertTrue(button.visible)
        XCTAssertLessThan(button.frame.x, 40, "where the ☰ would be")
        Honeycomb.tap(stage, button.frame.center)
        Honeycomb.run(stage, for: 1)
        XCTAssertEqual(stage.stateName, "menu")
        dump = stage.dump()
        let gallery = try XCTUnwrap(dump.layer("mailbox.menu.gallery"))
        XCTAssertTrue(gallery.visible && gallery.frame.rect.maxY <= stage.size.height, "on the stage: \(gallery.frame)")
        Honeycomb.tap(stage, gallery.frame.center)
        Honeycomb.run(stage, for: 0.5)
        XCTAssertEqual(stage.stateName, "gallery")
        XCTAssertEqual(stage.dump().layer("menu.button")?.visible, true, "the gallery has the shell's ☰ again")
    }
}

/// A list with nothing in it says what goes there instead of showing a blank page.
final class MailboxEmptyListTests: XCTestCase {
    func testAnEmptyListSaysWhatGoesThereAndTheNoteLeavesWithTheFirstMessage() throws {
        let (_, stage, screen) = try Mailbox.opened()
        XCTAssertEqual(stage.dump().layer("list.empty")?.visible, false, "the Inbox has messages")
        screen.send(.selectSegment(.archive))
        Honeycomb.run(stage, for: 1)
        let note = try XCTUnwrap(stage.dump().layer("list.empty"))
        XCTAssertTrue(note.visible)
        XCTAssertTrue(note.text?.contains("archive") == true, note.text ?? "")
        screen.send(.selectSegment(.inbox))
        Honeycomb.run(stage, for: 1)
        screen.send(.command(id: "m01", zone: .archive))
        Honeycomb.run(stage, for: 1.5)
        screen.send(.selectSegment(.archive))
        Honeycomb.run(stage, for: 1)
        XCTAssertEqual(stage.dump().layer("list.empty")?.visible, false, "one archived message: no note")
        screen.send(.selectSegment(.later))
        Honeycomb.run(stage, for: 1)
        XCTAssertTrue(stage.dump().layer("list.empty")?.text?.contains("later") == true)
    }
}
