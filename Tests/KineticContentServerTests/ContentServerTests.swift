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
        XCTAssertFalse(etag.isEmpty)

        let again = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["If-None-Match": etag])
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.body, "")
        let stale = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["If-None-Match": "\"nope\""])
        XCTAssertEqual(stale.status, 200)

        let svg = try rawGet(port: server.port, path: "/costumes/hat.svg")
        XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
        XCTAssertEqual(svg.headers["cache-control"], "public, max-age=86400")

        // Ranges are not offered (RFC 9110 §14.2 lets a server ignore them): a range asked for gets the whole file.
        let range = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["Range": "bytes=0-3"])
        XCTAssertEqual(range.status, 200)
        XCTAssertEqual(range.body, #"{"costumes": []}"#)
        XCTAssertNil(range.headers["content-range"])
        XCTAssertEqual(range.headers["accept-ranges"], "none")

        // A changed file has a new ETag at once, even rewritten within the same second at the same length (which
        // a validator made of whole seconds and the size would miss, and clients would keep the old costumes).
        let catalogue = folder.appendingPathComponent("api/current_costumes.json")
        var seen = [etag]
        for body in [#"{"costumes": [1]}"#, #"{"costumes": [2]}"#, #"{"costumes": [3]}"#] {
            // Far less than a second apart, but past the file system's clock tick (a few ms on ext4).
            try await Task.sleep(nanoseconds: 20_000_000)
            try Data(body.utf8).write(to: catalogue)
            let changed = try rawGet(port: server.port, path: "/api/current_costumes.json", headers: ["If-None-Match": seen.last!])
            XCTAssertEqual(changed.status, 200, "after writing \(body)")
            XCTAssertEqual(changed.body, body)
            let tag = try XCTUnwrap(changed.headers["etag"])
            XCTAssertFalse(seen.contains(tag), "after writing \(body), the ETag \(tag) was seen before")
            seen.append(tag)
        }

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
