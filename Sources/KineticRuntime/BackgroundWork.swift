import Foundation

/// Counts the work a screen has running off the simulation thread (downloads, disk reads), so that a scenario
/// can wait for it and stay deterministic.
///
/// In a window, results arrive whenever the network delivers them and the screen picks them up at its next
/// step. A scenario must give the same frames on every run, so the runner calls `waitUntilIdle(timeout:)` before
/// each step: whatever was started has then arrived at the same step every time. Waiting blocks on a condition
/// variable, so it costs no CPU.
///
/// Unchecked Sendable: `running` and `finishHandler` are read and written only while holding `condition`.
public final class BackgroundWork: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0
    private var finishHandler: (@Sendable () -> Void)?

    /// A counter with no job running.
    public init() {}

    /// Jobs started and not yet finished.
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Marks the start of one job; call `finish()` exactly once when it is done.
    public func start() {
        condition.lock()
        running += 1
        condition.unlock()
    }

    /// Marks the end of one job.
    public func finish() {
        condition.lock()
        running = max(running - 1, 0)
        condition.broadcast()
        let handler = finishHandler
        condition.unlock()
        handler?()
    }

    /// Called, on the worker's thread, each time a job finishes: a window resting until input arrives wakes up
    /// to pick the result up at its next step.
    public func onFinish(_ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        finishHandler = handler
        condition.unlock()
    }

    /// Blocks until no job runs, or `timeout` seconds pass; returns whether everything finished.
    @discardableResult
    public func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while running > 0 {
            if !condition.wait(until: deadline) { return running == 0 }
        }
        return true
    }
}
