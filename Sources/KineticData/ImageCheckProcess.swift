import Foundation
import KineticPlatform

/// Checks an image from outside by drawing it in a child process that can be stopped, instead of in this one, where
/// a draw cannot be interrupted (35 hostile cell SVGs within every attribute budget once held a core for four
/// minutes). The child is the program's own hidden subcommand (`kinetic check-image FILE`); it limits itself and the
/// parent holds it to a wall clock:
///
/// - it sets its own CPU limit to `cpuSeconds` (`RLIMIT_CPU`: the kernel ends it with SIGXCPU, or SIGKILL at the hard
///   limit a second later), counting its start-up, decoding and drawing;
/// - it arms a CPU timer of the drawing budget (`ITIMER_PROF`) just before the draw, which ends it with SIGPROF when
///   the draw alone uses more;
/// - the parent kills it when it has not ended after `wallDeadline` seconds, or when the refresh waiting for it is
///   cancelled at its deadline;
/// - at most `atOnce` children run together (`AsyncSlots`).
///
/// So a check costs at most `cpuSeconds` of CPU, and a refresh of N images at most N × `cpuSeconds`, whatever the
/// images hold; `ImageCheckMemory` (in the image cache) then keeps it from drawing the same bytes again.
public final class ImageCheckProcess: Sendable {
    /// How many checks run at once: one per core of a small machine, leaving the window its own thread's share.
    public static let atOnce = 2
    /// The CPU one check may use, start-up included, in seconds: the child's `RLIMIT_CPU` soft limit (whole seconds
    /// are all the limit takes).
    public static let cpuSeconds = 1
    /// How long the parent waits for one check, in seconds of wall clock, before killing it: five times its CPU limit,
    /// so only a child that was starved of a core (a machine busy elsewhere) or blocked meets it.
    public static let wallDeadline = 5.0
    /// The hidden subcommand of the program that draws one file and answers (`answer(forProblem:)`).
    public static let subcommand = "check-image"

    /// The program whose `subcommand` draws the file (the running `kinetic` itself).
    public let executable: URL
    /// The longest the draw alone may take, in seconds (`ImageFileCheck.drawingBudget`), as the refusals say it.
    public let drawingBudget: Double
    private let wallDeadline: Double
    private let slots: AsyncSlots
    /// Told of each child started (a test counts the draws).
    private let launched: @Sendable () -> Void

    /// Checks through `executable check-image`, `atOnce` at a time, each killed after `wallDeadline` seconds;
    /// `launched` is told of every child started.
    public init(executable: URL, drawingBudget: Double, atOnce: Int = ImageCheckProcess.atOnce,
                wallDeadline: Double = ImageCheckProcess.wallDeadline, launched: @escaping @Sendable () -> Void = {}) {
        self.executable = executable
        self.drawingBudget = drawingBudget
        self.wallDeadline = wallDeadline
        slots = AsyncSlots(atOnce)
        self.launched = launched
    }

    /// This check as the data layer takes it.
    public var validator: ImageValidator { { await self.verdict(on: $0) } }

    /// Draws `file` once in a child process and says what came of it.
    public func verdict(on file: URL) async -> ImageVerdict {
        guard await slots.acquire() else { return .notChecked(Self.cancelled) }
        defer { slots.release() }
        guard !Task.isCancelled else { return .notChecked(Self.cancelled) }
        launched()
        let ending = await ChildProcess(executable: executable, arguments: [Self.subcommand, file.path]).run(deadline: wallDeadline)
        return verdict(of: ending)
    }

    private static let cancelled = "not checked before the refresh's deadline"

    /// What a child's ending says about the image.
    func verdict(of ending: ChildProcess.Ending) -> ImageVerdict {
        let budget = "\(Int((drawingBudget * 1000).rounded())) ms"
        switch ending {
        case .exited(status: 0, output: let output):
            return Self.verdict(fromAnswer: output)
                ?? .notChecked("the drawing process answered \"\(Log.printable(output, limit: 80))\", which is not a verdict")
        case .exited(status: let status, output: _):
            return .notChecked("the drawing process failed (exit \(status))")
        case .signalled(SIGXCPU), .signalled(SIGPROF), .signalled(SIGKILL):
            // SIGPROF: the draw's own timer; SIGXCPU and SIGKILL (not ours: the hard limit): the whole check's limit.
            return .refused("took more than \(budget) of CPU to draw once (stopped at its CPU limit), more than an image may take")
        case .signalled(let signal):
            return .refused("the drawing process failed (signal \(signal))")
        case .killedAtDeadline:
            return .notChecked("not drawn within \(Int(wallDeadline)) s of wall clock (the machine may be busy); stopped, to be checked again")
        case .cancelled:
            return .notChecked(Self.cancelled)
        case .notStarted(let why):
            return .notChecked("the drawing process could not be started (\(why))")
        }
    }

    /// The child's one line of answer: `fine`, or `refused: REASON` with the reason on one line.
    public static func answer(forProblem problem: String?) -> String {
        problem.map { "refused: \(Log.printable($0))" } ?? "fine"
    }

    /// The verdict an answer line says; nil when it is not one.
    static func verdict(fromAnswer output: String) -> ImageVerdict? {
        let line = output.trimmingCharacters(in: .whitespacesAndNewlines)
        if line == "fine" { return .fine }
        guard line.hasPrefix("refused: "), line.count > 9 else { return nil }
        return .refused(String(line.dropFirst(9)))
    }
}
