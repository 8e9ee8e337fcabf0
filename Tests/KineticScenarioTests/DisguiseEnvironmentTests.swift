import XCTest
import KineticData
@testable import KineticApps
@testable import KineticScenario

/// The screen does its disk and log work only through the environment it is given.
final class DisguiseEnvironmentTests: XCTestCase {
    func testProgressIsReadAndWrittenThroughTheEnvironment() throws {
        final class Record { var saved: [Bool] = []; var lines: [String] = []; var seen = false }
        let record = Record()
        let environment = DisguiseEnvironment(loadIntroCompleted: { record.seen },
                                              saveIntroCompleted: { record.saved.append($0); record.seen = $0 },
                                              log: { record.lines.append($0) })
        var entries = KineticApps.catalog
        entries[0].makeScreen = { _ in DisguiseScreen(costumes: Disguise.sixCostumes, environment: environment) }
        let scenario = Scenario(app: "disguise", freshStart: false, duration: 8, events: Disguise.throughIntro)
        let runner = try ScenarioRunner(scenario: scenario, entries: entries, dataDirectory: Disguise.temporaryFolder())
        try runner.run(outputDirectory: nil)
        XCTAssertEqual(runner.stage.stateName, "wheel")
        XCTAssertEqual(record.saved, [true], "the intro, once seen, is saved as seen, and nothing else is written")
        XCTAssertEqual(record.lines, [])

        // Seen: the next launch goes from the splash straight to the wheel, without the intro's keys.
        let again = try ScenarioRunner(scenario: Scenario(app: "disguise", freshStart: false, duration: 2, events: []),
                                       entries: entries, dataDirectory: Disguise.temporaryFolder())
        try again.run(outputDirectory: nil)
        XCTAssertEqual(again.stage.stateName, "wheel")
    }
}
