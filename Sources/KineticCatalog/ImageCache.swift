import Foundation
import KineticCore

/// Remote images on disk: one file per URL, named by a hash of the URL (never by anything the server sent, so
/// no name can reach outside the folder), with a size cap enforced by evicting the least recently used files.
/// Decoded images are kept in memory by the renderer, which decodes each file once.
public final class ImageCache: @unchecked Sendable {
    public let folder: URL
    /// The most bytes the cache keeps on disk.
    public let capacityBytes: Int
    private let lock = NSLock()

    public init(folder: URL, capacityBytes: Int = 64 * 1024 * 1024) {
        self.folder = folder
        self.capacityBytes = max(capacityBytes, 0)
    }

    /// The file an image from `url` is kept in: `<128-bit hash of the URL>.<svg|png|img>` inside the folder.
    public func fileURL(for url: URL) -> URL {
        let ext = ["svg", "png"].contains(url.pathExtension.lowercased()) ? url.pathExtension.lowercased() : "img"
        return folder.appendingPathComponent("\(ContentHash.hex(of: url.absoluteString.utf8)).\(ext)")
    }

    /// The cached file for `url`, if there is one; marks it as just used.
    public func cachedFile(for url: URL) -> URL? {
        let file = fileURL(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return file
    }

    /// Stores `data` for `url` (atomically), then evicts old files until the folder fits the cap.
    @discardableResult
    public func store(_ data: Data, for url: URL) throws -> URL {
        let file = fileURL(for: url)
        try AtomicFile.write(data, to: file)
        evict(keeping: file)
        return file
    }

    public func remove(_ url: URL) { try? FileManager.default.removeItem(at: fileURL(for: url)) }

    /// Deletes the least recently used files until the total is within `capacityBytes`; `keeping` goes last.
    public func evict(keeping protected: URL? = nil) {
        lock.lock()
        defer { lock.unlock() }
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys) else { return }
        var entries = files.compactMap { file -> (url: URL, date: Date, size: Int)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                  !file.lastPathComponent.hasPrefix(".") else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        entries.sort { a, b in
            if (a.url == protected) != (b.url == protected) { return b.url == protected }
            return a.date < b.date
        }
        for entry in entries where total > capacityBytes {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// Bytes on disk now.
    public var totalBytes: Int {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }
}

/// A 128-bit FNV-1a hash as hex (two 64-bit lanes): names cache files and makes the server's ETags. Not for security.
public enum ContentHash {
    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
        return String(format: "%016llx%016llx", a, b)
    }
}
