import XCTest
import KineticContentServer
import KineticRender
import KineticTestSupport
@testable import KineticData
import KineticNetwork
import Synchronization

/// Records what the real fetcher answered, so tests can see the 304s.
final class RecordingFetcher: HTTPFetching, Sendable {
    let inner: NetworkFetcher
    private let recorded = Mutex<[String: [Int]]>([:])
    /// The statuses answered, by path, in order.
    var statuses: [String: [Int]] { recorded.withLock { $0 } }
    init(policy: FetchPolicy) { inner = NetworkFetcher(policy: policy) }
    func get(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult {
        let result = try await inner.get(url, headers: headers, maxBytes: maxBytes)
        recorded.withLock { $0[url.path, default: []].append(result.status) }
        return result
    }
}

class CatalogTestCase: XCTestCase {
    var data: URL!
    var cache: URL!
    let bundled = [
        Costume(id: "moustache", title: "The Gentleman", description: "Bundled.", icon: "/b/icon.svg", worn: "/b/worn.svg", displayX: 0, displayY: -0.2, displayWidth: 0.6, displayHeight: 0.2),
        Costume(id: "cowboy", title: "The Drifter", description: "Bundled.", icon: "/b/icon2.svg", worn: "/b/worn2.svg", displayX: 0, displayY: -0.4, displayWidth: 0.8, displayHeight: 0.2),
    ]
    let quick = FetchPolicy(idleTimeout: 1, totalTimeout: 2, retryDelay: 0.05)

    override func setUp() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-catalog-\(UUID().uuidString)")
        data = base.appendingPathComponent("data")
        cache = base.appendingPathComponent("cache")
    }

    func refresher(_ url: String, fetcher: HTTPFetching? = nil, refreshDeadline: Double = ImageBatch.refreshDeadline) -> CatalogRefresher {
        CatalogRefresher(bundled: bundled, catalogURL: URL(string: url), savedFile: SavedCatalogFile(folder: data),
                         images: ImageCache(folder: cache), fetcher: fetcher ?? NetworkFetcher(policy: quick),
                         validator: { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) }, refreshDeadline: refreshDeadline)
    }
}

final class CatalogTests: CatalogTestCase {
    func testFetchesMergesPersistsAndRevalidatesWithTheETag() async throws {
        let server = try await RunningServer(folder: ContentServer.repositoryContent)
        let recording = RecordingFetcher(policy: quick)
        let url = "\(server.base)/api/current_costumes.json"
        let first = await refresher(url, fetcher: recording).refresh()
        XCTAssertEqual(first.problems, [])
        XCTAssertFalse(first.refreshFailed)
        XCTAssertEqual(first.costumes.map(\.id), ["moustache", "cowboy", "pirate", "chef", "detective", "disco"])
        XCTAssertEqual(first.sources["pirate"], .remote)
        XCTAssertEqual(first.sources["moustache"], .bundled)
        for costume in first.costumes.dropFirst(2) {
            XCTAssertTrue(costume.icon.hasPrefix(cache.path), "images are handed over from the cache")
            XCTAssertNil(ImageFileCheck.problem(at: URL(fileURLWithPath: costume.worn)))
        }

        let second = await refresher(url, fetcher: recording).refresh()
        XCTAssertEqual(recording.statuses["/api/current_costumes.json"], [200, 304], "the repeat carries If-None-Match and gets 304")
        XCTAssertEqual(second.costumes.map(\.id), first.costumes.map(\.id))
        XCTAssertEqual(second.sources["pirate"], .saved)

        // A second instance reading the same folders shows everything at once, offline.
        let offline = refresher("http://127.0.0.1:9/nowhere.json").current()
        XCTAssertEqual(offline.costumes.map(\.id), first.costumes.map(\.id))
        XCTAssertEqual(offline.sources["disco"], .saved)
        await server.stop()
    }

    func testAHalfWrittenTemporaryFileNeverReplacesTheGoodCatalogue() throws {
        let store = SavedCatalogFile(folder: data)
        let good = SavedCatalog(catalogURL: "http://a/c.json", etag: "\"1\"", costumes: [bundled[0]])
        try store.save(good)
        // A crash while writing leaves the temporary file half-written; the catalogue itself is untouched.
        try Data("<?xml version=\"1.0\"?><plist><dict><key>catal".utf8).write(to: data.appendingPathComponent(".costumes.plist.partial-crashed"))
        XCTAssertEqual(store.load().catalog, good)
        let next = SavedCatalog(catalogURL: "http://a/c.json", etag: "\"2\"", costumes: bundled)
        try store.save(next)
        XCTAssertEqual(store.load().catalog, next)
        // A corrupt catalogue file is reported, not trusted, and not fatal.
        try Data("garbage".utf8).write(to: store.fileURL)
        let (catalog, problem) = store.load()
        XCTAssertNil(catalog)
        XCTAssertTrue(problem?.contains("could not be read") == true)
    }

    func testTheCacheEvictsTheLeastRecentlyUsedToStayUnderItsCap() throws {
        let images = ImageCache(folder: cache, capacityBytes: 1000)
        let urls = (0..<3).map { URL(string: "http://server/image-\($0).svg")! }
        for (index, url) in urls.enumerated() {
            try images.store(Data(repeating: 0x20, count: 400), for: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 10))], ofItemAtPath: images.fileURL(for: url).path)
        }
        XCTAssertLessThanOrEqual(images.totalBytes, 1000)
        XCTAssertNil(images.cachedFile(for: urls[0]), "the oldest went")
        XCTAssertNotNil(images.cachedFile(for: urls[1]))
        // Using image 1 makes image 2 the least recently used.
        try images.store(Data(repeating: 0x20, count: 400), for: URL(string: "http://server/image-3.svg")!)
        XCTAssertNotNil(images.cachedFile(for: urls[1]))
        XCTAssertNil(images.cachedFile(for: urls[2]))
    }

    func testCacheFileNamesStayInsideTheFolderWhateverTheURL() {
        let images = ImageCache(folder: cache)
        let hostile = ["http://x/../../etc/passwd", "http://x/a/..%2f..%2fb.svg", "http://x/%00.png", "file:///etc/shadow",
                       "http://x/" + String(repeating: "a/", count: 2000) + "long.svg", "http://x/émoji-🎩.svg", "http://x/.hidden"]
        for text in hostile {
            let url = URL(string: text) ?? URL(string: "http://x/fallback")!
            let file = images.fileURL(for: url)
            XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, cache.standardizedFileURL.path, text)
            XCTAssertNotNil(file.lastPathComponent.range(of: "^[0-9a-f]{64}\\.(svg|png|img)$", options: .regularExpression), file.lastPathComponent)
        }
    }

    /// The names are SHA-256: FIPS 180-2's published digest of "abc", and of the empty message.
    func testCacheNamesAreSHA256() {
        XCTAssertEqual(ContentHash.hex(of: Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(ContentHash.hex(of: Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let images = ImageCache(folder: cache)
        XCTAssertEqual(images.fileURL(for: URL(string: "http://x/a.svg")!).lastPathComponent,
                       ContentHash.hex(of: Data("http://x/a.svg".utf8)) + ".svg")
    }

    func testWithNoServerTheBundledAndSavedCostumesRemain() async {
        let snapshot = await refresher("http://127.0.0.1:9/api/current_costumes.json").refresh()
        XCTAssertTrue(snapshot.refreshFailed)
        XCTAssertEqual(snapshot.costumes.map(\.id), ["moustache", "cowboy"])
        XCTAssertTrue(snapshot.problems.first?.contains("could not be fetched") == true, "\(snapshot.problems)")
    }
}
