import Foundation

/// Checks a downloaded image file and says whether it may be shown. The renderer provides the real check (it decodes
/// with Cairo and librsvg, in a child process it can stop); the data layer stays free of them. Asynchronous, so a
/// check that waits on a child process holds no thread, and a cancelled refresh can stop it.
public typealias ImageValidator = @Sendable (_ file: URL) async -> ImageVerdict

/// What checking one image file found. A verdict about the bytes (`fine`, `refused`) is remembered by their hash
/// (`ImageCheckMemory`), so the same bytes are never drawn twice; a check that could not be made is not.
public enum ImageVerdict: Sendable, Equatable {
    /// The file decodes and draws within its budget: it may be shown.
    case fine
    /// The bytes themselves are unusable (corrupt, too large, too slow to draw, they crashed the drawing process):
    /// the reason, in words.
    case refused(String)
    /// The check could not be made, for a reason that is not the bytes' (the drawing process could not start, the
    /// machine was too busy to finish it in time, the refresh's deadline came first): not shown now, asked again later.
    case notChecked(String)

    /// `fine` when `problem` is nil, else `refused` with it: an in-process check's answer (`ImageFileCheck.problem`).
    public init(problem: String?) {
        self = problem.map { .refused($0) } ?? .fine
    }

    /// Why the file may not be shown, or nil when it may.
    public var problem: String? {
        switch self {
        case .fine: return nil
        case .refused(let reason), .notChecked(let reason): return reason
        }
    }

    /// Whether the verdict is about the bytes, and so worth remembering by their hash.
    public var isAboutTheBytes: Bool {
        if case .notChecked = self { return false }
        return true
    }
}
