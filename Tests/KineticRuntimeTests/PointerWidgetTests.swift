import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The pointer over the stage on its own: the shape it takes over each kind of layer (a hand over what can be
/// clicked, an I-beam over text that can be edited, the arrow elsewhere), which layer is hovered, and the faint shade
/// a clickable layer with no hover look of its own gets.
final class PointerWidgetTests: WidgetTestCase {
    /// Side by side along y = 100…140: `button` (takes taps, a child `button.icon` that takes nothing itself),
    /// `pressable` (takes presses), `field` (a text field), `plain` (nothing), `hoverable` (a hover look of its own,
    /// told in `record`) and `arrowed` (takes taps but asks for the arrow).
    private func pointerHost() -> (stage: Stage, host: WidgetHost) {
        let record = self.record
        return hosted { host, stage in
            let button = Layer(identifier: "button", frame: Rect(x: 20, y: 100, width: 100, height: 40))
            button.gestureRecognizers = [TapRecognizer()]
            button.addSublayer(Layer(identifier: "button.icon", frame: Rect(x: 10, y: 10, width: 20, height: 20)))
            let pressable = Layer(identifier: "pressable", frame: Rect(x: 140, y: 100, width: 100, height: 40))
            pressable.gestureRecognizers = [PressRecognizer(contains: { _ in true })]
            let field = TextField(identifier: "field", frame: Rect(x: 260, y: 100, width: 100, height: 40), multiline: false, maximumLength: 10,
                                  style: TextContent("", fontSize: 20), input: stage.textInput)
            let plain = Layer(identifier: "plain", frame: Rect(x: 380, y: 100, width: 100, height: 40))
            let hoverable = Layer(identifier: "hoverable", frame: Rect(x: 500, y: 100, width: 100, height: 40))
            hoverable.onHover = { record.events.append($0 ? "hovered" : "left") }
            let arrowed = Layer(identifier: "arrowed", frame: Rect(x: 620, y: 100, width: 100, height: 40))
            arrowed.gestureRecognizers = [TapRecognizer()]
            arrowed.cursor = .arrow
            for layer in [button, pressable, field.layer, plain, hoverable, arrowed] { host.root.addSublayer(layer) }
        }
    }

    private func point(over stage: Stage, _ identifier: String) throws -> Point { try XCTUnwrap(stage.centre(of: identifier)) }

    func testTheCursorIsAHandOverWhatTakesTapsOrPressesAnIBeamOverAFieldAndTheArrowElsewhere() throws {
        let (stage, _) = pointerHost()
        XCTAssertEqual(stage.dump().cursor, .arrow, "before the pointer came")
        let expected: [(String, PointerCursor)] = [("button", .hand), ("pressable", .hand), ("field", .ibeam), ("plain", .arrow),
                                                   ("hoverable", .arrow), ("arrowed", .arrow)]
        for (identifier, cursor) in expected {
            stage.sendPointer(at: try point(over: stage, identifier))
            XCTAssertEqual(stage.cursor, cursor, identifier)
            XCTAssertEqual(stage.dump().cursor, cursor, "\(identifier), as dumps write it")
        }
        stage.sendPointer(at: Point(x: 400, y: 400))
        XCTAssertEqual(stage.cursor, .arrow, "the bare stage")
        stage.sendPointer(at: try point(over: stage, "button.icon"))
        XCTAssertEqual(stage.cursor, .hand, "a part of a button, with no cursor of its own, is the button")
        XCTAssertEqual(stage.dump().layer("button")?.hovered, true, "and the button is what is hovered")
        XCTAssertNil(stage.dump().layer("button.icon")?.hovered)
        stage.sendPointerLeft()
        XCTAssertEqual(stage.cursor, .arrow)
        XCTAssertNil(stage.dump().layer("button")?.hovered, "nothing is hovered once the pointer left")
    }

    func testAClickableLayerIsShadedWhileHoveredAndTheShadeFollowsThePointerAway() throws {
        let (stage, _) = pointerHost()
        stage.sendPointer(at: try point(over: stage, "button"))
        let shade = try layer(stage, "hover")
        XCTAssertEqual(shade.frame, try layer(stage, "button").frame, "the shade covers the hovered button")
        XCTAssertTrue(shade.visible)
        stage.sendPointer(at: try point(over: stage, "pressable"))
        XCTAssertEqual(try layer(stage, "hover").frame, try layer(stage, "pressable").frame, "it moved to the next")
        XCTAssertNil(stage.dump().layer("button")?.hovered)
        for identifier in ["field", "plain", "arrowed"] {
            stage.sendPointer(at: try point(over: stage, identifier))
            XCTAssertNil(stage.dump().layer("hover"), "no shade over \(identifier): it is not a hand")
        }
        XCTAssertEqual(stage.dump().layer("arrowed")?.hovered, true, "a cursor of its own still makes it the hovered one")
    }

    func testALayerWithAHoverLookOfItsOwnIsToldAndGetsNoShade() throws {
        let (stage, _) = pointerHost()
        let over = try point(over: stage, "hoverable")
        stage.sendPointer(at: over)
        stage.sendPointer(at: over + Vector(dx: 10, dy: 0))  // still over it: not told again
        XCTAssertEqual(record.events, ["hovered"])
        XCTAssertEqual(stage.dump().layer("hoverable")?.hovered, true)
        XCTAssertNil(stage.dump().layer("hover"))
        stage.sendPointer(at: try point(over: stage, "plain"))
        XCTAssertEqual(record.events, ["hovered", "left"])
    }

    /// A hovered button that moves (a costume flying off as it is clicked) is not shaded on its way: the shade would
    /// be a grey box sliding along with it. At rest again under the pointer, it is.
    func testAHoveredLayerThatMovesIsNotShadedUntilItRests() throws {
        let (stage, _) = pointerHost()
        stage.sendPointer(at: try point(over: stage, "button"))
        stage.step()
        XCTAssertNotNil(stage.dump().layer("hover"), "at rest: shaded")
        let button = try XCTUnwrap(stage.root.layer(withIdentifier: "button"))
        // 10 pt down over 0.3 s: still under the pointer, which has not moved.
        stage.animator.animate(button, \.position, to: button.position + Vector(dx: 0, dy: 10), with: .tween(duration: 0.3))
        var shadedWhileMoving = 0
        for _ in 0..<10 {
            stage.step()
            if stage.dump().layer("hover") != nil { shadedWhileMoving += 1 }
        }
        XCTAssertEqual(shadedWhileMoving, 0, "no shade slides along with it")
        XCTAssertEqual(stage.dump().layer("button")?.hovered, true, "still the hovered one")
        stage.run(for: 0.5)
        XCTAssertEqual(try layer(stage, "hover").frame, try layer(stage, "button").frame, "at rest again: shaded where it is")
    }

    func testALayerThatSlidesUnderAStillPointerTakesTheHoverAndOneThatLeavesTakesTheShade() throws {
        let (stage, host) = pointerHost()
        let still = Point(x: 400, y: 400)  // the bare stage
        stage.sendPointer(at: still)
        let sheet = Layer(identifier: "sheet", frame: Rect(x: 300, y: 700, width: 200, height: 100))  // below the stage
        sheet.gestureRecognizers = [TapRecognizer()]
        host.root.addSublayer(sheet)
        stage.step()
        XCTAssertEqual(stage.cursor, .arrow)
        // It slides up to (300, 350)–(500, 450), under the pointer, which has not moved: no shade while it slides, not
        // even at the step it arrives under the pointer.
        stage.animator.animate(sheet, \.position, to: Point(x: 400, y: 400), with: .tween(duration: 0.3))
        var shadedWhileSliding = 0
        while stage.animator.isAnimating(sheet, \.position) {
            stage.step()
            if stage.animator.isAnimating(sheet, \.position), stage.dump().layer("hover") != nil { shadedWhileSliding += 1 }
        }
        XCTAssertEqual(shadedWhileSliding, 0)
        stage.run(for: 0.2)
        XCTAssertEqual(stage.cursor, .hand, "looked at again after the steps that moved the scene")
        XCTAssertEqual(stage.dump().layer("sheet")?.hovered, true)
        XCTAssertEqual(try layer(stage, "hover").frame, try layer(stage, "sheet").frame)
        sheet.removeFromSuperlayer()
        stage.step()
        XCTAssertNil(stage.dump().layer("hover"), "the shade went with the layer")
    }
}
