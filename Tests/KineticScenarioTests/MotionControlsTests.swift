import XCTest
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Slow motion, pause, single steps and the debug overlay.
final class MotionControlsTests: XCTestCase {
    /// The same Disguise-O-Rama run at 1× and at ½× (its events at doubled times): every capture at ½× is the
    /// capture at 1× taken at half the time, dump for dump.
    func testHalfSpeedGivesTheSameDumpsAtDoubledTimes() throws {
        func run(speed: Double) throws -> [String: SceneDump] {
            let stretch = 1 / speed
            var events = [(2.0, "enter"), (2.4, "enter"), (2.8, "enter")].map { ScenarioEvent(at: $0.0 * stretch, .key($0.1)) }
            let bubble = Disguise.spokeEnd(2, of: 6, wheelAngle: 0)
            // A tap's touches at stretched times too (the tap shorthand's lift comes a fixed time after its touch).
            events.append(ScenarioEvent(at: 7 * stretch, .touch(.began, id: 1, point: bubble)))
            events.append(ScenarioEvent(at: 7.05 * stretch, .touch(.ended, id: 1, point: bubble)))
            events.append(ScenarioEvent(at: 0.5 * stretch, .capture(name: "c", every: 0.5 * stretch, until: 9 * stretch)))
            var entries = KineticApps.catalog
            entries[0].makeScreen = { _ in DisguiseScreen(costumes: Disguise.sixCostumes) }
            var scenario = Scenario(app: "disguise", duration: 9 * stretch, events: events)
            scenario.speed = speed
            let captures = try ScenarioRunner(scenario: scenario, entries: entries).run(outputDirectory: nil)
            return Dictionary(captures.map { ($0.name, $0.dump) }, uniquingKeysWith: { $1 })
        }
        let normal = try run(speed: 1), slow = try run(speed: 0.5)
        XCTAssertEqual(normal.count, 18)
        XCTAssertEqual(Set(normal.keys), Set(slow.keys))
        for name in normal.keys.sorted() { XCTAssertEqual(slow[name], normal[name], name) }
        XCTAssertEqual(normal["c-017"]?.state, "selected.\(Disguise.sixCostumes[2].id)", "the run reached a chosen costume")
    }

    func testSCyclesTheSpeedsAndPauseHoldsTheClockButForSingleSteps() throws {
        var controls = MotionControls()
        var seen: [Double] = [controls.speed]
        for _ in 0..<4 {
            XCTAssertTrue(controls.handle(.character("s")))
            seen.append(controls.speed)
        }
        XCTAssertEqual(seen, [1, 0.5, 0.25, 0.1, 1])

        // In a scenario: P at 1 s holds the clock; three full stops move it three steps; P again lets it run.
        let events = [ScenarioEvent(at: 1, .key("p")), ScenarioEvent(at: 1.5, .key(".")), ScenarioEvent(at: 1.6, .key(".")),
                      ScenarioEvent(at: 1.7, .key(".")), ScenarioEvent(at: 2, .capture(name: "held", every: nil, until: nil)),
                      ScenarioEvent(at: 2.5, .key("p")), ScenarioEvent(at: 3, .capture(name: "running", every: nil, until: nil))]
        let captures = try ScenarioRunner(scenario: Scenario(app: "gallery", duration: 3, events: events), entries: KineticApps.catalog).run(outputDirectory: nil)
        let times = Dictionary(captures.map { ($0.name, $0.dump.time) }, uniquingKeysWith: { $1 })
        XCTAssertEqual(try XCTUnwrap(times["held"]), 1 + 3.0 / 120, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(times["running"]), 1 + 3.0 / 120 + 0.5, accuracy: 1e-9)
    }

    func testAKeyTheAppUsesIsNotTakenByTheTools() throws {
        let runner = try Mailbox.runner()
        runner.stage.run(for: 1)
        runner.stage.send(KeyEvent(key: .character("c")))  // compose opens
        XCTAssertTrue(runner.stage.send(KeyEvent(key: .character("s"))), "typing an s in compose")
        XCTAssertEqual(runner.stage.motion.speed, 1, "compose took the S, so the speed is unchanged")
    }

    /// The overlay on the wheel: the armature, and for each bubble its body, its spring to its spoke, the spoke's
    /// end (where the spring brings it to rest, by the seed's formula) and its velocity.
    func testTheOverlayDrawsTheWheelsBodiesSpringsAndRestPositions() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Disguise.sixCostumes, duration: 12)
        try runner.run(outputDirectory: nil)
        let stage = runner.stage
        XCTAssertEqual(stage.stateName, "wheel")
        XCTAssertNil(stage.dump().layer("debug.overlay"))
        stage.send(KeyEvent(key: .character("o")))
        XCTAssertNotNil(stage.dump().layer("debug.overlay"))
        let shapes = Disguise.screen(of: runner).debugShapes
        XCTAssertEqual(shapes.count, 1 + 6 * 4)
        let wheel = try XCTUnwrap(Disguise.screen(of: runner).wheel)
        let restDots = shapes.compactMap { shape -> Point? in if case .dot(let point, _) = shape { return point } else { return nil } }
        XCTAssertEqual(restDots.count, 6)
        for (index, dot) in restDots.enumerated() {
            XCTAssertEqual(dot.distance(to: Disguise.spokeEnd(index, of: 6, wheelAngle: wheel.angle)), 0, accuracy: 1e-6)
        }
        stage.send(KeyEvent(key: .character("O")))
        XCTAssertNil(stage.dump().layer("debug.overlay"))
    }

    /// The overlay on a message being swiped: the seed's lines at 60 and 260 pt from each edge of the row.
    func testTheOverlayShowsTheMailboxThresholds() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.run(for: 1)
        let row = try XCTUnwrap(stage.dump().layers.first { $0.id.hasPrefix("row.") })
        let y = row.frame.y + row.frame.height / 2
        stage.send(stage.touch(1, .began, at: Point(x: 600, y: y)))
        for x in stride(from: 590.0, through: 450, by: -10) {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: x, y: y)))
        }
        stage.step()
        let lines = Mailbox.screen(of: runner).debugShapes.compactMap { shape -> Double? in
            if case .line(let from, let to, _) = shape, from.x == to.x { return from.x } else { return nil }
        }
        XCTAssertEqual(lines.sorted(), [60, 260, 1024 - 260, 1024 - 60])
    }
}

extension MotionControlsTests {
    func testWithAltTheToolsKeysAreTheToolsEvenWhereTheAppUsesTheLetter() throws {
        let runner = try Mailbox.runner()
        runner.stage.run(for: 1)
        XCTAssertTrue(runner.stage.send(KeyEvent(key: .character("t"), modifiers: [.alt])))
        XCTAssertTrue(runner.stage.motion.showsTuningPanel)
        XCTAssertNotNil(runner.stage.dump().layer("tuning.panel"))
        XCTAssertEqual(Mailbox.screen(of: runner).state.placements, [:], "the Mailbox's own T (to a list) did not happen")
    }
}
