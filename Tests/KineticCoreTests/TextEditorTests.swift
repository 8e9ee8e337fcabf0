import KineticCore
import XCTest

/// The text field's editing rules, on strings whose UTF-16 lengths are counted by hand: "👍🏽" is two surrogate pairs
/// (4 units) and one grapheme; "é" written as e + U+0301 is 2 units and one grapheme.
final class TextEditorTests: XCTestCase {
    func testTheCaretStepsOverWholeGraphemeClusters() {
        var editor = TextEditor(text: "a👍🏽e\u{301}b")  // offsets: a 0–1, 👍🏽 1–5, é 5–7, b 7–8
        XCTAssertEqual(editor.caret, 8, "a new field's caret is at the end")
        let steps = (0..<5).map { _ -> Int in editor.moveCaret(forward: false, by: .grapheme); return editor.caret }
        XCTAssertEqual(steps, [7, 5, 1, 0, 0])
        editor.moveCaret(to: 3)
        XCTAssertEqual(editor.caret, 1, "an offset inside the emoji moves to its start")
        editor.deleteForward()
        XCTAssertEqual(editor.text, "ae\u{301}b", "Delete removes the whole emoji")
        editor.moveCaret(to: 3)
        editor.deleteBackward()
        XCTAssertEqual(editor.text, "ab", "Backspace removes the e with its accent")
        XCTAssertEqual(editor.caret, 1)
    }

    func testWordMotionAndWordDeletion() {
        var editor = TextEditor(text: "one two  three")  // one 0–3, two 4–7, three 9–14
        editor.moveCaret(forward: false, by: .word)
        XCTAssertEqual(editor.caret, 9)
        editor.moveCaret(forward: false, by: .word)
        XCTAssertEqual(editor.caret, 4)
        editor.moveCaret(forward: true, by: .word)
        XCTAssertEqual(editor.caret, 7, "Ctrl+→ stops at the end of the word")
        editor.deleteBackward(by: .word)
        XCTAssertEqual(editor.text, "one   three")
        XCTAssertEqual(editor.caret, 4)
        editor.deleteForward(by: .word)
        XCTAssertEqual(editor.text, "one ", "Ctrl+Delete takes the spaces and the next word")
    }

    func testShiftExtendsAndTypingReplacesTheSelection() {
        var editor = TextEditor(text: "hello world")
        editor.moveCaret(to: 6)
        editor.moveCaret(forward: true, by: .word, extending: true)
        XCTAssertEqual(editor.selection, 6..<11)
        XCTAssertEqual(editor.selectedText, "world")
        editor.type("there")
        XCTAssertEqual(editor.text, "hello there")
        XCTAssertFalse(editor.hasSelection)
        editor.moveCaret(to: 0, extending: true)
        editor.moveCaret(forward: true, by: .grapheme)
        XCTAssertEqual(editor.caret, 11, "→ with a selection collapses it to its right edge")
        editor.selectAll()
        editor.type("x")
        XCTAssertEqual(editor.text, "x")
    }

    func testARunOfTypingIsUndoneAsOneStepAndRedoBringsItBack() {
        var editor = TextEditor()
        for letter in ["a", "b", "c"] { editor.type(letter) }
        editor.moveCaret(to: 0)
        editor.type("X")
        XCTAssertEqual(editor.text, "Xabc")
        XCTAssertTrue(editor.undo())
        XCTAssertEqual(editor.text, "abc", "the X was a run of its own (the caret moved before it)")
        XCTAssertTrue(editor.undo())
        XCTAssertEqual(editor.text, "", "a, b and c were one run")
        XCTAssertFalse(editor.undo(), "nothing older")
        XCTAssertTrue(editor.redo())
        XCTAssertEqual(editor.text, "abc")
        editor.paste("!")
        XCTAssertFalse(editor.canRedo, "a new edit ends what could be redone")
    }

    func testASingleLineFieldTurnsLineBreaksIntoSpacesAndDropsControlCharacters() {
        var editor = TextEditor()
        editor.paste("line one\r\nline two\u{0}\u{1B}[31m\tend")
        XCTAssertEqual(editor.text, "line one line two[31m end")
        var body = TextEditor(allowsNewlines: true)
        body.paste("a\r\nb\rc")
        XCTAssertEqual(body.text, "a\nb\nc", "every kind of line break becomes one newline")
    }

    func testTheMaximumLengthKeepsWhatFits() {
        var editor = TextEditor(text: "abc", maximumLength: 5)
        editor.paste("defgh")
        XCTAssertEqual(editor.text, "abcde")
        editor.type("z")
        XCTAssertEqual(editor.text, "abcde", "a full field takes nothing more")
        editor.selectAll()
        editor.type("👍🏽👍🏽")
        XCTAssertEqual(editor.text, "👍🏽👍🏽", "the limit counts graphemes, not UTF-16 units")
    }

    func testACompositionShowsAtTheCaretUntilItIsCommitted() {
        var editor = TextEditor(text: "ab")
        editor.moveCaret(to: 1)
        editor.setComposition("にほ")
        XCTAssertEqual(editor.text, "ab", "composing changes nothing yet")
        XCTAssertEqual(editor.displayText, "aにほb")
        editor.type("日本")
        XCTAssertEqual(editor.text, "a日本b")
        XCTAssertNil(editor.composition)
        XCTAssertEqual(editor.caret, 3)
    }

    func testDoubleAndTripleClickRanges() {
        let boundaries = TextBoundaries("say hello, world\nnext line")
        XCTAssertEqual(boundaries.word(at: 6), 4..<9, "inside hello")
        XCTAssertEqual(boundaries.word(at: 9), 4..<9, "right after hello still selects it")
        XCTAssertEqual(boundaries.word(at: 10), 9..<11, "between words: the comma and the space")
        XCTAssertEqual(boundaries.paragraph(at: 3), 0..<16, "the line up to its newline")
        XCTAssertEqual(boundaries.paragraph(at: 20), 17..<26)
    }

    func testAHugePasteKeepsWhatFits() {
        var editor = TextEditor(maximumLength: 10)
        let huge = String(repeating: "0123456789", count: 2_000_000)  // 20 million characters
        editor.paste(huge)
        XCTAssertEqual(editor.text, "0123456789", "what fits, and the field takes nothing more")
        editor.paste(huge)
        XCTAssertEqual(editor.text, "0123456789")
    }

    /// A password's mask: "a🙂b" is three characters in four UTF-16 units (the emoji is a surrogate pair), so three
    /// bullets; the text's caret positions 0, 1, 3, 4 are bullets 0, 1, 2, 3, and an offset inside the emoji (2) is its
    /// start's (1). Back the other way, bullet 2 is text offset 3, and a bullet count past the end is the end.
    func testASecretMaskShowsABulletPerCharacterAndMapsOffsetsBothWays() {
        let mask = SecretMask("a🙂b")
        XCTAssertEqual(mask.masked, "\u{25CF}\u{25CF}\u{25CF}")
        XCTAssertEqual([0, 1, 2, 3, 4].map(mask.maskedOffset(forTextOffset:)), [0, 1, 1, 2, 3])
        XCTAssertEqual([0, 1, 2, 3, 9, -1].map(mask.textOffset(forMaskedOffset:)), [0, 1, 3, 4, 4, 0])
        XCTAssertEqual(SecretMask("").masked, "")
        XCTAssertEqual(SecretMask("e\u{301}").masked.count, 1, "a letter with its combining accent is one character")
    }
}
