import Foundation
import XCTest
import KineticCore

/// One version everywhere a packager reads it: `KineticVersion.current` (what `kinetic --version` prints) is the newest
/// release of every AppStream file and the newest heading of the changelog, and it is semantic.
final class VersionTests: XCTestCase {
    /// The checkout's root, from this file's place in it.
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheVersionIsSemantic() {
        let parts = KineticVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 3, "MAJOR.MINOR.PATCH")
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && ($0 == "0" || !$0.hasPrefix("0")) })
    }

    func testEveryAppStreamFilesNewestReleaseIsTheVersion() throws {
        let folder = root.appendingPathComponent("Install/metainfo")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".metainfo.xml") }
        XCTAssertEqual(files.count, 4, "the gallery and the three apps")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let newest = try XCTUnwrap(text.range(of: #"<release version="([^"]+)""#, options: .regularExpression).map { String(text[$0]) })
            XCTAssertEqual(newest, #"<release version="\#(KineticVersion.current)""#, file)
            XCTAssertTrue(text.contains("<project_license>MIT</project_license>"), file)
        }
    }

    func testTheChangelogsNewestHeadingIsTheVersion() throws {
        let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let heading = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("## ") })
        XCTAssertTrue(heading.hasPrefix("## \(KineticVersion.current) "), String(heading))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("LICENSE").path))
    }
}
