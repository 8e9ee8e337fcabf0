import Foundation
import HTTPTypes
import Hummingbird
import KineticPlatform

/// Where the content server answers HTTP as RFC 9110 says rather than as `FileMiddleware` would, in front of it:
///
/// - **Ranges are not offered.** The apps fetch whole documents and images, and `FileMiddleware`'s ranges are wrong
///   at the edges (a suffix range counted from the start, a range past the end with a negative length). A `Range`
///   (and `If-Range`) is taken off the request, so every answer is the whole file, `200`, as RFC 9110 §14.2 allows a
///   server to do, and the answer says `Accept-Ranges: none`.
/// - **`If-None-Match` is answered here**, on the file's ETag as served: `*`, or any entity tag of a list that matches
///   the current one by weak comparison (§13.1.2), gives `304 Not Modified` with the validators and no body, for
///   `GET` and `HEAD`. `FileMiddleware` only compares one tag whole.
/// - **What is logged is bounded**: the method and the path without its query, cut at `loggedPathLength`, so no
///   client can fill the log with long addresses.
struct HTTPRules<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.info("\(request.method) \(HTTPRuleText.loggable(request.uri.path))")
        var head = request.head
        let conditions = request.headers[values: .ifNoneMatch]
        for name in [HTTPField.Name.range, .ifRange, .ifNoneMatch] { head.headerFields[name] = nil }
        if !conditions.isEmpty { head.headerFields[.ifModifiedSince] = nil }  // If-None-Match wins over it (§13.1.3)
        var response = try await next(Request(head: head, body: request.body), context)
        response.headers[.acceptRanges] = "none"
        guard response.status == .ok, request.method == .get || request.method == .head,
              let tag = response.headers[.eTag], HTTPRuleText.matches(conditions, tag) else { return response }
        var headers = HTTPFields()
        for name in [HTTPField.Name.eTag, .lastModified, .cacheControl, .date, .acceptRanges] {
            if let value = response.headers[name] { headers[name] = value }
        }
        return Response(status: .notModified, headers: headers)
    }
}

/// The text `HTTPRules` reads and writes: entity tags compared, paths made fit for the log.
enum HTTPRuleText {
    /// The most characters of a path the log keeps.
    static let loggedPathLength = 200

    /// Whether an `If-None-Match` (its field lines) matches `tag`: `*`, or a listed tag equal to it once a weak
    /// prefix is set aside on both.
    static func matches(_ lines: [String], _ tag: String) -> Bool {
        let current = opaque(tag)
        for line in lines {
            for candidate in line.split(separator: ",") {
                let text = candidate.trimmingCharacters(in: .whitespaces)
                if text == "*" || opaque(text) == current { return true }
            }
        }
        return false
    }

    private static func opaque(_ tag: String) -> String { tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag }

    /// A path as the log shows it: no query, control characters escaped and at most `loggedPathLength` characters,
    /// by the same function as every other log line (`Log.printable`).
    static func loggable(_ path: String) -> String {
        Log.printable(ContentPath.withoutQuery(path), limit: loggedPathLength)
    }
}
