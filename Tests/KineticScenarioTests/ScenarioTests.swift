import XCTest
import KineticApps
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
@testable import KineticScenario

final class ScenarioTests: XCTestCase {
    /// Opens the menu with an edge swipe, picks Mailbox, and captures along the way.
    static let menuScenario = """
    {
      "app": "gallery",
      "events": [
        {"at": 0.2, "capture": "start"},
        {"at": 0.3, "from": [4, 400], "to": [260, 410], "duration": 0.25},
        {"at": 1.2, "capture": "menu"},
        {"at": 1.3, "tap": [120, 280]},
        {"at": 2.0, "capture": "mailbox"},
        {"at": 0, "every": 0.5, "until": 2, "capture": "tick"}
      ]
    }
    """

    private func play(_ json: String) throws -> [ScenarioRunner.Capture] {
        let scenario = try Scenario.decode(Data(json.utf8), name: "test.json")
        return try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: nil)
    }

    func testAnEdgeSwipeOpensTheMenuAndAnEntryOpensItsApp() throws {
        let captures = try play(Self.menuScenario)
        let byName = Dictionary(uniqueKeysWithValues: captures.map { ($0.name, $0.dump) })
        XCTAssertEqual(byName["start"]?.state, "gallery")
        XCTAssertEqual(byName["menu"]?.state, "menu")
        XCTAssertEqual(byName["menu"]?.layer("menu")?.frame.x, 0, "fully open")
        XCTAssertEqual(byName["mailbox"]?.state, "inbox", "the Mailbox opened on its Inbox")
        XCTAssertEqual(byName["mailbox"]?.layer("segment.inbox")?.visible, true)
        XCTAssertEqual(byName["mailbox"]?.layer("menu")?.visible, false)
        XCTAssertEqual(captures.filter { $0.name.hasPrefix("tick-") }.map(\.name), ["tick-000", "tick-001", "tick-002", "tick-003", "tick-004"])
    }

    func testTheMenuFollowsTheFingerWhileDragging() throws {
        let captures = try play("""
        {"events": [{"at": 0.1, "touch": "down", "x": 3, "y": 300}, {"at": 0.2, "touch": "move", "x": 60, "y": 300},
                    {"at": 0.3, "touch": "move", "x": 153, "y": 300}, {"at": 0.35, "capture": "dragging"}]}
        """)
        let menu = try XCTUnwrap(captures.first?.dump.layer("menu"))
        XCTAssertEqual(menu.frame.x + menu.frame.width, 150, accuracy: 0.5, "the menu's edge is 150 pt in, where the finger moved it")
    }

    func testTwoRunsGiveIdenticalDumps() throws {
        let first = try play(Self.menuScenario).map { try $0.dump.jsonData() }
        let second = try play(Self.menuScenario).map { try $0.dump.jsonData() }
        XCTAssertEqual(first.count, 8)
        XCTAssertEqual(first, second)
    }

    func testCapturesAreWrittenAsPNGAndJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-play-\(UUID().uuidString)")
        let scenario = try Scenario.decode(Data(#"{"events": [{"at": 0.1, "capture": "frame"}]}"#.utf8), name: "t")
        try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog).run(outputDirectory: folder)
        let dump = try JSONDecoder().decode(SceneDump.self, from: Data(contentsOf: folder.appendingPathComponent("frame.json")))
        XCTAssertEqual(dump.state, "gallery")
        XCTAssertEqual(dump.layer("gallery.title")?.text, "Kinetic")
        let image = try PixelImage(pngAt: folder.appendingPathComponent("frame.png"))
        XCTAssertEqual(image.width, 1024)
    }

    func testMalformedScenariosNameTheFileAndTheProblem() {
        let cases: [(String, String)] = [
            ("{", "scenario bad.json is malformed"),
            (#"{"events": [{"at": 1, "touch": "dwn", "x": 1, "y": 2}]}"#, #"unknown touch "dwn""#),
            (#"{"events": [{"at": 1}]}"#, "an event needs one of"),
            (#"{"events": [{"at": -1, "key": "a"}]}"#, "events[0]: at must be"),
            (#"{"size": {"width": 0, "height": 10}}"#, "size must be between"),
            (#"{"events": [{"at": 0, "capture": "../escape"}]}"#, "must be a plain file name"),
            // Issue #38 item 6: a NUL would be printed whole and written cut at it; an escape would reach the terminal.
            (#"{"events": [{"at": 0, "capture": "shot\u0000.png"}]}"#, #"capture name "shot\u{0}.png" must be a plain file name, without control"#),
            (#"{"events": [{"at": 0, "capture": "\u001b[31mred"}]}"#, #"capture name "\u{1b}[31mred" must be a plain file name"#),
            (#"{"events": [{"at": 0, "tap": [1]}]}"#, "a point is [x, y]"),
            (#"{"contentURL": "file:///etc/passwd"}"#, "is not an http(s) URL"),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try Scenario.decode(Data(json.utf8), name: "bad.json"), json) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error) should contain \(expected)")
                XCTAssertTrue("\(error)".contains("bad.json"))
            }
        }
        XCTAssertThrowsError(try ScenarioRunner(scenario: Scenario(app: "nope"), entries: KineticApps.catalog)) {
            XCTAssertTrue("\($0)".contains("unknown app \"nope\""))
        }
    }

    func testEscapeInAnAppWithNothingToCloseStaysThereAndAtTheGalleryAsksToQuit() throws {
        // An app that is not built yet shows the placeholder.
        let entries = KineticApps.catalog + [AppEntry(id: "future", title: "Future", summary: "Not yet.", tint: .gray)]
        let runner = try ScenarioRunner(scenario: Scenario(app: "future"), entries: entries)
        XCTAssertEqual(runner.stage.stateName, "future.placeholder")
        runner.stage.send(KeyEvent(key: .escape))
        runner.stage.send(KeyEvent(key: .escape))
        XCTAssertEqual(runner.stage.stateName, "future.placeholder", "Esc does not leave an app")
        XCTAssertFalse(runner.stage.quitRequested)
        let shell = try XCTUnwrap(runner.stage.screen as? Shell)
        shell.show(nil)  // what the menu's Gallery entry does
        XCTAssertEqual(runner.stage.stateName, "gallery")
        runner.stage.send(KeyEvent(key: .escape))
        XCTAssertTrue(runner.stage.quitRequested)
    }
}
