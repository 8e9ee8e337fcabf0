import KineticPlatform

/// What the Honeycomb does to the world outside its rules and its layers: opening a Learn More link and the log.
/// Injected, so tests record what was opened; the network comes in through the `HoneycombFeed`.
public struct HoneycombEnvironment {
    /// Hands a Learn More link on (a window would give it to the person's browser).
    public var openLink: (String) -> Void
    /// Writes one line to the log.
    public var log: (String) -> Void

    public init(openLink: @escaping (String) -> Void, log: @escaping (String) -> Void) {
        self.openLink = openLink
        self.log = log
    }

    /// Links written to `log` (no browser is opened yet), and `log` itself.
    public static func logging(to log: @escaping (String) -> Void) -> HoneycombEnvironment {
        HoneycombEnvironment(openLink: { log("Learn More: \($0)") }, log: log)
    }
}
