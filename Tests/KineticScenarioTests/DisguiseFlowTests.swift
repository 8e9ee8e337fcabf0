import XCTest
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Disguise-O-Rama from launch to the wheel: the splash's exit, the intro's pages, the second launch.
final class DisguiseFlowTests: XCTestCase {
    func testTheSplashLeavesWithoutAJump() throws {
        let dumps = try Disguise.runner([ScenarioEvent(at: 0, .capture(name: "f", every: 1.0 / 60, until: 2.2))]).run(outputDirectory: nil).map(\.dump)
        XCTAssertEqual(dumps.first?.state, "splash")
        XCTAssertTrue(dumps.contains { $0.state == "splash.leaving" })
        XCTAssertEqual(dumps.last?.state, "intro.1")
        // The O sits in the middle of the splash; Rama's top is 10 pt under its bottom; Disguise is above it.
        let first = dumps[0]
        let o = try XCTUnwrap(first.layer("splash.o")).frame.rect, rama = try XCTUnwrap(first.layer("splash.rama")).frame.rect
        let disguise = try XCTUnwrap(first.layer("splash.disguise")).frame.rect
        XCTAssertEqual(o.center.x, 512, accuracy: 0.5)
        XCTAssertEqual(o.center.y, 384, accuracy: 0.5)
        XCTAssertEqual(rama.minY, o.maxY + 10, accuracy: 0.5)
        XCTAssertLessThan(disguise.maxY, o.minY)
        // Scotch moves and grows continuously: no step between two frames 1/60 s apart is more than a few points.
        for (before, after) in zip(dumps, dumps.dropFirst()) {
            let a = try XCTUnwrap(before.layer("scotch")).frame.rect, b = try XCTUnwrap(after.layer("scotch")).frame.rect
            XCTAssertLessThan(a.center.distance(to: b.center), 4, "Scotch jumped at t=\(after.time)")
            XCTAssertLessThan(abs(a.height - b.height), 6, "Scotch's size jumped at t=\(after.time)")
        }
        let end = try XCTUnwrap(dumps.last?.layer("scotch")).frame.rect
        XCTAssertEqual(end.center.y, Disguise.layout.scotchInIntro.center.y, accuracy: 0.5, "Scotch is left in his intro place")
        XCTAssertEqual(end.height, Disguise.layout.scotchInIntro.height, accuracy: 0.5)
        let o2 = try XCTUnwrap(dumps.first { $0.state == "intro.1" }?.layer("splash.o"))
        XCTAssertFalse(o2.visible, "the O is gone once the intro starts")
    }

    func testTheIntroShowsTheSeedsTextsAndButtonsInOrder() throws {
        let dumps = try Disguise.play([
            ScenarioEvent(at: 2.2, .capture(name: "page1", every: nil, until: nil)),
            ScenarioEvent(at: 2.3, .tap(id: 1, point: Point(x: 512, y: 722))),
            ScenarioEvent(at: 3.3, .capture(name: "page2", every: nil, until: nil)),
            ScenarioEvent(at: 3.4, .tap(id: 1, point: Point(x: 512, y: 722))),
            ScenarioEvent(at: 4.4, .capture(name: "page3", every: nil, until: nil)),
            ScenarioEvent(at: 4.5, .tap(id: 1, point: Point(x: 512, y: 722))),
            ScenarioEvent(at: 4.6, .capture(name: "leaving", every: nil, until: nil)),
            ScenarioEvent(at: 7.5, .capture(name: "wheel", every: nil, until: nil)),
        ])
        let expected = [
            ("S’up player…", "Say \"hello\""),
            ("OK. Long story short… There are some government thugs out there looking for me.", "Tell me more"),
            ("I need you to help me pick a costume so that I can run to the liquor store without anyone recognizing me.", "OK"),
        ]
        for (index, (text, button)) in expected.enumerated() {
            let dump = try XCTUnwrap(dumps["page\(index + 1)"])
            XCTAssertEqual(dump.state, "intro.\(index + 1)")
            XCTAssertEqual(dump.layer("intro.text")?.text, text)
            XCTAssertEqual(dump.layer("intro.button")?.text, button)
            XCTAssertEqual(dump.layer("intro.text")?.frame.x ?? -1, 60, accuracy: 1, "the page has scrolled fully into view")
        }
        XCTAssertEqual(dumps["leaving"]?.state, "intro.leaving")
        let wheel = try XCTUnwrap(dumps["wheel"])
        XCTAssertEqual(wheel.state, "wheel")
        XCTAssertEqual(wheel.layer("intro.panel")?.visible, false)
        let scotch = try XCTUnwrap(wheel.layer("scotch")).frame.rect
        XCTAssertEqual(scotch.height, Disguise.layout.scotchOnWheel.height, accuracy: 0.5)
        XCTAssertEqual(scotch.center.distance(to: Disguise.layout.wheelCenter), 0, accuracy: 0.5)
        XCTAssertNotNil(wheel.layer("bubble.moustache"))
        XCTAssertNotNil(wheel.layer("bubble.cowboy"))
    }

