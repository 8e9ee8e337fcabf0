import Foundation
import KineticData
import KineticRuntime

extension KineticApps {
    /// Makes Disguise-O-Rama's screen: bundled and saved costumes at once, and a refresh from the catalogue URL
    /// (if one is set) that adds costumes as they arrive.
    static func makeDisguiseScreen(_ settings: StageSettings, environment: AppsEnvironment) -> Screen {
        let bundled = BundledCostumes.load()
        let cache = settings.cacheDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cache")
        // The served intro's words are read in English until the apps follow the person's language (issue #39).
        let intro = IntroRequest(bundledIDs: Set(IntroPage.bundled.map(\.id)), languages: ["en"])
        let refresher = CatalogRefresher(bundled: bundled.costumes, catalogURL: settings.costumeCatalogURL, dataDirectory: settings.dataDirectory,
                                         cacheDirectory: cache, fetcher: environment.fetcher, validator: environment.imageValidator,
                                         introRequest: intro)
        return DisguiseScreen(feed: CostumeFeed(refresher: refresher), bundledProblems: bundled.problems,
                              environment: .live(dataDirectory: settings.dataDirectory, log: environment.log))
    }
}

extension StageSettings {
    /// Disguise-O-Rama's costume catalogue: `catalogURL`, else `api/current_costumes.json` on the content server.
    /// An app's own address, so it lives with the app, not in the engine's settings.
    var costumeCatalogURL: URL? { catalogURL ?? document("api/current_costumes.json") }
}
