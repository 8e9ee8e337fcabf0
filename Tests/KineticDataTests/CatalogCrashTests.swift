import XCTest
import Foundation
@testable import KineticData

/// What a save promises: killed at any moment, a writer leaves the saved catalogue either as it was or as it was
/// going to be, whole, never half of each and never unreadable.
final class CatalogCrashTests: XCTestCase {
    /// The writer, built beside the test bundle.
    private var writer: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetic-save-loop")
    }

    /// Each round starts a writer and kills it after its first whole save (A) or its second (B): at once in half the
    /// rounds, so that what the last whole save wrote is what must be there, and at a random moment of the next save
    /// in the others. The kills are placed by the writer's own "saved" lines, not by the clock, so a slow machine
    /// moves them no less: both catalogues are seen, whatever the load.
    func testAWriterKilledAtRandomMomentsLeavesTheOldOrTheNewCatalogueWhole() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: writer.path), "kinetic-save-loop is not built at \(writer.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-crash-\(UUID().uuidString)")
        let store = SavedCatalogFile(folder: folder)
        var random = SystemRandomNumberGenerator()
        var seen = Set<String>()
        for round in 0..<200 {
            let process = Process()
            let output = Pipe()
            process.executableURL = writer
            process.arguments = [folder.path]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let saves = round % 2 + 1
            XCTAssertTrue(Self.waitForSaves(saves, from: output.fileHandleForReading), "round \(round): the writer stopped before \(saves) saves")
            if round % 4 >= 2 { usleep(UInt32.random(in: 0...20_000, using: &random)) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try output.fileHandleForReading.close()
            let (saved, problem) = store.load()
            XCTAssertNil(problem, "round \(round): \(problem ?? "")")
            guard let saved else { return XCTFail("round \(round): no catalogue at all") }
            XCTAssertTrue(saved.etag == "A" || saved.etag == "B", "round \(round): \(saved.etag ?? "nil")")
            XCTAssertEqual(saved.costumes.count, 400, "round \(round): whole")
            XCTAssertTrue(saved.costumes.allSatisfy { $0.id.hasPrefix(saved.etag!.lowercased()) }, "round \(round): one catalogue, not a mix")
            seen.insert(saved.etag!)
        }
        XCTAssertEqual(seen, ["A", "B"], "the kills landed after different saves")
        // What killed saves leave behind are hidden temporary files, which readers never look at.
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "costumes.plist" }
        XCTAssertTrue(strays.allSatisfy { $0.hasPrefix(".costumes.plist.partial-") }, "\(strays)")
    }

    /// Reads the writer's output until it has said "saved" `count` times; false if it ended first.
    private static func waitForSaves(_ count: Int, from output: FileHandle) -> Bool {
        var lines = 0
        while lines < count {
            let data = output.availableData
            if data.isEmpty { return false }
            lines += data.filter { $0 == UInt8(ascii: "\n") }.count
        }
        return true
    }
}
