import Foundation

/// A small file of the person's (an accounts list, a password file) read with bounds: only a regular file is read (a
/// FIFO, which would block the launch for ever, a device, a folder are refused at once), and one larger than the
/// limit is refused by its size before a byte of it is read.
public enum SmallFile {
    /// Why a file was not read, as the end of a sentence naming it ("is not a regular file (a FIFO)"), and by kind
    /// (`problem`) for a sentence in the person's language.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        /// What was wrong, by kind.
        public var problem: FileProblem

        /// A refusal for `problem`.
        public init(problem: FileProblem) { self.problem = problem }

        /// The clause that follows the file's name.
        public var description: String {
            switch problem {
            case .notRegular(let kind): return "is not a regular file (\(kind.englishName))"
            case .larger(let limit): return "is larger than \(FileProblem.size(limit))"
            default: return "can't be read (\(problem))"
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them. Throws a `Refusal`.
    public static func read(_ path: String, limit: Int) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Refusal(problem: .system(code: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Refusal(problem: .notRegular(FileProblem.FileKind(mode: status.st_mode))) }
        guard Int(status.st_size) <= limit else { throw Refusal(problem: .larger(than: limit)) }
        // Non-blocking: a file swapped for a FIFO between the look and the open still can't hold the read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(problem: .system(code: errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw Refusal(problem: FileProblem.of(error) ?? .system(ErrorWords.sentence(error, namingPath: false)))
        }
        guard data.count <= limit else { throw Refusal(problem: .larger(than: limit)) }
        return data
    }
}
