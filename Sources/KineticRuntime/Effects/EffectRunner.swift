import Foundation

/// Carries out one store's effects on its host: starts runs, sets timers, cancels by id, and ends everything when the
/// store ends (its screen left the stage). Actions come back through the host's inbox to `apply`.
///
/// Effects asked for before the store has a host (a screen's store acts before the screen is on a stage) wait and
/// start when `attach(to:)` gives it one.
public final class EffectRunner<Action: Sendable> {
    /// Applies an action that came back (the store's `send`), on the stage's thread.
    var apply: (Action) -> Void = { _ in }
    private var host: EffectHost?
    private var waitingForHost: [Effect<Action>.Operation] = []
    private let tasks = RunningTasks()
    /// Timers set by id, with their tokens; only touched on the stage's thread.
    private var timers: [EffectID: Int] = [:]
    /// Timers set without an id, by token, so `end()` stops them too.
    private var anonymousTimers: Set<Int> = []
    private let lifetime = Lifetime()

    /// A runner with no host yet.
    public init() {}

    /// Whether the runner was ended: nothing it runs or sets sends anything from now on.
    public var isEnded: Bool { lifetime.ended }

    /// Runs effects on `host` from now on, starting those that waited for one.
    public func attach(to host: EffectHost) {
        guard !lifetime.ended else { return }
        self.host = host
        let waiting = waitingForHost
        waitingForHost = []
        for operation in waiting { carryOut(operation, on: host) }
    }

    /// Carries out every operation of `effect` but `send` (the store applies those itself, at once).
    func run(_ operations: [Effect<Action>.Operation]) {
        guard !lifetime.ended else { return }
        for operation in operations {
            guard let host else {
                waitingForHost.append(operation)
                continue
            }
            carryOut(operation, on: host)
        }
    }

    private func carryOut(_ operation: Effect<Action>.Operation, on host: EffectHost) {
        switch operation {
        case .send: break
        case .run(let id, let counted, let body):
            let post = poster(on: host)
            let send = Send<Action> { action in post(action) }
            let work = counted ? host.work : nil
            tasks.start(id: id, work: work) { await body(send, EffectClock(timers: host.timers, work: work)) }
        case .after(let seconds, let id, let action):
            if let id, let old = timers.removeValue(forKey: id) { host.timers.cancel(old) }
            let post = poster(on: host)
            let box = TokenBox()
            let forget = UncheckedApply<Int?>(apply: { [weak self] token in self?.forgetTimer(id: id, token: token) })
            let token = host.timers.schedule(after: seconds) {
                post(action)
                // The timer is spent: forgotten on the stage's thread, unless another took its id meanwhile.
                host.inbox.post { forget.apply(box.token) }
            }
            box.token = token
            if let id { timers[id] = token } else { anonymousTimers.insert(token) }
        case .cancel(let id):
            tasks.cancel(id)
            if let token = timers.removeValue(forKey: id) { host.timers.cancel(token) }
        }
    }

    /// How actions reach the store: through the inbox, dropped once the runner has ended.
    private func poster(on host: EffectHost) -> @Sendable (Action) -> Void {
        let lifetime = self.lifetime
        let apply = UncheckedApply(apply: { [weak self] action in self?.apply(action) })
        return { action in
            host.inbox.post {
                guard !lifetime.ended else { return }
                apply.apply(action)
            }
        }
    }

    private func forgetTimer(id: EffectID?, token: Int?) {
        guard let token else { return }
        if let id, timers[id] == token { timers[id] = nil }
        anonymousTimers.remove(token)
    }

    /// Ends everything: runs cancelled, timers stopped, and whatever they still send dropped. For when the store's
    /// screen leaves the stage.
    public func end() {
        lifetime.ended = true
        tasks.cancelAll()
        if let host {
            for token in timers.values { host.timers.cancel(token) }
            for token in anonymousTimers { host.timers.cancel(token) }
        }
        timers = [:]
        anonymousTimers = []
        waitingForHost = []
    }

    deinit { tasks.cancelAll() }

    /// How many runs are under way (for tests and the debug overlay).
    public var runningCount: Int { tasks.count }

    /// Whether a run or a timer is under way with `id`.
    public func isRunning(_ id: EffectID) -> Bool { tasks.contains(id) || timers[id] != nil }
}

/// The store's `apply`, carried to the inbox's closures, which run only on the stage's thread.
private struct UncheckedApply<Action>: @unchecked Sendable {
    let apply: (Action) -> Void
}

/// Whether a runner has ended; read and written only on the stage's thread.
private final class Lifetime: @unchecked Sendable {
    var ended = false
}

/// A timer's token, known once it is set.
private final class TokenBox: @unchecked Sendable {
    var token: Int?
}

/// The runs under way, by id (or a number of their own), each counted in the host's work while it runs.
///
/// Unchecked Sendable: `running` and `serial` are read and written holding `lock`.
private final class RunningTasks: @unchecked Sendable {
    private enum Key: Hashable {
        case named(EffectID)
        case anonymous(Int)
    }

    private let lock = NSLock()
    private var running: [Key: (serial: Int, task: Task<Void, Never>)] = [:]
    private var serial = 0

    var count: Int { lock.withLock { running.count } }

    func contains(_ id: EffectID) -> Bool { lock.withLock { running[.named(id)] != nil } }

    /// Starts `body` under `id`, cancelling what ran under it.
    func start(id: EffectID?, work: BackgroundWork?, _ body: @escaping @Sendable () async -> Void) {
        work?.start()
        // Recorded under the lock the run's end takes too: one that ends at once is forgotten after it was recorded.
        lock.lock()
        serial += 1
        let mine = serial
        let key = id.map(Key.named) ?? .anonymous(mine)
        let replaced = running[key]?.task
        let task = Task.detached { [weak self] in
            await body()
            self?.finished(key, serial: mine)
            work?.finish()
        }
        running[key] = (mine, task)
        lock.unlock()
        replaced?.cancel()
    }

    private func finished(_ key: Key, serial: Int) {
        lock.withLock {
            if running[key]?.serial == serial { running[key] = nil }
        }
    }

    func cancel(_ id: EffectID) {
        let task = lock.withLock { running.removeValue(forKey: .named(id))?.task }
        task?.cancel()
    }

    func cancelAll() {
        let all = lock.withLock {
            defer { running.removeAll() }
            return running.values.map(\.task)
        }
        for task in all { task.cancel() }
    }
}
