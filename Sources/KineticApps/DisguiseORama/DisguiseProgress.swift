import Foundation
import KineticCore
import KineticPlatform
import KineticData

/// What Disguise-O-Rama remembers between launches: whether the intro has been seen.
///
/// Stored as a small property list in the data folder (`SavedFile`: written atomically, so a crash mid-write leaves
/// the previous file whole). A file that cannot be read counts as a first launch, and is kept aside.
struct DisguiseProgress: Codable, Equatable {
    var introCompleted = false

    static func url(in folder: URL) -> URL { folder.appendingPathComponent("disguise-progress.plist") }

    /// The saved progress; none on a first launch, and an unreadable file is logged and counts as one.
    static func load(from folder: URL, log: (String) -> Void = Log.line) -> DisguiseProgress {
        let (progress, problem) = file(in: folder).load()
        if let problem { log("disguise: \(problem); the intro shows again") }
        return progress ?? DisguiseProgress()
    }

    private static func file(in folder: URL) -> SavedFile<DisguiseProgress> { SavedFile(url(in: folder), format: .propertyList) }

    /// Writes the file. A failure (read-only folder, full disk) is thrown for the rules to answer
    /// (`DisguiseAction.progressNotSaved`): it only means the intro shows again next time.
    func save(to folder: URL) throws {
        try Self.file(in: folder).save(self)
    }
}
