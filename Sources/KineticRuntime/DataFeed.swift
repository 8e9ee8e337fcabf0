import Synchronization

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
    /// Raised from any thread when the source says it changed (a mail server's IDLE).
    public let changeSignal = ChangeSignal()
    /// A watch of the source that lives as long as the feed (`watch(_:)`).
    private var watcher: Task<Void, Never>?

    /// - Parameters:
    ///   - current: what can be shown at once, without the network.
    ///   - refresh: one refresh from the network, or `nil` when there is nowhere to refresh from.
    ///   - refreshInterval: seconds from one refresh's arrival to the next's start, for a source that changes.
    public init(current: @escaping () -> Snapshot, refresh: (@Sendable () async -> Snapshot)?, refreshInterval: Double? = nil) {
        self.current = current
        self.refresh = refresh
        self.refreshInterval = refreshInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    deinit { watcher?.cancel() }

    /// Runs `watch` in the background for as long as the feed lives (cancelled with it); it raises `changeSignal` when
    /// the source changes.
    public func watch(_ watch: @escaping @Sendable (ChangeSignal) async -> Void) {
        let signal = changeSignal
        watcher?.cancel()
        watcher = Task.detached { await watch(signal) }
    }

    /// At a step: starts the next refresh when its time has come (`refreshInterval` after the last one arrived), or
    /// at once when the source said it changed since.
    public func refreshIfDue(now: Double, counting work: BackgroundWork? = nil) {
        guard let due = nextRefresh, now >= due || changeSignal.take() else { return }
        nextRefresh = nil
        startRefresh(counting: work)
    }

    /// Marks that a refresh arrived at `now`: the next one is due `refreshInterval` later.
    public func refreshArrived(now: Double) {
        if let refreshInterval { nextRefresh = now + refreshInterval }
    }

    /// What can be shown at once.
    public func initial() -> Snapshot { current() }

    /// The refresh as work to run (`Effect.run`), or `nil` when there is nowhere to refresh from.
    public var refreshWork: (@Sendable () async -> Snapshot)? { refresh }

    /// How many refreshes have started: the one whose result arrives next is the last of them (one runs at a time).
    public private(set) var refreshesStarted = 0

    /// Starts the refresh, if there is one, counted in `work`.
    public func startRefresh(counting work: BackgroundWork? = nil) {
        guard let refresh else { return }
        refreshesStarted += 1
        delivery.start(counting: work, refresh)
    }

    /// The refresh's result, once, when it has arrived.
    public func take() -> Snapshot? { delivery.take() }
}

/// A source's word that it changed, from the thread that heard it to the step that refreshes.
public final class ChangeSignal: Sendable {
    private let raised = Mutex(false)

    /// A signal not raised.
    public init() {}

    /// The source changed.
    public func raise() { raised.withLock { $0 = true } }

    /// Whether it was raised since the last take; lowered again.
    func take() -> Bool {
        raised.withLock { flag in
            defer { flag = false }
            return flag
        }
    }
}
