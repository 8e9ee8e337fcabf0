import Foundation

/// The content folder committed in the repository (`Content/`, next to `Sources/`): what the content server
/// serves by default, and where tests and the benchmark read the served costumes offline.
public enum RepositoryContent {
    public static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Content", isDirectory: true)
    }
}
