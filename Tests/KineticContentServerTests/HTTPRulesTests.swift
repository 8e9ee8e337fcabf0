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
        XCTAssertEqual(long.count, 201, "200 characters and an ellipsis")
        XCTAssertEqual(HTTPRuleText.loggable("/a\u{1B}[2Jb"), "/a\\u{1b}[2Jb")
    }
}
