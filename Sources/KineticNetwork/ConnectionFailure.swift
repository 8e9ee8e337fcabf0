#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NIOCore

/// A failed connection said as a sentence a person can act on ("nothing accepts connections at 127.0.0.1:9"),
/// rather than the network library's own description of its error, which names its types and, for a refused
/// connection, even loses a bracket ("connection reset (error set): Connection refused) (errno: 111)").
enum ConnectionFailure {
    /// What went wrong reaching `url`, from the error the HTTP client threw.
    static func sentence(for error: Error, reaching url: URL) -> String {
        if let io = error as? IOError { return sentence(errno: io.errnoCode, reaching: url) }
        if case .unknown(let host, _)? = error as? SocketAddressError { return "the host name \(host) could not be found" }
        // The client wraps what the socket said in errors of its own; their descriptions end with the errno.
        let text = "\(error)"
        if let range = text.range(of: "errno: "), let code = Int32(text[range.upperBound...].prefix { $0.isNumber }) {
            return sentence(errno: code, reaching: url)
        }
        if text.contains("UnknownHost") || text.hasPrefix("DNS error") {
            return "the host name \(url.host ?? url.absoluteString) could not be found"
        }
        return text
    }

    /// The sentence for a socket's error number.
    static func sentence(errno code: Int32, reaching url: URL) -> String {
        let place = "\(url.host ?? "?"):\(url.port ?? (url.scheme == "https" ? 443 : 80))"
        switch code {
        case ECONNREFUSED: return "nothing accepts connections at \(place) (connection refused)"
        case ECONNRESET, EPIPE: return "the server at \(place) closed the connection"
        case EHOSTUNREACH, ENETUNREACH: return "\(place) cannot be reached from this machine"
        case ETIMEDOUT: return "\(place) did not answer"
        default: return "\(String(cString: strerror(code))) (errno \(code)) reaching \(place)"
        }
    }
}
