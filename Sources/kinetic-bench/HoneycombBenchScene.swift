import Foundation
import KineticApps
import KineticData
import KineticCore
import KineticRuntime

/// The Honeycomb's heaviest motion: Space's 35 cells growing out of their category and shrinking back into it,
/// over and over, with the cells' SVG images drawn (read from the repository's content folder, as if downloaded).
final class HoneycombBenchScene: AppBenchScene {
    let stage = Stage(settings: StageSettings(freshStart: true, dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench")))
    private let screen: HoneycombScreen
    private var frames = 0
    private(set) var eventThisStep = false

    init() throws {
        // A fixed, well-formed address (a base for the document's relative names): it always parses.
        let base = URL(string: "http://bench.invalid/honeycomb/nodes.json")!
        let data = try Data(contentsOf: RepositoryContent.folder.appendingPathComponent("honeycomb/nodes.json"))
        let categories = try HoneycombDocument.decode(data, base: base).categories
        var files: [String: String] = [:]
        for url in categories.flatMap(\.imageURLs) {
            files[url] = RepositoryContent.folder.appendingPathComponent("honeycomb/images").appendingPathComponent((url as NSString).lastPathComponent).path
        }
        let screen = HoneycombScreen(categories: categories, imageFiles: files)
        self.screen = screen
        var entries = KineticApps.catalog
        entries[2].makeScreen = { _ in screen }
        stage.present(Shell(entries: entries, initialApp: "honeycomb"))
        for _ in 0..<180 { stage.step() }
        screen.showCategory("space")
    }

    /// One fixed step: into Space's grid, and 1.4 s later back out, then in again.
    func step() {
        stage.step()
        frames += 1
        eventThisStep = frames % 168 == 0
        if frames % 336 == 168 { screen.showCategory(nil) }
        if frames % 336 == 0 { screen.showCategory("space") }
    }

    var state: String { stage.stateName }
}

/// A scene of one app, stepped frame by frame.
protocol AppBenchScene {
    var stage: Stage { get }
    var state: String { get }
    func step()
    /// Whether the last step began or ended a touch, pressed a key or asked the app for something: an event, after
    /// which new animations, layers and state are made. A finger moving on is not one.
    var eventThisStep: Bool { get }
    /// What the scene went through, beside its figures (`nil`: nothing more to say).
    var summary: String? { get }
}

extension AppBenchScene {
    var summary: String? { nil }
}

extension WheelScene: AppBenchScene {}
