/// An app's data, as its screen sees it: what is at hand at once (bundled and saved), and one refresh that runs in
/// the background (counted in the stage's `BackgroundWork`) and is handed over at a step.
public final class DataFeed<Snapshot: Sendable> {
    private let current: () -> Snapshot
    private let refresh: (@Sendable () async -> Snapshot)?
    private let delivery = BackgroundDelivery<Snapshot>()
    /// Seconds between the end of one refresh and the start of the next (a mail server's new mail); `nil`: one refresh.
    public let refreshInterval: Double?
    /// When the next refresh starts, in stage time, once the last one has been taken.
    private var nextRefresh: Double?

    /// - Parameters:
    ///   - current: what can be shown at once, without the network.
    ///   - refresh: one refresh from the network, or `nil` when there is nowhere to refresh from.
    ///   - refreshInterval: seconds from one refresh's arrival to the next's start, for a source that changes.
    public init(current: @escaping () -> Snapshot, refresh: (@Sendable () async -> Snapshot)?, refreshInterval: Double? = nil) {
        self.current = current
        self.refresh = refresh
        self.refreshInterval = refreshInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// At a step: starts the next refresh when its time has come (`refreshInterval` after the last one arrived).
    public func refreshIfDue(now: Double, counting work: BackgroundWork? = nil) {
        guard let due = nextRefresh, now >= due else { return }
        nextRefresh = nil
        startRefresh(counting: work)
    }

    /// Marks that a refresh arrived at `now`: the next one is due `refreshInterval` later.
    public func refreshArrived(now: Double) {
        if let refreshInterval { nextRefresh = now + refreshInterval }
    }

    /// What can be shown at once.
    public func initial() -> Snapshot { current() }

    /// Starts the refresh, if there is one, counted in `work`.
    public func startRefresh(counting work: BackgroundWork? = nil) {
        guard let refresh else { return }
        delivery.start(counting: work, refresh)
    }

    /// The refresh's result, once, when it has arrived.
    public func take() -> Snapshot? { delivery.take() }
}
