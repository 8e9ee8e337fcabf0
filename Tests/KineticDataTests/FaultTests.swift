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

        // Each with what a person is told of it: a server that answered an error status or a page that is not JSON
        // was reached; one that timed out or broke off was not; a document that is cut, not JSON or too big can't be read.
        let cases: [(path: String, reason: String, failure: RefreshFailure)] = [
            ("/status/500", "answered HTTP 500", .serverError), ("/status/404", "answered HTTP 404", .serverError),
            ("/slow-headers", "timed out", .unreachable), ("/slow-body", "timed out", .unreachable),
            ("/closed-mid-body", "could not be fetched", .unreachable), ("/truncated.json", "not valid JSON", .unreadableDocument),
            ("/invalid.json", "not valid JSON", .unreadableDocument), ("/array.json", "wrong shape: not an object", .unreadableDocument),
            ("/huge.json", "sent more than 1048576 bytes", .unreadableDocument), ("/wrong-type.json", "text/html, not JSON", .serverError),
        ]
        for (path, reason, failure) in cases {
            let snapshot = await refresher(faults.base + path).refresh()
            XCTAssertTrue(snapshot.refreshFailed, path)
            XCTAssertEqual(snapshot.failure, failure, path)
            XCTAssertEqual(snapshot.costumes.map(\.id), good.costumes.map(\.id), "\(path): the catalogue is intact")
            XCTAssertTrue(snapshot.problems.contains { $0.contains(reason) }, "\(path): \(snapshot.problems)")
            XCTAssertEqual(try Data(contentsOf: SavedCatalogFile(folder: data).fileURL), savedBytes, "\(path): the saved file is untouched")
        }

        // Costume by costume: the good one stays, each bad one is left out with its reason.
        let mixed = await refresher(faults.base + "/api/mixed.json").refresh()
        XCTAssertFalse(mixed.refreshFailed)
        XCTAssertNil(mixed.failure)
        XCTAssertEqual(mixed.costumes.map(\.id), ["moustache", "cowboy", "pirate"])
        // Left out for their pictures (the person is told how many): the corrupt, absurd and fake images. "loop" is
        // refused with the document itself (its icon points back at the catalogue), as "typo" is: logged.
        XCTAssertEqual(mixed.leftOutForPictures.sorted(), ["absurd", "corrupt", "fake"])
        let expected = ["costume corrupt left out: icon image", "costume absurd left out: icon image", "is too large",
                        "points back at the catalogue", "is not a PNG", "costumes[5] \"typo\" left out: \"title\" must be a string", "\"pirate\" left out: duplicate id"]
        for text in expected {
            XCTAssertTrue(mixed.problems.contains { $0.contains(text) }, "\(text) missing from \(mixed.problems)")
        }
        await faults.stop()
        await content.stop()
    }
}
