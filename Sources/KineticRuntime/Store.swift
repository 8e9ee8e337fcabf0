/// An app's rules: a pure function that changes the state for an action and names the effects to carry out. It
/// knows nothing of layers, disks or clocks, so it is tested alone (`KineticAppsTests`).
public protocol AppRules {
    associatedtype State: Equatable
    associatedtype Action
    associatedtype Effect
    static func reduce(_ state: inout State, _ action: Action) -> [Effect]
}

/// What sending one action did.
public struct Reduction<State, Effect> {
    /// The state before the action.
    public let before: State
    /// The effects the rules asked for, in order, already carried out.
    public let effects: [Effect]
    /// Whether the state is different now.
    public let stateChanged: Bool

    /// Whether the action did anything at all: a key the rules have no use for does nothing, and goes on to the
    /// shell.
    public var didSomething: Bool { stateChanged || !effects.isEmpty }
}

/// Owns one app's state and runs every action through its rules, in one order for all three apps: reduce, carry
/// out the effects (through the app's environment), then tell the screen what changed so it moves its layers.
///
/// The rules' effects are values of the app's own; `perform` (the screen's interpreter, its environment at work)
/// carries each out, and returns what must go on after this step as an engine `Effect`: work that sends actions back,
/// a timer on the stage's clock, a cancellation. Those run on the stage the store is attached to (`runEffects(on:)`)
/// and end with `endEffects()`, when the screen leaves the stage. Every action, whether a person's or one sent back,
/// goes through `send(_:)` on the stage's thread.
///
/// The screen makes the store, hands it `perform` at once, and starts following it with `follow(_:)` once its layers
/// exist: what the state said before then, the screen shows as it builds them.
public final class Store<Rules: AppRules>: EffectsOwning where Rules.Action: Sendable {
    /// The app's state now; it changes only through `send(_:)`, by the app's rules.
    public private(set) var state: Rules.State
    private var perform: (Rules.Effect) -> Effect<Rules.Action>
    private var didChange: ((_ before: Rules.State) -> Void)?
    /// Runs what the effects leave running: work that sends actions back, timers.
    public let effects = EffectRunner<Rules.Action>()

    /// - Parameters:
    ///   - state: where the app starts.
    ///   - perform: carries out one effect, returning what goes on running.
    public init(_ state: Rules.State, perform: @escaping (Rules.Effect) -> Effect<Rules.Action> = { _ in .none }) {
        self.state = state
        self.perform = perform
        effects.apply = { [weak self] action in self?.send(action) }
    }

    /// Carries out effects from now on with `perform`.
    public func performEffects(with perform: @escaping (Rules.Effect) -> Effect<Rules.Action>) {
        self.perform = perform
    }

    /// Runs the effects' work and timers on `host` from now on (those asked for before start now).
    public func runEffects(on host: EffectHost) {
        effects.attach(to: host)
    }


    /// Ends every run and timer the effects started; what they still send is dropped. For a screen leaving the stage.
    public func endEffects() {
        effects.end()
    }

    /// Calls `didChange` with the state before after every action that changed the state.
    public func follow(_ didChange: @escaping (_ before: Rules.State) -> Void) {
        self.didChange = didChange
    }

    /// Actions sent while an action is being applied (a failed effect reporting back), applied once it is done.
    private var waiting: [Rules.Action] = []
    private var isApplying = false

    /// Applies an action: the rules change the state, each effect is carried out once, and a change is reported.
    ///
    /// An action sent while another is being applied (an effect that failed and says so) waits until that one has
    /// been applied and its change reported, so the screen always follows one action at a time; its reduction is then
    /// not returned to the sender, whose `send` returns what its own action did.
    @discardableResult
    public func send(_ action: Rules.Action) -> Reduction<Rules.State, Rules.Effect> {
        if isApplying {
            waiting.append(action)
            return Reduction(before: state, effects: [], stateChanged: false)
        }
        let reduction = apply(action)
        while !waiting.isEmpty { apply(waiting.removeFirst()) }
        return reduction
    }

    @discardableResult
    private func apply(_ action: Rules.Action) -> Reduction<Rules.State, Rules.Effect> {
        isApplying = true
        let before = state
        let effects = Rules.reduce(&state, action)
        for effect in effects {
            let running = perform(effect)
            // An action the effect sends at once is applied right after this one, before anything else arrives.
            for case .send(let next) in running.operations { waiting.append(next) }
            self.effects.run(running.operations)
        }
        let changed = state != before
        if changed { didChange?(before) }
        isApplying = false
        return Reduction(before: before, effects: effects, stateChanged: changed)
    }
}

/// Something whose effects run on a stage while its screen is there (a `Store`): see `Screen.runsEffects(of:)`.
public protocol EffectsOwning: AnyObject {
    /// Runs the effects' work and timers on `host` from now on.
    func runEffects(on host: EffectHost)
    /// Ends every run and timer; what they still send is dropped.
    func endEffects()
}
