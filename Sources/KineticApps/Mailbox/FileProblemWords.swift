import KineticPlatform
import KineticRuntime

/// Why a file could not be read or written (`FileProblem`), in the person's language; the system's own reason, where
/// no kind fits, is quoted as it came.
enum FileProblemWords {
    static let diskFull = LocalizedText("mailbox.problem.file.disk-full", "the disk is full")
    static let notPermitted = LocalizedText("mailbox.problem.file.not-permitted", "you are not allowed to read or write there")
    static let readOnly = LocalizedText("mailbox.problem.file.read-only", "the disk is read-only")
    static let missing = LocalizedText("mailbox.problem.file.missing", "there is no such file or folder")
    static let notRegular = LocalizedText("mailbox.problem.file.not-regular", "it is not a regular file but {kind}")
    static let larger = LocalizedText("mailbox.problem.file.larger", "it is larger than {size}")
    static let megabytes = LocalizedText("mailbox.problem.file.megabytes", "{count} MB")
    static let kilobytes = LocalizedText("mailbox.problem.file.kilobytes", "{count} KB")
    static let notAFolder = LocalizedText("mailbox.problem.file.not-a-folder", "{path} is not a folder")
    static let everyNameTaken = LocalizedText("mailbox.problem.file.every-name-taken", "every name up to {name} is taken")
    static let fifo = LocalizedText("mailbox.problem.file.kind.fifo", "a FIFO")
    static let folder = LocalizedText("mailbox.problem.file.kind.folder", "a folder")
    static let device = LocalizedText("mailbox.problem.file.kind.device", "a device")
    static let socket = LocalizedText("mailbox.problem.file.kind.socket", "a socket")
    static let other = LocalizedText("mailbox.problem.file.kind.other", "something else")

    /// `problem` as a message to put inside another's `{reason}` or `{problem}`.
    static func message(_ problem: FileProblem) -> LocalizedMessage {
        switch problem {
        case .diskFull: return LocalizedMessage(diskFull)
        case .notPermitted: return LocalizedMessage(notPermitted)
        case .readOnly: return LocalizedMessage(readOnly)
        case .missing: return LocalizedMessage(missing)
        case .notRegular(let kind): return LocalizedMessage(notRegular, ["kind": .text(name(of: kind))])
        case .larger(let limit): return LocalizedMessage(larger, ["size": .message(size(limit))])
        case .notAFolder(let path): return LocalizedMessage(notAFolder, ["path": .verbatim(path)])
        case .everyNameTaken(let last): return LocalizedMessage(everyNameTaken, ["name": .verbatim(last)])
        case .system(let why): return LocalizedMessage(verbatim: why)
        }
    }

    /// `bytes` as `FileProblem.size` says it, in the person's units ("1 Mo" in French).
    private static func size(_ bytes: Int) -> LocalizedMessage {
        let size = FileProblem.sizeInUnits(bytes)
        return LocalizedMessage(size.megabytes ? megabytes : kilobytes, ["count": .verbatim(String(size.count))])
    }

    /// What stands where a regular file was expected.
    private static func name(of kind: FileProblem.FileKind) -> LocalizedText {
        switch kind {
        case .fifo: return fifo
        case .folder: return folder
        case .device: return device
        case .socket: return socket
        case .other: return other
        }
    }
}
