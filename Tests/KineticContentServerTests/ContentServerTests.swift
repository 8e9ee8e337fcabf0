import XCTest
import KineticTestSupport
@testable import KineticContentServer

final class ContentServerTests: XCTestCase {
    private var folder: URL!
    private var outside: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-serve-\(UUID().uuidString)")
        folder = base.appendingPathComponent("content")
        outside = base.appendingPathComponent("secret.txt")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("costumes"), withIntermediateDirectories: true)
        try Data(#"{"costumes": []}"#.utf8).write(to: folder.appendingPathComponent("api/current_costumes.json"))
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: folder.appendingPathComponent("costumes/hat.svg"))
        try Data("top secret".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("costumes/escape.txt"), withDestinationURL: outside)
    }

    func testServesFilesWithTypesETagsAndCacheControl() async throws {
        let server = try await RunningServer(folder: folder)
        defer { Task { await server.stop() } }
        let json = try rawGet(port: server.port, path: "/api/current_costumes.json")
        XCTAssertEqual(json.status, 200)
        XCTAssertEqual(json.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(json.headers["cache-control"], "no-cache")
        XCTAssertEqual(json.body, #"{"costumes": []}"#)
        let etag = try XCTUnwrap(json.headers["etag"])
        XCTAssertTrue(etag.hasPrefix("\"") && etag.count == 34)

        let again = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["If-None-Match": etag])
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.body, "")
        let stale = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["If-None-Match": "\"nope\""])
        XCTAssertEqual(stale.status, 200)

        let svg = try rawGet(port: server.port, path: "/costumes/hat.svg")
        XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
        XCTAssertEqual(svg.headers["cache-control"], "public, max-age=86400")

        try Data(#"{"costumes": [1]}"#.utf8).write(to: folder.appendingPathComponent("api/current_costumes.json"))
        try await Task.sleep(nanoseconds: 1_100_000_000) // the server looks at a file again at most once a second
        let changed = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["If-None-Match": etag])
        XCTAssertEqual(changed.status, 200, "a changed file has a new ETag")
        XCTAssertNotEqual(changed.headers["etag"], etag)

        XCTAssertEqual(try rawGet(port: server.port, path: "/costumes/missing.svg").status, 404)
        XCTAssertEqual(try rawGet(port: server.port, path: "/costumes/").status, 404)
    }

    func testNoRequestReadsOutsideTheFolder() async throws {
        let server = try await RunningServer(folder: folder)
        defer { Task { await server.stop() } }
        let attempts = [
            "/../secret.txt", "/costumes/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
            "/costumes/%2e%2e/%2e%2e/secret.txt", "/%252e%252e/secret.txt", "/costumes/%252e%252e%252fsecret.txt",
            "/..%2fsecret.txt", "/..%5csecret.txt", "/costumes/escape.txt", "//etc/passwd", "/%2Fetc%2Fpasswd",
            "/etc/passwd", "/api/./current_costumes.json", "/%00/secret.txt",
        ]
        for path in attempts {
            let response = try rawGet(port: server.port, path: path)
            XCTAssertTrue([400, 404].contains(response.status), "\(path) answered \(response.status)")
            XCTAssertFalse(response.body.contains("top secret"), path)
            XCTAssertFalse(response.body.contains("root:"), path)
        }
    }

    func testPathResolutionRules() {
        XCTAssertEqual(ContentPath.resolve("/%2e%2e/x", in: folder), .failure(.badRequest("forbidden path segment")))
        XCTAssertEqual(ContentPath.resolve("/%252e%252e/x", in: folder), .failure(.badRequest("forbidden character in path")))
        XCTAssertEqual(ContentPath.resolve("/costumes/escape.txt", in: folder), .failure(.notFound), "a symlink out is not followed")
        XCTAssertEqual(try ContentPath.resolve("/costumes/hat.svg?v=2", in: folder).get().lastPathComponent, "hat.svg")
    }
}
