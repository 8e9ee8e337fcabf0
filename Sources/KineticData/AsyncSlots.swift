import Synchronization

/// At most `count` holders at once, the rest waiting their turn in order; a waiter whose task is cancelled gives up
/// its place at once. Bounds how many image checks (each a child process on a core) run together.
public final class AsyncSlots: Sendable {
    private struct State {
        var free: Int
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID: UInt64 = 0
    }
    private let state: Mutex<State>

    /// `count` slots (at least one).
    public init(_ count: Int) {
        state = Mutex(State(free: max(count, 1)))
    }

    /// Waits for a slot: true once one is held (give it back with `release()`), false when the task was cancelled
    /// first (then none is held).
    public func acquire() async -> Bool {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // Cancellation sets the flag before its handler takes the lock, so a waiter is either seen cancelled
                // here or found in the queue by the handler: none waits for ever.
                let now = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if state.free > 0 {
                        state.free -= 1
                        return true
                    }
                    state.waiting.append((id, continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let given = state.withLock { state in
                state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).continuation }
            }
            given?.resume(returning: false)
        }
    }

    /// Gives a slot back: to the longest waiter, else to the pool.
    public func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
