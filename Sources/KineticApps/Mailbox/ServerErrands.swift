import Foundation

/// The mail server's errands (filing, keeping drafts), done one at a time in the order the person's actions asked for them,
/// off the stage's thread: an archive and its undo reach the server as archive, then undo, however long the first
/// waits for a server that is away.
final class ServerErrands: @unchecked Sendable {
    /// One errand: it carries out its work and says its own failure.
    typealias Errand = @Sendable () async -> Void

    private let lock = NSLock()
    /// The errands not yet begun, oldest first; guarded by `lock`.
    private var waiting: [Errand] = []
    /// Whether a task is working through `waiting`; guarded by `lock`.
    private var working = false
    /// The task working through them; guarded by `lock`.
    private var worker: Task<Void, Never>?

    /// Adds `errand` after every errand added before it; it begins when they have ended.
    func add(_ errand: @escaping Errand) {
        lock.lock()
        waiting.append(errand)
        let begin = !working
        working = true
        lock.unlock()
        guard begin else { return }
        let task = Task.detached { await self.workThrough() }
        lock.withLock { worker = task }
    }

    /// Stops: the errand under way is cancelled (a wait for the server ends), and those waiting are dropped. For work
    /// that is kept elsewhere too (the filings, in the outbox file), so that a second queue never races this one.
    func cancel() {
        lock.lock()
        waiting.removeAll()
        let task = worker
        lock.unlock()
        task?.cancel()
    }

    /// Does the errands in order until none is waiting.
    private func workThrough() async {
        while let errand = next() { await errand() }
    }

    /// The oldest waiting errand, taken; `nil` (and no longer working) when there is none.
    private func next() -> Errand? {
        lock.lock()
        defer { lock.unlock() }
        guard !waiting.isEmpty else {
            working = false
            return nil
        }
        return waiting.removeFirst()
    }
}
