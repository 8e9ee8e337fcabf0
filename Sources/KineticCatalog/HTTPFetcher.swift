import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP response, body included.
public struct HTTPResult: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data
}

/// Why a fetch failed.
public enum FetchError: Error, Equatable, CustomStringConvertible {
    case timedOut(URL)
    case tooLarge(URL, limit: Int)
    case connection(URL, String)
    case status(URL, Int)

    /// Worth one more try: the server or the network may be better a moment later.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connection: return true
        case .status(_, let code): return code >= 500 || code == 429
        case .tooLarge: return false
        }
    }

    public var description: String {
        switch self {
        case .timedOut(let url): return "\(url.absoluteString) timed out"
        case .tooLarge(let url, let limit): return "\(url.absoluteString) sent more than \(limit) bytes"
        case .connection(let url, let reason): return "\(url.absoluteString) could not be fetched: \(reason)"
        case .status(let url, let code): return "\(url.absoluteString) answered HTTP \(code)"
        }
    }
}

/// How the data layer reaches the network; tests may inject another.
public protocol HTTPFetching: Sendable {
    /// GETs `url`, refusing bodies over `maxBytes`. Statuses other than 2xx and 304 throw `FetchError.status`.
    func get(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult
}

/// Timeouts and retry of the real fetcher.
///
/// URLSession on Linux counts timeouts in whole seconds (a 0.5 s timeout fires at once), so both timeouts are
/// rounded up to whole seconds, at least one.
public struct FetchPolicy: Sendable {
    /// Longest wait for the connection or for the next bytes (URLSession's request timeout).
    public var idleTimeout: Double
    /// Longest a whole fetch may take.
    public var totalTimeout: Double
    /// Pause before the single retry of a transient failure.
    public var retryDelay: Double

    public init(idleTimeout: Double = 3, totalTimeout: Double = 10, retryDelay: Double = 0.3) {
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.retryDelay = retryDelay
    }
}

/// Fetches with URLSession: idle and total timeouts, a body cap enforced while the bytes arrive, and one retry
/// (after `retryDelay`) for a timeout, a dropped connection or a 5xx.
public final class URLSessionFetcher: HTTPFetching, @unchecked Sendable {
    public let policy: FetchPolicy

    public init(policy: FetchPolicy = FetchPolicy()) { self.policy = policy }

    public func get(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult {
        do {
            return try await attempt(url, headers: headers, maxBytes: maxBytes)
        } catch let error as FetchError where error.isTransient {
            try await Task.sleep(nanoseconds: UInt64(policy.retryDelay * 1e9))
            return try await attempt(url, headers: headers, maxBytes: maxBytes)
        }
    }

    private func attempt(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult {
        let configuration = URLSessionConfiguration.ephemeral
        let idle = max(1, policy.idleTimeout.rounded(.up)), total = max(idle, policy.totalTimeout.rounded(.up))
        configuration.timeoutIntervalForRequest = idle
        configuration.timeoutIntervalForResource = total
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: idle)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let collector = BodyCollector(url: url, maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResult, Error>) in
            collector.continuation = continuation
            session.dataTask(with: request).resume()
        }
        if result.status == 304 || (200..<300).contains(result.status) { return result }
        throw FetchError.status(url, result.status)
    }
}

/// Gathers a response's bytes, cancelling the task as soon as they pass the cap.
private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let url: URL
    let maxBytes: Int
    var continuation: CheckedContinuation<HTTPResult, Error>?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var overLimit = false
    private let lock = NSLock()

    init(url: URL, maxBytes: Int) {
        self.url = url
        self.maxBytes = maxBytes
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        if response.expectedContentLength > Int64(maxBytes) { overLimit = true }
        lock.unlock()
        completionHandler(overLimit ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let cancel = body.count > maxBytes
        if cancel { overLimit = true }
        lock.unlock()
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let (response, body, overLimit) = (self.response, self.body, self.overLimit)
        lock.unlock()
        guard let continuation else { return }
        if overLimit { return continuation.resume(throwing: FetchError.tooLarge(url, limit: maxBytes)) }
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return continuation.resume(throwing: FetchError.timedOut(url))
            default: return continuation.resume(throwing: FetchError.connection(url, error.localizedDescription))
            }
        }
        if let error { return continuation.resume(throwing: FetchError.connection(url, "\(error)")) }
        guard let response else { return continuation.resume(throwing: FetchError.connection(url, "no response")) }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        // A body cut short of its declared length means the connection was closed mid-body.
        if response.expectedContentLength >= 0, Int64(body.count) < response.expectedContentLength {
            return continuation.resume(throwing: FetchError.connection(url, "connection closed after \(body.count) of \(response.expectedContentLength) bytes"))
        }
        continuation.resume(returning: HTTPResult(status: response.statusCode, headers: headers, body: body))
    }
}
