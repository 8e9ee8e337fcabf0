import Foundation
import KineticApps
import KineticCore
import KineticRuntime
import KineticScenario
import KineticWindow

/// The field guide: the Honeycomb with the guide's own birds and trees, and a tally of sightings, under the guide's
/// own side menu and title (no Kinetic gallery).
///
///     field-guide                      a window (needs a display)
///     field-guide play SCENARIO OUT    the scenario played headlessly, its captures written into OUT
let entries = [
    AppEntry(id: "guide", title: "Field Guide", summary: "Birds and trees, a cell each.", tint: Color(red8: 0x3A, green8: 0x7D, blue8: 0x44),
             makeScreen: { _ in HoneycombScreen(categories: GuideNodes.all, environment: .logging(to: { print("field-guide: \($0)") })) }),
    AppEntry(id: "tally", title: "Tally", summary: "A sighting a tap.", tint: Color(red8: 0x4F, green8: 0x81, blue8: 0xBD),
             makeScreen: { _ in TallyScreen() }),
]
let title = LocalizedText("field-guide.title", "Field Guide")

let arguments = CommandLine.arguments.dropFirst()
do {
    if arguments.first == "play", arguments.count == 3 {
        let path = arguments[arguments.startIndex + 1], output = URL(fileURLWithPath: arguments[arguments.startIndex + 2])
        let scenario = try Scenario.decode(try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
        let runner = try ScenarioRunner(scenario: scenario, entries: entries, title: title, offersGallery: false)
        let captures = try runner.run(outputDirectory: output)
        print("field-guide: played \(path): \(captures.count) capture(s) in \(output.path)")
    } else if arguments.isEmpty {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("field-guide")))
        stage.present(Shell(entries: entries, title: title, offersGallery: false))
        try DesktopWindow(stage: stage, title: "Field Guide", windowClass: "org.example.FieldGuide").run()
    } else {
        FileHandle.standardError.write(Data("usage: field-guide [play SCENARIO OUTPUT_FOLDER]\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("field-guide: \(error)\n".utf8))
    exit(1)
}
