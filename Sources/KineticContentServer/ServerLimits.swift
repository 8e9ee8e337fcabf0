import Hummingbird
import HummingbirdCore
import KineticCore
import NIOCore

/// What one client may make the content server hold: the size of a request's head, how long a connection may stay
/// silent, and how many connections are open at once. A client past a limit is answered 400 (a head too large) or
/// closed (silent too long); past the connection cap, new connections wait in the kernel's queue until one closes,
/// so the server keeps answering the clients it has.
package struct ServerLimits: Sendable {
    /// The most bytes one header field may have.
    package var maximumHeaderFieldBytes = 16 * 1024
    /// The most bytes all header fields of a request may have together.
    package var maximumHeaderBytes = 32 * 1024
    /// The most header fields a request may have.
    package var maximumHeaderFields = 100
    /// Seconds a connection may send nothing (before its first request, or between requests) before it is closed.
    package var idleTimeout = 30.0
    /// Seconds a client has to send a whole request head, from when its connection opens or its last answer was
    /// written: a head trickled a byte at a time is cut off here.
    package var headDeadline = 10.0
    /// The most connections served at once.
    package var maximumConnections = 512

    /// The limits above: 16 KiB a header field, 32 KiB a head, 100 fields, 30 s idle, 10 s a head, 512 connections.
    package init() {}

    /// The HTTP/1.1 channel these limits make.
    var server: HTTPServerBuilder {
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(maxHeaderFieldSize: maximumHeaderFieldBytes,
                                                                      maxHeaderListSize: maximumHeaderBytes,
                                                                      maxHeaderFieldCount: maximumHeaderFields)
        let configuration = HTTP1Channel.Configuration(idleTimeout: .seconds(saturating: idleTimeout), httpDecoderConfiguration: decoder)
        return HTTPServerBuilder { responder in
            HTTP1ChannelClosingHTTP10(inner: HTTP1Channel(responder: responder, configuration: configuration), headSeconds: headDeadline)
        }
    }
}

extension TimeAmount {
    /// `seconds` as a NIO time amount. A limit set far past what Int64 nanoseconds hold (or NaN, taken as 0) is held
    /// inside that range, because `Int64(_:)` would stop the program.
    static func seconds(saturating seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(Int(saturating: seconds * 1e9, bound: 9_200_000_000_000_000_000)))
    }
}
