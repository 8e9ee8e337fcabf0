import Foundation
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticFixtures
import KineticData

/// Builds and plays Disguise-O-Rama scenarios for the tests.
enum Disguise {
    static let size = Size(width: 1024, height: 768)
    static let layout = DisguiseLayout(size: size)

    /// The two bundled costumes and the four the content server offers.
    static let sixCostumes = ServedCostumes.withBundled

    /// Key presses that take a fresh start through the intro to the wheel (ready, springs stiff, by 7 s).
    static let throughIntro: [ScenarioEvent] = [
        ScenarioEvent(at: 2.0, .key("enter")), ScenarioEvent(at: 2.4, .key("enter")), ScenarioEvent(at: 2.8, .key("enter")),
    ]

    static func runner(_ events: [ScenarioEvent], costumes: [Costume]? = nil, freshStart: Bool = true, reduceMotion: Bool = false,
                       dataDirectory: URL? = nil, duration: Double? = nil, scale: Double = 1) throws -> ScenarioRunner {
        var entries = KineticApps.catalog
        if let costumes {
            entries[0].makeScreen = { _ in DisguiseScreen(costumes: costumes) }
        }
        let scenario = Scenario(app: "disguise", scale: scale, freshStart: freshStart, reduceMotion: reduceMotion, duration: duration, events: events)
        return try ScenarioRunner(scenario: scenario, entries: entries, dataDirectory: dataDirectory)
    }

    static func play(_ events: [ScenarioEvent], costumes: [Costume]? = nil, freshStart: Bool = true, reduceMotion: Bool = false,
                     dataDirectory: URL? = nil) throws -> [String: SceneDump] {
        let captures = try runner(events, costumes: costumes, freshStart: freshStart, reduceMotion: reduceMotion, dataDirectory: dataDirectory)
            .run(outputDirectory: nil)
        return Dictionary(captures.map { ($0.name, $0.dump) }, uniquingKeysWith: { $1 })
    }

    static func screen(of runner: ScenarioRunner) -> DisguiseScreen {
        (runner.stage.screen as! Shell).content as! DisguiseScreen
    }

    /// Where spoke `index` of `count` ends when the wheel has turned `angle` radians, worked out here from the seed's
    /// formula (step = 2π / spokes; x = cx + r·cos a, y = cy + r·sin a) and the README's numbers (the wheel's centre
    /// at half the stage's width and 55% of its height, spokes 32.5% of its height long, at least five spokes, the
    /// first pointing straight down), not from the app's own layout.
    static func spokeEnd(_ index: Int, of count: Int, wheelAngle angle: Double) -> Point {
        let center = Point(x: size.width / 2, y: size.height * 0.55), radius = size.height * 0.325
        let step = 2 * Double.pi / Double(max(count, 5))
        let a = Double.pi / 2 + Double(index) * step + angle
        return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
    }

    /// Where a costume is worn, by the README's fraction rules written out: its centre offset from Scotch's centre by
    /// (display_x × his width, display_y × his height), its size (display_width × width, display_height × height).
    static func wornFrame(_ costume: Costume, onScotch scotch: Rect) -> Rect {
        Rect(center: Point(x: scotch.midX + costume.displayX * scotch.width, y: scotch.midY + costume.displayY * scotch.height),
             size: Size(width: costume.displayWidth * scotch.width, height: costume.displayHeight * scotch.height))
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-disguise-\(UUID().uuidString)")
    }
}

