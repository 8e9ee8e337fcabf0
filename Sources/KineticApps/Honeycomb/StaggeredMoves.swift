/// Retargets waiting for their turn in a stagger (the categories' entrance, the cells growing out nearest first), on
/// a clock of their own: the seconds of simulated time since the screen appeared.
///
/// A named value rather than loose fields, so what outlives a frame is in one place (see `HoneycombMotion`).
struct StaggeredMoves {
    /// One retarget: when (on `time`), which layer (its identifier), and what to do.
    private typealias Move = (time: Double, id: String, apply: () -> Void)

    /// Seconds of simulated time since the screen appeared.
    var time = 0.0
    private var moves: [Move] = []

    /// Whether no move waits.
    var isEmpty: Bool { moves.isEmpty }

    /// Whether a move waits for the layer named `id`.
    func contains(_ id: String?) -> Bool { moves.contains { $0.id == id } }

    /// Waits `delay` seconds from now, then `apply`s, for the layer named `id`.
    mutating func add(after delay: Double, for id: String, _ apply: @escaping () -> Void) {
        moves.append((time + delay, id, apply))
    }

    /// Forgets any move waiting for the layer named `id`.
    mutating func cancel(_ id: String?) { moves.removeAll { $0.id == id } }

    /// The moves whose turn has come, in the order they were added, no longer waiting.
    mutating func takeDue() -> [() -> Void] {
        let now = time + 1e-9
        // Most frames have none due: checked first, so that they filter (and allocate) nothing.
        guard moves.contains(where: { $0.time <= now }) else { return [] }
        let due = moves.filter { $0.time <= now }
        moves.removeAll { $0.time <= now }
        return due.map { $0.apply }
    }
}
