import Foundation
import KineticCore
import KineticPlatform

/// What Disguise-O-Rama does to the world outside its rules and its layers: the saved progress on disk and the log.
/// Injected, so tests can start with any progress and read what was written; the network comes in through the
/// `CostumeFeed`.
public struct DisguiseEnvironment {
    /// Whether the intro has been seen, as saved.
    public var loadIntroCompleted: () -> Bool
    /// Saves whether the intro has been seen; it throws when it could not, and the screen hands the failure to the
    /// rules (`DisguiseAction.progressNotSaved`), which decide what is logged.
    public var saveIntroCompleted: (Bool) throws -> Void
    /// Writes one line to the log.
    public var log: (String) -> Void

    /// An environment from plain closures: tests hand in their own progress and read what is saved.
    public init(loadIntroCompleted: @escaping () -> Bool, saveIntroCompleted: @escaping (Bool) throws -> Void, log: @escaping (String) -> Void) {
        self.loadIntroCompleted = loadIntroCompleted
        self.saveIntroCompleted = saveIntroCompleted
        self.log = log
    }

    /// The real thing: `disguise-progress.plist` in `dataDirectory` (see `DisguiseProgress`), and `log` (standard
    /// error unless the apps' environment says otherwise).
    public static func live(dataDirectory: URL, log: @escaping (String) -> Void = Log.line) -> DisguiseEnvironment {
        return DisguiseEnvironment(
            loadIntroCompleted: { DisguiseProgress.load(from: dataDirectory, log: log).introCompleted },
            saveIntroCompleted: { try DisguiseProgress(introCompleted: $0).save(to: dataDirectory) },
            log: log)
    }
}
