import Foundation
import XCTest
import KineticTestSupport
@testable import KineticContentServer

/// The content server answers ranges and conditionals as RFC 9110 says, on a real socket: each case the outside
/// probe found answered wrongly by `FileMiddleware` alone.
final class HTTPRulesTests: XCTestCase {
    private var folder: URL!
    private let body = String(repeating: "0123456789", count: 157) + "012345"  // 1,576 bytes

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        try Data(body.utf8).write(to: folder.appendingPathComponent("api/c.json"))
    }

    func testEveryRangeGetsTheWholeFileAndNoRangeIsOffered() async throws {
        let server = try await RunningServer(folder: folder)
        for range in ["bytes=-10", "bytes=5000-6000", "bytes=9223372036854775807-", "bytes=1576-1576", "bytes=-0", "bytes=0-3", "bytes=abc"] {
            let answer = try rawGet(port: server.port, path: "/api/c.json", headers: ["Range": range])
            XCTAssertEqual(answer.status, 200, range)
            XCTAssertEqual(answer.headers["content-length"], "1576", range)
            XCTAssertEqual(answer.body, body, range)
            XCTAssertNil(answer.headers["content-range"], range)
            XCTAssertEqual(answer.headers["accept-ranges"], "none", range)
        }
        await server.stop()
    }

    func testIfNoneMatchIsAnsweredForAStarAListAndAWeakTag() async throws {
        let server = try await RunningServer(folder: folder)
        let tag = try XCTUnwrap(try rawGet(port: server.port, path: "/api/c.json").headers["etag"])
        let strong = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
        for condition in ["*", "\"other\", \(tag)", "\(tag)", "W/\(strong)", strong] {
            let answer = try rawGet(port: server.port, path: "/api/c.json", headers: ["If-None-Match": condition])
            XCTAssertEqual(answer.status, 304, condition)
            XCTAssertEqual(answer.body, "", condition)
            XCTAssertEqual(answer.headers["etag"], tag, condition)
        }
        let other = try rawGet(port: server.port, path: "/api/c.json", headers: ["If-None-Match": "\"other\", W/\"another\""])
        XCTAssertEqual(other.status, 200)
        XCTAssertEqual(other.body, body)
        await server.stop()
    }

    func testTheLogKeepsABoundedPathWithoutItsQuery() {
        XCTAssertEqual(HTTPRuleText.loggable("/api/c.json?token=secret"), "/api/c.json")
        let long = HTTPRuleText.loggable("/" + String(repeating: "a", count: 80_000))
        XCTAssertEqual(long, "/" + String(repeating: "a", count: 199) + "… (79801 more characters)",
                       "200 of the 80,001 characters, and the rest counted")
        XCTAssertEqual(HTTPRuleText.loggable("/a\u{1B}[2Jb"), "/a\\u{1b}[2Jb")
    }
}

/// HTTP/1.0: a request that does not ask to be kept alive ends its connection once answered.
final class HTTP10Tests: XCTestCase {
    func testAnHTTP10RequestIsAnsweredAndTheConnectionClosed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-http10-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        try Data(#"{"costumes": []}"#.utf8).write(to: folder.appendingPathComponent("api/c.json"))
        let server = try await RunningServer(folder: folder)
        let socket = try TCPSocket(port: server.port)
        try socket.send("GET /api/c.json HTTP/1.0\r\n\r\n")
        let started = Date()
        let answer = try socket.receiveAll()  // returns at the close (the socket gives up after 5 s otherwise)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer)
        XCTAssertTrue(answer.hasSuffix(#"{"costumes": []}"#), answer)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "closed after the answer, not left open")
        socket.close()
        let kept = try TCPSocket(port: server.port)
        try kept.send("GET /api/c.json HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /api/c.json HTTP/1.0\r\n\r\n")
        let both = try kept.receiveAll()
        XCTAssertEqual(both.components(separatedBy: "HTTP/1.1 200").count - 1, 2, "a kept-alive 1.0 connection answers the next request too")
        kept.close()
        await server.stop()
    }
}
