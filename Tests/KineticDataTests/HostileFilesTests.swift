import XCTest
import KineticContentServer
import KineticRender
import KineticTestSupport
@testable import KineticData

/// Issue #38, items 4 and 7: a corrupted image cache heals, and a saved file past the size cap is kept, not read.
final class HostileFilesTests: CatalogTestCase {
    /// Item 4: every cached SVG overwritten with junk while the server is live. The next refresh does not take the
    /// 304 that would keep the broken set: the catalogue is fetched whole, every image again, each passes the real
    /// check, and the costumes count as this refresh's, not "saved".
    func testOverwrittenCachedImagesAreDroppedAndFetchedAgain() async throws {
        let server = try await RunningServer(folder: ContentServer.repositoryContent)
        let recording = RecordingFetcher(policy: quick)
        let url = "\(server.base)/api/current_costumes.json"
        let first = await refresher(url, fetcher: recording).refresh()
        XCTAssertEqual(first.problems, [])
        let cached = try FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: nil).filter { $0.pathExtension == "svg" }
        XCTAssertEqual(cached.count, 8, "four served costumes, two images each")
        for file in cached { try Data("<svg overwritten".utf8).write(to: file) }

        let second = await refresher(url, fetcher: recording).refresh()
        XCTAssertEqual(recording.statuses["/api/current_costumes.json"], [200, 200], "asked for whole, not revalidated")
        XCTAssertEqual(second.costumes.map(\.id), first.costumes.map(\.id))
        XCTAssertEqual(second.sources["pirate"], .remote)
        for costume in second.costumes.dropFirst(2) {
            for image in [costume.icon, costume.worn] {
                XCTAssertNil(ImageFileCheck.problem(at: URL(fileURLWithPath: image)), "\(costume.id): \(image) fetched again")
            }
        }
        await server.stop()
    }

    /// Item 7: a 300 MB `mailbox.json` (sparse, so the disk is not filled) is not read into memory: the mailbox starts
    /// without it, says its size and the 16 MB cap, and the file is kept aside whole for the person.
    func testASavedFilePastTheCapIsKeptAsideUnread() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-bigfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = MailboxSavedFiles(folder: folder)
        XCTAssertTrue(FileManager.default.createFile(atPath: store.fileURL.path, contents: Data(#"{"placements": {}}"#.utf8)))
        let handle = try FileHandle(forWritingTo: store.fileURL)
        try handle.truncate(atOffset: 300_000_000)
        try handle.close()
        let (placements, problem) = store.load()
        XCTAssertEqual(placements, [:])
        let said = try XCTUnwrap(problem)
        XCTAssertTrue(said.contains("is 300000000 bytes, more than the 16777216 bytes (16 MB) a saved file may be"), said)
        XCTAssertTrue(said.contains("kept as mailbox.json.unreadable-1"), said)
        let kept = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("mailbox.json.unreadable-1").path)
        XCTAssertEqual((kept[.size] as? NSNumber)?.intValue, 300_000_000, "kept whole")
    }
}
