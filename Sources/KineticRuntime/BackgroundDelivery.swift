import Foundation

/// Runs one job off the simulation thread and hands its result over at a step, so a screen's state only ever
/// changes inside a step.
///
/// The job counts in the stage's `BackgroundWork` while it runs (a scenario waits for it, which keeps runs
/// deterministic); its result waits here until the screen's next `take()`.
public final class BackgroundDelivery<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived: Value?

    public init() {}

    /// Starts `job` on a background task, counted in `work` until its result is ready to take.
    public func start(counting work: BackgroundWork?, _ job: @escaping @Sendable () async -> Value) {
        work?.start()
        Task.detached { [weak self] in
            let value = await job()
            self?.lock.withLock { self?.arrived = value }
            work?.finish()
        }
    }

    /// The result, once, when it has arrived.
    public func take() -> Value? {
        lock.withLock {
            defer { arrived = nil }
            return arrived
        }
    }
}
