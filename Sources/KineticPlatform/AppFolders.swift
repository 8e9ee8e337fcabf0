import Foundation

/// Where Kinetic keeps its files, by the XDG base-directory rules.
public enum AppFolders {
    /// `$XDG_DATA_HOME/kinetic`, else `~/.local/share/kinetic`: saved state.
    public static func data(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    /// `$XDG_CACHE_HOME/kinetic`, else `~/.cache/kinetic`: what can be downloaded again.
    public static func cache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    private static func folder(_ variable: String, fallback: String, environment: [String: String]) -> URL {
        if let value = environment[variable], !value.isEmpty { return URL(fileURLWithPath: value).appendingPathComponent("kinetic") }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(fallback).appendingPathComponent("kinetic")
    }
}
