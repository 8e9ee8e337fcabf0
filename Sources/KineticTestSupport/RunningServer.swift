import Foundation
import Hummingbird
import KineticContentServer
import Logging
import Synchronization

/// Runs a real content server on 127.0.0.1 on a free port for the length of a test.
package final class RunningServer: Sendable {
    /// The port the server bound, chosen by the system.
    package let port: Int
    private let task: Task<Void, Error>

    /// Starts serving `folder` and returns once the server listens; throws when it has not bound a port within 5 s.
    package init(folder: URL, limits: ServerLimits = ServerLimits()) async throws {
        var logger = Logger(label: "test.server")
        logger.logLevel = .critical
        let ready = PortBox()
        let app = ContentServer(folder: folder, host: "127.0.0.1", port: 0, limits: limits).makeApplication(logger: logger) { port in ready.set(port) }
        task = Task { try await app.run() }
        port = try await ready.wait()
    }

    /// Stops the server and waits for it to end; an error other than the cancellation is written to standard error.
    package func stop() async {
        task.cancel()
        do {
            try await task.value
        } catch is CancellationError {
            // Stopped, as asked.
        } catch {
            FileHandle.standardError.write(Data("test server on port \(port) ended with \(error)\n".utf8))
        }
    }

    /// The server's root, `http://127.0.0.1:PORT`, without a trailing slash.
    package var base: String { "http://127.0.0.1:\(port)" }
}

/// The bound port, handed from the server's start-up to the test.
package final class PortBox: Sendable {
    private let port = Mutex<Int?>(nil)
    /// An empty box, before the server has bound.
    package init() {}
    /// Called by the server once it listens, with the port bound.
    package func set(_ value: Int) { port.withLock { $0 = value } }
    private func current() -> Int? { port.withLock { $0 } }
    /// The bound port once it is set, polling every 10 ms; throws when it is not set within 5 s.
    package func wait() async throws -> Int {
        for _ in 0..<500 {
            if let value = current() { return value }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw CocoaError(.coderReadCorrupt)
    }
}
