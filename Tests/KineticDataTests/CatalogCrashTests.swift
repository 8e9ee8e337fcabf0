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

    /// A killed save's temporary file does not stay for ever: the next save of the same file removes it once it is a
    /// minute old, and leaves a younger one (another process's save may be writing it) and other files alone.
    func testTheNextSaveRemovesWhatKilledSavesLeftBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-strays-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func stray(_ name: String, age: TimeInterval) throws -> URL {
            let file = folder.appendingPathComponent(name)
            try Data("half a catalogue".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: file.path)
            return file
        }
        let old = try stray(".costumes.plist.partial-OLD", age: 120)
        let young = try stray(".costumes.plist.partial-YOUNG", age: 5)
        let other = try stray(".mailbox.json.partial-OLD", age: 120)
        try SavedCatalogFile(folder: folder).save(SavedCatalog(catalogURL: "http://h/api.json", etag: "A", costumes: []))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "two minutes old: a killed save's, removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: young.path), "five seconds old: perhaps a save under way, kept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.path), "another file's: not this save's to remove")
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