    func testTheIntroIsSkippedOnASecondLaunchAndCanBeReplayed() throws {
        let folder = Disguise.temporaryFolder()
        let first = try Disguise.play(Disguise.throughIntro + [ScenarioEvent(at: 4, .capture(name: "done", every: nil, until: nil))], dataDirectory: folder)
        XCTAssertEqual(first["done"]?.state, "wheel")

        let second = try Disguise.runner([ScenarioEvent(at: 0, .capture(name: "t", every: 0.1, until: 3))], freshStart: false, dataDirectory: folder)
        let states = try second.run(outputDirectory: nil).map(\.dump.state)
        XCTAssertFalse(states.contains { $0.hasPrefix("intro") }, "\(Set(states))")
        XCTAssertEqual(states.last, "wheel")

        Disguise.screen(of: second).menuActions.first { $0.id == "replay-intro" }?.perform()
        for _ in 0..<(120 * 2) { second.stage.step() }
        XCTAssertEqual(second.stage.stateName, "intro.1")
    }

    /// Replaying the intro is a launch again and leaves nothing of the last launch behind: after each of two replays,
    /// on the intro's first page, no costume bubble shows (the last wheel went with its launch) and the intro's line is
    /// there once; back on the wheel the scene holds exactly the layers the first launch's wheel held, each costume's
    /// bubble once.
    func testReplayingTheIntroLeavesNothingOfTheLastLaunchBehind() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, duration: 8)
        _ = try runner.run(outputDirectory: nil)
        let stage = runner.stage
        XCTAssertEqual(stage.stateName, "wheel")
        let firstWheel = stage.dump().layers.map(\.id).sorted()
        XCTAssertTrue(firstWheel.contains("bubble.moustache"))
        for replay in 1...2 {
            try XCTUnwrap(Disguise.screen(of: runner).menuActions.first { $0.id == "replay-intro" }).perform()
            stage.run(for: 2)
            XCTAssertEqual(stage.stateName, "intro.1", "replay \(replay)")
            let intro = stage.dump()
            XCTAssertEqual(intro.layers.filter { $0.id.hasPrefix("bubble.") && $0.visible && $0.opacity > 0.01 }.map(\.id), [],
                           "replay \(replay): no bubble over the intro")
            XCTAssertEqual(intro.layers.filter { $0.id == "intro.line" }.count, 1, "replay \(replay)")
            for _ in 0..<3 {
                stage.send(KeyEvent(key: .enter, timestamp: stage.time))
                stage.run(for: 0.4)
            }
            stage.run(for: 5)
            XCTAssertEqual(stage.stateName, "wheel", "replay \(replay)")
            XCTAssertEqual(stage.dump().layers.map(\.id).sorted(), firstWheel, "replay \(replay): the first launch's wheel, no more")
        }
    }

    func testATapDuringTheIntroScrollIsNotLostButWaitsForThePageToSettle() throws {
        let dumps = try Disguise.play([
            ScenarioEvent(at: 2.0, .key("space")),
            ScenarioEvent(at: 2.05, .tap(id: 1, point: Point(x: 512, y: 722))),
            ScenarioEvent(at: 2.3, .capture(name: "mid", every: nil, until: nil)),
            ScenarioEvent(at: 4.0, .capture(name: "end", every: nil, until: nil)),
        ])
        XCTAssertEqual(dumps["mid"]?.state, "intro.2", "page 2 is still scrolling in: the tap waits")
        XCTAssertEqual(dumps["end"]?.state, "intro.3", "then turns it")
        XCTAssertEqual(dumps["end"]?.layer("intro.text")?.frame.x ?? -1, 60, accuracy: 1)
    }
}
