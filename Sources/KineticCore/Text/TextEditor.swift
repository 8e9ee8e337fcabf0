/// The editing state of one text field: its text, the selection, an input method's composition, and the field's own
/// undo history. A value type with no layout in it: what depends on where glyphs fall (clicks, ↑/↓, Home/End on a
/// wrapped line) is worked out by the caller from a layout and handed in as an offset.
///
/// Offsets are UTF-16 (see `TextBoundaries`); every offset handed in is moved to the grapheme boundary at or before
/// it, so the caret can never split a cluster.
public struct TextEditor: Equatable, Sendable {
    /// How far a deletion or a caret motion goes.
    public enum Unit: Sendable { case grapheme, word }

    /// The committed text, without any composition in progress; changed only through the editing methods.
    public private(set) var text: String
    /// Where the selection started: the end that stays put when Shift extends it.
    public private(set) var anchor: Int
    /// The end that moves: where the caret is drawn.
    public private(set) var caret: Int
    /// Text an input method is composing at the caret (shown underlined, not yet part of `text`).
    public private(set) var composition: String?
    /// Whether Enter (and pasted line breaks) make new lines; a single-line field turns them into spaces.
    public let allowsNewlines: Bool
    /// The most grapheme clusters the text may hold; typing or pasting past it keeps what fits.
    public let maximumLength: Int

    private var boundaries: TextBoundaries
    private var undoHistory: [Snapshot] = []
    private var redoHistory: [Snapshot] = []
    /// The kind of the last edit, so that a run of typing (or of deleting) is undone as one.
    private var lastEdit: EditKind?

    private struct Snapshot: Equatable, Sendable { var text: String, anchor: Int, caret: Int }
    private enum EditKind: Equatable, Sendable { case typing, deleting, other }
    /// Undo keeps this many steps; the oldest go first.
    public static let undoLimit = 200

    /// A field holding `text` (control characters dropped, line breaks made spaces unless `allowsNewlines`, cut to
    /// `maximumLength` graphemes), with the caret at its end and no undo history.
    public init(text: String = "", allowsNewlines: Bool = false, maximumLength: Int = 10_000) {
        self.allowsNewlines = allowsNewlines
        self.maximumLength = max(maximumLength, 0)
        let clean = TextEditor.cleaned(text, allowsNewlines: allowsNewlines)
        self.text = String(clean.prefix(self.maximumLength))
        boundaries = TextBoundaries(self.text)
        anchor = boundaries.length
        caret = boundaries.length
    }

