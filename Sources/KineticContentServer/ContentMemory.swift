import Foundation
import NIOCore

/// Small, short-lived memories that spare the content server the same work on every request: how a raw request
/// path resolved (its real path, with every symbolic link followed), and the bytes of small files.
///
/// A resolution is trusted for `pathLifetime` seconds, then checked again, so a file replaced by a link that leads
/// out is refused within a second. A file's bytes are kept with the size and modification time they were read at,
/// and used only while `stat` still reports both.
/// Unchecked Sendable: every mutable field is read and written only inside `lock.withLock`.
final class ContentMemory: @unchecked Sendable {
    /// Seconds a resolved path is trusted.
    static let pathLifetime = 1.0
    /// How many resolved paths are remembered; more, and all are forgotten.
    static let maximumPaths = 4096
    /// How many bytes of path text are remembered at most; more, and all are forgotten. With the entry bound this
    /// holds the memory of paths to about a megabyte, however long the paths a client sends.
    static let maximumPathBytes = 1024 * 1024
    /// Paths longer than this are resolved every time, never remembered (no file the server holds has one).
    static let longestRememberedPath = 1024
    /// Files up to this size are kept in memory (the catalogues and the art); larger ones are read each time.
    static let maximumFileSize = 1024 * 1024
    /// How many bytes of files are kept at most; more, and all are forgotten.
    static let maximumBytes = 64 * 1024 * 1024

    private struct Body {
        let bytes: ByteBuffer
        let size: Int
        let modified: Date
    }

    private let lock = NSLock()
    private var paths: [String: (resolved: Result<URL, ContentPath.Rejection>, at: Date)] = [:]
    private var pathBytes = 0
    private var bodies: [String: Body] = [:]
    private var bodyBytes = 0

    /// How `rawPath` resolves in `folder`, from memory when it resolved less than `pathLifetime` ago. The memory is
    /// keyed by the path alone: a query names no other file, so a client sending endless distinct queries (or paths
    /// too long to be a file's) grows nothing.
    func resolve(_ rawPath: String, in folder: URL, now: Date = Date()) -> Result<URL, ContentPath.Rejection> {
        let path = ContentPath.withoutQuery(rawPath)
        if let known = lock.withLock({ paths[path] }), now.timeIntervalSince(known.at) < Self.pathLifetime { return known.resolved }
        let resolved = ContentPath.resolve(path, in: folder)
        guard path.utf8.count <= Self.longestRememberedPath else { return resolved }
        lock.withLock {
            if paths.count >= Self.maximumPaths || pathBytes + path.utf8.count > Self.maximumPathBytes {
                paths.removeAll()
                pathBytes = 0
            }
            if paths.updateValue((resolved, now), forKey: path) == nil { pathBytes += path.utf8.count }
        }
        return resolved
    }

    /// How many paths, and how many bytes of them, are remembered now.
    var rememberedPaths: (count: Int, bytes: Int) { lock.withLock { (paths.count, pathBytes) } }

    /// The bytes of the file at `path` if they were read at this size and modification time.
    func body(at path: String, size: Int, modified: Date) -> ByteBuffer? {
        lock.withLock {
            guard let body = bodies[path], body.size == size, body.modified == modified else { return nil }
            return body.bytes
        }
    }

    /// Keeps a small file's bytes, read at this size and modification time.
    func keep(_ bytes: ByteBuffer, at path: String, size: Int, modified: Date) {
        guard size <= Self.maximumFileSize, bytes.readableBytes == size else { return }
        lock.withLock {
            if bodyBytes + size > Self.maximumBytes {
                bodies.removeAll()
                bodyBytes = 0
            }
            bodyBytes += size - (bodies[path]?.size ?? 0)
            bodies[path] = Body(bytes: bytes, size: size, modified: modified)
        }
    }
}
