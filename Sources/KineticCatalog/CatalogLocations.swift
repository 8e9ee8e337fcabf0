import Foundation

/// Where the data layer keeps things and what it asks, from flags, then the environment, then the defaults.
public struct CatalogLocations: Sendable {
    /// `$XDG_DATA_HOME/kinetic`, else `~/.local/share/kinetic`: the saved catalogue.
    public var dataDirectory: URL
    /// `$XDG_CACHE_HOME/kinetic`, else `~/.cache/kinetic`: the image cache (under `images/`).
    public var cacheDirectory: URL
    /// `--catalog-url`, else `$KINETIC_CATALOG_URL`, else none (bundled and saved costumes only).
    public var catalogURL: URL?

    public init(dataDirectory: String? = nil, cacheDirectory: String? = nil, catalogURL: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        func xdg(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], !value.isEmpty { return URL(fileURLWithPath: value).appendingPathComponent("kinetic") }
            return home.appendingPathComponent(fallback).appendingPathComponent("kinetic")
        }
        self.dataDirectory = dataDirectory.map { URL(fileURLWithPath: $0) } ?? xdg("XDG_DATA_HOME", ".local/share")
        self.cacheDirectory = cacheDirectory.map { URL(fileURLWithPath: $0) } ?? xdg("XDG_CACHE_HOME", ".cache")
        let text = catalogURL ?? environment["KINETIC_CATALOG_URL"]
        self.catalogURL = text.flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }

    public var imagesDirectory: URL { cacheDirectory.appendingPathComponent("images", isDirectory: true) }
}
