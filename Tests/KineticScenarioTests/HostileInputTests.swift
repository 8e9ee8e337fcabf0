import Foundation
import XCTest
import KineticCore
import KineticRender
import KineticRuntime
@testable import KineticApps
@testable import KineticScenario

/// What a file, a scenario or a server can hand the engine that once stopped it: each is refused with what was
/// wrong, or held where the engine can draw it.
final class HostileInputTests: XCTestCase {
    private func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-hostile-\(UUID().uuidString)-\(name)")
    }

    func testAnSVGOfAbsurdSizeIsRefusedWithItsSize() throws {
        for (width, expected) in [("1e30", "e+30×"), ("100000", "100000×100000")] {
            let file = temporary("huge.svg")
            try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(width)"><rect width="10" height="10"/></svg>"#.utf8).write(to: file)
            let problem = try XCTUnwrap(ImageFileCheck.problem(at: file), width)
            XCTAssertTrue(problem.contains("too large") && problem.contains(expected) && problem.contains("8192"), problem)
        }
    }

    func testADeclaredSizeNoWholeNumberHoldsIsSaidAsGiven() {
        XCTAssertEqual(AssetError.imageTooLarge(source: "a.svg", width: .infinity, height: 9000).description,
                       "image a.svg is too large (inf×9000 px; the limit is 8192 a side)")
        XCTAssertEqual(AssetError.imageTooLarge(source: "b.svg", width: .nan, height: 1e30).description,
                       "image b.svg is too large (nan×1e+30 px; the limit is 8192 a side)")
    }

    func testAScenarioFarOffTheStageIsRefusedWithThePoint() {
        for events in [#"[{"at": 0.5, "from": [500, 300], "to": [500, -1e308], "duration": 0.2}]"#,
                       #"[{"at": 0.5, "tap": [1e308, 10]}]"#] {
            XCTAssertThrowsError(try Scenario.decode(Data(#"{"app": "mailbox", "events": \#(events)}"#.utf8), name: "far.json")) { error in
                XCTAssertTrue("\(error)".contains("within ±100000 points"), "\(error)")
            }
        }
    }

    func testAnEventPastTheDurationCapIsRefused() {
        for events in [#"[{"at": 1e9, "key": "enter"}]"#, #"[{"at": 1, "capture": "x", "every": 0.01, "until": 1e9}]"#] {
            XCTAssertThrowsError(try Scenario.decode(Data(#"{"app": "mailbox", "events": \#(events)}"#.utf8), name: "late.json")) { error in
                XCTAssertTrue("\(error)".contains("past the 600 s a scenario may run"), "\(error)")
            }
        }
    }

    func testCapturesAreBounded() {
        XCTAssertThrowsError(try Scenario.decode(Data(#"{"events": [{"at": 0, "capture": "x", "every": 0.0084, "until": 600}]}"#.utf8), name: "many.json")) { error in
            XCTAssertTrue("\(error)".contains("more than the 2000 a scenario may make"), "\(error)")
        }
        XCTAssertNoThrow(try Scenario.decode(Data(#"{"events": [{"at": 0, "capture": "x", "every": 0.5, "until": 600}]}"#.utf8), name: "fine.json"))
    }

    func testATouchDrivenFarOffIsHeldWithinReachAndTheFrameStillDraws() throws {
        let runner = try Mailbox.runner()
        let stage = runner.stage
        stage.send(stage.touch(1, .began, at: Point(x: 500, y: Mailbox.rowY(1))))
        for x in [600.0, 1e12, 1e308, .infinity] {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: x, y: Mailbox.rowY(1))))
        }
        stage.step()
        runner.renderer.render(stage.root)
        for layer in stage.dump().layers {
            XCTAssertTrue(layer.frame.x.isFinite && layer.frame.y.isFinite, "\(layer.id) at \(layer.frame)")
            XCTAssertLessThanOrEqual(abs(layer.frame.x), 2 * Point.inputReach, layer.id)
        }
        stage.send(stage.touch(1, .ended, at: Point(x: .nan, y: 0)))
        for _ in 0..<240 { stage.step() }
        runner.renderer.render(stage.root)
    }

    func testAFrameTooLargeForMemoryIsRefusedWithItsSize() {
        XCTAssertThrowsError(try Renderer(pointSize: Size(width: 8192, height: 8192), scale: 4)) { error in
            XCTAssertEqual(error as? FrameError, .tooLarge(width: 32768, height: 32768, limit: 8192))
        }
        XCTAssertThrowsError(try Scenario.decode(Data(#"{"size": {"width": 8192, "height": 8192}, "scale": 4}"#.utf8), name: "big.json")) { error in
            XCTAssertTrue("\(error)".contains("at most 8192 pixels a side, got 32768.0×32768.0"), "\(error)")
        }
    }
}
