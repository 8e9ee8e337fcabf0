import Foundation
import NIOCore

/// Small, short-lived memories that spare the content server the same work on every request: how a raw request
/// path resolved (its real path, with every symbolic link followed), and the bytes of small files.
///
/// A resolution is trusted for `pathLifetime` seconds, then checked again, so a file replaced by a link that leads
/// out is refused within a second. A file's bytes are kept with the size and modification time they were read at,
/// and used only while `stat` still reports both.
final class ContentMemory: @unchecked Sendable {
    /// Seconds a resolved path is trusted.
    static let pathLifetime = 1.0
    /// How many resolved paths are remembered; more, and all are forgotten.
    static let maximumPaths = 4096
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
    private var bodies: [String: Body] = [:]
    private var bodyBytes = 0

    /// How `rawPath` resolves in `folder`, from memory when it resolved less than `pathLifetime` ago.
    func resolve(_ rawPath: String, in folder: URL, now: Date = Date()) -> Result<URL, ContentPath.Rejection> {
        if let known = lock.withLock({ paths[rawPath] }), now.timeIntervalSince(known.at) < Self.pathLifetime { return known.resolved }
        let resolved = ContentPath.resolve(rawPath, in: folder)
        lock.withLock {
            if paths.count >= Self.maximumPaths { paths.removeAll() }
            paths[rawPath] = (resolved, now)
        }
        return resolved
    }

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
