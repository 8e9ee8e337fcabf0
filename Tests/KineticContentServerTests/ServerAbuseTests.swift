import Foundation
import XCTest
import KineticTestSupport
@testable import KineticContentServer

/// The content server under abuse, on real sockets: what a client sends never makes it hold descriptors, memory or
/// connections it cannot give back, and a normal request is answered throughout.
final class ServerAbuseTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-abuse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        try Data(#"{"costumes": []}"#.utf8).write(to: folder.appendingPathComponent("api/current_costumes.json"))
    }

    /// A real server on the test's folder, with `tune` applied to the standard limits.
    private func server(_ tune: (inout ServerLimits) -> Void) async throws -> RunningServer {
        var limits = ServerLimits()
        tune(&limits)
        return try await RunningServer(folder: folder, limits: limits)
    }

    /// This process's open file descriptors (the server runs in it).
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// This process's resident memory, in bytes.
    private func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Waits (up to `seconds`) until `condition` holds.
    private func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }

    func testOversizedRequestHeadsLeaveNoDescriptorsBehind() async throws {
        let server = try await RunningServer(folder: folder)
        let baseline = try openDescriptors()
        let huge = String(repeating: "a", count: 40 * 1024)
        var refused = 0
        for index in 0..<500 {
            let socket = try TCPSocket(port: server.port)
            try socket.send("GET /api/current_costumes.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big-\(index): \(huge)\r\n\r\n")
            if try socket.receiveAll().hasPrefix("HTTP/1.1 4") { refused += 1 }
            socket.close()
        }
        XCTAssertEqual(refused, 500, "every oversized head is answered 4xx")
        let settled = try eventually(5) { try openDescriptors() <= baseline + 8 }
        let now = try openDescriptors()
        XCTAssertTrue(settled, "descriptors \(now) against a baseline of \(baseline)")
        XCTAssertEqual(try rawGet(port: server.port, path: "/api/current_costumes.json").status, 200)
        await server.stop()
    }

    func testDistinctLongQueriesAreNotRemembered() {
        let memory = ContentMemory()
        for index in 0..<5000 {
            _ = memory.resolve("/api/current_costumes.json?\(index)-" + String(repeating: "q", count: 1000), in: folder)
        }
        XCTAssertEqual(memory.rememberedPaths.count, 1, "one file, one memory, whatever its queries")
        for index in 0..<3000 {
            _ = memory.resolve("/missing-\(index)-" + String(repeating: "p", count: 900), in: folder)
        }
        XCTAssertLessThanOrEqual(memory.rememberedPaths.bytes, ContentMemory.maximumPathBytes)
    }

    func testDistinctLongQueriesOverTheNetworkKeepMemoryBounded() async throws {
        let server = try await RunningServer(folder: folder)
        _ = try rawGet(port: server.port, path: "/api/current_costumes.json")
        let before = try residentBytes()
        let query = String(repeating: "q", count: 8 * 1024)
        for index in 0..<2000 {
            let answer = try rawGet(port: server.port, path: "/api/current_costumes.json?\(index)-\(query)")
            if answer.status != 200 { return XCTFail("request \(index) answered \(answer.status)") }
        }
        let grown = try residentBytes() - before
        XCTAssertLessThan(grown, 48 * 1024 * 1024, "2,000 distinct 8 KB queries grew resident memory by \(grown / 1024) KB")
        await server.stop()
    }

    func testARequestLineOverTheFieldLimitIsRefused() async throws {
        let server = try await RunningServer(folder: folder)
        let long = try rawGet(port: server.port, path: "/api/current_costumes.json?" + String(repeating: "q", count: 20 * 1024))
        XCTAssertEqual(long.status, 400)
        XCTAssertEqual(try rawGet(port: server.port, path: "/api/current_costumes.json?" + String(repeating: "q", count: 8 * 1024)).status, 200)
        await server.stop()
    }

    func testASilentClientIsClosedAfterTheIdleTimeout() async throws {
        let server = try await server { $0.idleTimeout = 1 }
        let silent = try TCPSocket(port: server.port)
        let started = Date()
        let answer = try silent.receiveAll()  // returns when the server closes (or after the socket's 5 s timeout)
        let waited = Date().timeIntervalSince(started)
        XCTAssertEqual(answer, "")
        XCTAssertTrue(waited >= 0.8 && waited < 4, "closed after \(waited) s")
        silent.close()
        await server.stop()
    }

    func testConnectionsPastTheCapWaitForOneToClose() async throws {
        let server = try await server { $0.maximumConnections = 4 }
        let held = try (0..<4).map { _ in try TCPSocket(port: server.port) }
        try await Task.sleep(for: .milliseconds(200))  // let the server take the four
        let waiting = try TCPSocket(port: server.port)
        try waiting.send("GET /api/current_costumes.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.6) { for socket in held { socket.close() } }
        let answer = try waiting.receiveAll()
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.5, "answered only once a held connection closed")
        waiting.close()
        await server.stop()
    }

    func testAHeadTrickledAByteAtATimeIsCutOffAtTheHeadDeadline() async throws {
        let server = try await server { $0.headDeadline = 1 }
        let slow = try TCPSocket(port: server.port)
        let started = Date()
        var closed = false
        for byte in "GET /api/current_costumes.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "s", count: 40) {
            do { try slow.send(String(byte)) } catch { closed = true; break }
            try await Task.sleep(for: .milliseconds(100))
            if Date().timeIntervalSince(started) > 4 { break }
        }
        let took = Date().timeIntervalSince(started)
        let rest = closed ? "" : try slow.receiveAll()
        XCTAssertTrue(closed || rest.isEmpty, "the server closed the trickling connection: \(rest)")
        XCTAssertLessThan(took, 3, "cut off after \(took) s")
        slow.close()
        // A client that answers promptly is unaffected, and a kept-alive one has the time again after each answer.
        XCTAssertEqual(try rawGet(port: server.port, path: "/api/current_costumes.json").status, 200)
        await server.stop()
    }

    func testANormalRequestIsAnsweredWhileManyConnectionsSitOpen() async throws {
        let server = try await RunningServer(folder: folder)
        var idle: [TCPSocket] = []
        for _ in 0..<200 {
            let socket = try TCPSocket(port: server.port)
            try socket.send("GET /api/current_costumes.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")  // a head never finished
            idle.append(socket)
        }
        for _ in 0..<20 {
            let started = Date()
            XCTAssertEqual(try rawGet(port: server.port, path: "/api/current_costumes.json").status, 200)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        }
        for socket in idle { socket.close() }
        await server.stop()
    }
}
