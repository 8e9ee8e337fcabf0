import XCTest
import Foundation
@testable import KineticPlatform

/// Where a file a stranger sent is written, and under what name: the name made safe whatever the sender wrote, the
/// person's Downloads folder as the desktop's user-dirs.dirs names it (the format of xdg-user-dirs, whose own
/// `xdg-user-dir` reads the same file), and never a file there replaced.
final class SavedAttachmentTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Each hostile name and what is left of it, worked out by hand from the rules: the last path part only, no
    /// control or format character, no leading dot, dash or space, at most 200 bytes with the extension kept.
    func testASendersNameIsMadeSafe() {
        XCTAssertEqual(SafeFileName("menu.pdf").name, "menu.pdf")
        XCTAssertEqual(SafeFileName("../../.bashrc").name, "bashrc", "no folder above, no hidden file")
        XCTAssertEqual(SafeFileName("C:\\Users\\x\\report.doc").name, "report.doc")
        XCTAssertEqual(SafeFileName("invoice\u{202E}fdp.exe").name, "invoicefdp.exe", "no right-to-left override")
        XCTAssertEqual(SafeFileName("a\u{0}b\u{7}c\nd.txt").name, "abcd.txt")
        XCTAssertEqual(SafeFileName("-rf .txt").name, "rf .txt", "no leading dash a command could take for an option")
        XCTAssertEqual(SafeFileName("..").name, "attachment")
        XCTAssertEqual(SafeFileName("/").name, "attachment")
        XCTAssertEqual(SafeFileName(nil).name, "attachment")
        XCTAssertEqual(SafeFileName("Café à midi.pdf").name, "Café à midi.pdf", "letters of any language stay")
        let long = SafeFileName(String(repeating: "é", count: 300) + ".pdf").name
        XCTAssertEqual(long.utf8.count, 200, "98 é of two bytes and .pdf's four")
        XCTAssertTrue(long.hasSuffix(".pdf"))
        // A first character too long to fit (a letter with 98 accents) is cut with all after it, never skipped over
        // to leave a hidden file or an option.
        let accented = "a" + String(repeating: "\u{301}", count: 98)
        XCTAssertEqual(SafeFileName(accented + ".hidden.pdf").name, "pdf", "the stem's one cluster does not fit beside .pdf: the extension, unhidden")
        XCTAssertEqual(SafeFileName("ok" + accented + "-rf x.pdf").name, "ok.pdf")
        XCTAssertEqual(SafeFileName("menu.pdf").numbered(2), "menu (2).pdf")
        XCTAssertEqual(SafeFileName("README").numbered(3), "README (3)")
    }

    /// A file of the same name is never replaced: the next free number is taken; the file is its owner's alone.
    func testAFileIsSavedBesideOneOfTheSameNameNeverOverIt() throws {
        let theirs = folder.appendingPathComponent("menu.pdf")
        try Data("theirs".utf8).write(to: theirs)
        let first = try NewFile.write(Data("ours".utf8), named: SafeFileName("menu.pdf"), in: folder)
        let second = try NewFile.write(Data("ours again".utf8), named: SafeFileName("menu.pdf"), in: folder)
        XCTAssertEqual(first.lastPathComponent, "menu (2).pdf")
        XCTAssertEqual(second.lastPathComponent, "menu (3).pdf")
        XCTAssertEqual(try String(contentsOf: theirs, encoding: .utf8), "theirs", "the file there is as it was")
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "ours")
        let mode = try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, ["menu (2).pdf", "menu (3).pdf", "menu.pdf"], "no temporary file left behind")
        XCTAssertThrowsError(try NewFile.write(Data(), named: SafeFileName("x"), in: theirs.appendingPathComponent("inside")), "a file where the folder belongs")
    }

    /// user-dirs.dirs as xdg-user-dirs-update writes it (a French desktop's), and what `xdg-user-dir DOWNLOAD` would
    /// say of it; without one, ~/Downloads; a value the format does not allow is passed by.
    func testTheDownloadsFolderIsTheDesktops() throws {
        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let environment = ["HOME": "/home/ana", "XDG_CONFIG_HOME": config.path]
        XCTAssertEqual(DownloadsFolder.location(environment: environment)?.path, "/home/ana/Downloads", "no file: ~/Downloads")
        try """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Bureau"
            XDG_DOWNLOAD_DIR="$HOME/Téléchargements"
            """.write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        XCTAssertEqual(DownloadsFolder.location(environment: environment)?.path, "/home/ana/Téléchargements")
        XCTAssertEqual(DownloadsFolder.configured(in: "XDG_DOWNLOAD_DIR=\"/srv/in\"", home: "/home/ana")?.path, "/srv/in")
        XCTAssertEqual(DownloadsFolder.configured(in: "XDG_DOWNLOAD_DIR=\"$HOME\"", home: "/home/ana")?.path, "/home/ana")
        XCTAssertNil(DownloadsFolder.configured(in: "XDG_DOWNLOAD_DIR=\"relative/x\"", home: "/home/ana"))
        XCTAssertNil(DownloadsFolder.configured(in: "XDG_DOWNLOAD_DIR=$HOME/x", home: "/home/ana"), "unquoted")
        XCTAssertNil(DownloadsFolder.location(environment: [:]), "no home, no folder")
        if let tool = ["/usr/bin/xdg-user-dir"].first(where: FileManager.default.isExecutableFile) {
            // The desktop's own reader of the same file, where installed, agrees.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["DOWNLOAD"]
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(said, DownloadsFolder.location(environment: environment)?.path)
        }
    }

    /// A copy to open is in a folder of its own under the session's runtime folder, owner-only.
    func testACopyToOpenIsPrivate() throws {
        let copy = try PrivateCopy.make(Data("x".utf8), named: SafeFileName("menu.pdf"), environment: ["XDG_RUNTIME_DIR": folder.path, "HOME": "/nonexistent"])
        XCTAssertTrue(copy.path.hasPrefix(folder.path + "/kinetic/open/"), copy.path)
        XCTAssertEqual(copy.lastPathComponent, "menu.pdf")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy.deletingLastPathComponent().path)[.posixPermissions] as? Int, 0o700)
    }
}
