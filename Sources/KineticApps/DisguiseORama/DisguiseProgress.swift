import Foundation
import KineticCore
import KineticPlatform

/// What Disguise-O-Rama remembers between launches: whether the intro has been seen.
///
/// Stored as a small property list in the data folder, written with `AtomicFile` (a temporary file, then a
/// rename), so a crash mid-write leaves the previous file whole. A file that cannot be read counts as a first launch.
struct DisguiseProgress: Codable, Equatable {
    var introCompleted = false

    static func url(in folder: URL) -> URL { folder.appendingPathComponent("disguise-progress.plist") }

    /// The saved progress; none on a first launch, and an unreadable file is logged and counts as one.
    static func load(from folder: URL, log: (String) -> Void = Log.line) -> DisguiseProgress {
        let file = url(in: folder)
        guard FileManager.default.fileExists(atPath: file.path) else { return DisguiseProgress() }
        do {
            return try PropertyListDecoder().decode(DisguiseProgress.self, from: Data(contentsOf: file))
        } catch {
            log("disguise: \(file.path) could not be read (\(error)); the intro shows again")
            return DisguiseProgress()
        }
    }

    /// Writes the file; a failure (read-only folder, full disk) only means the intro shows again next time.
    func save(to folder: URL, log: (String) -> Void = Log.line) {
        do {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            try AtomicFile.write(try encoder.encode(self), to: DisguiseProgress.url(in: folder))
        } catch {
            log("could not save Disguise-O-Rama progress: \(error)")
        }
    }
}
