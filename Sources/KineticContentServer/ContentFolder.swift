import Foundation
import Hummingbird

/// The content folder as `FileMiddleware` reads it: like Hummingbird's `LocalFileSystem`, but with each file's
/// modification time to the nanosecond, and small files answered from memory while unchanged.
///
/// `FileMiddleware` makes its ETag from the modification time and the size. `LocalFileSystem` keeps whole seconds,
/// so a catalogue rewritten within the same second at the same length would keep its ETag, and every client's
/// `If-None-Match` would be answered 304 with the old costumes. The file system's nanoseconds change on every write.
struct ContentFolder: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes {
        let isFolder: Bool
        let size: Int
        let modificationDate: Date
    }

    /// One request's file: its path, and what `stat` said of it when `FileMiddleware` asked (for its ETag), kept so
    /// that `loadFile` looks up the memory with the same size and time without a second `stat`. Lives for one request.
    /// Unchecked Sendable: one request's, passed along that request's own chain of calls one after another and
    /// never shared between requests, so `attributes` is never touched by two threads at once.
    final class File: @unchecked Sendable {
        let path: String
        var attributes: FileAttributes?
        init(path: String) { self.path = path }
    }

    /// The folder's path, ending in `/`.
    let root: String
    let memory: ContentMemory
    private let io = FileIO()

    init(folder: URL, memory: ContentMemory) {
        self.memory = memory
        let path = folder.standardizedFileURL.path
        root = path.hasSuffix("/") ? path : path + "/"
    }

    /// The request's (already decoded and checked) path under the folder.
    func getFileIdentifier(_ path: String) -> File? { File(path: root + path.drop { $0 == "/" }) }

    /// Nothing there (or nothing readable) is `nil`, which `FileMiddleware` answers with 404.
    func getAttributes(id file: File) async throws -> FileAttributes? {
        var status = stat()
        guard stat(file.path, &status) == 0 else { return nil }
        let seconds = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        file.attributes = FileAttributes(isFolder: (status.st_mode & S_IFMT) == S_IFDIR, size: Int(status.st_size),
                                         modificationDate: Date(timeIntervalSince1970: seconds))
        return file.attributes
    }

    /// A small file unchanged since it was last read is answered from memory; otherwise it is read (and kept).
    func loadFile(id file: File, context: some RequestContext) async throws -> ResponseBody {
        let path = file.path
        var known = file.attributes
        if known == nil { known = try await getAttributes(id: file) }
        guard let attributes = known, attributes.size <= ContentMemory.maximumFileSize else {
            return try await io.loadFile(path: path, context: context)
        }
        if let bytes = memory.body(at: path, size: attributes.size, modified: attributes.modificationDate) {
            return ResponseBody(byteBuffer: bytes)
        }
        let bytes = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
        memory.keep(bytes, at: path, size: attributes.size, modified: attributes.modificationDate)
        return ResponseBody(byteBuffer: bytes)
    }

    func loadFile(id file: File, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await io.loadFile(path: file.path, range: range, context: context)
    }
}
