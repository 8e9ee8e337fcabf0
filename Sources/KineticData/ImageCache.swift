import Crypto
import Foundation
import KineticCore
import KineticPlatform

/// Remote images on disk: one file per URL, named by a hash of the URL (never by anything the server sent, so
/// no name can reach outside the folder), with a size cap enforced by evicting the least recently used files.
/// Decoded images are kept in memory by the renderer, which decodes each file once.
public final class ImageCache: Sendable {
    /// The folder the image files are kept in, made when the first one is stored.
    public let folder: URL
    /// The most bytes the cache keeps on disk.
    public let capacityBytes: Int
    /// Told of housekeeping that failed (a file that could not be marked as used, or deleted): the cache still
    /// works, but may keep more or evict in a different order, so it is said rather than swallowed.
    public let report: @Sendable (String) -> Void
    /// The verdicts of earlier checks by content hash, in the folder's `.image-checks` (a dot file, so never counted
    /// or evicted as an image): the same bytes are never drawn twice.
    public let checks: ImageCheckMemory
    private let lock = NSLock()

    /// A cache in `folder` keeping at most `capacityBytes` (64 MiB unless told; a negative cap counts as 0), telling
    /// `report` of failed housekeeping (the log, unless told).
    public init(folder: URL, capacityBytes: Int = 64 * 1024 * 1024,
                report: @escaping @Sendable (String) -> Void = { Log.line("image cache: \($0)") }) {
        self.folder = folder
        self.capacityBytes = max(capacityBytes, 0)
        self.report = report
        checks = ImageCheckMemory(file: folder.appendingPathComponent(".image-checks"), report: report)
    }

    /// The file an image from `url` is kept in: `<SHA-256 of the URL>.<svg|png|img>` inside the folder.
    public func fileURL(for url: URL) -> URL {
        let ext = ["svg", "png"].contains(url.pathExtension.lowercased()) ? url.pathExtension.lowercased() : "img"
        return folder.appendingPathComponent("\(ContentHash.hex(of: Data(url.absoluteString.utf8))).\(ext)")
    }

    /// The cached file for `url`, if there is one; marks it as just used.
    public func cachedFile(for url: URL) -> URL? {
        let file = fileURL(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        } catch {
            report("\(file.lastPathComponent) could not be marked as used (\(error)); it may be evicted early")
        }
        return file
    }

    /// The cached file for `url` if there is one and it passes `validator`; one that does not (overwritten, cut,
    /// corrupted on disk) is dropped, and said, so that it is fetched again rather than shown as a placeholder for
    /// ever. One that could not be checked now is kept, and not handed out.
    public func soundFile(for url: URL, validator: ImageValidator) async -> URL? {
        guard let file = cachedFile(for: url) else { return nil }
        switch await verdict(ofFile: file, validator: validator) {
        case .fine:
            return file
        case .refused(let problem):
            report("\(file.lastPathComponent), the cached image of \(url.absoluteString), can't be used (\(problem)); dropped, to be fetched again")
            delete(file)
            return nil
        case .notChecked:
            return nil
        }
    }

    /// The verdict on the cached `file` (see `verdict(of:named:validator:)`).
    public func verdict(ofFile file: URL, validator: ImageValidator) async -> ImageVerdict {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .refused("cannot be read (\(ErrorWords.sentence(error)))")
        }
        return await verdict(of: data, named: file.lastPathComponent, validator: validator)
    }

    /// The verdict on image bytes to be kept as `name` (its extension says the kind): the one remembered for the same
    /// bytes (by SHA-256) if there is one, else `validator`'s on a private copy in the folder, remembered. The copy is
    /// the checker's alone, so two checks of one image never race on the cached file (one removing it while the other
    /// reads), and nothing reaches the cached file's name before it passed. A reason naming the copy names `name`.
    public func verdict(of data: Data, named name: String, validator: ImageValidator) async -> ImageVerdict {
        let hash = ContentHash.hex(of: data)
        if let known = checks.verdict(for: hash) {
            if case .refused(let reason) = known { return .refused("\(reason) (found so before; not drawn again)") }
            return known
        }
        let copy = folder.appendingPathComponent("\(Self.checkCopyPrefix)\(UUID().uuidString)-\(name)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: copy)
        } catch {
            return .notChecked("could not be written to \(folder.path) to be checked (\(ErrorWords.sentence(error)))")
        }
        defer { delete(copy) }
        let verdict: ImageVerdict
        switch await validator(copy) {
        case .fine: verdict = .fine
        case .refused(let reason): verdict = .refused(reason.replacingOccurrences(of: copy.path, with: name))
        case .notChecked(let reason): verdict = .notChecked(reason.replacingOccurrences(of: copy.path, with: name))
        }
        checks.remember(verdict, for: hash)
        return verdict
    }

    /// Stores `data` for `url` (atomically), then evicts old files until the folder fits the cap.
    @discardableResult
    public func store(_ data: Data, for url: URL) throws -> URL {
        let file = fileURL(for: url)
        try AtomicFile.write(data, to: file)
        evict(keeping: file)
        return file
    }

    /// Forgets the image for `url` (one that failed its check, say).
    public func remove(_ url: URL) {
        let file = fileURL(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        delete(file)
    }

    /// Deletes the least recently used files until the total is within `capacityBytes`; `keeping` goes last.
    public func evict(keeping protected: URL? = nil) {
        lock.lock()
        defer { lock.unlock() }
        var entries = files()
        var total = entries.reduce(0) { $0 + $1.size }
        entries.sort { a, b in
            if (a.url == protected) != (b.url == protected) { return b.url == protected }
            return a.date < b.date
        }
        for entry in entries where total > capacityBytes {
            delete(entry.url)
            total -= entry.size
        }
        removeStrayCopies()
    }

    /// The start of the name of a check's private copy (`verdict(of:named:validator:)`): a dot file, so never counted
    /// or evicted as an image.
    static let checkCopyPrefix = ".check-"

    /// Removes the private copies that checks killed with their process left behind, once they are `AtomicFile`'s
    /// stray age old (a younger one may be another process's check under way).
    private func removeStrayCopies() {
        AtomicFile.removeStrays(in: folder, prefix: Self.checkCopyPrefix, olderThan: Date().addingTimeInterval(-AtomicFile.strayAge)) { delete($0) }
    }

    /// Bytes on disk now.
    public var totalBytes: Int { files().reduce(0) { $0 + $1.size } }

    /// The cached files (not the temporary ones of a write under way), with when each was last used and its size.
    private func files() -> [(url: URL, date: Date, size: Int)] {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }  // nothing cached yet
        let listing: [URL]
        do {
            listing = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)
        } catch {
            report("\(folder.path) could not be listed (\(error))")
            return []
        }
        return listing.compactMap { file in
            guard !file.lastPathComponent.hasPrefix(".") else { return nil }
            do {
                let values = try file.resourceValues(forKeys: Set(keys))
                guard values.isRegularFile == true else { return nil }
                return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
            } catch {
                // Deleted meanwhile by another writer's eviction: nothing to count.
                return nil
            }
        }
    }

    private func delete(_ file: URL) {
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            // Gone already (another process's eviction) is what was wanted.
            guard FileManager.default.fileExists(atPath: file.path) else { return }
            report("\(file.lastPathComponent) could not be deleted (\(error))")
        }
    }
}

/// SHA-256 as lowercase hex: names the image cache's files by their URL, so that no name the server sends can reach
/// outside the folder, and two URLs never share a file.
public enum ContentHash {
    /// The SHA-256 digest of `bytes`: 64 lowercase hex digits.
    public static func hex(of bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
