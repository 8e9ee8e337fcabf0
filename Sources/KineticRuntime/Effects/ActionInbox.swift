import Foundation

/// Where actions sent back by asynchronous work wait for the stage's thread: posted from any thread, applied by the
/// stage at the start of its next step, in the order they were posted, whichever store they belong to.
///
/// It is the engine's one hand-over between threads: an app never keeps a queue of its own, it returns an
/// `Effect.run` and receives actions. A window is woken when something arrives (`wakeOnArrival`), and a stage with
/// something waiting here is not at rest.
///
/// Unchecked Sendable: `waiting` and `onArrival` are read and written holding `lock`; the closures posted are run only
/// on the stage's thread (`deliver()`).
public final class ActionInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [() -> Void] = []
    private var onArrival: (@Sendable () -> Void)?

    /// An empty inbox.
    public init() {}

    /// Posts `apply`, to run on the stage's thread at its next step; from any thread.
    public func post(_ apply: @escaping () -> Void) {
        let wake = lock.withLock {
            waiting.append(apply)
            return onArrival
        }
        wake?()
    }

    /// Calls `handler`, on the posting thread, each time something arrives: a window resting until input wakes to
    /// apply it.
    public func wakeOnArrival(_ handler: (@Sendable () -> Void)?) {
        lock.withLock { onArrival = handler }
    }

    /// Whether nothing waits.
    public var isEmpty: Bool { lock.withLock { waiting.isEmpty } }

    /// On the stage's thread: applies everything posted so far, in order, and what those post meanwhile; returns how
    /// many were applied.
    @discardableResult
    public func deliver() -> Int {
        var delivered = 0
        while true {
            let batch: [() -> Void] = lock.withLock {
                defer { waiting.removeAll() }
                return waiting
            }
            if batch.isEmpty { return delivered }
            for apply in batch { apply() }
            delivered += batch.count
        }
    }
}

/// What a store's effects run on: the stage's inbox, its clock and its count of work under way. A test makes one of
/// its own and moves its clock by hand.
public struct EffectHost: Sendable {
    /// Where actions sent back wait for the stage's thread.
    public let inbox: ActionInbox
    /// The clock timers and waits are on.
    public let timers: StageTimers
    /// Counts runs under way, so a scenario waits for them; `nil` counts nothing.
    public let work: BackgroundWork?

    /// A host over `inbox`, `timers` and `work`.
    public init(inbox: ActionInbox, timers: StageTimers, work: BackgroundWork?) {
        self.inbox = inbox
        self.timers = timers
        self.work = work
    }
}
