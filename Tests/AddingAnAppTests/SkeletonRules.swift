import KineticRuntime

/// What can happen to the Counter: the person's tap and keys, named for what they mean, not for where they came
/// from (a tap on the button and Space are the same `advance`), and what comes back from work that outlives a frame.
enum SkeletonAction: Equatable, Sendable {
    /// The screen is on the stage: the goal is asked for (`fetchGoal`).
    case appeared
    /// The button was tapped, or Space or Enter pressed: one more, up to the goal.
    case advance
    /// Backspace, or the goal's pause over: back to nought.
    case reset
    /// The goal the environment gave (asynchronous work sent it back).
    case goalArrived(Int)
}

/// What the rules ask of the world outside the state and the layers. The screen carries each out through its
/// `SkeletonEnvironment` and the engine's effects, so a test sees exactly what reached the world.
enum SkeletonEffect: Equatable {
    /// The count has just reached the goal: say so in the log.
    case reachedGoal(Int)
    /// Ask the environment for the goal (work that takes its time, off the stage's thread): `goalArrived` comes back.
    case fetchGoal
    /// `reset` after `seconds` on the stage's clock: a timer, which a reset before it stops.
    case startOverAfter(Double)
    /// Stop the timer `startOverAfter` set.
    case stopStartingOver
}

/// The Counter's rules: state + action → new state + effects. Pure (no layers, clock, disk or log), so
/// `SkeletonTests.testTheRulesCountUpToTheGoalOnceAndReset` drives them without a stage.
enum SkeletonRules: AppRules {
    /// How long the goal shows before the count starts again by itself.
    static let goalPause = 5.0

    static func reduce(_ state: inout SkeletonState, _ action: SkeletonAction) -> [SkeletonEffect] {
        switch action {
        case .appeared:
            return [.fetchGoal]
        case .advance:
            // At the goal a press does nothing at all, so the key goes on to the shell (`Reduction.didSomething`).
            guard state.count < state.goal else { return [] }
            state.count += 1
            return state.count == state.goal ? [.reachedGoal(state.goal), .startOverAfter(goalPause)] : []
        case .reset:
            let wasAtGoal = state.count == state.goal
            state.count = 0
            return wasAtGoal ? [.stopStartingOver] : []
        case .goalArrived(let goal):
            // A goal already passed keeps the count where it is, at the new goal.
            state.goal = max(goal, 1)
            state.count = min(state.count, state.goal)
            return []
        }
    }
}
