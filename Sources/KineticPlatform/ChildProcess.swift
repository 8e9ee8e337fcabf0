import Foundation
import Synchronization

/// Runs a program once, as a child process that can be stopped: killed (SIGKILL) when it has not ended by a wall-clock
/// deadline, or when the task waiting for it is cancelled. Work that may not end on its own (drawing an image from
/// outside) runs there rather than in this process, where nothing could interrupt it. The wait holds no thread.
public struct ChildProcess: Sendable {
    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        /// It exited by itself with `status`, having written `output` (at most `outputLimit` bytes, as UTF-8) on
        /// standard output.
        case exited(status: Int32, output: String)
        /// A signal ended it that this side did not send (a CPU limit it set itself, a crash): the signal's number.
        case signalled(Int32)
        /// Still running at the deadline, so killed.
        case killedAtDeadline
        /// The waiting task was cancelled, so it was killed, or never started.
        case cancelled
        /// It could not be started: why.
        case notStarted(String)
    }

    /// The program run.
    public let executable: URL
    /// Its arguments.
    public let arguments: [String]
    /// The most bytes of standard output kept.
    public var outputLimit = 64 * 1024

    /// A run of `executable` with `arguments`; standard input and standard error are the null device.
    public init(executable: URL, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts the program and waits for it to end, killing it at `deadline` seconds of wall clock or when the
    /// calling task is cancelled.
    public func run(deadline: Double) async -> Ending {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        let watch = Watch()
        let limit = outputLimit
        return await withTaskCancellationHandler {
            let ended: Ending? = await withCheckedContinuation { (continuation: CheckedContinuation<Ending?, Never>) in
                process.terminationHandler = { _ in
                    watch.ended()  // reaped: from here its number may be another process's
                    continuation.resume(returning: nil)
                }
                guard watch.mayStart() else {
                    continuation.resume(returning: .cancelled)
                    return
                }
                do {
                    try process.run()
                } catch {
                    watch.ended()
                    continuation.resume(returning: .notStarted(ErrorWords.sentence(error)))
                    return
                }
                watch.started(process.processIdentifier)
                DispatchQueue.global().asyncAfter(deadline: .now() + max(deadline, 0)) { watch.stop(.killedAtDeadline) }
            }
            if let ended { return ended }
            // The child has ended, so every writer of the pipe is closed and the read ends at its last byte.
            let bytes = output.fileHandleForReading.readDataToEndOfFile().prefix(limit)
            if let stoppedBecause = watch.stopReason { return stoppedBecause }
            if process.terminationReason == .uncaughtSignal { return .signalled(process.terminationStatus) }
            return .exited(status: process.terminationStatus, output: String(decoding: bytes, as: UTF8.self))
        } onCancel: {
            watch.stop(.cancelled)
        }
    }

    /// The child's life as the killer sees it: a kill goes only to a child that started and has not been reaped, so
    /// never to process 0 (the whole group) nor to a number the system has given to another process since.
    private final class Watch: Sendable {
        private struct State {
            var pid: Int32?
            var isOver = false
            var stopReason: Ending?
        }
        private let state = Mutex(State())

        /// False when a stop came before the start: then it never starts.
        func mayStart() -> Bool { state.withLock { $0.stopReason == nil } }

        /// The child runs as `pid`; a stop that came while it was being started kills it now.
        func started(_ pid: Int32) {
            state.withLock { state in
                state.pid = pid
                // Under the lock, as in `stop`, so `ended()` cannot come between the check and the kill.
                if state.stopReason != nil, !state.isOver { kill(pid, SIGKILL) }
            }
        }

        /// The child has ended (or never began): nothing may be sent to its number any more.
        func ended() { state.withLock { $0.isOver = true } }

        /// Why this side killed it, if it did.
        var stopReason: Ending? { state.withLock { $0.stopReason } }

        /// Kills the child for `reason`, unless it has ended or was stopped already.
        func stop(_ reason: Ending) {
            state.withLock { state in
                guard !state.isOver, state.stopReason == nil else { return }
                state.stopReason = reason
                // Under the lock, so `ended()` cannot come between the check and the kill.
                if let pid = state.pid, pid > 0 { kill(pid, SIGKILL) }
            }
        }
    }
}
