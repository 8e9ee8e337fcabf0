import Foundation

/// The stage's clock for work that outlives a frame: timers, deadlines, retries and refresh schedules.
///
/// Its time moves only when its owner says (`advance(to:)`), and every timer due by then fires, earliest first, on
/// the owner's thread. Who the owner is decides what time means: a window moves it by the wall clock at every turn of
/// its loop, so a timer comes due while the window rests and wakes it (`secondsUntilNextDue`); headless, the stage
/// moves it at each fixed step, so a scenario's timers fire at the same step on every replay; a test moves it by
/// hand. A timer not yet due costs nothing: a window with no timer due sleeps.
///
/// Unchecked Sendable: everything mutable is read and written holding `lock`.
public final class StageTimers: @unchecked Sendable {
    private let lock = NSLock()
    /// The clock's time, in seconds.
    private var current: Double
    /// Timers not yet fired, by token.
    private var waiting: [Int: Waiting] = [:]
    private var nextToken = 0

    private struct Waiting {
        var due: Double
        var fire: @Sendable () -> Void
    }

    /// A clock at `start` seconds with no timer set.
    public init(start: Double = 0) {
        current = start
    }

    /// The clock's time now, in seconds.
    public var now: Double { lock.withLock { current } }

    /// Calls `fire` once the clock reaches `due` (at once, at the next `advance`, if it has already); returns a token
    /// for `cancel(_:)`.
    @discardableResult
    public func schedule(at due: Double, _ fire: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            waiting[nextToken] = Waiting(due: due.isNaN ? current : due, fire: fire)
            return nextToken
        }
    }

    /// Calls `fire` `seconds` from now; returns a token for `cancel(_:)`.
    @discardableResult
    public func schedule(after seconds: Double, _ fire: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            waiting[nextToken] = Waiting(due: current + (seconds.isFinite ? max(seconds, 0) : 0), fire: fire)
            return nextToken
        }
    }

    /// Stops the timer `token`; returns whether it had not fired yet.
    @discardableResult
    public func cancel(_ token: Int) -> Bool {
        lock.withLock { waiting.removeValue(forKey: token) != nil }
    }

    /// Moves the clock to `time` (never back) and fires every timer due by then, earliest first (in the order they
    /// were set when due together), on the caller's thread; returns how many fired. A timer set by one that fires,
    /// due by `time` too, fires in the same call.
    @discardableResult
    public func advance(to time: Double) -> Int {
        var fired = 0
        while true {
            let next: Waiting? = lock.withLock {
                if time.isFinite, time > current { current = time }
                guard let (token, timer) = waiting.filter({ $0.value.due <= current })
                    .min(by: { ($0.value.due, $0.key) < ($1.value.due, $1.key) }) else { return nil }
                waiting[token] = nil
                return timer
            }
            guard let next else { return fired }
            next.fire()
            fired += 1
        }
    }

    /// Moves the clock `seconds` on (a test's hand on the clock); returns how many timers fired.
    @discardableResult
    public func advance(by seconds: Double) -> Int { advance(to: now + seconds) }

    /// When the earliest timer is due, if any is set.
    public var nextDue: Double? { lock.withLock { waiting.values.map(\.due).min() } }

    /// Seconds until the earliest timer is due (0 when one is due now), or `nil` with none set: how long a resting
    /// window may sleep.
    public var secondsUntilNextDue: Double? {
        lock.withLock { waiting.values.map(\.due).min().map { max($0 - current, 0) } }
    }

    /// How many timers are set and not yet fired.
    public var count: Int { lock.withLock { waiting.count } }
}

/// The stage's clock as asynchronous work sees it (`Effect.run { send, clock in … }`): its time, and waits in it.
///
/// A wait is not work in progress: while a run waits here it does not count in the stage's `BackgroundWork`, so a
/// scenario does not wait for it, and it comes back when the stage's clock reaches its end.
public struct EffectClock: Sendable {
    let timers: StageTimers
    let work: BackgroundWork?

    /// A clock over `timers`, whose waits are taken out of `work` while they last.
    public init(timers: StageTimers, work: BackgroundWork?) {
        self.timers = timers
        self.work = work
    }

    /// The clock's time now, in seconds.
    public var now: Double { timers.now }

    /// Waits until the clock has moved `seconds` on. Throws `CancellationError` when the run is cancelled meanwhile.
    public func sleep(for seconds: Double) async throws {
        try Task.checkCancellation()
        let wake = WakeOnce()
        let timers = self.timers, work = self.work
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                guard wake.hold(continuation) else { return }
                let token = timers.schedule(after: seconds) {
                    // Counted again before it goes on, so a scenario's step waits for what it does next.
                    wake.resume(with: .success(())) { work?.start() }
                }
                wake.setToken(token, timers: timers)
                // Only now out of the work in progress: whoever waits for the stage to settle finds the wait's timer
                // already set. (A timer that fired meanwhile counted the run again first; the count comes out even.)
                work?.finish()
            }
        } onCancel: {
            wake.resume(with: .failure(CancellationError())) { work?.start() }
        }
    }
}

/// One wait's continuation, resumed once, whichever comes first: the timer or the cancellation.
private final class WakeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Error>?
    private var cancelledBeforeHold = false
    private var token: Int?
    private weak var timers: StageTimers?

    /// Keeps `continuation`; false (and resumed with cancellation) when the wait was cancelled before it began.
    func hold(_ continuation: CheckedContinuation<Void, Error>) -> Bool {
        lock.lock()
        if cancelledBeforeHold {
            lock.unlock()
            continuation.resume(throwing: CancellationError())
            return false
        }
        self.continuation = continuation
        lock.unlock()
        return true
    }

    /// Keeps the wait's timer, so a cancellation can stop it; stops it at once when the wait was cancelled before.
    func setToken(_ token: Int, timers: StageTimers) {
        let endedAlready = lock.withLock {
            self.token = token
            self.timers = timers
            return continuation == nil
        }
        if endedAlready { timers.cancel(token) }
    }

    /// Ends the wait with `result`, calling `beforeResume` first, when the wait is still on (the timer and the
    /// cancellation may both try; only the first does anything).
    func resume(with result: Result<Void, Error>, beforeResume: () -> Void) {
        lock.lock()
        guard let continuation else {
            if case .failure = result { cancelledBeforeHold = true }
            lock.unlock()
            return
        }
        self.continuation = nil
        let token = self.token, timers = self.timers
        lock.unlock()
        if case .failure = result, let token { timers?.cancel(token) }
        beforeResume()
        continuation.resume(with: result)
    }
}
