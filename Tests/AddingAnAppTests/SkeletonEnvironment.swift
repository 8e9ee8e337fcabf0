/// What the Counter does to the world beyond its rules and its layers, as closures handed in from outside: the
/// edge that builds the app's entry decides what they do (a real app's entry builds its environment from the
/// registry's `AppsEnvironment`, as `KineticApps.makeHoneycombScreen` does), and a test passes closures that
/// record.
struct SkeletonEnvironment {
    /// Writes one line to the log.
    var log: (String) -> Void
    /// The goal, asked for once the screen is on the stage: work that takes its time (a file, a server), run off the
    /// stage's thread; `nil` keeps the goal the state started with.
    var loadGoal: @Sendable () async -> Int?

    init(log: @escaping (String) -> Void, loadGoal: @escaping @Sendable () async -> Int? = { nil }) {
        self.log = log
        self.loadGoal = loadGoal
    }
}
