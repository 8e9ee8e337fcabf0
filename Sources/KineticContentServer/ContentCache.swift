import Foundation
import KineticCatalog

/// The files served, kept in memory with their strong ETags so that a request costs a lookup and a `stat`.
/// A file whose size or modification date changed is read again.
final class ContentCache: @unchecked Sendable {
    struct Entry {
        let body: Data
        let etag: String
        let contentType: String
        let modified: Date
        let size: Int
    }

    /// Files larger than this are not served (the folder holds catalogues and art, not media).
    static let maximumFileSize = 16 * 1024 * 1024
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    func entry(for file: URL) throws -> Entry {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let modified = attributes[.modificationDate] as? Date ?? .distantPast
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        lock.lock()
        let cached = entries[file.path]
        lock.unlock()
        if let cached, cached.modified == modified, cached.size == size { return cached }
        guard size <= Self.maximumFileSize else { throw CocoaError(.fileReadTooLarge) }
        let body = try Data(contentsOf: file)
        let entry = Entry(body: body, etag: "\"\(ContentHash.hex(of: body))\"", contentType: ContentPath.contentType(for: file),
                          modified: modified, size: size)
        lock.lock()
        entries[file.path] = entry
        lock.unlock()
        return entry
    }
}
