import Foundation
import XCTest
import KineticContentServer
import KineticRender
import KineticTestSupport
@testable import KineticData

/// Catalogues a server can send that once stopped every client, served for real on 127.0.0.1.
final class HostileCatalogueTests: CatalogTestCase {
    func testEntriesThatAreNotCostumesAndAnImpossiblePortCostOnlyThemselves() async throws {
        let content = try await RunningServer(folder: ContentServer.repositoryContent)
        let faults = try await FaultServer(imageBase: content.base)
        let snapshot = await refresher(faults.base + "/api/non-objects.json").refresh()
        XCTAssertFalse(snapshot.refreshFailed)
        XCTAssertTrue(snapshot.costumes.contains { $0.id == "pirate" }, "\(snapshot.costumes.map(\.id))")
        XCTAssertFalse(snapshot.costumes.contains { $0.id == "portly" })
        for index in 0..<4 {
            XCTAssertTrue(snapshot.problems.contains { $0.contains("costumes[\(index)] left out: not an object") }, "\(snapshot.problems)")
        }
        XCTAssertTrue(snapshot.problems.contains { $0.contains("\"portly\" left out") && $0.contains("outside 1…65535") }, "\(snapshot.problems)")
        await faults.stop()
        await content.stop()
    }

    /// A catalogue of a thousand costumes: the first hundred (the document's stated limit) are all offered, with the
    /// two built in, and the rest are said in one line; the wheel shows them a page at a time.
    func testAThousandCostumesOfferTheDocumentsHundredAndSayTheRest() async throws {
        let content = try await RunningServer(folder: ContentServer.repositoryContent)
        let faults = try await FaultServer(imageBase: content.base)
        let refresher = refresher(faults.base + "/api/thousand.json")
        let before = try residentBytes()
        let snapshot = await refresher.refresh()
        let grown = try residentBytes() - before
        XCTAssertLessThan(grown, 64 * 1024 * 1024, "a thousand costumes grew resident memory by \(grown / 1024) KB")
        XCTAssertEqual(snapshot.costumes.count, 100 + refresher.bundled.count, "every costume the document may bring, and the built-in ones")
        XCTAssertTrue(snapshot.problems.contains("\(faults.base)/api/thousand.json: 900 more costumes left out: at most 100 costumes in one document"),
                      "\(snapshot.problems)")
        XCTAssertLessThan(snapshot.problems.count, 10, "a line for each cut, not one a costume")
        let saved = try XCTUnwrap(SavedCatalogFile(folder: data).load().catalog)
        XCTAssertEqual(saved.costumes.count, 100, "what is offered is saved for the next launch")
        await faults.stop()
        await content.stop()
    }

    /// This process's resident memory, in bytes.
    private func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// One deadline for a whole refresh, however many images a silent server names.
final class RefreshDeadlineTests: CatalogTestCase {
    func testImagesThatNeverAnswerCostTheRefreshItsDeadlineOnce() async throws {
        let faults = try await FaultServer(imageBase: "http://127.0.0.1:9")
        let refresher = refresher(faults.base + "/api/silent-images.json", refreshDeadline: 2)
        let started = Date()
        let snapshot = await refresher.refresh()
        let took = Date().timeIntervalSince(started)
        XCTAssertLessThan(took, 4, "ten silent costumes took \(took) s")
        XCTAssertEqual(snapshot.costumes.map(\.id), refresher.bundled.map(\.id), "none of them is shown; the built-in ones stay")
        XCTAssertTrue(snapshot.problems.contains { $0.contains("not downloaded before the refresh's deadline") }, "\(snapshot.problems)")
        await faults.stop()
    }
}
