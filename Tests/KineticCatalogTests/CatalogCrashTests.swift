import XCTest
import Foundation
@testable import KineticCatalog

/// What a save promises: killed at any moment, a writer leaves the saved catalogue either as it was or as it was
/// going to be, whole, never half of each and never unreadable.
final class CatalogCrashTests: XCTestCase {
    /// The writer, built beside the test bundle.
    private var writer: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetic-save-loop")
    }

    func testAWriterKilledAtRandomMomentsLeavesTheOldOrTheNewCatalogueWhole() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: writer.path), "kinetic-save-loop is not built at \(writer.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-crash-\(UUID().uuidString)")
        let store = CatalogStore(folder: folder)
        var random = SystemRandomNumberGenerator()
        var seen = Set<String>()
        for round in 0..<200 {
            let process = Process()
            process.executableURL = writer
            process.arguments = [folder.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first round waits for a first whole save; later rounds kill at a random moment of the loop.
            if round == 0 {
                for _ in 0..<400 where !FileManager.default.fileExists(atPath: store.fileURL.path) { usleep(5_000) }
            }
            usleep(UInt32.random(in: 1_000...25_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let (saved, problem) = store.load()
            XCTAssertNil(problem, "round \(round): \(problem ?? "")")
            guard let saved else { return XCTFail("round \(round): no catalogue at all") }
            XCTAssertTrue(saved.etag == "A" || saved.etag == "B", "round \(round): \(saved.etag ?? "nil")")
            XCTAssertEqual(saved.costumes.count, 400, "round \(round): whole")
            XCTAssertTrue(saved.costumes.allSatisfy { $0.id.hasPrefix(saved.etag!.lowercased()) }, "round \(round): one catalogue, not a mix")
            seen.insert(saved.etag!)
        }
        XCTAssertEqual(seen, ["A", "B"], "the kills landed at different moments")
        // What killed saves leave behind are hidden temporary files, which readers never look at.
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "costumes.plist" }
        XCTAssertTrue(strays.allSatisfy { $0.hasPrefix(".costumes.plist.partial-") }, "\(strays)")
    }
}
