import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// In Arabic the Mailbox is mirrored (issue #39): a finger moving left, away from the leading (right) edge, archives
/// past the seed's 60 pt and deletes past 260 pt; moving right it reschedules and lists. The seed's colours and icons
/// come with each side, the icon waiting at the side the swipe comes from.
final class MailboxRightToLeftTests: XCTestCase {
    private let arabic = Localization(languages: ["ar"], catalogues: KineticApps.shippedCatalogues())
    private let green = "#62D962", red = "#EF540C", yellow = "#FAD333", brown = "#D8A675"

    private func runner() throws -> ScenarioRunner {
        try ScenarioRunner(scenario: Scenario(app: "mailbox", duration: 0), entries: KineticApps.catalog, localization: arabic)
    }

    func testArabicReadsRightToLeft() {
        XCTAssertEqual(arabic.language, "ar", "the Arabic catalogue is shipped")
        XCTAssertEqual(arabic.layoutDirection, .rightToLeft)
    }

    /// Held (finger down, slowly, so velocity plays no part) at `dx` points on the screen: the colour, the icon and
    /// where the icon and the message are drawn.
    func testEachSideHasTheSeedsZonesMirrored() throws {
        let cases: [(Double, String?, String)] = [(-59, nil, "archive"), (-61, green, "archive"), (-259, green, "archive"), (-261, red, "delete"),
                                                   (61, yellow, "later"), (261, brown, "list")]
        for (dx, color, icon) in cases {
            let runner = try runner(), stage = runner.stage
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 2, by: dx, over: 0.8, release: false)
            let dump = stage.dump()
            let message = try XCTUnwrap(dump.layer("message.m03")), shownIcon = try XCTUnwrap(dump.layer("swipe.icon.m03"))
            XCTAssertEqual(message.frame.x, dx, accuracy: 0.01, "the message follows the finger on the screen, at \(dx) pt")
            if let color { XCTAssertEqual(dump.layer("swipe.m03")?.color, color, "at \(dx) pt") }
            XCTAssertEqual(shownIcon.image, icon, "at \(dx) pt")
            // The icon is in the room the message left: right of it when it moved left, left of it when it moved right.
            if dx < 0 { XCTAssertGreaterThan(shownIcon.frame.center.x, message.frame.x + message.frame.width) }
            else { XCTAssertLessThan(shownIcon.frame.center.x, message.frame.x) }
        }
    }

    /// Released, slowly: short of 60 pt it comes back; past it, leftwards, it is archived; past 260 pt, deleted.
    func testAReleaseFilesAsTheSeedSaysOnTheMirroredSide() throws {
        for (dx, list) in [(-50.0, "inbox"), (-100, "archive"), (-300, "deleted")] {
            let runner = try runner(), stage = runner.stage, screen = Mailbox.screen(of: runner)
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 2, by: dx, over: 0.8, hold: 0.2)
            stage.run(for: 1.5)
            XCTAssertEqual(screen.state.placement(of: "m03").list.rawValue, list, "released at \(dx) pt")
        }
        let runner = try runner(), stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        Mailbox.swipe(stage, row: 2, by: 100, over: 0.8, hold: 0.2)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.stateName, "options.reschedule", "rightwards, the reschedule options")
        // Choosing "Tomorrow" files the same placement as in English: by the option's id.
        screen.send(.options(.choose(.reschedule(.tomorrow))))
        stage.run(for: 1)
        XCTAssertEqual(screen.state.placement(of: "m03").detail, "tomorrow")
    }
}
