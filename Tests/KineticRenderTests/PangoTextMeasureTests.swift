import KineticCore
import KineticScene
import XCTest
@testable import KineticRender

/// Carets and clicks from Pango: the expectations are properties any correct layout has (carets advance left to
/// right through Latin text, a click on a caret's own spot returns that caret, a right-to-left word is walked the
/// other way), not numbers read off the implementation.
final class PangoTextMeasureTests: XCTestCase {
    let measure = PangoTextMeasure()
    let style = TextContent("", fontSize: 16)

    func text(_ string: String) -> TextContent {
        var text = style
        text.string = string
        return text
    }

    func testCaretsAdvanceThroughLatinTextAndAClickOnACaretFindsIt() {
        let content = text("Lunch on Thursday?")
        let carets = (0...18).map { measure.caretRect(at: $0, in: content, width: nil) }
        XCTAssertEqual(carets[0].minX, 0, accuracy: 0.01)
        for i in 1...18 { XCTAssertGreaterThan(carets[i].minX, carets[i - 1].minX, "caret \(i) is right of caret \(i - 1)") }
        XCTAssertEqual(carets[18].minX, measure.size(of: content, width: nil).width, accuracy: 0.5, "the last caret is at the text's end")
        XCTAssertGreaterThan(carets[0].height, 16, "a line is taller than the font's size")
        for i in 0...18 {
            XCTAssertEqual(measure.offset(at: Point(x: carets[i].minX + 0.3, y: carets[i].midY), in: content, width: nil), i)
        }
        XCTAssertEqual(measure.offset(at: Point(x: -50, y: 5), in: content, width: nil), 0, "left of the text")
        XCTAssertEqual(measure.offset(at: Point(x: 5_000, y: 5), in: content, width: nil), 18, "right of the text")
        XCTAssertEqual(measure.offset(at: Point(x: .nan, y: 5), in: content, width: nil), 0, "a point that is not a number lands at the start")
    }

    func testWrappedTextPutsLaterCaretsOnLowerLines() {
        let content = text("one two three four five six seven eight nine ten")
        let width = 120.0
        let size = measure.size(of: content, width: width)
        XCTAssertLessThanOrEqual(size.width, width + 0.5)
        let first = measure.caretRect(at: 0, in: content, width: width), last = measure.caretRect(at: 48, in: content, width: width)
        XCTAssertGreaterThan(last.minY, first.minY + first.height * 1.5, "the end is at least two lines down")
        let lineStart = measure.offset(at: Point(x: 1, y: last.midY), in: content, width: width)
        XCTAssertGreaterThan(lineStart, 0, "a click at the last line's left edge is not at the text's start")
        XCTAssertEqual(measure.caretRect(at: lineStart, in: content, width: width).minY, last.minY, accuracy: 0.01, "it is on the last line")
    }

    func testAnEmojiIsOneCaretStepAndOffsetsStayUTF16() {
        let content = text("a👍🏽b")  // a 0–1, 👍🏽 1–5 (two surrogate pairs), b 5–6
        XCTAssertEqual(measure.visualStep(from: 1, rightward: true, in: content, width: nil), 5)
        XCTAssertEqual(measure.visualStep(from: 5, rightward: false, in: content, width: nil), 1)
        XCTAssertNil(measure.visualStep(from: 6, rightward: true, in: content, width: nil), "nothing right of the end")
        XCTAssertEqual(PangoTextMeasure.byteIndex(5, in: "a👍🏽b"), 9, "a (1 byte) and two 4-byte scalars")
        XCTAssertEqual(PangoTextMeasure.utf16Offset(9, in: "a👍🏽b"), 5)
        XCTAssertEqual(PangoTextMeasure.byteIndex(2, in: "a👍🏽b"), 1, "inside a surrogate pair: back to the scalar's start")
    }

    func testRightArrowWalksAHebrewWordBackwardsInMemory() {
        let content = text("שלום")  // four letters, one UTF-16 unit each, laid out right to left
        let start = measure.caretRect(at: 0, in: content, width: nil), end = measure.caretRect(at: 4, in: content, width: nil)
        XCTAssertGreaterThan(start.minX, end.minX, "the logical start is on the right")
        XCTAssertEqual(measure.visualStep(from: 4, rightward: true, in: content, width: nil), 3, "→ from the left edge goes to the logical previous letter")
    }
}
