import Foundation

/// One refresh of a served document, the same for every refresher: a conditional GET (`If-None-Match` with the
/// ETag of the saved copy, when that copy came from the same URL), a size cap, a check that the answer really is
/// JSON, and the document decoded. The refresher then checks what the document refers to (its images) and saves
/// the copy.
public enum DocumentDownload<Decoded> {
    /// 304: the saved copy is current.
    case notModified
    /// A new document, with the ETag to send next time.
    case decoded(Decoded, etag: String?)
    /// Why nothing usable came back (the network, the status, the type, or the document as a whole), and which of
    /// those it was.
    case failed(String, RefreshFailure)

    /// The new document and the ETag to send next time, or nil when there is none: for a saved copy that is still
    /// current, and for a failure, whose reason is added to `problems` with `failed` set (what a refresh that keeps
    /// showing what it had reports).
    public func newDocument(problems: inout [String], failed: inout Bool) -> (document: Decoded, etag: String?)? {
        switch self {
        case .notModified:
            return nil
        case .decoded(let document, let etag):
            return (document, etag)
        case .failed(let reason, _):
            problems.append(reason)
            failed = true
            return nil
        }
    }

    /// - Parameters:
    ///   - url: the document's address.
    ///   - saved: the saved copy's URL and ETag, if there is a copy; its ETag is sent only for the same URL.
    ///   - maxBytes: the largest body accepted.
    ///   - fetcher: the network.
    ///   - decode: reads the body; a `DocumentError` it throws fails the refresh.
    public static func get(_ url: URL, saved: (url: String, etag: String?)?, maxBytes: Int, fetcher: HTTPFetching,
                           decode: (Data) throws -> Decoded) async -> DocumentDownload {
        let etag = saved?.url == url.absoluteString ? saved?.etag : nil
        var headers = ["Accept": "application/json"]
        if let etag { headers["If-None-Match"] = etag }
        let response: HTTPResult
        do {
            response = try await fetcher.get(url, headers: headers, maxBytes: maxBytes)
        } catch {
            return .failed("\(error)", RefreshFailure(fetching: error))
        }
        if response.status == 304 {
            return etag == nil ? .failed("\(url.absoluteString) answered 304 to an unconditional request", .serverError) : .notModified
        }
        let type = response.headers["content-type"] ?? ""
        guard type.lowercased().contains("json") else {
            return .failed("\(url.absoluteString) answered with \(type.isEmpty ? "no content type" : type), not JSON", .serverError)
        }
        do {
            return .decoded(try decode(response.body), etag: response.headers["etag"])
        } catch {
            return .failed("\(error)", .unreadableDocument)
        }
    }
}
