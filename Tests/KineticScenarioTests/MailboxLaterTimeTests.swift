import Foundation
import KineticCore
import KineticRuntime
import KineticScene
import XCTest
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// A Later row says when its message comes back as seen today; when the day turns, it says it again.
final class MailboxLaterTimeTests: XCTestCase {
    /// Scenarios start on Monday 5 January 2026 at 09:00 UTC (`StageSettings.scenarioStartDate`); "Tomorrow" files a
    /// message until Tuesday 08:00.
    func testALaterRowsTimeIsRenamedWhenTheDayTurns() throws {
        let (_, stage, screen) = try Mailbox.opened()
        Mailbox.openRescheduleOptions(stage)
        XCTAssertEqual(stage.dump().state, "options.reschedule")
        stage.tap(try XCTUnwrap(stage.centre(of: "option.tomorrow")))
        stage.run(for: 1)
        stage.tap(try XCTUnwrap(stage.centre(of: "segment.later")))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "later")
        let filed = try XCTUnwrap(Mailbox.ids.first { stage.dump().layer("message.\($0).time") != nil })
        XCTAssertEqual(stage.dump().layer("message.\(filed).time")?.text, "Tomorrow 08:00")

        // Tuesday, half a minute past midnight: the same moment is today now. (The scenario's own clock would tell
        // Monday again a second later; the label follows whatever day the clock says.)
        let utc = Mailbox.utc
        let tuesday = try XCTUnwrap(utc.date(from: DateComponents(year: 2026, month: 1, day: 6, hour: 0, minute: 0, second: 30)))
        screen.send(.clock(tuesday, calendar: utc))
        stage.step()
        XCTAssertEqual(stage.dump().layer("message.\(filed).time")?.text, "Today 08:00")
    }
}
