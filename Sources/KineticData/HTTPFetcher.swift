import Foundation

/// One HTTP response, body included.
public struct HTTPResult: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    /// The body's bytes, never more than the fetch's `maxBytes`.
    public var body: Data

    /// A response as a fetcher received it; header names are expected in lower case already.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
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

    /// One line for the log or a banner, naming the URL and what went wrong.
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
    /// The same network with its timeouts `factor` times longer (held to a minute in all): for trying again in the
    /// background what a slow server did not send in time. A fetcher with no timeouts of its own returns itself.
    func patient(by factor: Double) -> HTTPFetching
}

extension HTTPFetching {
    /// No timeouts of its own to lengthen: itself.
    public func patient(by factor: Double) -> HTTPFetching { self }
}

/// The network of a run that has none (a scenario without a content server, a test of the offline path): every
/// fetch fails at once, saying so, and the data layer carries on with what is bundled and saved.
public struct NoNetwork: HTTPFetching {
    /// The network of a run that has none.
    public init() {}

    /// Always throws `FetchError.connection`, without a request.
    public func get(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult {
        throw FetchError.connection(url, "this run has no network")
    }
}

/// Timeouts and retry of the real fetcher, in seconds.
public struct FetchPolicy: Sendable {
    /// Longest wait to connect, and for the next bytes once connected.
    public var idleTimeout: Double
    /// Longest a whole fetch may take, however steadily the bytes trickle in.
    public var totalTimeout: Double
    /// Pause before the single retry of a transient failure.
    public var retryDelay: Double

    /// The defaults: 3 s idle, 10 s in all, one retry after 0.3 s.
    public init(idleTimeout: Double = 3, totalTimeout: Double = 10, retryDelay: Double = 0.3) {
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.retryDelay = retryDelay
    }
}
