import Foundation
import KineticData
import KineticRuntime

/// Where the Honeycomb's bundled files are: `nodes.json` (shown until a download replaces it) and the logo.
public enum HoneycombResources {
    /// The app's folder of bundled resources, found by its `nodes.json` wherever the program was installed.
    public static let folder = ResourceFolder.named("Honeycomb", containing: "nodes.json")

    /// The bundled `nodes.json`, shown until a download replaces it.
    public static var nodesFile: URL { folder.appendingPathComponent("nodes.json") }
}

extension KineticApps {
    /// The content server's path of the honeycomb's document.
    public static let honeycombNodesPath = "honeycomb/nodes.json"

    /// Makes the Honeycomb's screen on its data layer: the bundled (or saved) nodes at once, then the content
    /// server's, with images downloaded into the cache folder and shown from there.
    static func makeHoneycombScreen(_ settings: StageSettings, environment: AppsEnvironment) -> Screen {
        let cache = settings.cacheDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cache")
        let images = ImageCache(folder: cache.appendingPathComponent("images", isDirectory: true))
        let bundled: Data?
        var problems: [String] = []
        do { bundled = try Data(contentsOf: HoneycombResources.nodesFile) } catch {
            bundled = nil
            problems.append("the bundled \(HoneycombResources.nodesFile.path) could not be read: \(error)")
        }
        let refresher = HoneycombRefresher(bundledData: bundled, nodesURL: settings.document(honeycombNodesPath), dataFolder: settings.dataDirectory,
                                           downloader: ImageDownloader(cache: images, fetcher: environment.fetcher, validator: environment.imageValidator))
        return HoneycombScreen(feed: HoneycombFeed(refresher: refresher), environment: .opening(with: environment.openLink, log: environment.log),
                               problems: problems)
    }
}
