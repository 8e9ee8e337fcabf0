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

/// A developer's own navigation hosting the Honeycomb (issue #56's host protocol, seed 003): a host of the test's own,
/// `ScreenHost` subclassed outside the engine, with a side bar of two buttons of its own and an area the hosted screen
/// fills; the Honeycomb in it takes the keyboard, dumps its state, and is changed from outside while it shows.
final class OwnNavigationTests: XCTestCase {
    /// Two places in a side bar 200 pt wide: the Honeycomb, and a plain screen of the host's.
    final class FieldGuideHost: ScreenHost {
        let area = Layer(identifier: "guide.area")
        let makeHoneycomb: () -> HoneycombScreen
        /// The Honeycomb showing, or last shown: each showing is a screen made anew.
        private(set) var honeycomb: HoneycombScreen?

        init(makeHoneycomb: @escaping () -> HoneycombScreen) {
            self.makeHoneycomb = makeHoneycomb
            super.init(identifier: "guide")
        }

        func showBirds() {
            let made = makeHoneycomb()
            honeycomb = made
            host(made, in: area)
        }

        override func didAppear(size: Size) {
            let places: [(String, String, () -> Void)] = [("guide.birds", "Birds", { [unowned self] in self.showBirds() }),
                                                          ("guide.notes-button", "Notes", { [unowned self] in self.host(Screen(identifier: "guide.notes"), in: self.area) })]
            for (index, (id, name, show)) in places.enumerated() {
                let button = Layer(identifier: id, frame: Rect(x: 10, y: 20 + 60 * Double(index), width: 180, height: 48))
                button.gestureRecognizers = [TapRecognizer { _ in show() }]
                button.accessibility = Accessibility(role: .button, name: name, actions: [.tapping(button)])
                root.addSublayer(button)
            }
            area.frame = Rect(x: 200, y: 0, width: size.width - 200, height: size.height)
            root.addSublayer(area)
            showBirds()
        }

        override func didResize(to size: Size) {
            area.frame = Rect(x: 200, y: 0, width: size.width - 200, height: size.height)
            hostingAreaDidResize()
        }
    }

    func testAHostOfItsOwnShowsTheHoneycombInItsNavigation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-own-host-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let birds = HoneycombNode(id: "birds", title: "Birds", color: "#3A7D44", children: [
            HoneycombNode(id: "robin", title: "Robin", color: "#C0504D"), HoneycombNode(id: "wren", title: "Wren", color: "#8064A2"),
        ])
        let host = FieldGuideHost { HoneycombScreen(categories: [birds], environment: .logging(to: { _ in })) }
        let stage = Stage(size: Size(width: 1024, height: 768), settings: StageSettings(freshStart: true, dataDirectory: folder))
        stage.present(host)
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "categories", "the hosted Honeycomb's state is the dump's")
        let category = try XCTUnwrap(stage.dump().layer("category.birds")).frame.rect
        XCTAssertGreaterThanOrEqual(category.minX, 200, "the Honeycomb lays out in the host's area, right of its side bar: \(category)")
        let honeycomb = try XCTUnwrap(host.honeycomb)
        XCTAssertEqual(honeycomb.root.frame.size, Size(width: 824, height: 768), "sized to the area, 1024 − 200 wide")

        // The keyboard: Tab walks the host's buttons and the Honeycomb's hexagons alike; Enter on Birds opens it.
        var reached: [String] = []
        for _ in 0..<6 where stage.keyboardFocus.focused?.identifier != "category.birds" {
            stage.send(KeyEvent(key: .tab, timestamp: stage.time))
            stage.run(for: 0.2)
            reached.append(stage.keyboardFocus.focused?.identifier ?? "nothing")
        }
        XCTAssertTrue(reached.contains("guide.birds") || reached.contains("guide.notes-button"), "the host's own buttons are stops: \(reached)")
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "category.birds", "and the Honeycomb's: \(reached)")
        stage.send(KeyEvent(key: .enter, timestamp: stage.time))
        stage.run(for: 2)
        XCTAssertEqual(stage.stateName, "grid.birds")

        // From outside, while it shows: a cell's title changed through the programmatic API is drawn.
        XCTAssertTrue(honeycomb.updateNode(withID: "robin") { $0.title = "Robin redbreast" })
        stage.run(for: 0.5)
        XCTAssertTrue(stage.dump().layers.contains { $0.text == "Robin redbreast" }, "the new title on screen")

        // The host's own navigation by the keyboard: Notes replaces the Honeycomb, which leaves the stage, and the side
        // bar's row keeps the focus (Space on it is the row's, not the hosted screen's).
        stage.keyboardFocus.focus(try XCTUnwrap(stage.root.layer(withIdentifier: "guide.notes-button")))
        stage.send(KeyEvent(key: .space, timestamp: stage.time))
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "guide.notes")
        XCTAssertTrue(honeycomb.hasLeftStage)
        XCTAssertNil(stage.dump().layer("category.birds"))
        XCTAssertNil(stage.dump().layer("cell.robin"))
        XCTAssertEqual(stage.keyboardFocus.focused?.identifier, "guide.notes-button", "the chosen row keeps the focus")
        stage.tap(try XCTUnwrap(stage.centre(of: "guide.birds")))
        stage.run(for: 1.5)
        XCTAssertEqual(stage.stateName, "categories", "a new Honeycomb, from its categories")
        XCTAssertFalse(try XCTUnwrap(host.honeycomb) === honeycomb)
    }
}
