import Foundation
import KineticCore

/// What the person or the scenario chose for this run, handed to every screen.
public struct StageSettings: Sendable, Equatable {
    /// Springs, falls and slides become short cross-fades.
    public var reduceMotion: Bool
    /// Start as on a first launch, ignoring saved state.
    public var freshStart: Bool
    /// Where apps keep their saved state (`$XDG_DATA_HOME/kinetic` by default).
    public var dataDirectory: URL
    /// Where apps cache downloads (`$XDG_CACHE_HOME/kinetic` by default); `nil` with no network.
    public var cacheDirectory: URL?
    /// The costume catalogue to refresh from; `nil` keeps the apps offline (scenarios, tests).
    public var catalogURL: URL?

    public init(reduceMotion: Bool = false, freshStart: Bool = false, dataDirectory: URL? = nil,
                cacheDirectory: URL? = nil, catalogURL: URL? = nil) {
        self.reduceMotion = reduceMotion
        self.freshStart = freshStart
        self.dataDirectory = dataDirectory ?? AppFolders.data()
        self.cacheDirectory = cacheDirectory
        self.catalogURL = catalogURL
    }
}
