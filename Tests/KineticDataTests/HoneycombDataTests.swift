import XCTest
import Synchronization
import KineticContentServer
import KineticRender
import KineticTestSupport
@testable import KineticData
import KineticNetwork

/// The honeycomb's document: strict per node, forgiving per document; and the shipped data covering the range.
final class HoneycombDocumentTests: XCTestCase {
    private func decode(_ json: String, base: String? = "http://h.test/honeycomb/nodes.json") throws -> HoneycombDocument.Decoded {
        try HoneycombDocument.decode(Data(json.utf8), base: base.flatMap(URL.init(string:)))
    }

    func testABadNodeIsLeftOutWithItsReasonAndTheRestStay() throws {
        let decoded = try decode("""
        {"rootNode": [
          {"id": "good", "title": "Good", "color": "#112233", "node": [
            {"id": "a", "title": "A", "color": "#445566", "image": "images/a.svg", "detail": {"label": "Ay", "text": "About A", "learnMore": "https://example.org/a"}},
            {"id": "b c", "title": "Bad id", "color": "#445566"},
            {"id": "d", "title": "", "color": "#445566"},
            {"id": "e", "title": "E", "color": "blue"},
            {"id": "a", "title": "Again", "color": "#445566"},
            {"id": "f", "title": "F", "color": "#445566", "image": "javascript:alert(1)", "detail": {"learnMore": "file:///etc/passwd"}},
            {"id": "g", "title": "G", "color": "#445566", "detail": {"text": 7}},
            42
          ]},
          {"title": "No id", "color": "#000000"},
          {"id": "second", "title": "Second", "color": "#abc", "node": "not a list"}
        ]}
        """)
        XCTAssertEqual(decoded.categories.map(\.id), ["good"])
        XCTAssertEqual(decoded.categories[0].children.map(\.id), ["a", "f"])
        let a = decoded.categories[0].children[0]
        XCTAssertEqual(a.image, "http://h.test/honeycomb/images/a.svg", "relative to the document's URL")
        XCTAssertEqual(a.detail, HoneycombNode.Detail(label: "Ay", text: "About A", image: "http://h.test/honeycomb/images/a.svg", learnMore: "https://example.org/a"))
        let f = decoded.categories[0].children[1]
        XCTAssertNil(f.image, "a script URL is no image")
        XCTAssertNil(f.detail.learnMore, "a file URL is no link")
        let problems = decoded.problems.joined(separator: "\n")
        for expected in ["\"b c\" left out: id \"b c\" must be", "\"d\" left out: \"title\" must be a non-empty string", "\"e\" left out: invalid hex colour \"blue\"",
                         "\"a\" left out: duplicate id", "\"g\" left out: \"detail.text\" must be a string", "node[7] left out: not an object",
                         "rootNode[1] left out: \"id\" is missing", "\"second\" left out: \"node\" must be a list",
                         "\"image\" \"javascript:alert(1)\" is not an http(s) URL", "\"detail.learnMore\" must be an absolute http(s) URL"] {
            XCTAssertTrue(problems.contains(expected), "missing «\(expected)» in:\n\(problems)")
        }
    }

