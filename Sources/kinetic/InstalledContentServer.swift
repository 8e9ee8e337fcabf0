import Foundation
import KineticContentServer
import KineticData
import Logging
import KineticPlatform

/// The installed apps whole out of the box: when `kinetic run` is the installed program (its content in
/// `PREFIX/share/kinetic/Content`) and names no content server, it serves that content itself on a free loopback
/// port for as long as it runs, as `make run` does from the checkout, so the Honeycomb has its pictures and the wheel
/// its six costumes with no set-up. From the checkout, or with `--content-url`, nothing is started.
enum InstalledContentServer {
    /// The served root, once the server listens (within 5 s); `nil` when this is no installed program, or the server
    /// could not start (said in the log: the apps then show what they hold).
    static func start() -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = executable.appendingPathComponent("../share/kinetic/Content", isDirectory: true).standardized
        guard FileManager.default.fileExists(atPath: installed.appendingPathComponent("api/current_costumes.json").path) else { return nil }
        let listening = PortBox()
        var logger = Logger(label: "kinetic.serve")
        logger.logLevel = .warning  // the app's own log stays the app's: no line per request
        let app = ContentServer(folder: installed, host: "127.0.0.1", port: 0).makeApplication(logger: logger) { port in listening.set(port) }
        Task.detached {
            do { try await app.runService() } catch { Log.line("the installed content could not be served: \(error)") }
        }
        guard let port = listening.wait(seconds: 5) else {
            Log.line("the installed content's server did not start within 5 s; the apps show what they hold")
            return nil
        }
        return URL(string: "http://127.0.0.1:\(port)/")
    }
}

/// The port the server listens on, handed from its thread to the one waiting for it.
private final class PortBox: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var port: Int?

    func set(_ value: Int) {
        condition.lock()
        port = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(seconds: Double) -> Int? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while port == nil, condition.wait(until: deadline) {}
        return port
    }
}
