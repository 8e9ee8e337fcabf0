/// What an action's rules ask of the world beyond their state, in the form the store carries out: another action at
/// once, asynchronous work that sends actions back (`run`), an action after a wait on the stage's clock (`after`), or
/// the end of work started earlier (`cancel`).
///
/// Rules stay pure: they return effects as values of their own (`MailboxEffect.submit(…)`) that tests compare, and
/// the screen's interpreter turns each into one of these, where the world (a server, a file) is reached. Whatever
/// comes back, comes back as an action, applied on the stage's thread at its next step, in the order it was sent
/// (`ActionInbox`), so a screen's state only ever changes through its rules and only inside a step.
///
/// Modelled on The Composable Architecture's `Effect.run { send in … }`, with the stage's clock in place of a
/// dependency: a wait is a wait in the stage's time (the wall clock in a window, the scenario's steps headless, a
/// clock moved by hand in tests), never a `Task.sleep`.
public struct Effect<Action: Sendable>: Sendable {
    /// One thing to carry out.
    enum Operation: Sendable {
        case send(Action)
        case run(id: EffectID?, counted: Bool, body: @Sendable (Send<Action>, EffectClock) async -> Void)
        case after(seconds: Double, id: EffectID?, action: Action)
        case cancel(EffectID)
    }

    /// What to carry out, in order.
    let operations: [Operation]

    /// Nothing.
    public static var none: Effect { Effect(operations: []) }

    /// Whether there is nothing to carry out.
    public var isNone: Bool { operations.isEmpty }

    /// `action`, applied right after the action being applied (before any other action arrives).
    public static func send(_ action: Action) -> Effect { Effect(operations: [.send(action)]) }

    /// Asynchronous work off the stage's thread that sends actions back with `send`. With an `id`, work still
    /// running under the same id is cancelled first (a search typed again replaces the last), and `cancel(id)` ends it.
    /// Every run ends when its store ends (its screen left the stage); what a cancelled run sends is dropped.
    ///
    /// The work counts in the stage's `BackgroundWork` while it runs (a scenario waits for it, so a replay gives the
    /// same frames), but not while it waits on the clock.
    public static func run(id: EffectID? = nil, _ body: @escaping @Sendable (_ send: Send<Action>) async -> Void) -> Effect {
        Effect(operations: [.run(id: id, counted: true, body: { send, _ in await body(send) })])
    }

    /// As `run(id:_:)`, for work that waits on the stage's clock between its steps (`EffectClock.sleep(for:)`).
    public static func run(id: EffectID? = nil, _ body: @escaping @Sendable (_ send: Send<Action>, _ clock: EffectClock) async -> Void) -> Effect {
        Effect(operations: [.run(id: id, counted: true, body: body)])
    }

    /// Asynchronous work that listens for what the world says (a server's word of new mail) for as long as its store
    /// lives, sending an action each time: a `run` that is not counted as work in progress, since it never ends by
    /// itself. A scenario does not wait for it, and a window with nothing else to do rests while it listens. What it
    /// sends starts counted work of its own (a check), which is waited for.
    public static func listen(id: EffectID? = nil, _ body: @escaping @Sendable (_ send: Send<Action>) async -> Void) -> Effect {
        Effect(operations: [.run(id: id, counted: false, body: { send, _ in await body(send) })])
    }

    /// `action`, `seconds` from now on the stage's clock: a timer. With an `id`, a timer already set under it is
    /// replaced, and `cancel(id)` stops it. In a window a timer that comes due wakes the window from its rest.
    public static func after(_ seconds: Double, send action: Action, id: EffectID? = nil) -> Effect {
        Effect(operations: [.after(seconds: seconds.isFinite ? max(seconds, 0) : 0, id: id, action: action)])
    }

    /// Ends the work and the timer running under `id`, if any.
    public static func cancel(_ id: EffectID) -> Effect { Effect(operations: [.cancel(id)]) }

    /// All of `effects`, in order.
    public static func merge(_ effects: [Effect]) -> Effect { Effect(operations: effects.flatMap(\.operations)) }

    /// All of `effects`, in order.
    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

    /// The same effect for a parent feature: each action it sends becomes the parent's (`MailboxAction.sync`), as a
    /// child feature's effects are lifted into its parent's store.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        Effect<Parent>(operations: operations.map { operation in
            switch operation {
            case .send(let action): return .send(transform(action))
            case .run(let id, let counted, let body):
                return .run(id: id, counted: counted, body: { send, clock in await body(Send { send(transform($0)) }, clock) })
            case .after(let seconds, let id, let action): return .after(seconds: seconds, id: id, action: transform(action))
            case .cancel(let id): return .cancel(id)
            }
        })
    }
}

/// The name of a run or a timer, for replacing and cancelling it: any hashable value of the feature's own (an enum
/// case such as `SyncTimer.nextCheck`), never a string made up at the call.
public struct EffectID: Hashable, @unchecked Sendable {
    // Unchecked: the wrapped value is required to be Sendable by the only initialiser.
    private let value: AnyHashable

    /// The id `value`, equal to every id made from an equal value of the same type.
    public init<Value: Hashable & Sendable>(_ value: Value) {
        self.value = AnyHashable(value)
    }
}

/// Sends actions from asynchronous work back to its store: each is applied on the stage's thread at its next step,
/// in the order sent. A run that was cancelled sends nothing more.
public struct Send<Action: Sendable>: Sendable {
    private let deliver: @Sendable (Action) -> Void

    /// A sender that hands each action to `deliver`.
    public init(_ deliver: @escaping @Sendable (Action) -> Void) {
        self.deliver = deliver
    }

    /// Sends `action`, unless the work sending it was cancelled.
    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        deliver(action)
    }
}
