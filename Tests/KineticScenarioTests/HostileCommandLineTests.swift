import XCTest
import Synchronization

/// Issue #38, items 5, 6 and 7, through the built `kinetic` as a person runs it: what a server sends reaches the
/// terminal bounded and inert, what goes wrong is said in sentences, and the limits hold and are said. Servers are the
/// real `kinetic serve` on 127.0.0.1; files are real, in fresh temporary folders.
final class HostileCommandLineTests: XCTestCase {
    private var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetic")
    }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// 100,000 nulls, a costume whose id is 400,000 characters long and one whose title holds NUL and `ESC[31m`: the
    /// problems are ten lines and a count (100,001 problems: ten named, "and 99,991 more"), no line passes the
    /// 2,000-character cap by more than its prefix and the count of what was cut, and no control byte reaches the
    /// terminal, the title shown with its escape written out.
    func testAHostileCatalogueMakesAFewShortPrintableLines() throws {
        let (folder, content) = try contentCopy()
        func costume(_ id: String, title: String, icon: String) -> String {
            #"{"id": "\#(id)", "title": "\#(title)", "description": "d", "icon": "\#(icon)", "worn": "/costumes/costume-pirate-worn.svg","#
                + #" "alignment_x": 0, "alignment_y": 0, "display_x": 0, "display_y": -0.3, "display_width": 0.78, "display_height": 0.3867}"#
        }
        // 400 KB of id and 500 KB of nulls: under the catalogue's 1 MB, so the document is read, not refused whole.
        let long = String(repeating: "i", count: 400_000)
        let document = "{\"costumes\": [" + costume("red", title: #"Red\u0000\u001b[31mAlert"#, icon: "/costumes/costume-pirate-icon.svg")
            + ", " + costume(long, title: "Long", icon: "/costumes/costume-pirate-icon.svg") + String(repeating: ",null", count: 100_000) + "]}"
        try Data(document.utf8).write(to: content.appendingPathComponent("api/current_costumes.json"))

        let server = try Served(content: content, binary: binary)
        defer { server.stop() }
        let (status, printed, said) = try run(["catalog", "--catalog-url", "\(server.address)api/current_costumes.json",
                                               "--data-dir", folder.appendingPathComponent("data").path,
                                               "--cache-dir", folder.appendingPathComponent("cache").path])
        XCTAssertEqual(status, 0)

        for (name, bytes) in [("standard output", printed), ("standard error", said)] {
            XCTAssertFalse(bytes.contains(0), "\(name) holds a NUL")
            XCTAssertFalse(bytes.contains(0x1B), "\(name) holds an ESC")
        }
        let lines = String(decoding: said, as: UTF8.self).split(separator: "\n")
        XCTAssertLessThanOrEqual(lines.count, 15, "ten problems named, one count, and a few of the refresh's own: \(lines.prefix(20))")
        XCTAssertTrue(lines.contains { $0.hasSuffix("and 99,991 more problems") }, "\(lines.map { $0.prefix(200) })")
        XCTAssertLessThan(lines.map(\.count).max() ?? 0, 2_100, "each message capped at 2,000 characters")
        XCTAssertTrue(lines.contains { $0.contains("more characters)") }, "the long id is cut and the cut counted")
        let table = String(decoding: printed, as: UTF8.self)
        XCTAssertTrue(table.contains(#"Red\u{0}\u{1b}[31mAlert"#), table)
    }

    /// Item 6: each refusal of a scenario is a sentence naming what was wrong, never a parser's type dump nor a value
    /// that was JSON blamed on "invalid JSON".
    func testScenarioRefusalsAreSentences() throws {
        let (folder, _) = try contentCopy()
        let cases: [(Data, expected: String)] = [
            (Data(#"{"app": "gall"#.utf8) + Data([0xFF, 0xFE]) + Data(#"ery"}"#.utf8), "the byte at offset 13 is not UTF-8 text"),
            (Data(#"{"app": "gallery", "contentURL": "file:///etc/passwd"}"#.utf8), "contentURL"),
            (Data(#"{"app": "gallery", "events": [{"at": 0, "touch": "down", "id": 1180591620717411303424, "x": 1, "y": 1}]}"#.utf8),
             "it holds a number too large to read: a whole number must be within ±9223372036854775807"),
        ]
        for (index, (bytes, expected)) in cases.enumerated() {
            let scenario = folder.appendingPathComponent("s\(index).json")
            try bytes.write(to: scenario)
            let (status, _, errors) = try run(["play", scenario.path, "--out", folder.appendingPathComponent("out").path, "--quiet"])
            let said = String(decoding: errors, as: UTF8.self)
            XCTAssertNotEqual(status, 0, said)
            XCTAssertTrue(said.contains(expected), "case \(index): \(said)")
            for dump in ["JSONError", "cannotConvert", "SourceLocation", "invalid JSON", "not valid JSON", "(null)", "NSCocoaErrorDomain"] {
                XCTAssertFalse(said.contains(dump), "case \(index) says \(dump): \(said)")
            }
        }
    }

    /// Item 6: `/dev/null` as the data folder, a folder where the saved catalogue belongs, and a full disk are said as
    /// such (they were `NSCocoaErrorDomain Code=512/516/640 "(null)"`); the folder is kept aside and the catalogue
    /// saved in its place.
    func testFileProblemsAreSentences() throws {
        let (folder, content) = try contentCopy()
        let server = try Served(content: content, binary: binary)
        defer { server.stop() }
        let catalogue = "\(server.address)api/current_costumes.json", cache = folder.appendingPathComponent("cache").path
        let device = try run(["catalog", "--catalog-url", catalogue, "--data-dir", "/dev/null", "--cache-dir", cache])
        let deviceSaid = String(decoding: device.errors, as: UTF8.self)
        XCTAssertTrue(deviceSaid.contains("/dev/null is not a folder"), deviceSaid)

        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("costumes.plist"), withIntermediateDirectories: true)
        let blocked = try run(["catalog", "--catalog-url", catalogue, "--data-dir", data.path, "--cache-dir", cache])
        let blockedSaid = String(decoding: blocked.errors, as: UTF8.self)
        XCTAssertTrue(blockedSaid.contains("costumes.plist is a folder where a file belongs; kept as costumes.plist.unreadable-1"), blockedSaid)
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: data.appendingPathComponent("costumes.plist").path, isDirectory: &isFolder))
        XCTAssertFalse(isFolder.boolValue, "the catalogue was saved where the folder was")
        // A full disk: the data folder a tmpfs of 8 KB, filled first, in a private mount namespace of its own.
        let small = folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let fill = "mount -t tmpfs -o size=8k tmpfs \"$1\" && { head -c 1000000 /dev/zero > \"$1/filler\"; shift; exec \"$@\"; }"
        let full = try run(["catalog", "--catalog-url", catalogue, "--data-dir", small.path, "--cache-dir", cache],
                           under: ["/usr/bin/unshare", "-rm", "/bin/sh", "-c", fill, "sh", small.path])
        let fullSaid = String(decoding: full.errors, as: UTF8.self)
        XCTAssertTrue(fullSaid.contains("costumes.plist could not be written: the disk is full"), fullSaid)
        for said in [deviceSaid, blockedSaid, fullSaid] {
            XCTAssertFalse(said.contains("NSCocoaErrorDomain") || said.contains("(null)"), said)
        }
    }

    /// Item 7: a scenario holds at most 50,000 events (docs/scenarios.md); a million is refused with the count and the
    /// cap, before any event is decoded.
    func testAScenarioOfAMillionEventsIsRefusedWithTheCap() throws {
        let (folder, _) = try contentCopy()
        let scenario = folder.appendingPathComponent("million.json")
        let events = [String](repeating: #"{"at": 0, "key": "a"}"#, count: 1_000_000).joined(separator: ",")
        try Data((#"{"app": "gallery", "events": ["# + events + "]}").utf8).write(to: scenario)
        let (status, _, errors) = try run(["play", scenario.path, "--out", folder.appendingPathComponent("out").path, "--quiet"])
        let said = String(decoding: errors, as: UTF8.self)
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(said.contains("1000000 events, more than the 50000 a scenario may hold"), said)
    }

    /// A fresh temporary folder holding a copy of the repository's `Content`.
    private func contentCopy() throws -> (folder: URL, content: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let content = folder.appendingPathComponent("content")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Content"), to: content)
        return (folder, content)
    }

    /// Runs the built `kinetic` to its end: its status, standard output and standard error, as bytes.
    /// With `under`, the binary is run by that command line (the binary and `arguments` appended to it).
    private func run(_ arguments: [String], under wrapper: [String] = []) throws -> (status: Int32, output: Data, errors: Data) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "kinetic is not built at \(binary.path)")
        let process = Process()
        let line = wrapper + [binary.path] + arguments
        process.executableURL = URL(fileURLWithPath: line[0])
        process.arguments = Array(line.dropFirst())
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on its own thread, so neither pipe can fill and stall the process.
        let errorData = Mutex(Data()), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let read = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = read }
            done.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return (process.terminationStatus, outputData, errorData.withLock { $0 })
    }

    /// `kinetic serve` on a free port of 127.0.0.1, serving a folder, until stopped.
    private final class Served {
        let process = Process()
        let address: String

        init(content: URL, binary: URL) throws {
            process.executableURL = binary
            process.arguments = ["serve", "--port", "0", "--host", "127.0.0.1", "--content", content.path]
            let announced = Pipe()
            process.standardOutput = announced
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = String(decoding: announced.fileHandleForReading.availableData, as: UTF8.self)
            guard let address = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
                process.terminate()
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "kinetic serve said \(line)"])
            }
            self.address = String(address)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
