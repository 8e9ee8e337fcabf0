import Foundation
import Hummingbird
import HummingbirdCore
import KineticData
import Logging

/// The content server the apps download from: a folder served read-only over HTTP.
///
/// Three middlewares in a row, outermost first:
/// 1. `HTTPRules` logs a bounded form of every request's path, takes ranges off (every answer is the whole file,
///    `Accept-Ranges: none`) and answers `If-None-Match` as RFC 9110 says;
/// 2. `ContentPathGuard` refuses any path that tries to leave the folder (400, or 404 when it only leads outside
///    through a symbolic link) and any that names nothing (404);
/// 3. Hummingbird's `FileMiddleware` serves what is left: `GET` and `HEAD`, the content type, an ETag,
///    `If-Modified-Since` (304), and Cache-Control.
///
/// The catalogues change whenever their content does, so clients revalidate them every time (`no-cache`, cheap with
/// the ETag). Art is named once and changed by renaming, so it may be kept for a day.
package struct ContentServer: Sendable {
    /// The folder served; nothing outside it (even through a symbolic link) is ever sent.
    package let folder: URL
    /// The address listened on: `127.0.0.1` unless told.
    package let host: String
    /// The TCP port listened on: 8080 unless told; 0 picks a free one, which `makeApplication`'s `onRunning` is told.
    package let port: Int
    /// What one client may make the server hold (`ServerLimits`).
    package let limits: ServerLimits

    /// The folder committed in the repository, next to `Sources/`.
    package static var repositoryContent: URL { RepositoryContent.folder }

    /// Cache-Control per content type: JSON revalidates every time, everything else may be kept a day.
    static let cacheControl = CacheControl([
        (MediaType.applicationJson, [.noCache]),
        (MediaType(type: .any), [.public, .maxAge(86400)]),
    ])

    /// A server for `folder` (the repository's `Content/` unless told); nothing listens until the application runs.
    package init(folder: URL = ContentServer.repositoryContent, host: String = "127.0.0.1", port: Int = 8080, limits: ServerLimits = ServerLimits()) {
        self.folder = folder
        self.host = host
        self.port = port
        self.limits = limits
    }

    /// Builds the Hummingbird application; `onRunning` is told the port actually bound (useful with port 0).
    package func makeApplication(logger: Logger? = nil, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var log = logger ?? Logger(label: "kinetic.serve")
        if logger == nil { log.logLevel = .info }
        let router = Router()
        router.middlewares.add(HTTPRules())
        let memory = ContentMemory()
        router.middlewares.add(ContentPathGuard(folder: folder, memory: memory))
        let files = FileMiddleware<BasicRequestContext, ContentFolder>(fileProvider: ContentFolder(folder: folder, memory: memory),
                                                                       cacheControl: Self.cacheControl)
            // The apps decode the catalogues as UTF-8; say so, as the JSON media type alone does not.
            .withAdditionalMediaType(MediaType(type: .application, subType: "json", parameter: ("charset", "utf-8")), mappedToFileExtension: "json")
        router.middlewares.add(files)
        let configuration = ApplicationConfiguration(address: .hostname(host, port: port), serverName: "kinetic",
                                                     availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections))
        return Application(router: router, server: limits.server, configuration: configuration,
                           onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: log)
    }
}
