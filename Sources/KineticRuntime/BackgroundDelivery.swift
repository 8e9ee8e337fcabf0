import Foundation
import Synchronization

/// Runs one job off the simulation thread and hands its result over at a step, so a screen's state only ever
/// changes inside a step.
///
/// The job counts in the stage's `BackgroundWork` while it runs (a scenario waits for it, which keeps runs
/// deterministic); its result waits here until the screen's next `take()`.
public final class BackgroundDelivery<Value: Sendable>: Sendable {
    /// The result, from the job's task until the step that takes it.
    private let arrived = Mutex<Value?>(nil)

    /// A delivery with nothing under way; `start(counting:_:)` runs a job.
    public init() {}

    /// Starts `job` on a background task, counted in `work` until its result is ready to take.
    public func start(counting work: BackgroundWork?, _ job: @escaping @Sendable () async -> Value) {
        work?.start()
        Task.detached { [weak self] in
            let value = await job()
            self?.arrived.withLock { $0 = value }
            work?.finish()
        }
    }

    /// The result, once, when it has arrived.
    public func take() -> Value? {
        arrived.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
    }
}
