/// An app's data, as its screen sees it: what is at hand at once (bundled and saved), and one refresh that runs in
/// the background (counted in the stage's `BackgroundWork`) and is handed over at a step.
public final class DataFeed<Snapshot: Sendable> {
    private let current: () -> Snapshot
    private let refresh: (@Sendable () async -> Snapshot)?
    private let delivery = BackgroundDelivery<Snapshot>()

    /// - Parameters:
    ///   - current: what can be shown at once, without the network.
    ///   - refresh: one refresh from the network, or `nil` when there is nowhere to refresh from.
    public init(current: @escaping () -> Snapshot, refresh: (@Sendable () async -> Snapshot)?) {
        self.current = current
        self.refresh = refresh
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
