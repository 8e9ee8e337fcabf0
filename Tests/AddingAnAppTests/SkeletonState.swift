/// Everything the Counter's rules know: how far the count has gone, and where it stops. A plain `Equatable` value:
/// `SkeletonRules.reduce` changes it, the screen draws it, and a test compares it.
///
/// What the screen keeps besides (its layers, where a spring is now) is not here: the state says where things
/// belong, never how far they have got.
struct SkeletonState: Equatable {
    /// Presses since the last reset, from 0 up to `goal`.
    var count = 0
    /// Where the count stops (at least 1): the environment's, once it has answered.
    var goal: Int

    init(goal: Int = 3) {
        self.goal = max(goal, 1)
    }

    /// The name written into scene dumps: `count.0`, `count.1`, … below the goal, then `goal`.
    var stateName: String { count < goal ? "count.\(count)" : "goal" }
}
