import Foundation
import KineticCatalog
import Hummingbird

/// The files served, kept in memory with their strong ETags, so that a request costs a dictionary lookup.
///
/// Resolved paths are remembered per raw request path (the resolution itself, with its symbolic-link checks,
/// runs once); a file is checked for changes (size and modification date) at most once a second.
final class ContentCache: @unchecked Sendable {
    struct Entry {
        let body: ByteBuffer
        let etag: String
        let contentType: String
        let modified: Date
        let size: Int
        var checked: Date
    }

    /// Files larger than this are not served (the folder holds catalogues and art, not media).
    static let maximumFileSize = 16 * 1024 * 1024
    /// How many resolved request paths are remembered.
    static let maximumRememberedPaths = 4096
    private var entries: [String: Entry] = [:]
    private var resolved: [String: URL] = [:]
    private let lock = NSLock()

    /// The file for a raw request path, resolved once and remembered.
    func file(for rawPath: String, in folder: URL) -> Result<URL, ContentPath.Rejection> {
        if let known = lock.withLock({ resolved[rawPath] }) { return .success(known) }
        let result = ContentPath.resolve(rawPath, in: folder)
        if case .success(let url) = result {
            lock.withLock {
                if resolved.count >= Self.maximumRememberedPaths { resolved.removeAll() }
                resolved[rawPath] = url
            }
        }
        return result
    }

    func entry(for file: URL, now: Date = Date()) throws -> Entry {
        let cached = lock.withLock { entries[file.path] }
        if let cached, now.timeIntervalSince(cached.checked) < 1 { return cached }
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let modified = attributes[.modificationDate] as? Date ?? .distantPast
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if var cached, cached.modified == modified, cached.size == size {
            cached.checked = now
            lock.withLock { entries[file.path] = cached }
            return cached
        }
        guard size <= Self.maximumFileSize else { throw CocoaError(.fileReadTooLarge) }
        let body = try Data(contentsOf: file)
        let entry = Entry(body: ByteBuffer(bytes: body), etag: "\"\(ContentHash.hex(of: body))\"", contentType: ContentPath.contentType(for: file),
                          modified: modified, size: size, checked: now)
        lock.withLock { entries[file.path] = entry }
        return entry
    }

    /// Forgets how `rawPath` resolved, so that a file that vanished or was replaced by a link is resolved afresh.
    func forget(_ rawPath: String) { lock.withLock { _ = resolved.removeValue(forKey: rawPath) } }
}
