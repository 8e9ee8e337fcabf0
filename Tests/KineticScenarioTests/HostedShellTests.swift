import XCTest
import Foundation
import KineticCore
import KineticRuntime
import KineticScene
import KineticData
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

    /// The Honeycomb as a host's component: its own nodes, its own logo (an SVG of the host's) and its own menu.
    func testTheHoneycombShowsAHostsDataAndLogo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hosted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let logo = folder.appendingPathComponent("guide-logo.svg")
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#205030"/></svg>"##.utf8).write(to: logo)
        let birds = HoneycombNode(id: "birds", title: "Birds", color: "#3A7D44", children: [
            HoneycombNode(id: "robin", title: "Robin", color: "#C0504D"), HoneycombNode(id: "wren", title: "Wren", color: "#8064A2"),
        ])
        let trees = HoneycombNode(id: "trees", title: "Trees", color: "#4F81BD", children: [HoneycombNode(id: "ash", title: "Ash", color: "#9BBB59")])
        let screen = HoneycombScreen(categories: [birds, trees], environment: .logging(to: { _ in }), logoFile: logo.path)
        let guide = AppEntry(id: "guide", title: "Guide", summary: "Birds and trees", tint: .black, makeScreen: { _ in screen })
        let settings = StageSettings(freshStart: true, dataDirectory: folder.appendingPathComponent("data"), cacheDirectory: folder.appendingPathComponent("cache"))
        let stage = Stage(settings: settings)
        stage.present(Shell(entries: [guide], title: LocalizedText("fieldguide.title", "Field Guide"), offersGallery: false))
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "categories")
        XCTAssertNotNil(stage.dump().layer("category.birds"))
        XCTAssertNotNil(stage.dump().layer("category.trees"))
        XCTAssertEqual(screen.categories.logo?.body.sublayers.first?.contents, .image(.file(logo.path)), "the host's logo in the middle")
        screen.showCategory("birds")
        XCTAssertTrue(stage.run(upTo: 3) { stage.stateName == "grid.birds" }, stage.stateName)
        XCTAssertNotNil(stage.dump().layer("cell.robin"))
    }
}
