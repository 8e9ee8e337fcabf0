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
/// The screen makes the store, hands it `perform` (its environment at work) at once, and starts following it with
/// `follow(_:)` once its layers exist: what the state said before then, the screen shows as it builds them.
public final class Store<Rules: AppRules> {
    /// The app's state now; it changes only through `send(_:)`, by the app's rules.
    public private(set) var state: Rules.State
    private var perform: (Rules.Effect) -> Void
    private var didChange: ((_ before: Rules.State) -> Void)?

    /// - Parameters:
    ///   - state: where the app starts.
    ///   - perform: carries out one effect.
    public init(_ state: Rules.State, perform: @escaping (Rules.Effect) -> Void = { _ in }) {
        self.state = state
        self.perform = perform
    }

    /// Carries out effects from now on with `perform`.
    public func performEffects(with perform: @escaping (Rules.Effect) -> Void) {
        self.perform = perform
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
        for effect in effects { perform(effect) }
        let changed = state != before
        if changed { didChange?(before) }
        isApplying = false
        return Reduction(before: before, effects: effects, stateChanged: changed)
    }
}
