/// An app's data, as its screen sees it: what is at hand at once (bundled and saved), and a refresh from the network,
/// which the screen runs as an `Effect.run` when its rules ask (once as it appears, or on a schedule of the rules', as
/// the Mailbox's checks), its result sent back to them as an action.
public final class DataFeed<Snapshot: Sendable> {
    private let current: () -> Snapshot
    private let refresh: (@Sendable () async -> Snapshot)?
    /// Seconds between the end of one refresh and the start of the next (a mail server's new mail); `nil`: one refresh.
    public let refreshInterval: Double?

    /// - Parameters:
    ///   - current: what can be shown at once, without the network.
    ///   - refresh: one refresh from the network, or `nil` when there is nowhere to refresh from.
    ///   - refreshInterval: seconds from one refresh's arrival to the next's start, for a source that changes.
    public init(current: @escaping () -> Snapshot, refresh: (@Sendable () async -> Snapshot)?, refreshInterval: Double? = nil) {
        self.current = current
        self.refresh = refresh
        self.refreshInterval = refreshInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// What can be shown at once.
    public func initial() -> Snapshot { current() }

    /// The refresh as work to run (`Effect.run`), or `nil` when there is nowhere to refresh from.
    public var refreshWork: (@Sendable () async -> Snapshot)? { refresh }
}
