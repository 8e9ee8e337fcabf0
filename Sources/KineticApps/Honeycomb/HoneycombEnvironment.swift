import Foundation
import KineticCore
import KineticPlatform

/// What the Honeycomb does to the world outside its rules and its layers: opening a Learn More link and the log.
/// Injected, so tests record what was opened; the network comes in through the `HoneycombFeed`.
public struct HoneycombEnvironment {
    /// Hands a Learn More link on (a window gives it to the person's browser); throws, saying why, when no browser
    /// took it, so the rules can tell the person and copy the link instead.
    public var openLink: (String) throws -> Void
    /// Writes one line to the log.
    public var log: (String) -> Void

    /// An environment from plain closures: tests record the links opened and the lines logged.
    public init(openLink: @escaping (String) throws -> Void, log: @escaping (String) -> Void) {
        self.openLink = openLink
        self.log = log
    }

    /// Links written to `log` (no browser is opened), and `log` itself.
    public static func logging(to log: @escaping (String) -> Void) -> HoneycombEnvironment {
        HoneycombEnvironment(openLink: { log("Learn More: \($0)") }, log: log)
    }

    /// Links handed to `open` once the one address check accepts them (http or https with a host); anything else
    /// is refused with a line in `log` naming it.
    public static func opening(with open: @escaping (URL) throws -> Void, log: @escaping (String) -> Void) -> HoneycombEnvironment {
        HoneycombEnvironment(openLink: { link in
            switch WebAddress.http(link) {
            case .success(let url): try open(url)
            case .failure(let refusal): log("honeycomb: Learn More: \(refusal); not opened")
            }
        }, log: log)
    }
}
