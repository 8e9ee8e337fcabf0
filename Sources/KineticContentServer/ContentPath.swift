import Foundation

/// Turns a request's raw path into a file inside the content folder, or says why it cannot be one.
///
/// The path is percent-decoded exactly once; anything that could climb out after that is refused: a `..` or `.`
/// segment, a backslash, a NUL, an empty segment, or a `%` left over (a double-encoded path like `%252e%252e`
/// decodes to `%2e%2e`, which is refused rather than decoded again). Finally the file's real path, with every
/// symbolic link resolved, must still lie inside the content folder's real path.
package enum ContentPath {
    /// Why a request's path names no file the server may send, and so which status answers it.
    package enum Rejection: Error, Equatable {
        /// The path is malformed or tries to leave the folder: 400.
        case badRequest(String)
        /// Nothing is there (or what is there lies outside the folder): 404.
        case notFound
    }

    /// The file for `rawPath` (as it came on the request line, still percent-encoded) under `root`.
    package static func resolve(_ rawPath: String, in root: URL) -> Result<URL, Rejection> {
        let pathOnly = withoutQuery(rawPath)
        guard pathOnly.hasPrefix("/") else { return .failure(.badRequest("path must start with /")) }
        guard let decoded = pathOnly.removingPercentEncoding else { return .failure(.badRequest("invalid percent-encoding")) }
        if decoded.contains("\\") || decoded.contains("\0") || decoded.contains("%") {
            return .failure(.badRequest("forbidden character in path"))
        }
        let segments = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if segments.isEmpty || segments.last == "" { return .failure(.notFound) }
        for segment in segments {
            if segment.isEmpty || segment == "." || segment == ".." { return .failure(.badRequest("forbidden path segment")) }
        }
        let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
        let candidate = segments.reduce(URL(fileURLWithPath: rootPath, isDirectory: true)) { $0.appendingPathComponent(String($1)) }
        let real = candidate.resolvingSymlinksInPath().standardizedFileURL.path
        guard real.hasPrefix(rootPath + "/") else { return .failure(.notFound) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory.boolValue else { return .failure(.notFound) }
        return .success(URL(fileURLWithPath: real))
    }

    /// The path of a request target, without its query (`?…`) or fragment.
    package static func withoutQuery(_ rawPath: String) -> String {
        String(rawPath.prefix { $0 != "?" && $0 != "#" })
    }
}
