import Foundation

/// One conditional GET of a JSON document, as every refresher makes it: `If-None-Match` with the saved ETag, a
/// size cap, and a check that the answer really is JSON before anyone parses it.
public enum JSONDocumentFetch {
    /// What the server said.
    public enum Outcome: Sendable {
        /// 304: the saved copy is current.
        case notModified
        /// A new body, with the ETag to send next time.
        case body(Data, etag: String?)
        /// Why nothing usable came back.
        case failed(String)
    }

    /// GETs `url`, sending `etag` (when given) as `If-None-Match`.
    public static func get(_ url: URL, etag: String?, maxBytes: Int, fetcher: HTTPFetching) async -> Outcome {
        var headers = ["Accept": "application/json"]
        if let etag { headers["If-None-Match"] = etag }
        let response: HTTPResult
        do {
            response = try await fetcher.get(url, headers: headers, maxBytes: maxBytes)
        } catch {
            return .failed("\(error)")
        }
        if response.status == 304 { return etag == nil ? .failed("\(url.absoluteString) answered 304 to an unconditional request") : .notModified }
        let type = response.headers["content-type"] ?? ""
        guard type.lowercased().contains("json") else {
            return .failed("\(url.absoluteString) answered with \(type.isEmpty ? "no content type" : type), not JSON")
        }
        return .body(response.body, etag: response.headers["etag"])
    }
}
