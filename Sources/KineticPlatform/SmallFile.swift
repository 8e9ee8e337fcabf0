import Foundation

/// A small file of the person's (an accounts list, a password file) read with bounds: only a regular file is read (a
/// FIFO, which would block the launch for ever, a device, a folder are refused at once), and one larger than the
/// limit is refused by its size before a byte of it is read.
public enum SmallFile {
    /// Why a file was not read, as the end of a sentence naming it ("is not a regular file (a FIFO)").
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        public var description: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them. Throws a `Refusal`.
    public static func read(_ path: String, limit: Int) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Refusal(description: "can't be read (\(String(cString: strerror(errno))))") }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let named = [S_IFIFO: "a FIFO", S_IFDIR: "a folder", S_IFCHR: "a device", S_IFBLK: "a device", S_IFSOCK: "a socket"][kind] ?? "not a file"
            throw Refusal(description: "is not a regular file (\(named))")
        }
        guard Int(status.st_size) <= limit else { throw Refusal(description: "is larger than \(size(limit))") }
        // Non-blocking: a file swapped for a FIFO between the look and the open still can't hold the read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(description: "can't be read (\(String(cString: strerror(errno))))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw Refusal(description: "can't be read (\(ErrorWords.sentence(error, namingPath: false)))")
        }
        guard data.count <= limit else { throw Refusal(description: "is larger than \(size(limit))") }
        return data
    }

    /// `bytes` as a person reads a size: "1 MB", "4 KB".
    private static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576 && bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MB" : "\(max(bytes / 1024, 1)) KB"
    }
}
