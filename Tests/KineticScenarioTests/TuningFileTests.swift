import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport
import KineticData

/// `--tune`: the file is written with the app's values, and each save changes the motion from the next frames on.
final class TuningFileTests: XCTestCase {
    final class Log { var lines: [String] = [] }

    /// Disguise-O-Rama on its wheel, at rest, with its tuning files in a fresh folder.
    private func wheel() throws -> (runner: ScenarioRunner, folder: URL, log: Log) {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Disguise.sixCostumes, duration: 12)
        try runner.run(outputDirectory: nil)
        XCTAssertEqual(runner.stage.stateName, "wheel")
        let folder = Disguise.temporaryFolder()
        let log = Log()
        runner.stage.tuningFiles = TuningFiles(location: folder) { log.lines.append($0) }
        return (runner, folder, log)
    }

    private func edit(_ file: URL, _ changes: [String: Any]) throws {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        for (key, value) in changes { object[key] = value }
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: file)
        // A later modification time than the one already read, whatever the file system's clock tick.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double(changes.count) + 1)], ofItemAtPath: file.path)
    }

    func testTheFileIsWrittenWithEveryValueThenEachSaveChangesTheMotion() throws {
        let (runner, folder, log) = try wheel()
        let stage = runner.stage
        stage.pollTuning()
        let file = folder.appendingPathComponent("disguise.json")
        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(written["app"] as? String, "disguise")
        XCTAssertEqual(written.count - 1, DisguiseTuning.defaults.tunables.count)
        XCTAssertEqual(written["wheel.keySpin"] as? Double, 1.5, "the README's speed of an arrow key's turn")
        XCTAssertEqual(log.lines.count, 1)

        // Before: an arrow key turns the wheel at 1.5 rad/s. The file says 3: the next key turns it at 3 rad/s, and it
        // still comes to rest one spoke on (60° with six costumes).
        let wheel = try XCTUnwrap(Disguise.screen(of: runner).wheel)
        try edit(file, ["wheel.keySpin": 3.0])
        stage.pollTuning()
        let start = wheel.angle
        stage.send(KeyEvent(key: .right, timestamp: stage.time))
        XCTAssertEqual(wheel.angularVelocity, 3, accuracy: 1e-9, "the tuned speed")
        let before = try XCTUnwrap(stage.dump().layer("wheel")).rotation
        stage.run(for: 0.1)
        XCTAssertEqual(wheel.angle - start, 0.3, accuracy: 0.3 * 0.05, "0.1 s at 3 rad/s (the bubbles' springs pull a little)")
        stage.run(for: 3)
        XCTAssertEqual(wheel.angle - start, Double.pi / 3, accuracy: 0.002, "one spoke")
        XCTAssertNotEqual(try XCTUnwrap(stage.dump().layer("wheel")).rotation, before)
    }

    func testABadValueIsRefusedByNameAndTheLastGoodOneStays() throws {
        let (runner, folder, log) = try wheel()
        let stage = runner.stage
        stage.pollTuning()
        let file = folder.appendingPathComponent("disguise.json")
        try edit(file, ["wheel.keySpin": 2.0])
        stage.pollTuning()
        try edit(file, ["wheel.keySpin": 1000, "select.fade": "fast"])
        stage.pollTuning()
        XCTAssertTrue(log.lines.contains { $0.contains("wheel.keySpin: 1000.0 is outside") && $0.contains("keeping 2.0") }, "\(log.lines)")
        XCTAssertTrue(log.lines.contains { $0.contains("select.fade: \"fast\" is not a number") }, "\(log.lines)")
        stage.send(KeyEvent(key: .left, timestamp: stage.time))
        XCTAssertEqual(try XCTUnwrap(Disguise.screen(of: runner).wheel).angularVelocity, -2, accuracy: 1e-9, "the last good speed")

        try Data("not json".utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(100)], ofItemAtPath: file.path)
        stage.pollTuning()
        XCTAssertTrue(log.lines.last?.contains("nothing changed") == true, "\(log.lines)")
        XCTAssertEqual(Disguise.screen(of: runner).motionTuning.keySpin, 2)
    }
}

