import XCTest
import Foundation
import KineticMail
import KineticTestSupport

/// The `kinetic` executable end to end, as scripts and `make run` use it: exit codes, output, files.
final class CommandLineTests: XCTestCase {
    /// The built `kinetic`, beside the test bundle in the build folder.
    private var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetic")
    }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func run(_ arguments: [String], binary executable: URL? = nil, environment: [String: String] = [:]) throws -> (status: Int32, output: String, errors: String) {
        let binary = executable ?? self.binary
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "kinetic is not built at \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// A write error is an error: `kinetic apps` into a full device (`/dev/full`, where every write fails with ENOSPC)
    /// says so on standard error and exits 74 (EX_IOERR), not 0; `--version` prints the one version.
    func testAnOutputThatCannotBeWrittenIsAnErrorAndTheVersionIsPrinted() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["apps"]
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 74, said)
        XCTAssertEqual(said, "kinetic: the output could not be written: No space left on device\n")
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.output, "3.0.0\n", "the changelog's and the AppStream files' version (VersionTests)")
    }

    /// `play` says what it cannot do as a sentence with its own usage and a status other than 0: a scenario that is not
    /// there (64, a usage error), a captures folder it cannot make (73, sysexits.h's EX_CANTCREAT).
    func testPlaySaysAMissingScenarioAndAFolderItCannotWrite() throws {
        let missing = try run(["play", "/nonexistent/kinetic-scenario.json"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.errors.hasPrefix("Error: cannot read scenario /nonexistent/kinetic-scenario.json: "), missing.errors)
        XCTAssertTrue(missing.errors.contains("Usage: kinetic play [<options>] <scenario>"), "play's usage, not kinetic's: \(missing.errors)")
        let scenario = repository.appendingPathComponent("Scenarios/honeycomb.json").path
        let unwritable = try run(["play", scenario, "--out", "/proc/kinetic-captures", "--quiet"])
        XCTAssertEqual(unwritable.status, 73, unwritable.errors)
        XCTAssertTrue(unwritable.errors.contains("Error: cannot write the captures in /proc/kinetic-captures: "), unwritable.errors)
        XCTAssertFalse(unwritable.errors.contains("NSCocoaErrorDomain"), unwritable.errors)
    }

    /// `kinetic mail-account` with no keyring to answer (no session bus, as in the plain run): the password goes to a
    /// file of the owner's only, said in a warning; `mail.json` gains the account and keeps every other entry as it
    /// was written, even one this version can't read; a second set-up of the same name replaces it; the accounts then
    /// load with that password. A file that is not the accounts is not touched.
    func testAMailAccountIsSetUpOnceFromTheCommandLine() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-mail-account-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }  // best effort: a temporary folder
        let file = config.appendingPathComponent("kinetic/mail.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"accounts": [{"name": "Home", "imap": "imaps://mail.example.net", "user": "ana", "passwordFile": "/x", "future": 1}, 42]}"#.utf8).write(to: file)
        func setUp(_ password: String, _ extra: [String] = [], file expected: URL? = nil, bus: String? = nil) throws -> (status: Int32, errors: String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["mail-account", "Work", "--imap", "imaps://imap.example.org", "--mail-user", "ana@example.org"] + extra
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = config.path
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus
            process.environment = environment
            let input = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data((password + "\n").utf8))
            try input.fileHandleForWriting.close()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, said)
        }
        let first = try setUp("première")
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertTrue(first.errors.contains("warning") && first.errors.contains("readable by you only"), first.errors)
        XCTAssertFalse(first.errors.contains("première"), "the password is never said")
        // A session bus address left over from a session that ended: no keyring is there, so the file again (by the
        // error's domain and code, whatever language the system says it in).
        let deadBus = try setUp("deuxième", bus: "unix:path=\(config.path)/no-such-bus")
        XCTAssertEqual(deadBus.status, 0, deadBus.errors)
        XCTAssertTrue(deadBus.errors.contains("readable by you only"), deadBus.errors)
        let second = try setUp("seconde", ["--smtp", "smtp://smtp.example.org"])
        XCTAssertEqual(second.status, 0, second.errors)
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let accounts = try XCTUnwrap(written["accounts"] as? [Any])
        XCTAssertEqual(accounts.count, 3, "Home and the unreadable 42 kept, Work once")
        XCTAssertEqual((accounts[0] as? [String: Any])?["future"] as? Int, 1, "an entry kept exactly as written")
        XCTAssertEqual(accounts[1] as? Int, 42)
        let work = try XCTUnwrap(accounts[2] as? [String: Any])
        XCTAssertEqual(work["smtp"] as? String, "smtp://smtp.example.org")
        let passwordFile = try XCTUnwrap(work["passwordFile"] as? String)
        XCTAssertEqual(try String(contentsOfFile: passwordFile, encoding: .utf8), "seconde\n")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: passwordFile)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
        let loaded = MailAccountsFile.load(file, home: nil, environment: [:], warn: { _ in })
        XCTAssertEqual(loaded.accounts.first { $0.name == "Work" }?.account.password, "seconde")

        try Data("not json".utf8).write(to: file)
        let refused = try setUp("troisième")
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("not changed"), refused.errors)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "not json", "a file it can't read is left as it was")
        XCTAssertEqual(try String(contentsOfFile: passwordFile, encoding: .utf8), "seconde\n", "and no password kept for it")
        let empty = try setUp("")
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.errors.contains("no password"), empty.errors)
    }

    /// Starts `kinetic serve --port 0` with `options` from the temporary folder, reads its first line (where it says
    /// what it serves and on which address), and stops it.
    private func firstLineOfServe(_ options: [String], binary: URL) throws -> String {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + options
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        process.terminate()
        process.waitUntilExit()
        return line
    }

    /// `play --tune`: a splash tuned to 2 s is still showing at 1 s, where the usual 0.6 s one has left.
    func testPlayTakesATuningFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-tune-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenario = folder.appendingPathComponent("splash.json")
        try Data(#"{"app": "disguise", "duration": 1.2, "events": [{"at": 1.0, "capture": "one"}]}"#.utf8).write(to: scenario)
        let tuning = folder.appendingPathComponent("disguise.json")
        try Data(#"{"app": "disguise", "splash.duration": 2}"#.utf8).write(to: tuning)
        func state(_ extra: [String]) throws -> String? {
            let out = folder.appendingPathComponent("out-\(extra.count)")
            let result = try run(["play", scenario.path, "--out", out.path, "--quiet"] + extra)
            XCTAssertEqual(result.status, 0, result.errors)
            let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("one.json"))) as? [String: Any]
            return dump?["state"] as? String
        }
        XCTAssertEqual(try state([]), "splash.leaving")
        XCTAssertEqual(try state(["--tune", tuning.path]), "splash")
        let missing = try run(["play", scenario.path, "--out", folder.path, "--quiet", "--tune", folder.appendingPathComponent("none.json").path])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.errors.contains("does not exist"), missing.errors)
    }

    func testPlayWritesEveryCaptureAndExitsCleanly() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-\(UUID().uuidString)")
        let scenario = repository.appendingPathComponent("Scenarios/disguise-o-rama.json").path
        let result = try run(["play", scenario, "--out", out.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.errors)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 11, "one path per capture and nothing else on standard output:\n\(result.output)")
        for line in lines {
            XCTAssertTrue(line.hasSuffix(".png"), line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: line), line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: String(line.dropLast(4)) + ".json"), line)
        }
        XCTAssertFalse(result.errors.contains("kinetic:"), "no asset problems: \(result.errors)")
    }

    /// Two separate processes (each with its own random hashing seed) give byte-identical dumps.
    func testTwoProcessesGiveTheSameDumpsByteForByte() throws {
        for name in ["mailbox", "honeycomb", "gallery-menu", "disguise-o-rama"] {
            let scenario = repository.appendingPathComponent("Scenarios/\(name).json").path
            var outputs: [[String: Data]] = []
            for _ in 0..<2 {
                let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-determinism-\(UUID().uuidString)")
                let result = try run(["play", scenario, "--out", out.path, "--quiet"])
                XCTAssertEqual(result.status, 0, result.errors)
                let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }
                outputs.append(Dictionary(uniqueKeysWithValues: try files.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
            }
            XCTAssertFalse(outputs[0].isEmpty)
            XCTAssertEqual(Set(outputs[0].keys), Set(outputs[1].keys), name)
            for (file, data) in outputs[0] { XCTAssertEqual(data, outputs[1][file], "\(name)/\(file) differs between two processes") }
        }
    }

    func testPlayDrawsNoProgressBarIntoAPipe() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-\(UUID().uuidString)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID().uuidString).json")
        try Data(#"{"app": "honeycomb", "duration": 0.5, "events": [{"at": 0.4, "capture": "c"}]}"#.utf8).write(to: file)
        let result = try run(["play", file.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertFalse(result.errors.contains("█") || result.errors.contains("░") || result.errors.contains("\r"),
                       "standard error is a pipe here: no bar: \(result.errors.debugDescription)")
    }

    func testAMalformedScenarioIsRefusedWithItsReason() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data(#"{"events": [{"at": 1, "touch": "dwn", "x": 1, "y": 2}]}"#.utf8).write(to: file)
        let result = try run(["play", file.path, "--out", FileManager.default.temporaryDirectory.path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.errors.contains("is malformed") && result.errors.contains("unknown touch \"dwn\""), result.errors)
    }

    func testAnAddressFlagOutsideWhatASocketCanHaveIsRefusedWithItsReason() throws {
        for (arguments, flag) in [(["catalog", "--catalog-url", "http://127.0.0.1:99999/api/current_costumes.json"], "--catalog-url"),
                                  (["catalog", "--content-url", "http://127.0.0.1:99999/"], "--content-url"),
                                  (["catalog", "--content-url", "ftp://127.0.0.1/"], "--content-url")] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 64, "the argument parser refuses it: \(arguments)")
            XCTAssertTrue(result.errors.contains(flag) && (result.errors.contains("outside 1…65535") || result.errors.contains("not an http(s) URL")),
                          result.errors)
        }
        let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("port-\(UUID().uuidString).json")
        try Data(#"{"app": "honeycomb", "contentURL": "http://127.0.0.1:99999/"}"#.utf8).write(to: scenario)
        let played = try run(["play", scenario.path, "--out", FileManager.default.temporaryDirectory.path])
        XCTAssertNotEqual(played.status, 0)
        XCTAssertTrue(played.errors.contains("has port 99999, outside 1…65535"), played.errors)
    }

    func testEveryRefusalSaysWhatWasWrongAndWhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-says-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["play", "/dev/null", "--out", folder.path], "not a file that can be read whole"),
            (["play", folder.path, "--out", folder.path], "it is a folder, not a scenario file"),
            (["play", folder.appendingPathComponent("none.json").path, "--out", folder.path], "there is no such file"),
            (["serve", "--port", "-1"], "--port must be between 0 and 65535, got -1"),
            (["run", "--seconds", "-1"], "--seconds must be a number of seconds above 0, got -1.0"),
            (["catalog", "--data-dir", ""], "--data-dir needs a folder; it was given an empty name"),
            (["run", "mailbox", "--cache-dir", ""], "--cache-dir needs a folder; it was given an empty name"),
        ]
        for (arguments, expected) in cases {
            let result = try run(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.errors.contains(expected), "\(arguments): \(result.errors)")
        }
        let scenario = folder.appendingPathComponent("s.json")
        try Data(#"{"app": "gallery", "duration": 0.1}"#.utf8).write(to: scenario)
        // A recording's folder is made when missing, as --out's is; one that is a file is named as the problem.
        let blocked = scenario.appendingPathComponent("x.gif").path
        let gif = try run(["play", scenario.path, "--out", folder.path, "--gif", blocked, "--quiet"])
        XCTAssertNotEqual(gif.status, 0)
        XCTAssertTrue(gif.errors.contains("\(scenario.path) is a file, not a folder"), gif.errors)
        let nested = folder.appendingPathComponent("recordings/today/x.gif")
        let made = try run(["play", scenario.path, "--out", folder.path, "--gif", nested.path, "--quiet"])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested.path), "the GIF, in the folders made for it")
    }

    func testPlayLeavesNoDataFolderBehindUnlessAsked() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let scenario = temporary.appendingPathComponent("s.json")
        try Data(#"{"app": "mailbox", "duration": 0.2}"#.utf8).write(to: scenario)
        let out = temporary.appendingPathComponent("out").path
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("kinetic-scenario-") }
        }
        XCTAssertEqual(try run(["play", scenario.path, "--out", out, "--quiet"], environment: ["TMPDIR": temporary.path]).status, 0)
        XCTAssertEqual(try leftovers(), [])
        let kept = try run(["play", scenario.path, "--out", out, "--quiet", "--keep-data"], environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(kept.status, 0)
        XCTAssertTrue(kept.errors.contains("kept the run's data in \(temporary.path)/kinetic-scenario-"), kept.errors)
    }

    func testCatalogCarriesOnWithoutAServer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-\(UUID().uuidString)")
        let result = try run(["catalog", "--catalog-url", "http://127.0.0.1:9/api/current_costumes.json",
                              "--data-dir", folder.appendingPathComponent("data").path, "--cache-dir", folder.appendingPathComponent("cache").path])
        XCTAssertEqual(result.status, 0, "the app would carry on, so the command succeeds")
        XCTAssertTrue(result.output.contains("moustache") && result.output.contains("bundled"), result.output)
        XCTAssertTrue(result.errors.contains("couldn't update costumes (the server was not reached); showing the built-in ones only"),
                      "nothing was saved before, so what is listed is the built-in set, and it says so, and why: \(result.errors)")
        XCTAssertFalse(result.errors.contains("saved"), result.errors)
    }

    /// Issue #38 item 1: `kinetic catalog` checks what it downloads in its own drawing process. A costume wearing a
    /// hostile picture (an 83 KB SVG of 1,500 blurred and dilated circles, which drawn in the process held a core for
    /// most of a minute) is left out, the child stopped at its CPU limit; the next run does not draw the same bytes again.
    func testCatalogDrawsAHostilePictureInAChildAndRemembersTheRefusal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-hostile-\(UUID().uuidString)")
        let content = folder.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("api"), withIntermediateDirectories: true)
        try HostileSVG.blurredCircles(seed: 1).write(to: content.appendingPathComponent("blur.svg"))
        let costume = #"{"id": "blur", "title": "Blur", "description": "Slow.", "icon": "/blur.svg", "worn": "/blur.svg", "alignment_x": 0, "#
            + #""alignment_y": 0, "display_x": 0, "display_y": 0, "display_width": 0.5, "display_height": 0.5}"#
        try Data(#"{"costumes": [\#(costume)]}"#.utf8).write(to: content.appendingPathComponent("api/current_costumes.json"))
        let server = try await RunningServer(folder: content)
        let arguments = ["catalog", "--catalog-url", "\(server.base)/api/current_costumes.json",
                         "--data-dir", folder.appendingPathComponent("data").path, "--cache-dir", folder.appendingPathComponent("cache").path]
        let first = try run(arguments)
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertFalse(first.output.contains("blur"), first.output)
        XCTAssertTrue(first.errors.contains("costume blur left out: icon image \(server.base)/blur.svg: took more than 250 ms of CPU to draw once (stopped at its CPU limit)"),
                      first.errors)
        // A new data folder, so the catalogue is fetched whole (no 304) and its picture again, into the same cache.
        let second = try run(arguments.map { $0 == folder.appendingPathComponent("data").path ? folder.appendingPathComponent("data-2").path : $0 })
        XCTAssertTrue(second.errors.contains("took more than 250 ms of CPU to draw once (stopped at its CPU limit)")
                      && second.errors.contains("(found so before; not drawn again)"), second.errors)
        await server.stop()
    }

    /// An IPv6 host is printed in brackets, as a URL must have it, so the printed address can be pasted.
    func testServeOnIPv6LoopbackPrintsAnAddressThatParses() throws {
        let line = try firstLineOfServe(["--host", "::1"], binary: binary)
        XCTAssertTrue(line.contains("on http://[::1]:"), line)
        let address = try XCTUnwrap(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        XCTAssertEqual(URL(string: address)?.host, "::1", "\(address) parses with its host")
    }

    func testHoneycombLayoutPrintsTheGridAsJSON() throws {
        let result = try run(["honeycomb-layout", "12", "--width", "1024", "--height", "768"])
        XCTAssertEqual(result.status, 0, result.errors)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(json["rows"] as? [[[String: Double]]])
        XCTAssertEqual(rows.map(\.count).reduce(0, +), 12)
        let size = try XCTUnwrap(json["cellSize"] as? [String: Double])
        XCTAssertEqual(size["width"]! / size["height"]!, 3.squareRoot() / 2, accuracy: 0.001, "a regular pointy-top hexagon")
        XCTAssertTrue(rows.allSatisfy { row in row.allSatisfy { $0["y"] == row[0]["y"] } }, "rows are level")
        let refused = try run(["honeycomb-layout", "36"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("0 to 35"), refused.errors)
    }

    /// A copy of the built binary elsewhere, with only what is installed beside it.
    private func installedCopy(withContent: Bool) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-installed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: folder.appendingPathComponent("kinetic"))
        try FileManager.default.copyItem(at: binary.deletingLastPathComponent().appendingPathComponent("Kinetic_KineticApps.resources"),
                                         to: folder.appendingPathComponent("Kinetic_KineticApps.resources"))
        if withContent {
            try FileManager.default.copyItem(at: repository.appendingPathComponent("Content"), to: folder.appendingPathComponent("Content"))
        }
        return folder.appendingPathComponent("kinetic")
    }

    func testServeFindsTheContentBesideAnInstalledBinaryAndNamesWhatIsMissing() throws {
        let copy = try installedCopy(withContent: true)
        // It serves the Content/ installed beside it (started on a free port, stopped after its first line).
        let line = try firstLineOfServe([], binary: copy)
        XCTAssertTrue(line.contains(copy.deletingLastPathComponent().appendingPathComponent("Content").path), line)
        // Told where the content is, and it is not there: a clear refusal naming the place.
        let missing = try run(["serve", "--port", "0"], binary: copy, environment: ["KINETIC_CONTENT": "/nonexistent/kinetic-content"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.errors.contains("the content folder not found") && missing.errors.contains("/nonexistent/kinetic-content"), missing.errors)
    }

    func testMissingAppResourcesAreReportedNotFatal() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID().uuidString).json")
        try Data(#"{"app": "honeycomb", "duration": 0.5, "events": [{"at": 0.4, "capture": "c"}]}"#.utf8).write(to: file)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-cli-\(UUID().uuidString)")
        let result = try run(["play", file.path, "--out", out.path, "--quiet"], environment: ["KINETIC_RESOURCES": "/nonexistent/kinetic-resources"])
        XCTAssertEqual(result.status, 0, "the app carries on: \(result.errors)")
        XCTAssertTrue(result.errors.contains("the Honeycomb resources not found") && result.errors.contains("/nonexistent/kinetic-resources/Honeycomb"), result.errors)
        XCTAssertTrue(result.errors.contains("nodes.json could not be read"), result.errors)
    }
}
