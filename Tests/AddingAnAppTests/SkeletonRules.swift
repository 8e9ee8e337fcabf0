import KineticRuntime

/// What can happen to the Counter: the person's tap and keys, named for what they mean, not for where they came
/// from (a tap on the button and Space are the same `advance`).
enum SkeletonAction: Equatable {
    /// The button was tapped, or Space or Enter pressed: one more, up to the goal.
    case advance
    /// Backspace: back to nought.
    case reset
}

/// What the rules ask of the world outside the state and the layers. The screen carries each out through its
/// `SkeletonEnvironment`, so a test sees exactly what reached the world.
enum SkeletonEffect: Equatable {
    /// The count has just reached the goal: say so in the log.
    case reachedGoal(Int)
}

/// The Counter's rules: state + action → new state + effects. Pure (no layers, clock, disk or log), so
/// `SkeletonTests.testTheRulesCountUpToTheGoalOnceAndReset` drives them without a stage.
enum SkeletonRules: AppRules {
    static func reduce(_ state: inout SkeletonState, _ action: SkeletonAction) -> [SkeletonEffect] {
        switch action {
        case .advance:
            // At the goal a press does nothing at all, so the key goes on to the shell (`Reduction.didSomething`).
            guard state.count < state.goal else { return [] }
            state.count += 1
            return state.count == state.goal ? [.reachedGoal(state.goal)] : []
        case .reset:
            state.count = 0
            return []
        }
    }
}
