import Foundation

/// Finds a folder the program ships with (its content, its resources), wherever the program was put: given by the
/// environment, next to the executable, in `../share/kinetic` beside it, or in the source checkout it was built
/// from. Nothing depends on the build machine's paths unless that checkout is really there.
public enum InstalledFiles {
    /// Why a folder could not be found: every place looked, in order.
    public struct NotFound: Error, CustomStringConvertible, Equatable {
        /// What was looked for, in a few words (the content folder, say).
        public var what: String
        /// Every place looked, in order: the candidate paths, or the environment variable and the folder it named.
        public var looked: [String]
        /// What was not found and where it was looked for, for an error message.
        public var description: String { "\(what) not found; looked in \(looked.joined(separator: ", "))" }
    }

    /// The running executable, from the system's own record of it (`/proc/self/exe` on Linux), not from argv[0]: a
    /// program started from the shell's PATH is called plain `kinetic`, which names no file.
    public static var executable: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")).resolvingSymlinksInPath()
    }

    /// The directory of the running executable (`executable`'s).
    public static var executableFolder: URL { executable.deletingLastPathComponent() }

    /// The first of `candidates` that holds `marker` (a file inside the folder proving it is the right one).
    /// - Parameters:
    ///   - what: a name for the error message ("the content folder").
    ///   - marker: the path, inside a folder, of the file that must be there for the folder to be the one looked for.
    ///   - variable: a variable that, when set, is the only place looked.
    ///   - candidates: the folders to look in, in order, when there is no variable or it is not set.
    ///   - environment: the variables `variable` is looked up in: the process's own environment by default.
    public static func locate(_ what: String, marker: String, environment variable: String? = nil, candidates: [URL],
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<URL, NotFound> {
        if let variable, let value = environment[variable], !value.isEmpty {
            let folder = URL(fileURLWithPath: value, isDirectory: true)
            let found = FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path)
            return found ? .success(folder) : .failure(NotFound(what: what, looked: ["$\(variable) = \(folder.path)"]))
        }
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path) {
            return .success(folder)
        }
        return .failure(NotFound(what: what, looked: candidates.map(\.path)))
    }
}
