import Foundation
import KineticCore
import KineticPlatform

/// Where the data layer keeps things and what it asks, from flags, then the environment, then the defaults.
public struct CatalogLocations: Sendable {
    /// `$XDG_DATA_HOME/kinetic`, else `~/.local/share/kinetic`: the saved catalogue.
    public var dataDirectory: URL
    /// `$XDG_CACHE_HOME/kinetic`, else `~/.cache/kinetic`: the image cache (under `images/`).
    public var cacheDirectory: URL
    /// `--catalog-url`, else `$KINETIC_CATALOG_URL`, else none (bundled and saved costumes only).
    public var catalogURL: URL?

    /// Each location from its flag when given, else from `environment` (the XDG folders, `KINETIC_CATALOG_URL`), else
    /// the default; an empty catalogue URL counts as none.
    public init(dataDirectory: String? = nil, cacheDirectory: String? = nil, catalogURL: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.dataDirectory = dataDirectory.map { URL(fileURLWithPath: $0) } ?? AppFolders.data(environment: environment)
        self.cacheDirectory = cacheDirectory.map { URL(fileURLWithPath: $0) } ?? AppFolders.cache(environment: environment)
        let text = catalogURL ?? environment["KINETIC_CATALOG_URL"]
        self.catalogURL = text.flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }
}