    /// A title that passes "1–40 characters" but holds a control character (a NUL first, an escape sequence) is left
    /// out with that reason: it would draw as nothing, or cut short; a title with a tab or an accent is kept.
    func testATitleWithAControlCharacterIsLeftOut() throws {
        let decoded = try decode(#"""
        {"rootNode": [{"id": "k", "title": "K", "color": "#112233", "node": [
          {"id": "nul", "title": "\u0000Fern", "color": "#445566"},
          {"id": "esc", "title": "\u001B[31mRed", "color": "#445566"},
          {"id": "fine", "title": "Crème brûlée", "color": "#445566"}
        ]}]}
        """#)
        XCTAssertEqual(decoded.categories.first?.children.map(\.id), ["fine"])
        let problems = decoded.problems.joined(separator: "\n")
        XCTAssertTrue(problems.contains("\"nul\" left out: \"title\" holds a control character"), problems)
        XCTAssertTrue(problems.contains("\"esc\" left out: \"title\" holds a control character"), problems)
    }

    func testLimitsAreSixCategoriesAndThirtyFiveCells() throws {
        let cells = (0..<40).map { "{\"id\": \"c\($0)\", \"title\": \"C\", \"color\": \"#000000\"}" }.joined(separator: ",")
        let categories = (0..<8).map { "{\"id\": \"k\($0)\", \"title\": \"K\", \"color\": \"#000000\"" + ($0 == 0 ? ", \"node\": [\(cells)]" : "") + "}" }
        let decoded = try decode("{\"rootNode\": [\(categories.joined(separator: ","))]}")
        XCTAssertEqual(decoded.categories.count, 6)
        XCTAssertEqual(decoded.categories[0].children.count, 35)
        XCTAssertEqual(decoded.problems.filter { $0.contains("at most 6 categories") }.count, 2)
        XCTAssertEqual(decoded.problems.filter { $0.contains("at most 35 cells") }.count, 5)
    }

    func testAWholeDocumentFailsOnlyWhenItIsNotOne() {
        XCTAssertThrowsError(try decode("{not json")) { XCTAssertTrue("\($0)".hasPrefix("nodes.json is not valid JSON"), "\($0)") }
        XCTAssertThrowsError(try decode(#"{"nodes": []}"#)) {
            XCTAssertEqual($0 as? DocumentError, .wrongShape(document: "nodes.json", reason: "\"rootNode\" is missing"))
        }
        XCTAssertThrowsError(try decode(#"[1, 2]"#)) { XCTAssertEqual($0 as? DocumentError, .wrongShape(document: "nodes.json", reason: "not an object")) }
        XCTAssertThrowsError(try decode(#"{"rootNode": {"id": "a"}}"#)) {
            XCTAssertEqual($0 as? DocumentError, .wrongShape(document: "nodes.json", reason: "\"rootNode\" must be a list"))
        }
    }

    func testOfflineRelativeImagesAreSummedUpNotListed() throws {
        let decoded = try decode(##"{"rootNode": [{"id": "k", "title": "K", "color": "#000000", "node": [{"id": "a", "title": "A", "color": "#000000", "image": "i.svg"}, {"id": "b", "title": "B", "color": "#000000", "image": "i.svg"}]}]}"##, base: nil)
        XCTAssertEqual(decoded.categories[0].children.map(\.image), [nil, nil])
        XCTAssertEqual(decoded.problems.count, 1)
        XCTAssertTrue(decoded.problems[0].contains("2 relative image URLs"), decoded.problems[0])
    }

    func testTheShippedNodesCoverTheRange() throws {
        let served = try Data(contentsOf: ContentServer.repositoryContent.appendingPathComponent("honeycomb/nodes.json"))
        let decoded = try HoneycombDocument.decode(served, base: URL(string: "http://h.test/honeycomb/nodes.json"))
        XCTAssertEqual(decoded.problems, [])
        XCTAssertEqual(decoded.categories.count, 6)
        let counts = decoded.categories.map(\.children.count)
        XCTAssertTrue(counts.contains(1), "one category with a single cell: \(counts)")
        XCTAssertTrue(counts.contains(35), "one full grid: \(counts)")
        XCTAssertTrue(counts.filter { $0 != 1 && $0 != 35 }.allSatisfy { (10...15).contains($0) }, "the rest typical: \(counts)")
        for cell in decoded.categories.flatMap(\.children) {
            XCTAssertNotNil(cell.image, cell.id)
            XCTAssertFalse(cell.detail.text.isEmpty, cell.id)
            XCTAssertNotNil(cell.detail.learnMore, cell.id)
        }
        let bundled = ContentServer.repositoryContent.deletingLastPathComponent().appendingPathComponent("Sources/KineticApps/Resources/Honeycomb/nodes.json")
        XCTAssertEqual(try Data(contentsOf: bundled), served, "the app ships the document the server serves")
    }
}

/// The honeycomb's data layer against the real content server: images downloaded, checked, stored locally and
/// shown from there; a hostile or missing image leaves its cells on a placeholder; the download persists.
final class HoneycombRefresherTests: XCTestCase {
    private var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-honeycomb-\(UUID().uuidString)")
    }

    /// A content folder with a good image, one whose SVG declares 100,000 px a side, one that is not SVG at all,
    /// and one that is missing.
    private func makeContent() throws -> URL {
        let content = folder.appendingPathComponent("content")
        let images = content.appendingPathComponent("honeycomb/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ContentServer.repositoryContent.appendingPathComponent("honeycomb/images/fern.svg"), to: images.appendingPathComponent("fern.svg"))
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>"#.utf8)
            .write(to: images.appendingPathComponent("huge.svg"))
        try Data("#!/bin/sh\nrm -rf /\n".utf8).write(to: images.appendingPathComponent("script.svg"))
        let nodes = """
        {"rootNode": [{"id": "k", "title": "K", "color": "#335577", "node": [
          {"id": "good", "title": "Good", "color": "#000000", "image": "images/fern.svg"},
          {"id": "huge", "title": "Huge", "color": "#000000", "image": "images/huge.svg"},
          {"id": "script", "title": "Script", "color": "#000000", "image": "images/script.svg"},
          {"id": "gone", "title": "Gone", "color": "#000000", "image": "images/missing.svg"}]}]}
        """
        try Data(nodes.utf8).write(to: content.appendingPathComponent("honeycomb/nodes.json"))
        return content
    }

    private func refresher(_ nodesURL: URL?, bundled: Data? = nil) -> HoneycombRefresher {
        let downloader = ImageDownloader(cache: ImageCache(folder: folder.appendingPathComponent("cache/images")),
                                         fetcher: NetworkFetcher(policy: FetchPolicy(idleTimeout: 1, totalTimeout: 2, retryDelay: 0.05)),
                                         validator: { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) })
        return HoneycombRefresher(bundledData: bundled, nodesURL: nodesURL, dataFolder: folder.appendingPathComponent("data"), downloader: downloader)
    }

    /// A slow image server (0.6 s before each picture starts, against a fetcher that waits 0.3 s): the refresh keeps to
    /// its deadline and gets none of the three pictures, and says they come later; the one that is not there (a 404)
    /// is not asked for again. Fetched again in the background with the network's patience doubling each round, all
    /// three land, each a checked file in the cache, and none is asked for after it landed.
    func testPicturesASlowServerDidNotSendInTimeLandLater() async throws {
        let content = try await RunningServer(folder: try makeContent())
        let faults = try await FaultServer(imageBase: content.base)
        let downloader = ImageDownloader(cache: ImageCache(folder: folder.appendingPathComponent("cache/images")),
                                         fetcher: NetworkFetcher(policy: FetchPolicy(idleTimeout: 0.3, totalTimeout: 0.4, retryDelay: 0.05)),
                                         validator: { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) })
        let refresher = HoneycombRefresher(bundledData: nil, nodesURL: URL(string: faults.base + "/slow-honeycomb/nodes.json"),
                                           dataFolder: folder.appendingPathComponent("data"), downloader: downloader, refreshDeadline: 5)
        let snapshot = await refresher.refresh()
        XCTAssertFalse(snapshot.refreshFailed)
        XCTAssertEqual(snapshot.categories.first?.children.count, 4)
        let slow = ["a", "b", "c"].map { faults.base + "/delayed/\($0).svg" }
        XCTAssertEqual(snapshot.imageFiles, [:], "none in time")
        XCTAssertEqual(snapshot.lateImages.sorted(), slow, "the three slow ones come later; the 404 does not")
        XCTAssertTrue(snapshot.problems.contains { $0.contains("/delayed/a.svg") && $0.hasSuffix("until it comes") }, "\(snapshot.problems)")

        let late = LateImages()
        late.prefer([slow[2]])
        let handed = Mutex<[(url: String, file: String)]>([])
        await late.fetch(snapshot.lateImages.compactMap(URL.init(string:)), downloader: downloader, pause: { _ in }) { url, file in
            handed.withLock { $0.append((url, file)) }
        }
        let landed = handed.withLock { $0 }
        XCTAssertEqual(landed.map(\.url).sorted(), slow, "each handed over once")
        for file in landed.map(\.file) {
            XCTAssertTrue(file.hasPrefix(folder.appendingPathComponent("cache/images").path), file)
            XCTAssertNil(ImageFileCheck.problem(at: URL(fileURLWithPath: file)), "a checked picture")
        }
        await faults.stop()
        await content.stop()
    }

    func testImagesAreDownloadedCheckedStoredAndBadOnesLeftOut() async throws {
        let server = try await RunningServer(folder: try makeContent())
        let url = URL(string: "\(server.base)/honeycomb/nodes.json")!
        let snapshot = await refresher(url).refresh()
        XCTAssertFalse(snapshot.refreshFailed)
        XCTAssertEqual(snapshot.source, .remote)
        XCTAssertEqual(snapshot.categories.first?.children.count, 4, "a bad image never costs the node")
        let good = "\(server.base)/honeycomb/images/fern.svg"
        XCTAssertEqual(Array(snapshot.imageFiles.keys), [good])
        let file = try XCTUnwrap(snapshot.imageFiles[good])
        XCTAssertTrue(file.hasPrefix(folder.appendingPathComponent("cache/images").path), "stored locally, in the cache")
        XCTAssertFalse(file.contains("fern"), "named by a hash of the URL, not by the server's name")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), try Data(contentsOf: ContentServer.repositoryContent.appendingPathComponent("honeycomb/images/fern.svg")))
        let problems = snapshot.problems.joined(separator: "\n")
        XCTAssertTrue(problems.contains("huge.svg") && problems.contains("8192"), problems)
        XCTAssertTrue(problems.contains("script.svg") && problems.contains("is not an SVG"), problems)
        XCTAssertTrue(problems.contains("missing.svg") && problems.contains("404"), problems)
        let stored = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/images").path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(stored.count, 1, "rejected images are not kept: \(stored)")

        await server.stop()
        // A new launch, offline: the saved nodes and the stored image, at once.
        let later = refresher(url).current()
        XCTAssertEqual(later.source, .saved)
        XCTAssertEqual(later.categories, snapshot.categories)
        XCTAssertEqual(later.imageFiles, [good: file])
        // And a refresh against a dead server keeps all of it, saying so.
        let failed = await refresher(url).refresh()
        XCTAssertTrue(failed.refreshFailed)
        XCTAssertEqual(failed.categories, snapshot.categories)
        XCTAssertEqual(failed.imageFiles, [good: file])
    }

    func testAnUnreadableSavedCopyFallsBackToTheBundledOne() throws {
        let bundled = Data(##"{"rootNode": [{"id": "b", "title": "B", "color": "#000000"}]}"##.utf8)
        let saved = folder.appendingPathComponent("data/honeycomb-nodes.json")
        try FileManager.default.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"nodesURL\": 3".utf8).write(to: saved)
        let snapshot = refresher(nil, bundled: bundled).current()
        XCTAssertEqual(snapshot.source, .bundled)
        XCTAssertEqual(snapshot.categories.map(\.id), ["b"])
        XCTAssertTrue(snapshot.problems.contains { $0.contains("could not be read") && $0.contains("honeycomb-nodes.json") }, "\(snapshot.problems)")
    }

    /// Issue 36, item 15: a refused connection's log line had an unbalanced parenthesis (the network library's
    /// "connection reset (error set): Connection refused) (errno: 111)"). Against loopback's closed discard port, every
    /// line the Honeycomb's refresh logs names the refusal in words, its brackets balanced.
    func testARefusedConnectionIsSaidInBalancedWords() async {
        let bundled = Data(##"{"rootNode": [{"id": "b", "title": "B", "color": "#000000", "node": [{"id": "c", "title": "C", "color": "#000000", "image": "http://127.0.0.1:9/c.svg"}]}]}"##.utf8)
        let snapshot = await refresher(URL(string: "http://127.0.0.1:9/honeycomb/nodes.json")!, bundled: bundled).refresh()
        XCTAssertTrue(snapshot.refreshFailed)
        XCTAssertEqual(snapshot.problems.first, "http://127.0.0.1:9/honeycomb/nodes.json could not be fetched: nothing accepts connections at 127.0.0.1:9 (connection refused)")
        for line in snapshot.problems {
            XCTAssertEqual(line.filter { $0 == "(" }.count, line.filter { $0 == ")" }.count, "balanced: \(line)")
        }
    }
}