/// The tuning panel (key T), driven by a scenario's touches on the layers the dump names.
final class TuningPanelTests: XCTestCase {
    func testTheSlidersChangeTheNamedParameter() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Disguise.sixCostumes, duration: 12)
        try runner.run(outputDirectory: nil)
        let stage = runner.stage
        let screen = Disguise.screen(of: runner)
        stage.send(KeyEvent(key: .character("t")))
        XCTAssertNotNil(stage.dump().layer("tuning.panel"))
        let track = try XCTUnwrap(stage.dump().layer("tuning.slider.splash.duration")).frame
        let range = try XCTUnwrap(DisguiseTuning.defaults.tunables.first { $0.key == "splash.duration" }).range

        // A tap at the track's far right end is the top of the range; a drag back to its middle is the middle.
        stage.tap(Point(x: track.x + track.width - 1, y: track.y + track.height / 2))
        XCTAssertEqual(screen.motionTuning.splashDuration, range.upperBound)
        let middle = track.x + track.width / 2
        stage.send(stage.touch(2, .began, at: Point(x: track.x + track.width - 9, y: track.y + 9)))
        for x in stride(from: track.x + track.width - 20, through: middle, by: -10) {
            stage.step()
            stage.send(stage.touch(2, .moved, at: Point(x: x, y: track.y + 9)))
        }
        stage.send(stage.touch(2, .moved, at: Point(x: middle, y: track.y + 9)))
        stage.send(stage.touch(2, .ended, at: Point(x: middle, y: track.y + 9)))
        let halfway = (range.lowerBound + range.upperBound) / 2
        XCTAssertEqual(screen.motionTuning.splashDuration, halfway, accuracy: 0.01 * (range.upperBound - range.lowerBound))
        XCTAssertEqual(stage.dump().layer("tuning.value.splash.duration").map { _ in true }, true)

        // The app moves with it: replayed, the splash now stays about 2.55 s, not 0.6 s.
        stage.send(KeyEvent(key: .character("t")))
        XCTAssertNil(stage.dump().layer("tuning.panel"))
        screen.menuActions.first { $0.id == "replay-intro" }?.perform()
        stage.run(for: 2)
        XCTAssertEqual(stage.stateName, "splash")
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "splash.leaving")

        // Reset brings the defaults back.
        stage.send(KeyEvent(key: .character("t")))
        stage.tap(try XCTUnwrap(stage.centre(of: "tuning.reset")))
        XCTAssertEqual(screen.motionTuning, DisguiseTuning())
    }
}

/// Every app's tunables are well formed, and a tuned value changes that app's motion.
final class AppTuningTests: XCTestCase {
    func testEveryAppDeclaresDistinctTunablesWithDefaultsInRange() {
        for tuning in [DisguiseTuning.defaults, MailboxTuning.defaults, HoneycombTuning.defaults] {
            let keys = tuning.tunables.map(\.key)
            XCTAssertEqual(Set(keys).count, keys.count, "\(tuning.app): a key twice")
            for tunable in tuning.tunables {
                XCTAssertTrue(tunable.range.contains(tunable.defaultValue), "\(tuning.app) \(tunable.key)")
                XCTAssertFalse(tunable.label.isEmpty)
            }
        }
    }

    /// The Mailbox's undo button shows for `undo.duration` seconds: 4 by default, 1 when tuned so.
    func testTheMailboxUndoButtonShowsForItsTunedTime() throws {
        func undoVisible(after seconds: Double, tuned: Double?) throws -> Bool? {
            let runner = try Mailbox.runner()
            let stage = runner.stage
            if let tuned {
                var tuning = MailboxTuning.defaults
                XCTAssertNil(tuning.set("undo.duration", to: tuned))
                Mailbox.screen(of: runner).applyTuning(tuning)
            }
            stage.run(until: 0.3)
            Mailbox.swipe(stage, row: 0, by: 150, over: 0.3)
            stage.run(for: seconds)
            return Mailbox.layer(stage, "undo")?.visible
        }
        XCTAssertEqual(try undoVisible(after: 2, tuned: nil), true)
        XCTAssertEqual(try undoVisible(after: 2, tuned: 1), false)
    }

    /// The panel opens for each app with a slider per tunable.
    func testThePanelHasASliderForEveryTunableOfEachApp() throws {
        for (app, tuning) in [("mailbox", MailboxTuning.defaults), ("honeycomb", HoneycombTuning.defaults)] {
            let runner = try ScenarioRunner(scenario: Scenario(app: app, duration: 1), entries: KineticApps.catalog)
            try runner.run(outputDirectory: nil)
            runner.stage.motion.showsTuningPanel = true
            let ids = Set(runner.stage.dump().layers.map(\.id))
            for tunable in tuning.tunables { XCTAssertTrue(ids.contains("tuning.slider.\(tunable.key)"), "\(app) \(tunable.key)") }
        }
    }
}

