import Foundation
import Hummingbird
import KineticCatalog
import Logging

/// The content server the apps download from: a folder served read-only over HTTP.
///
/// `GET` (and `HEAD`) of `/PATH` serves `FOLDER/PATH` with its content type, a strong ETag and Cache-Control;
/// `If-None-Match` with the current ETag gives 304. Paths that try to leave the folder get 400 (or 404 when
/// they only lead outside through a symbolic link); missing files get 404. Every request is logged.
public struct ContentServer: Sendable {
    public let folder: URL
    public let host: String
    public let port: Int

    /// The folder committed in the repository, next to `Sources/`.
    public static var repositoryContent: URL { RepositoryContent.folder }

    public init(folder: URL = ContentServer.repositoryContent, host: String = "127.0.0.1", port: Int = 8080) {
        self.folder = folder
        self.host = host
        self.port = port
    }

    /// Builds the Hummingbird application; `onRunning` is told the port actually bound (useful with port 0).
    public func makeApplication(logger: Logger? = nil, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var log = logger ?? Logger(label: "kinetic.serve")
        if logger == nil { log.logLevel = .info }
        let router = Router()
        router.middlewares.add(LogRequestsMiddleware(.info))
        let responder = ContentResponder(folder: folder, cache: ContentCache())
        router.get("**") { request, _ in responder.respond(to: request, includeBody: true) }
        router.head("**") { request, _ in responder.respond(to: request, includeBody: false) }
        router.get("/") { request, _ in responder.respond(to: request, includeBody: true) }
        return Application(router: router, configuration: .init(address: .hostname(host, port: port), serverName: "kinetic"),
                           onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: log)
    }
}

/// Answers one request from the folder.
struct ContentResponder: Sendable {
    let folder: URL
    let cache: ContentCache

    func respond(to request: Request, includeBody: Bool) -> Response {
        let file: URL
        let rawPath = request.uri.description
        switch cache.file(for: rawPath, in: folder) {
        case .success(let url): file = url
        case .failure(.badRequest(let reason)): return plain(.badRequest, "400 Bad Request: \(reason)\n")
        case .failure(.notFound): return plain(.notFound, "404 Not Found\n")
        }
        guard let entry = try? cache.entry(for: file) else {
            cache.forget(rawPath)
            return plain(.notFound, "404 Not Found\n")
        }
        var headers: HTTPFields = [.contentType: entry.contentType, .eTag: entry.etag]
        // The catalogue changes whenever the costumes do: clients revalidate it each time (cheap, with the ETag).
        // Art is named once and changed by renaming, so it may be kept for a day.
        headers[.cacheControl] = entry.contentType.hasPrefix("application/json") ? "no-cache" : "public, max-age=86400"
        if let condition = request.headers[.ifNoneMatch],
           condition.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == entry.etag || $0.trimmingCharacters(in: .whitespaces) == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(entry.body.readableBytes)
        return Response(status: .ok, headers: headers, body: includeBody ? ResponseBody(byteBuffer: entry.body) : ResponseBody())
    }

    private func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
