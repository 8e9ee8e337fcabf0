import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticRender
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// A stage at rest changes nothing when stepped, so a window stops stepping and drawing; anything under way
/// (a timer, physics, a touch, an animation) keeps it awake.
final class RestTests: XCTestCase {
    /// Steps until the stage says it is at rest, for at most `limit` seconds; returns whether it did.
    private func settle(_ stage: Stage, within limit: Double) -> Bool {
        stage.run(upTo: limit) { stage.isAtRest }
    }

    /// The promise a window relies on: once at rest, more steps leave every layer as it was.
    private func assertStaysStill(_ stage: Stage, for seconds: Double = 2, file: StaticString = #filePath, line: UInt = #line) {
        let before = stage.sceneChanges.changes, dump = stage.dump().layers
        stage.run(for: seconds)
        XCTAssertEqual(stage.sceneChanges.changes, before, "a layer changed while the stage was at rest", file: file, line: line)
        XCTAssertEqual(stage.dump().layers, dump, file: file, line: line)
        XCTAssertTrue(stage.isAtRest, file: file, line: line)
    }

    func testTheGalleryComesToRestAndStaysThere() throws {
        let runner = try ScenarioRunner(scenario: Scenario(app: "gallery"), entries: KineticApps.catalog)
        XCTAssertTrue(settle(runner.stage, within: 2))
        assertStaysStill(runner.stage)
        // A key is input: the next step must run, and may change things.
        runner.stage.send(KeyEvent(key: .tab))
        XCTAssertFalse(runner.stage.isAtRest)
    }

    func testTheDisguiseSplashWaitsOnItsClockAndTheWheelRestsOnceThePhysicsDoes() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        stage.run(until: 0.3)
        XCTAssertEqual(stage.stateName, "splash")
        XCTAssertFalse(stage.isAtRest, "nothing moves on the splash, but its 0.6 s are counting")
        // Through the intro by keys, then the bubbles spring out and settle.
        for (time, key) in [(2.0, KeyEvent.Key.enter), (2.4, .enter), (2.8, .enter)] {
            stage.run(until: time)
            stage.send(KeyEvent(key: key, timestamp: stage.time))
        }
        XCTAssertTrue(settle(stage, within: 15))
        XCTAssertEqual(stage.stateName, "wheel")
        assertStaysStill(stage)

        // A tap on a bubble: it is worn, the others fall and pile up, and the stage rests again.
        let bubble = try XCTUnwrap(stage.centre(of: "bubble.\(Disguise.sixCostumes[2].id)"))
        stage.tap(bubble)
        XCTAssertFalse(stage.isAtRest)
        XCTAssertTrue(settle(stage, within: 15))
        XCTAssertEqual(stage.stateName, "selected.\(Disguise.sixCostumes[2].id)")
        assertStaysStill(stage)
    }

    func testAFlickedWheelIsNotAtRestUntilFrictionStopsIt() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        for (time, key) in [(2.0, KeyEvent.Key.enter), (2.4, .enter), (2.8, .enter)] {
            stage.run(until: time)
            stage.send(KeyEvent(key: key, timestamp: stage.time))
        }
        XCTAssertTrue(settle(stage, within: 15))
        XCTAssertEqual(stage.stateName, "wheel")
        stage.send(KeyEvent(key: .right, timestamp: stage.time))
        stage.run(for: 0.5)
        XCTAssertFalse(stage.isAtRest, "the wheel coasts")
        XCTAssertTrue(settle(stage, within: 20))
        assertStaysStill(stage)
    }

    func testHoneycombAndMailboxRestOnceOpenedAndAfterAMorph() throws {
        let honeycomb = try Honeycomb.runner()
        XCTAssertTrue(settle(honeycomb.stage, within: 5))
        assertStaysStill(honeycomb.stage)
        let category = try XCTUnwrap(honeycomb.stage.dump().layers.first { $0.id.hasPrefix("category.") && $0.id != "category.logo" && !$0.id.hasSuffix(".title") })
        honeycomb.stage.tap(category.frame.center)
        XCTAssertTrue(settle(honeycomb.stage, within: 5))
        XCTAssertTrue(honeycomb.stage.stateName.hasPrefix("grid."), honeycomb.stage.stateName)
        assertStaysStill(honeycomb.stage)

        let mailbox = try Mailbox.runner()
        XCTAssertTrue(settle(mailbox.stage, within: 5))
        assertStaysStill(mailbox.stage)
    }
}

/// Frames drawn one after another, each recompositing only what changed, are the frames a full render gives.
final class IncrementalFrameTests: XCTestCase {
    func testADisguiseSequenceRecompositedPieceByPieceMatchesFullRenders() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Disguise.sixCostumes, duration: 0, scale: 0.5)
        let stage = runner.stage
        let incremental = try Renderer(pointSize: stage.size, scale: 0.5)
        var partial = 0
        for step in 1...(120 * 10) {
            if [240, 288, 336].contains(step) { stage.send(KeyEvent(key: .enter, timestamp: stage.time)) }
            if step == 840, let bubble = stage.centre(of: "bubble.\(Disguise.sixCostumes[1].id)") { stage.tap(bubble) }
            stage.step()
            guard step % 4 == 0 else { continue }
            incremental.render(stage.root)
            if incremental.lastDamage.reduce(0, { $0 + $1.area }) < incremental.frameRect.area { partial += 1 }
            guard step % 120 == 0 else { continue }
            let full = try Renderer(pointSize: stage.size, scale: 0.5)
            full.render(stage.root)
            // Bilinear resampling clipped to a rectangle may round a pixel differently by 1/255 or 2/255.
            let difference = try XCTUnwrap(PixelImage(incremental).difference(from: PixelImage(full), pixelThreshold: 2))
            XCTAssertEqual(difference.differingPixelFraction, 0, "at \(stage.time) s, \(stage.stateName)")
        }
        XCTAssertGreaterThan(partial, 100, "most frames recomposite only a part of the frame")
    }
}
