/// An app's data, as its screen sees it: what is at hand at once (bundled and saved), and a refresh that runs in
/// the background. A screen either starts one refresh handed over at a step (`startRefresh`, `take`), or runs
/// `refreshWork` as an `Effect.run` on a schedule of its rules (the Mailbox's checks, `ServerSyncRules`).
public final class DataFeed<Snapshot: Sendable> {
    private let current: () -> Snapshot
    private let refresh: (@Sendable () async -> Snapshot)?
    private let delivery = BackgroundDelivery<Snapshot>()
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

    /// Starts the refresh, if there is one, counted in `work`.
    public func startRefresh(counting work: BackgroundWork? = nil) {
        guard let refresh else { return }
        delivery.start(counting: work, refresh)
    }

    /// The refresh's result, once, when it has arrived.
    public func take() -> Snapshot? { delivery.take() }
}
