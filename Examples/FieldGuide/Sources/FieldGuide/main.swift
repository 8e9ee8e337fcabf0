import Foundation
import KineticApps
import KineticCore
import KineticRuntime
import KineticScenario
import KineticWindow

/// The field guide: the Honeycomb with the guide's own birds and trees, and a tally of sightings, in the guide's own
/// navigation (`GuideHost`: a side bar of its own, no Kinetic menu or gallery).
///
///     field-guide                      a window (needs a display)
///     field-guide play SCENARIO OUT    the scenario played headlessly, its captures written into OUT
func guide() -> GuideHost {
    GuideHost(places: [
        .init(id: "birds-and-trees", name: LocalizedText("field-guide.place.honeycomb", "Birds and trees")) {
            HoneycombScreen(categories: GuideNodes.all, environment: .logging(to: { print("field-guide: \($0)") }))
        },
        .init(id: "tally", name: LocalizedText("field-guide.place.tally", "Tally")) { TallyScreen() },
    ])
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.count == 3, arguments[0] == "play" {
        let scenario = try Scenario.decode(try Data(contentsOf: URL(fileURLWithPath: arguments[1])), name: arguments[1])
        let runner = try ScenarioRunner(scenario: scenario) { _ in guide() }
        let captures = try runner.run(outputDirectory: URL(fileURLWithPath: arguments[2]))
        print("field-guide: played \(arguments[1]): \(captures.count) capture(s) in \(arguments[2])")
    } else if arguments.isEmpty {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("field-guide")))
        stage.present(guide())
        try DesktopWindow(stage: stage, title: "Field Guide", windowClass: "org.example.FieldGuide").run()
    } else {
        FileHandle.standardError.write(Data("usage: field-guide [play SCENARIO OUTPUT_FOLDER]\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("field-guide: \(error)\n".utf8))
    exit(1)
}
