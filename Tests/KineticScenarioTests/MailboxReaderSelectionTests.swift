import XCTest
import Foundation
import KineticCore
import KineticScene
import KineticRuntime
@testable import KineticApps
import KineticScenario
import KineticTestSupport

/// The reader's text is selected and copied as a desktop's is (issue #53): the mouse's press and drag select (touch
/// id 0, the window's left button), a double click a word, a triple click a paragraph, Ctrl-A all of it, and Ctrl-C
/// copies what is selected; a finger's drag still scrolls the page, as on a phone. The expected texts are read from
/// the sample message itself (its first word, its first paragraph), not from the reader.
final class MailboxReaderSelectionTests: XCTestCase {
    /// The sample's first message open in the reader; its text, and where its body's first line starts on the stage.
    private func reading() throws -> (runner: ScenarioRunner, stage: Stage, text: String, start: Point) {
        let (runner, stage, screen) = try Mailbox.opened()
        Mailbox.act(.reader(.open("m01")), on: screen, stage)
        let text = try XCTUnwrap(screen.state.message(withID: "m01")?.text)
        let body = try XCTUnwrap(stage.dump().layer("reader.body")).frame.rect
        return (runner, stage, text, Point(x: body.minX + 2, y: body.minY + 10))
    }

    /// Presses the mouse `clicks` times at `point`, quickly, as a double or triple click is.
    private func click(_ stage: Stage, at point: Point, times clicks: Int = 1) {
        for _ in 0..<clicks {
            stage.send(TouchEvent(id: TouchEvent.mouseID, phase: .began, location: point, timestamp: stage.time))
            stage.step()
            stage.send(TouchEvent(id: TouchEvent.mouseID, phase: .ended, location: point, timestamp: stage.time))
            stage.step()
        }
    }

    private func copy(_ stage: Stage) -> String? {
        stage.send(KeyEvent(scenarioName: "ctrl+c", timestamp: stage.time))
        stage.step()
        return stage.textInput.clipboard.text()
    }

    func testADoubleClickSelectsAWordAndATripleClickAParagraph() throws {
        let (runner, stage, text, start) = try reading()
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        click(stage, at: start, times: 2)
        let firstWord = String(text.prefix { $0.isLetter })
        XCTAssertEqual(copy(stage), firstWord)
        XCTAssertNotNil(stage.dump().layer("reader.body.selection.0"), "the selection is shown")
        stage.run(for: 1)  // a new run of clicks
        click(stage, at: start, times: 3)
        XCTAssertEqual(copy(stage), String(text.prefix { $0 != "\n" }), "the first paragraph, without its line's end")
        XCTAssertEqual(stage.textInput.primarySelection.text(), String(text.prefix { $0 != "\n" }), "offered as PRIMARY, as X11 programs do")
    }

    func testAMouseDragSelectsFromWhereItPressedAndCtrlASelectsAll() throws {
        let (runner, stage, text, start) = try reading()
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let below = Point(x: start.x + 200, y: start.y + 90)
        stage.send(TouchEvent(id: TouchEvent.mouseID, phase: .began, location: start, timestamp: stage.time))
        stage.step()
        for step in 1...10 {
            let t = Double(step) / 10
            stage.send(TouchEvent(id: TouchEvent.mouseID, phase: .moved, location: Point(x: start.x + (below.x - start.x) * t, y: start.y + (below.y - start.y) * t),
                                  timestamp: stage.time))
            stage.step()
        }
        stage.send(TouchEvent(id: TouchEvent.mouseID, phase: .ended, location: below, timestamp: stage.time))
        stage.step()
        let copied = try XCTUnwrap(copy(stage))
        XCTAssertTrue(text.hasPrefix(copied), "from the press: \(copied.debugDescription)")
        XCTAssertLessThan(copied.count, text.count, "to where the mouse was let go, not the whole text")
        XCTAssertGreaterThan(copied.count, String(text.prefix { $0 != "\n" }).count, "down past the first paragraph's lines")
        stage.send(KeyEvent(scenarioName: "ctrl+a", timestamp: stage.time))
        stage.step()
        XCTAssertEqual(copy(stage), text)
    }

    func testAFingersDragScrollsAndSelectsNothing() throws {
        let (runner, stage, text, start) = try reading()
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        let before = try XCTUnwrap(stage.dump().layer("reader.body")).frame.rect.minY
        stage.send(TouchEvent(id: 1, phase: .began, location: Point(x: start.x + 100, y: start.y + 300), timestamp: stage.time))
        stage.step()
        for step in 1...10 {
            stage.send(TouchEvent(id: 1, phase: .moved, location: Point(x: start.x + 100, y: start.y + 300 - Double(step) * 20), timestamp: stage.time))
            stage.step()
        }
        // Held up there: the page follows the finger (a short message's rubber-banding past its end, as a long one's
        // scrolling).
        let held = try XCTUnwrap(stage.dump().layer("reader.body")).frame.rect.minY
        XCTAssertLessThan(held, before - 50, "the page follows the finger")
        stage.send(TouchEvent(id: 1, phase: .ended, location: Point(x: start.x + 100, y: start.y + 100), timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(copy(stage), text, "nothing selected: Ctrl-C copies the whole text")
    }
}
