import Foundation
import KineticCore
import KineticPlatform

/// The content folder committed in the repository (`Content/`, next to `Sources/`): what the content server
/// serves by default, and where tests and the benchmark read the served costumes offline.
public enum RepositoryContent {
    /// `Content/` in the source checkout, found from this file's path at build time.
    public static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Content", isDirectory: true)
    }

    /// The content to serve when none is named: `$KINETIC_CONTENT` if set, else `Content/` beside the executable,
    /// else `../share/kinetic/Content` beside it, else the source checkout's (when it is there).
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<URL, InstalledFiles.NotFound> {
        let executable = InstalledFiles.executableFolder
        return InstalledFiles.locate("the content folder", marker: "api/current_costumes.json", environment: "KINETIC_CONTENT",
                                     candidates: [executable.appendingPathComponent("Content", isDirectory: true),
                                                  executable.appendingPathComponent("../share/kinetic/Content", isDirectory: true).standardized,
                                                  folder],
                                     environment: environment)
    }
}
