import XCTest
import Foundation
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps

/// Another app hosting its screens in the engine's shell (issue #56, seed 003: the Honeycomb in a developer's own
/// navigation): its own title over the menu, its own entries, no gallery; it starts on its first entry, and Esc there
/// leaves it as Esc leaves Kinetic's gallery.
final class HostedShellTests: XCTestCase {
    func testAHostingAppHasItsTitleItsEntriesAndNoGallery() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hosted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let settings = StageSettings(freshStart: true, dataDirectory: folder.appendingPathComponent("data"), cacheDirectory: folder.appendingPathComponent("cache"))
        let stage = Stage(settings: settings)
        let honeycomb = try XCTUnwrap(KineticApps.catalog.first { $0.id == "honeycomb" })
        let shell = Shell(entries: [honeycomb], title: LocalizedText("fieldguide.title", "Field Guide"), offersGallery: false)
        stage.present(shell)
        stage.run(for: 1)
        XCTAssertEqual(shell.currentEntry?.id, "honeycomb", "no gallery: the first entry at once")
        XCTAssertEqual(stage.stateName, "categories")
        XCTAssertEqual(stage.dump().layer("menu.title")?.text, "Field Guide")
        XCTAssertNil(stage.dump().layer("menu.item.gallery"), "no gallery row")
        XCTAssertNotNil(stage.dump().layer("menu.item.honeycomb"))
        XCTAssertFalse(stage.quitRequested)
        stage.send(KeyEvent(key: .escape, timestamp: stage.time))
        XCTAssertTrue(stage.quitRequested, "Esc on its first screen leaves the app, as on Kinetic's gallery")

        let kinetic = Stage(settings: settings)
        kinetic.present(Shell(entries: [honeycomb]))
        kinetic.run(for: 0.5)
        XCTAssertEqual(kinetic.stateName, "gallery", "Kinetic's own shell still opens on its gallery")
        XCTAssertEqual(kinetic.dump().layer("menu.title")?.text, "Kinetic")
        XCTAssertNotNil(kinetic.dump().layer("menu.item.gallery"))
    }
}