/// The typed tunables keep the tuning file's format: the keys files were written with before the tables existed.
final class TuningFileFormatTests: XCTestCase {
    /// Every key of the three apps' files as written by `kinetic run --tune` before tunables were typed.
    private static let keysWrittenBefore: [String: [String]] = [
        "disguise": ["splash.duration", "splash.exit", "intro.panelSlide", "intro.panelExit", "intro.pageSpring.response",
                     "intro.pageSpring.dampingRatio", "intro.scotchSpring.response", "intro.scotchSpring.dampingRatio",
                     "select.ringGrow", "select.fade", "select.titleSlide", "select.costumeSpring.response",
                     "select.costumeSpring.dampingRatio", "deselect.spring.response", "deselect.spring.dampingRatio",
                     "deselect.titleSlide", "deselect.ringFade", "deselect.iconFade", "deselect.costumeFade",
                     "wheel.bubbleSpring.frequency", "wheel.bubbleSpring.dampingRatio", "wheel.returnSpring.frequency",
                     "wheel.returnSpring.dampingRatio", "wheel.viscousFriction", "wheel.constantFriction", "wheel.maximumSpeed",
                     "wheel.keySpin", "fall.gravity", "fall.elasticity", "fall.friction", "fall.airResistance", "reducedMotion.fade"],
        "mailbox": ["swipe.returnSpring.response", "swipe.returnSpring.dampingRatio", "swipe.slideSpring.response",
                    "swipe.slideSpring.dampingRatio", "swipe.minimumSlideSpeed", "swipe.rowFade", "menu.spring.response",
                    "menu.spring.dampingRatio", "menu.flickSpeed", "menu.velocityWindow", "options.popSpring.response",
                    "options.popSpring.dampingRatio", "options.popScale", "options.dimIn", "options.dimOut", "undo.duration",
                    "undo.fadeIn", "undo.fadeOut", "reducedMotion.fade", "reducedMotion.menuFade"],
        "honeycomb": ["morph.cellSpring.response", "morph.cellSpring.dampingRatio", "morph.fadeSpring.response",
                      "morph.fadeSpring.dampingRatio", "morph.stagger", "morph.replaceFade", "assemble.delay", "assemble.stagger",
                      "press.down.response", "press.down.dampingRatio", "press.up.response", "press.up.dampingRatio",
                      "press.shade.response", "press.shade.dampingRatio", "update.pop.response", "update.pop.dampingRatio",
                      "reducedMotion.fade", "reducedMotion.chromeFade"],
    ]

    func testEveryAppKeepsTheKeysItsFilesWereWrittenWith() {
        for tuning in [DisguiseTuning.defaults, MailboxTuning.defaults, HoneycombTuning.defaults] {
            XCTAssertEqual(tuning.tunables.map(\.key), Self.keysWrittenBefore[tuning.app], tuning.app)
        }
    }

    func testTheDefaultsRoundTripThroughTheNamedForm() {
        XCTAssertEqual(DisguiseTuning(DisguiseTuning.defaults), DisguiseTuning())
        XCTAssertEqual(MailboxTuning(MailboxTuning.defaults), MailboxTuning())
        XCTAssertEqual(HoneycombTuning(HoneycombTuning.defaults), HoneycombTuning())
    }

    func testAFileOfTheOldFormatSetsEveryTypedValue() throws {
        /// Every key of an old file at the low end of its range: each must land in the typed struct and come back.
        func check<Tunables: TunableSet>(_ type: Tunables.Type) throws {
            var named = Tunables.defaults
            var file: [String: Any] = ["app": Tunables.app]
            for tunable in named.tunables { file[tunable.key] = tunable.range.lowerBound }
            XCTAssertEqual(named.apply(json: try JSONSerialization.data(withJSONObject: file)), [], Tunables.app)
            XCTAssertEqual(Tunables(named).tuning.values, named.values, Tunables.app)
            XCTAssertNotEqual(Tunables(named), Tunables(), Tunables.app)
        }
        try check(DisguiseTuning.self)
        try check(MailboxTuning.self)
        try check(HoneycombTuning.self)
    }
}
