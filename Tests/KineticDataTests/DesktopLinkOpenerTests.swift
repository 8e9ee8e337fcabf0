import Foundation
import XCTest
import KineticPlatform

/// Learn More's link is judged by the exit status of the program that took it (issue 58, item 3: SDL said "opened"
/// whatever xdg-open answered). Run against Debian's own xdg-open (xdg-utils, which `make deps` installs) in a bare
/// session, where it hands the link to `BROWSER`, and against programs whose exit status is known.
final class DesktopLinkOpenerTests: XCTestCase {
    private let link = URL(string: "https://example.org/ocean/coral")!
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("link-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A shell script in the test's folder that runs `body`.
    private func script(_ name: String, _ body: String) throws -> String {
        let file = folder.appendingPathComponent(name)
        try "#!/bin/sh\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: file.path)
        return file.path
    }

    /// A bare session (no desktop named, no display): xdg-open's generic way, through `BROWSER` when set.
    private func bareSession(browser: String?) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        environment["BROWSER"] = browser
        return environment
    }

    private func xdgOpen() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open") else { throw XCTSkip("xdg-utils is not installed (make deps installs it)") }
        return "/usr/bin/xdg-open"
    }

    func testXDGOpenHandingTheLinkToABrowserIsOpened() async throws {
        let record = folder.appendingPathComponent("opened.txt")
        let browser = try script("browser", "printf '%s' \"$1\" > '\(record.path)'")
        try await DesktopLinkOpener.open(link, with: try xdgOpen(), environment: bareSession(browser: browser))
        XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), link.absoluteString, "the browser got the link whole")
    }

    /// Why opening the link with `program` in a bare session (`BROWSER` as given) failed, as said; `nil` when it opened.
    private func whyNotOpened(with program: String, browser: String? = nil) async -> String? {
        do {
            try await DesktopLinkOpener.open(link, with: program, environment: bareSession(browser: browser))
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testXDGOpenWithNoBrowserIsNotOpenedAndSaysItFoundNone() async throws {
        let program = try xdgOpen()
        // xdg-open(1): exit status 3, "a required tool could not be found".
        let why = await whyNotOpened(with: program)
        XCTAssertEqual(why, "\(program) found no program to open links with", "no browser, yet opened")
    }

    func testXDGOpenWhoseBrowserFailsIsNotOpened() async throws {
        let browser = try script("failing-browser", "exit 1")
        let why = await whyNotOpened(with: try xdgOpen(), browser: browser)
        XCTAssertNotNil(why, "the browser failed, yet opened")
    }

    func testAnOpenerThatIsNotInstalledIsSaidSo() async {
        let why = await whyNotOpened(with: "kinetic-no-such-opener")
        XCTAssertEqual(why, "kinetic-no-such-opener is not installed", "opened by a program that does not exist")
    }

    func testAnExitStatusOtherThanZeroIsNotOpened() async throws {
        let opener = try script("opener", "exit 4")
        let why = await whyNotOpened(with: opener)
        XCTAssertEqual(why, "the program \(opener) chose to open links with failed", "exit status 4, yet opened")
    }

    /// In a bare session xdg-open may run the browser itself and wait for it: still running after the patience, it
    /// took the link, and it is left running (not killed).
    func testAnOpenerStillRunningAfterThePatienceTookTheLinkAndIsLeftRunning() async throws {
        let done = folder.appendingPathComponent("done")
        let opener = try script("browser-in-front", "sleep 1; touch '\(done.path)'")
        try await DesktopLinkOpener.open(link, with: opener, environment: bareSession(browser: nil), patience: .milliseconds(200))
        XCTAssertFalse(FileManager.default.fileExists(atPath: done.path), "returned before the program ended")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: done.path), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: done.path), "the program was left to run to its end")
    }
}
