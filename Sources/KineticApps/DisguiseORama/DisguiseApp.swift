import Foundation
import KineticData
import KineticRuntime

extension KineticApps {
    /// Makes Disguise-O-Rama's screen: bundled and saved costumes at once, and a refresh from the catalogue URL
    /// (if one is set) that adds costumes as they arrive.
    static func makeDisguiseScreen(_ settings: StageSettings, environment: AppsEnvironment) -> Screen {
        let bundled = BundledCostumes.load()
        let cache = settings.cacheDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cache")
        let refresher = CatalogRefresher(bundled: bundled.costumes, catalogURL: settings.costumeCatalogURL, dataDirectory: settings.dataDirectory,
                                         cacheDirectory: cache, fetcher: environment.fetcher, validator: environment.imageValidator)
        return DisguiseScreen(feed: CostumeFeed(refresher: refresher), bundledProblems: bundled.problems)
    }
}

extension StageSettings {
    /// Disguise-O-Rama's costume catalogue: `catalogURL`, else `api/current_costumes.json` on the content server.
    /// An app's own address, so it lives with the app, not in the engine's settings.
    var costumeCatalogURL: URL? { catalogURL ?? document("api/current_costumes.json") }
}
