/// One child feature's view of its parent's store: its own state, read out of the parent's, and its own actions,
/// sent in as the parent's (as The Composable Architecture's `store.scope(state:action:)`). A component holds the
/// scoped store of the feature it draws, so it reads nothing of the others' state and can send none of their actions.
public struct ScopedStore<State, Action> {
    private let read: () -> State
    private let write: (Action) -> Void

    /// A scope that reads its state with `read` and sends its actions with `write`.
    public init(read: @escaping () -> State, send write: @escaping (Action) -> Void) {
        self.read = read
        self.write = write
    }

    /// The child's state now.
    public var state: State { read() }

    /// Sends `action` through the parent's store (and its rules, which hand it to the child's).
    public func send(_ action: Action) { write(action) }

    /// A closure that sends `action`, for a button or a screen reader's action (kept by a layer that may outlive it).
    public func sending(_ action: Action) -> () -> Void { { self.send(action) } }

    /// A narrower scope of this one: a grandchild feature's.
    public func scope<ChildState, ChildAction>(state: @escaping (State) -> ChildState,
                                               action: @escaping (ChildAction) -> Action) -> ScopedStore<ChildState, ChildAction> {
        ScopedStore<ChildState, ChildAction>(read: { state(self.read()) }, send: { self.write(action($0)) })
    }
}

extension Store {
    /// The scope of one child feature: its state (`state`, a key path or a function of the parent's) and its actions
    /// (`action`, usually the parent's case that wraps them: `MailboxAction.account`). It reads and sends through this
    /// store weakly: a component that outlives its screen reads the last state it saw and sends nothing.
    public func scope<ChildState, ChildAction>(state: @escaping (Rules.State) -> ChildState,
                                               action: @escaping (ChildAction) -> Rules.Action) -> ScopedStore<ChildState, ChildAction> {
        var last = state(self.state)
        return ScopedStore(read: { [weak self] in
            if let self { last = state(self.state) }
            return last
        }, send: { [weak self] in self?.send(action($0)) })
    }
}
