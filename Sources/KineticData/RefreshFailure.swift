/// Why a refresh of a served document failed, in the terms a person is told: the banner says what is true (a server
/// that answered HTTP 500 was reached; it is not "couldn't reach").
public enum RefreshFailure: Equatable, Sendable {
    /// Nothing answered: the connection was refused, timed out, or broke.
    case unreachable
    /// The server answered, but with an error status or something that is not a document (an HTML page, a 304 to a
    /// request that asked for no copy).
    case serverError
    /// The server sent a document that cannot be read: not JSON, truncated, the wrong shape, or too big.
    case unreadableDocument

    /// The failure a fetch's error stands for: a status is the server's error, too much is an unreadable document, and
    /// anything else (a timeout, a connection) means the server was not reached.
    public init(fetching error: Error) {
        switch error as? FetchError {
        case .status: self = .serverError
        case .tooLarge: self = .unreadableDocument
        case .timedOut, .connection, nil: self = .unreachable
        }
    }

    /// In words, for a log line or a command's report.
    public var sentence: String {
        switch self {
        case .unreachable: return "the server was not reached"
        case .serverError: return "the server answered with an error"
        case .unreadableDocument: return "the server's document can't be read"
        }
    }
}
