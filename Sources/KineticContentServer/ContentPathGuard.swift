import Foundation
import Hummingbird

/// Stands in front of the file serving and lets through only paths that name a file inside the folder.
///
/// `FileMiddleware` refuses `..` itself, but not a symbolic link that leads out, a double-encoded path, a
/// backslash or a NUL; `ContentPath.resolve` refuses all of them, with the file's real path checked against the
/// folder's. What it refuses is answered here, in plain text that says why; what it accepts goes on to be served.
struct ContentPathGuard<Context: RequestContext>: RouterMiddleware {
    let folder: URL
    /// Resolutions remembered for a second, so a burst of requests for one file resolves it once.
    let memory: ContentMemory

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch memory.resolve(request.uri.description, in: folder) {
        case .success:
            return try await next(request, context)
        case .failure(.badRequest(let reason)):
            return Self.plain(.badRequest, "400 Bad Request: \(reason)\n")
        case .failure(.notFound):
            return Self.plain(.notFound, "404 Not Found\n")
        }
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
