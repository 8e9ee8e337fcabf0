/// Why a whole document was refused: every document (the costume catalogue, the honeycomb's nodes, the messages)
/// fails as a whole only for these two reasons; anything smaller leaves one element out and keeps the rest.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON at all (cut short, not text, another format).
    case notJSON(document: String, reason: String)
    /// JSON, but not the document's shape (an array where an object was expected, its list missing).
    case wrongShape(document: String, reason: String)

    /// The refusal as one line for the log or a banner, naming the document and the reason.
    public var description: String {
        switch self {
        case .notJSON(let document, let reason): return "\(document) is not valid JSON (\(reason))"
        case .wrongShape(let document, let reason): return "\(document) has the wrong shape: \(reason)"
        }
    }
}
