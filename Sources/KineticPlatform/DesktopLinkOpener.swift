import Foundation

/// Hands a web address to the desktop's own opener, `xdg-open` (what every Linux desktop answers to: GNOME's and KDE's
/// handlers, or the `BROWSER` of a bare session), and judges it by the exit status that program gives, the only word
/// it has. SDL's `SDL_OpenURL` forks the same program but reports success whatever it returns, so a desktop with no
/// browser, or none installed, was told "opened".
///
/// xdg-open exits 0 once the handler took the link (1: a bad argument, 2: no such file, 3: no tool to open it with,
/// 4: the tool failed). In a bare session it may instead run the browser itself and wait for it to close: a program
/// still running after `patience` took the link, and is left to run (so not `ChildProcess`, which kills at its
/// deadline).
public enum DesktopLinkOpener {
    /// How long the opener may take before it is taken to be the browser itself, running.
    public static let patience: Duration = .seconds(5)

    /// Opens `url` with `program` (`xdg-open`, looked up on `PATH`), in `environment` (this process's when `nil`);
    /// throws `DesktopLinkOpener.Failure`, a sentence saying why, when it exited with a failure or could not be started.
    public static func open(_ url: URL, with program: String = "xdg-open", environment: [String: String]? = nil,
                            patience: Duration = patience) async throws {
        let process = Process()
        if let environment { process.environment = environment }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program, url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            ended.continuation.yield(finished.terminationStatus)
            ended.continuation.finish()
        }
        do {
            try process.run()
        } catch {
            throw Failure(reason: "\(program) could not be started (\(error.localizedDescription))", program: program, status: nil)
        }
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await ended.stream.first { _ in true } }
            group.addTask {
                // Ends by the patience running out, or cancelled once the program ended: either way it says only
                // "no exit status", which is the answer wanted.
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let status, status != 0 else { return }  // still running: the browser itself, which took the link
        throw Failure(reason: Self.meaning(of: status, program: program), program: program, status: status)
    }

    /// What an exit status of xdg-open (and of `env`, which starts it) means, in words.
    static func meaning(of status: Int32, program: String) -> String {
        switch status {
        case 127: return "\(program) is not installed"
        case 126: return "\(program) could not be run"
        case 3: return "\(program) found no program to open links with"
        case 4: return "the program \(program) chose to open links with failed"
        default: return "\(program) failed (exit status \(status))"
        }
    }

    /// Why a link was not opened: a sentence, and the program and its exit status for an app to say it in the
    /// person's language (`meaning(of:program:)`'s cases).
    public struct Failure: Error, CustomStringConvertible {
        /// The sentence.
        public var reason: String
        /// The opener asked (`xdg-open`).
        public var program: String
        /// Its exit status (127: not installed, 126: not runnable, 3: no program for links, 4: that program failed),
        /// `nil` when it could not be started at all.
        public var status: Int32?
        /// The sentence, as the log and the banner say it.
        public var description: String { reason }
    }
}
