import Foundation
import KineticCore
import KineticPlatform

/// What the Honeycomb does to the world outside its rules and its layers: opening a Learn More link and the log.
/// Injected, so tests record what was opened; the network comes in through the `HoneycombFeed`.
public struct HoneycombEnvironment {
    /// Hands a Learn More link on (a window gives it to the person's browser) and returns once the program that took
    /// it said it did; throws, saying why, when none did (`LinkNotOpened`: the rules tell the person and copy the
    /// link instead) or when the link is no web address (`LinkRefused`: only logged). Asynchronous: a desktop's
    /// opener is judged by its exit status, which takes a moment, and the window does not wait for it.
    public var openLink: @Sendable (String) async throws -> Void
    /// Writes one line to the log.
    public var log: (String) -> Void

    /// An environment from plain closures: tests record the links opened and the lines logged.
    public init(openLink: @escaping @Sendable (String) async throws -> Void, log: @escaping (String) -> Void) {
        self.openLink = openLink
        self.log = log
    }

    /// Links written to `log` (no browser is opened), and `log` itself.
    public static func logging(to log: @escaping @Sendable (String) -> Void) -> HoneycombEnvironment {
        HoneycombEnvironment(openLink: { log("Learn More: \($0)") }, log: log)
    }

    /// Links handed to `open` once the one address check accepts them (http or https with a host); anything else
    /// is refused (`LinkRefused`, naming it) and never reaches `open`.
    public static func opening(with open: @escaping @Sendable (URL) async throws -> Void, log: @escaping (String) -> Void) -> HoneycombEnvironment {
        HoneycombEnvironment(openLink: { link in
            switch WebAddress.http(link) {
            case .success(let url): try await open(url)
            case .failure(let refusal): throw LinkRefused(reason: "\(refusal)")
            }
        }, log: log)
    }
}

/// A Learn More link that is no web address (`javascript:`, `file:`, a port out of range): never handed to a browser
/// nor copied; `reason` names it, for the log.
public struct LinkRefused: Error, CustomStringConvertible {
    /// What was wrong with the link.
    public var reason: String
    /// The reason, as the log says it.
    public var description: String { reason }
}
