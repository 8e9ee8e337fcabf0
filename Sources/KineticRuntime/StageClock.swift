/// Pays a stage its fixed steps for time that passed: the one clock driver that the window (wall time) and the
/// scenario runner (a scripted step at a time) both use, so slow motion, pause and single steps mean the same in
/// both.
///
/// Time owed is `elapsed × speed × the stage's own speed` (S), paid in whole steps of `Stage.stepDuration`; what is
/// left over is kept for the next call, so ½× takes a step every other 1/120 s. While the stage is paused (P) no time
/// is owed and each call takes at most one requested single step (.); the fraction owed when the pause began is
/// kept for when it ends.
public struct StageClock: Sendable, Equatable {
    /// Simulated seconds owed to the stage, less than one step after each `advance` (unless capped).
    public private(set) var owed = 0.0
    /// The most that may be owed: a window that stalled (a slow frame, a debugger) catches up this much and no more,
    /// rather than running a burst of steps.
    public let maximumOwed: Double

    /// - Parameter maximumOwed: the most simulated time that may be owed at once, in seconds (none by default).
    public init(maximumOwed: Double = .infinity) {
        self.maximumOwed = maximumOwed
    }

    /// Lets `elapsed` seconds pass at `speed` and runs the steps they pay for.
    /// - Parameters:
    ///   - stage: the stage to step.
    ///   - elapsed: seconds of wall (or scripted) time.
    ///   - speed: a speed of the caller's own (a scenario's `speed`), multiplied with the stage's (S).
    /// - Returns: how many steps were taken.
    @discardableResult
    public mutating func advance(_ stage: Stage, by elapsed: Double, speed: Double = 1) -> Int {
        if stage.motion.isPaused {
            guard stage.motion.takeSingleStep() else { return 0 }
            stage.step()
            return 1
        }
        owed = min(owed + elapsed * speed * stage.motion.speed, maximumOwed)
        var steps = 0
        // The tolerance keeps a run of exact fractions (½× is 1/240 + 1/240) from falling short by a rounding error.
        while owed >= Stage.stepDuration - 1e-12 {
            stage.step()
            owed -= Stage.stepDuration
            steps += 1
        }
        return steps
    }

    /// Wall seconds until the next step is due at `speed` (the stage's own speed); 0 when one is due now.
    public func secondsUntilNextStep(speed: Double) -> Double {
        max(Stage.stepDuration - owed, 0) / max(speed, 1e-9)
    }

    /// After a rest (time that was not simulated, because nothing moved): the first input gets a step at once.
    public mutating func resumeAfterRest() {
        owed = max(owed, Stage.stepDuration)
    }
}
