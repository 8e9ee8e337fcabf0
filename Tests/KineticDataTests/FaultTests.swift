import XCTest
import KineticContentServer
import KineticRender
import KineticTestSupport
@testable import KineticData

/// Every way a server can misbehave ends with the catalogue intact and a clear reason.
final class FaultTests: CatalogTestCase {
    func testEveryFaultKeepsTheCatalogueAndSaysWhy() async throws {
        let content = try await RunningServer(folder: ContentServer.repositoryContent)
        let faults = try await FaultServer(imageBase: content.base)
        let good = await refresher("\(content.base)/api/current_costumes.json").refresh()
        XCTAssertEqual(good.costumes.count, 6)
        let savedBytes = try Data(contentsOf: SavedCatalogFile(folder: data).fileURL)

        let cases: [(path: String, reason: String)] = [
            ("/status/500", "answered HTTP 500"), ("/status/404", "answered HTTP 404"),
            ("/slow-headers", "timed out"), ("/slow-body", "timed out"),
            ("/closed-mid-body", "could not be fetched"), ("/truncated.json", "not valid JSON"),
            ("/invalid.json", "not valid JSON"), ("/array.json", "wrong shape: not an object"),
            ("/huge.json", "sent more than 1048576 bytes"), ("/wrong-type.json", "text/html, not JSON"),
        ]
        for (path, reason) in cases {
            let snapshot = await refresher(faults.base + path).refresh()
            XCTAssertTrue(snapshot.refreshFailed, path)
            XCTAssertEqual(snapshot.costumes.map(\.id), good.costumes.map(\.id), "\(path): the catalogue is intact")
            XCTAssertTrue(snapshot.problems.contains { $0.contains(reason) }, "\(path): \(snapshot.problems)")
            XCTAssertEqual(try Data(contentsOf: SavedCatalogFile(folder: data).fileURL), savedBytes, "\(path): the saved file is untouched")
        }

        // Costume by costume: the good one stays, each bad one is left out with its reason.
        let mixed = await refresher(faults.base + "/api/mixed.json").refresh()
        XCTAssertFalse(mixed.refreshFailed)
        XCTAssertEqual(mixed.costumes.map(\.id), ["moustache", "cowboy", "pirate"])
        let expected = ["costume corrupt left out: icon image", "costume absurd left out: icon image", "is too large",
                        "points back at the catalogue", "is not a PNG", "costumes[5] \"typo\" left out: \"title\" must be a string", "\"pirate\" left out: duplicate id"]
        for text in expected {
            XCTAssertTrue(mixed.problems.contains { $0.contains(text) }, "\(text) missing from \(mixed.problems)")
        }
        await faults.stop()
        await content.stop()
    }
}
