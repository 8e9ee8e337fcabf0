import Foundation
import Hummingbird
import KineticContentServer
import Logging
import Synchronization

/// Runs a real content server on 127.0.0.1 on a free port for the length of a test.
public final class RunningServer: Sendable {
    public let port: Int
    private let task: Task<Void, Error>

    public init(folder: URL, limits: ServerLimits = ServerLimits()) async throws {
        var logger = Logger(label: "test.server")
        logger.logLevel = .critical
        let ready = PortBox()
        let app = ContentServer(folder: folder, host: "127.0.0.1", port: 0, limits: limits).makeApplication(logger: logger) { port in ready.set(port) }
        task = Task { try await app.run() }
        port = try await ready.wait()
    }

    public func stop() async {
        task.cancel()
        do {
            try await task.value
        } catch is CancellationError {
            // Stopped, as asked.
        } catch {
            FileHandle.standardError.write(Data("test server on port \(port) ended with \(error)\n".utf8))
        }
    }

    public var base: String { "http://127.0.0.1:\(port)" }
}

/// The bound port, handed from the server's start-up to the test.
public final class PortBox: Sendable {
    private let port = Mutex<Int?>(nil)
    public init() {}
    public func set(_ value: Int) { port.withLock { $0 = value } }
    private func current() -> Int? { port.withLock { $0 } }
    public func wait() async throws -> Int {
        for _ in 0..<500 {
            if let value = current() { return value }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw CocoaError(.coderReadCorrupt)
    }
}
