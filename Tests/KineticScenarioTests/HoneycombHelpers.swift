import Foundation
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Builds and drives Honeycomb runs for the tests, on the bundled nodes unless a content server is given.
enum Honeycomb {
    static func runner(contentURL: URL? = nil, reduceMotion: Bool = false, scale: Double = 1, dataDirectory: URL? = nil,
                       validator: @escaping ImageValidator = { _ in .fine }) throws -> ScenarioRunner {
        let scenario = Scenario(app: "honeycomb", scale: scale, reduceMotion: reduceMotion, duration: 0, contentURL: contentURL)
        return try ScenarioRunner(scenario: scenario, entries: KineticApps.entries(environment: .networked(validator: validator)), dataDirectory: dataDirectory)
    }

    static func screen(of runner: ScenarioRunner) -> HoneycombScreen {
        (runner.stage.screen as! Shell).content as! HoneycombScreen
    }

    /// Every `cell.*` and `category.*` hexagon's centre (not their sub-layers).
    static func hexagonCentres(_ stage: Stage) -> [String: Point] {
        var centres: [String: Point] = [:]
        for layer in stage.dump().layers where (layer.id.hasPrefix("cell.") || layer.id.hasPrefix("category.")) && layer.id.split(separator: ".").count == 2 {
            centres[layer.id] = layer.frame.center
        }
        return centres
    }

    /// The bundled nodes, decoded as the app decodes them.
    static var bundledCategories: [HoneycombNode] {
        // The file is the app's own resource; a failure here is a broken checkout, which the test should report.
        let data = try! Data(contentsOf: HoneycombResources.nodesFile)
        return try! HoneycombDocument.decode(data, base: nil).categories
    }
}
