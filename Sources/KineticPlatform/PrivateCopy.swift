import Foundation

/// A copy of a file for another program to open (an attachment handed to the desktop's opener): in a folder of its
/// own, readable by its owner only, under `$XDG_RUNTIME_DIR/kinetic/open/` (the session's own, owner-only folder that
/// the desktop empties at logout), else `kinetic/open/` in the cache folder. Copies a day old are removed as the next
/// one is made: the program that opened one has long since read it.
public enum PrivateCopy {
    /// How long a copy is kept for the program that opens it.
    static let keptFor: TimeInterval = 24 * 60 * 60

    /// Writes `data` as `name` into a new folder of its own (mode 0700; the file 0600) and returns the file.
    /// - Throws: `AtomicFile.SaveError`, a sentence naming the folder and what was wrong.
    public static func make(_ data: Data, named name: SafeFileName, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let root = folder(environment: environment)
        removeOld(in: root, before: Date().addingTimeInterval(-keptFor))
        let own = root.appendingPathComponent(UUID().uuidString)
        return try NewFile.write(data, named: name, in: own)
    }

    /// Where the copies go: `$XDG_RUNTIME_DIR/kinetic/open` when the runtime folder is set and absolute, else the cache
    /// folder's `open`.
    static func folder(environment: [String: String]) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return URL(fileURLWithPath: runtime).appendingPathComponent("kinetic/open")
        }
        return AppFolders.cache(environment: environment).appendingPathComponent("open")
    }

    /// Removes the copies' folders under `root` last changed before `cutoff`. Best effort: one that can't be removed
    /// stays, owner-only, until the next try.
    static func removeOld(in root: URL, before cutoff: Date) {
        let folders = (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        for folder in folders {
            guard let changed = try? folder.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate, changed < cutoff else { continue }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