    /// The selected range (empty when there is only a caret).
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// Whether a range is selected rather than just a caret placed.
    public var hasSelection: Bool { anchor != caret }
    /// The text of the selected range; empty when there is only a caret.
    public var selectedText: String { substring(selection) }
    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoHistory.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoHistory.isEmpty }
    /// The text as shown: the composition, if any, inserted at the caret.
    public var displayText: String {
        guard let composition, !composition.isEmpty else { return text }
        return substring(0..<caret) + composition + substring(caret..<boundaries.length)
    }
    /// Where a caret may stand in `text` and where its words begin and end, for a caller working out motions itself.
    public var graphemeBoundaries: TextBoundaries { boundaries }

    // MARK: Moving

    /// Puts the caret at `offset`; with `extending`, the anchor stays and the selection grows or shrinks to it.
    public mutating func moveCaret(to offset: Int, extending: Bool = false) {
        caret = boundaries.snapped(offset)
        if !extending { anchor = caret }
        lastEdit = nil
    }

    /// ← or → by a grapheme or a word (logical order); without `extending`, a selection collapses to its edge instead.
    public mutating func moveCaret(forward: Bool, by unit: Unit, extending: Bool = false) {
        if hasSelection, !extending, unit == .grapheme {
            moveCaret(to: forward ? selection.upperBound : selection.lowerBound)
            return
        }
        moveCaret(to: offset(from: caret, forward: forward, by: unit), extending: extending)
    }

    /// Selects `range` (its ends moved to grapheme boundaries); the caret at its upper end.
    public mutating func select(_ range: Range<Int>) {
        anchor = boundaries.snapped(range.lowerBound)
        caret = boundaries.snapped(range.upperBound)
        lastEdit = nil
    }

    /// Selects the whole text, the caret at its end.
    public mutating func selectAll() { select(0..<boundaries.length) }

    /// The offset one grapheme or word from `offset`.
    public func offset(from offset: Int, forward: Bool, by unit: Unit) -> Int {
        switch (unit, forward) {
        case (.grapheme, true): return boundaries.grapheme(after: offset)
        case (.grapheme, false): return boundaries.grapheme(before: offset)
        case (.word, true): return boundaries.wordEnd(after: offset)
        case (.word, false): return boundaries.wordStart(before: offset)
        }
    }

    // MARK: Editing

    /// Typed text replaces the selection; a run of typing is undone as one step.
    public mutating func type(_ typed: String) {
        composition = nil
        replaceSelection(with: typed, kind: .typing)
    }

    /// Pasted text replaces the selection, as one undo step of its own.
    public mutating func paste(_ pasted: String) {
        replaceSelection(with: pasted, kind: .other)
    }

    /// Backspace: the selection, or the grapheme (word) before the caret.
    public mutating func deleteBackward(by unit: Unit = .grapheme) {
        if !hasSelection { anchor = offset(from: caret, forward: false, by: unit) }
        replaceSelection(with: "", kind: .deleting)
    }

    /// Delete: the selection, or the grapheme (word) after the caret.
    public mutating func deleteForward(by unit: Unit = .grapheme) {
        if !hasSelection { anchor = offset(from: caret, forward: true, by: unit) }
        replaceSelection(with: "", kind: .deleting)
    }

    /// Cut: the selection leaves the text (the caller puts `selectedText` on the clipboard first).
    public mutating func deleteSelection() {
        guard hasSelection else { return }
        replaceSelection(with: "", kind: .other)
    }

    /// An input method's composition in progress (`nil` or empty when it ends without text).
    public mutating func setComposition(_ composing: String?) {
        composition = composing.map { TextEditor.cleaned($0, allowsNewlines: false) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Text set from outside (a saved draft, a reply's quote): the caret goes to the end and the history is cleared,
    /// since its steps were about another text.
    public mutating func replaceAll(with newText: String) {
        self = TextEditor(text: newText, allowsNewlines: allowsNewlines, maximumLength: maximumLength)
    }

    // MARK: Undo

    /// Undoes the last step of this field's own editing; returns false when there is none.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = undoHistory.popLast() else { return false }
        redoHistory.append(snapshot)
        restore(previous)
        return true
    }

    /// Redoes the last undone step; returns false when there is none.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let next = redoHistory.popLast() else { return false }
        undoHistory.append(snapshot)
        restore(next)
        return true
    }

    // MARK: Inside

    private var snapshot: Snapshot { Snapshot(text: text, anchor: anchor, caret: caret) }

    private mutating func restore(_ saved: Snapshot) {
        text = saved.text
        boundaries = TextBoundaries(text)
        anchor = boundaries.snapped(saved.anchor)
        caret = boundaries.snapped(saved.caret)
        composition = nil
        lastEdit = nil
    }

    private mutating func replaceSelection(with insertion: String, kind: EditKind) {
        let range = selection
        let removedCount = substring(range).count
        let room = max(maximumLength - (text.count - removedCount), 0)
        // Only what can fit is looked at: a clipboard of a hundred megabytes costs no more than the room left (a few
        // more clusters are taken first, since cleaning may drop control characters).
        let inserted = String(TextEditor.cleaned(String(insertion.prefix(room + 64)), allowsNewlines: allowsNewlines).prefix(room))
        guard !range.isEmpty || !inserted.isEmpty else { return }
        // A run of typing, or of deleting, is one undo step: the first edit of the run saves the text before it.
        if kind == .other || kind != lastEdit {
            undoHistory.append(snapshot)
            if undoHistory.count > TextEditor.undoLimit { undoHistory.removeFirst() }
        }
        redoHistory.removeAll()
        text = substring(0..<range.lowerBound) + inserted + substring(range.upperBound..<boundaries.length)
        boundaries = TextBoundaries(text)
        caret = boundaries.snapped(range.lowerBound + inserted.utf16.count)
        anchor = caret
        lastEdit = kind == .other ? nil : kind
    }

    /// The text between two UTF-16 offsets that lie on grapheme boundaries.
    private func substring(_ range: Range<Int>) -> String {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        return String(text[start..<end])
    }

    /// Text as a field may hold it: line breaks made one (`\n`), or spaces in a single-line field; tabs become
    /// spaces there too; other control characters (a pasted NUL, an escape sequence) are dropped.
    static func cleaned(_ text: String, allowsNewlines: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline {
                result.append(allowsNewlines ? "\n" : " ")
            } else if character == "\t" {
                result.append(allowsNewlines ? "\t" : " ")
            } else if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) {
                result.append(character)
            }
        }
        return result
    }
}
