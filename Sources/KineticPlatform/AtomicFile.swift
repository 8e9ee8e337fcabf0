import Foundation
import Synchronization

/// Writes a file so that it is either wholly the old content or wholly the new: the bytes go to a temporary file
/// in the same folder, which is then renamed over the target (a rename within a folder is atomic). A crash
/// mid-write leaves only a stray temporary file, which readers never look at and the first save of the same file
/// in a later process removes once it is a minute old (younger ones may be another process's save under way).
public enum AtomicFile {
    /// How old a stray temporary file must be before a save removes it, in seconds: far longer than any save takes.
    public static let strayAge: TimeInterval = 60
    /// The files whose strays this process has already looked for (a process's own saves leave none behind).
    private static let tidied = Mutex<Set<String>>([])

    /// Writes `data` to `url` through a temporary file renamed over it, creating the folder if needed; on failure the
    /// old file is left as it was. With `ownerOnly` (a password, the mail accounts), the temporary file is made
    /// readable and writable by its owner only from its first byte (mode 0600), so no moment finds it open to others.
    /// - Throws: `SaveError`, a sentence naming the file and what was wrong (a file where a folder belongs, a folder
    ///   where the file belongs, a full disk, no permission).
    public static func write(_ data: Data, to url: URL, ownerOnly: Bool = false) throws {
        let folder = url.deletingLastPathComponent()
        if let blocking = notAFolder(on: folder) {
            throw SaveError(description: "\(url.path) could not be written: \(blocking.path) is not a folder", problem: .notAFolder(blocking.path))
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw SaveError(description: "\(url.path) could not be written: it is a folder where a file belongs", problem: .notRegular(.folder))
        }
        do {
            // An owner-only file's folder, made here, is owner-only too (0700).
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: ownerOnly ? [.posixPermissions: 0o700] : nil)
        } catch {
            throw SaveError(description: "\(url.path) could not be written: its folder could not be made (\(ErrorWords.sentence(error)))",
                            problem: FileProblem.of(error) ?? .system(ErrorWords.sentence(error)))
        }
        do {
            try replace(url, in: folder, with: data, ownerOnly: ownerOnly)
        } catch let error as SaveError {
            throw error
        } catch {
            throw SaveError(description: "\(url.path) could not be written: \(ErrorWords.sentence(error, namingPath: false))",
                            problem: FileProblem.of(error) ?? .system(ErrorWords.sentence(error, namingPath: false)))
        }
    }

    /// A save that failed, said as a sentence that names the file, and by its kind (`problem`) for an app to say in
    /// the person's language.
    public struct SaveError: Error, CustomStringConvertible, Equatable {
        /// "PATH could not be written: WHY".
        public let description: String
        /// Why, by kind: the disk full, not permitted, a file where a folder belongs…
        public let problem: FileProblem

        /// A failed save said as `description`, for `problem`.
        public init(description: String, problem: FileProblem) {
            (self.description, self.problem) = (description, problem)
        }
    }

    /// The first of `folder` and the folders above it that exists and is not a folder (`/dev/null` given as a data
    /// folder, a file where a folder belongs), or nil.
    static func notAFolder(on folder: URL) -> URL? {
        var place = folder.standardizedFileURL
        while place.path != "/" && !place.path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: place.path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : place }
            place = place.deletingLastPathComponent()
        }
        return nil
    }

    /// The temporary file's write and rename over `url`.
    private static func replace(_ url: URL, in folder: URL, with data: Data, ownerOnly: Bool) throws {
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)")
        do {
            if ownerOnly { try writeOwnerOnly(data, to: temporary, for: url) } else { try data.write(to: temporary) }
            if rename(temporary.path, url.path) != 0 {
                let code = errno
                throw SaveError(description: "\(url.path) could not be written: the rename over it failed (\(ErrorWords.systemError(code)))",
                                problem: .system(code: code))
            }
            if tidied.withLock({ $0.insert(url.path).inserted }) {  // once per file per process: a folder of many saves is listed once each
                removeStrays(of: url, olderThan: Date().addingTimeInterval(-strayAge))
            }
        } catch {
            // The write's own error is the one that matters and is thrown. A temporary that cannot be removed
            // either stays as a stray file that readers never look at, exactly as after a crash.
            if FileManager.default.fileExists(atPath: temporary.path) { _ = unlink(temporary.path) }
            throw error
        }
    }

    /// Makes `temporary` anew with mode 0600 (`O_EXCL`: never an existing file, nor a link's target) and writes `data`
    /// to it; a failure's sentence names `target`, the file the person knows.
    static func writeOwnerOnly(_ data: Data, to temporary: URL, for target: URL) throws {
        func failed(_ code: Int32) -> SaveError {
            SaveError(description: "\(target.path) could not be written: \(ErrorWords.systemError(code))", problem: .system(code: code))
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failed(errno) }
        defer { close(descriptor) }
        var offset = 0
        try data.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)  // count > 0: a base address
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw failed(written == 0 ? ENOSPC : errno) }  // nothing more taken: as a full disk says it
                offset += written
            }
        }
        while fsync(descriptor) != 0 {
            guard errno == EINTR else { throw failed(errno) }
        }
    }

    /// Removes the temporary files that saves of `url` killed mid-write left (`.NAME.partial-…`), last changed before
    /// `cutoff`. Best effort: one that cannot be removed stays, as harmless as before.
    static func removeStrays(of url: URL, olderThan cutoff: Date) {
        removeStrays(in: url.deletingLastPathComponent(), prefix: ".\(url.lastPathComponent).partial-", olderThan: cutoff)
    }

    /// Removes the files of `folder` whose names start with `prefix` and that were last changed before `cutoff`: the
    /// leftovers of work a crash stopped (a write's temporary copy, an image check's), never one still being made.
    /// `remove` takes each away (unlinked by default; a cache may count and log what it removes).
    public static func removeStrays(in folder: URL, prefix: String, olderThan cutoff: Date, remove: (URL) -> Void = { _ = unlink($0.path) }) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }  // nil: nothing to tidy
        for name in names where name.hasPrefix(prefix) {
            let stray = folder.appendingPathComponent(name)
            // nil: gone already, or not ours to read; either way not removed.
            let changed = (try? FileManager.default.attributesOfItem(atPath: stray.path))?[.modificationDate] as? Date
            if let changed, changed < cutoff { remove(stray) }
        }
    }

    /// Keeps `url` under a name of its own beside it, `NAME.unreadable-N` with the first free N, so that a file the
    /// program could not read (or read only in part) is never lost to the next save. With `copying`, the file stays
    /// where it is too.
    /// - Returns: where it was kept.
    @discardableResult
    public static func keepAside(_ url: URL, copying: Bool = false) throws -> URL {
        let folder = url.deletingLastPathComponent()
        var number = 1
        var kept = folder.appendingPathComponent("\(url.lastPathComponent).unreadable-\(number)")
        while FileManager.default.fileExists(atPath: kept.path) {
            number += 1
            kept = folder.appendingPathComponent("\(url.lastPathComponent).unreadable-\(number)")
        }
        if copying {
            try FileManager.default.copyItem(at: url, to: kept)
        } else {
            try FileManager.default.moveItem(at: url, to: kept)
        }
        return kept
    }
}
