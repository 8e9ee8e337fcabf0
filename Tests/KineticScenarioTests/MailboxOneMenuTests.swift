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
