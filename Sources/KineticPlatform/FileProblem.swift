import Foundation

/// Why a file of the person's could not be read or written, by kind, so an app can say it in the person's language;
/// the system's own reason is kept, to be quoted, only where no kind fits. Its `description` is the English clause,
/// for the log ("the disk is full").
public enum FileProblem: Equatable, Sendable, CustomStringConvertible {
    /// The disk, or the person's quota on it, is full.
    case diskFull
    /// This user may not read or write there.
    case notPermitted
    /// The disk is mounted read-only.
    case readOnly
    /// There is no such file or folder.
    case missing
    /// The path names something that is not a regular file (a FIFO, which would block a read for ever, a folder).
    case notRegular(FileKind)
    /// The file is larger than `limit` bytes, the most that is read.
    case larger(than: Int)
    /// A file stands at `path` where a folder belongs (on the way to the file).
    case notAFolder(String)
    /// Every name a new file could take is taken, up to `last` ("menu (999).pdf").
    case everyNameTaken(last: String)
    /// Anything else: the system's reason, lower-cased, as it gave it ("input/output error").
    case system(String)

    /// What a path named instead of a regular file.
    public enum FileKind: String, Equatable, Sendable {
        case fifo, folder, device, socket, other

        /// "a FIFO", as the English clause names it.
        public var englishName: String {
            switch self {
            case .fifo: return "a FIFO"
            case .folder: return "a folder"
            case .device: return "a device"
            case .socket: return "a socket"
            case .other: return "not a file"
            }
        }

        /// The kind of a `stat` mode's file type bits.
        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFIFO: self = .fifo
            case S_IFDIR: self = .folder
            case S_IFCHR, S_IFBLK: self = .device
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }
    }

    /// The English clause.
    public var description: String {
        switch self {
        case .diskFull: return "the disk is full"
        case .notPermitted: return "this user may not do that there"
        case .readOnly: return "the disk is read-only"
        case .missing: return "there is no such file"
        case .notRegular(let kind): return "it is not a regular file (\(kind.englishName))"
        case .larger(let limit): return "it is larger than \(Self.size(limit))"
        case .notAFolder(let path): return "\(path) is not a folder"
        case .everyNameTaken(let last): return "every name up to \(last) is taken"
        case .system(let why): return why
        }
    }

    /// The problem a system error number names.
    public static func system(code: Int32) -> FileProblem {
        switch code {
        case ENOSPC, EDQUOT: return .diskFull
        case EACCES, EPERM: return .notPermitted
        case EROFS: return .readOnly
        case ENOENT: return .missing
        default: return .system(ErrorWords.systemError(code))
        }
    }

    /// The kind one of Foundation's file error codes names, where it names one of the kinds above (the disk full, a
    /// file missing, not permitted, read-only); `nil` for the others. `ErrorWords` says the same codes with the same
    /// words.
    public static func kind(ofFileErrorCode code: CocoaError.Code) -> FileProblem? {
        switch code {
        case .fileWriteOutOfSpace: return .diskFull
        case .fileNoSuchFile, .fileReadNoSuchFile: return .missing
        case .fileReadNoPermission, .fileWriteNoPermission: return .notPermitted
        case .fileWriteVolumeReadOnly: return .readOnly
        default: return nil
        }
    }

    /// The problem a file error names (a save's, a `SmallFile` refusal's, Foundation's file errors, a system error
    /// number's that is about files); `nil` for an error that is not about a file (a network's, a parser's).
    public static func of(_ error: Error) -> FileProblem? {
        if let refusal = error as? SmallFile.Refusal { return refusal.problem }
        if let save = error as? AtomicFile.SaveError { return save.problem }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain {
            let code = Int32(truncatingIfNeeded: ns.code)
            return fileErrorNumbers.contains(code) ? system(code: code) : nil
        }
        // Foundation's file errors are codes 0–1023 (CocoaError's `isFileError`); its parsers' and coders' are not.
        guard ns.domain == NSCocoaErrorDomain, (0...1023).contains(ns.code) else { return nil }
        if let kind = kind(ofFileErrorCode: CocoaError.Code(rawValue: ns.code)) { return kind }
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return system(code: Int32(truncatingIfNeeded: posix.code))
        }
        return .system(ErrorWords.sentence(error, namingPath: false))
    }

    /// The system's error numbers that are about a file or its disk (not a connection's).
    static let fileErrorNumbers: Set<Int32> = [ENOSPC, EDQUOT, EACCES, EPERM, EROFS, ENOENT, ENOTDIR, EISDIR, EEXIST, EIO, EFBIG, ENAMETOOLONG,
                                               ELOOP, EMFILE, ENFILE, ETXTBSY, EXDEV, EMLINK, ENOTEMPTY, EBUSY]

    /// `bytes` as a person reads a size: a whole number of megabytes where it is one, else of kilobytes (at least 1).
    public static func sizeInUnits(_ bytes: Int) -> (count: Int, megabytes: Bool) {
        bytes >= 1_048_576 && bytes % 1_048_576 == 0 ? (bytes / 1_048_576, true) : (max(bytes / 1024, 1), false)
    }

    /// `bytes` as a person reads a size in English: "1 MB", "4 KB".
    public static func size(_ bytes: Int) -> String {
        let size = sizeInUnits(bytes)
        return "\(size.count) \(size.megabytes ? "MB" : "KB")"
    }
}
