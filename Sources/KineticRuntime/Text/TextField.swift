import KineticCore
import KineticScene

/// The engine's text field, one line or many with wrapping: the caret, selection, clipboard, an input method's
/// composition and its own undo, laid out by the stage's `TextMeasuring` (Pango on screen), so carets and clicks land
/// where the glyphs are drawn.
///
/// The app keeps the text it cares about in its own state: `onChange` reports every edit, and `setText(_:)` brings
/// in text the app changed itself (a restored draft). Focus belongs to the stage (`TextInput`): `focus()` takes the
/// keyboard, Esc or `blur()` gives it back.
///
/// Layers, under `layer` (whose identifier the app gives; dumps write its `text`, `caret`, `selection`, `focused`):
/// `<id>.text` the text, `<id>.caret`, `<id>.selection.N` the highlight, one per line it spans, `<id>.composition` the
/// underline under composed text.
public final class TextField {
    /// The field's area: clips its text, takes clicks, shows the I-beam.
    public let layer: Layer
    /// The field's text, caret, selection, composition and undo history, as plain data; edits go through the field.
    public private(set) var editor: TextEditor
    /// Font, size and colour of the text (its `string` is ignored).
    public var style: TextContent { didSet { refresh() } }
    /// Whether Enter makes new lines and long lines wrap.
    public let isMultiline: Bool
    /// The caret's and the focused selection's colour.
    public var tint = Color(red8: 0x0A, green8: 0x5F, blue8: 0xCC)
    /// A password's field, as GTK's entry without visibility is: each character drawn as `SecretMask.bullet`, the dump
    /// and a screen reader given only the bullets, nothing copied or cut from it (nor offered as the PRIMARY selection),
    /// and a word for Ctrl's motions and deletions the whole text, so no word's length shows either. Single-line only.
    public var isSecure = false { didSet { refresh() } }

    /// Every edit, with the new text.
    public var onChange: ((String) -> Void)?
    /// The field took or lost the keyboard.
    public var onFocusChange: ((Bool) -> Void)?
    /// Tab (false) or Shift-Tab (true): the owner moves the focus to the next or previous field.
    public var onTab: ((_ backward: Bool) -> Void)?
    /// Enter in a single-line field; return false to let the key go on to the screen.
    public var onEnter: (() -> Bool)?

    weak var input: TextInput?
    private let content = Layer()
    private let textLayer: Layer
    private let caretLayer: Layer
    private let underline: Layer
    private var selectionLayers: [Layer] = []
    /// Where the text is scrolled to, so that the caret stays in view.
    private var scroll = Point.zero
    /// When the caret last moved (by `input.clock`): it shows for half a second from then, then blinks.
    private var caretMovedAt = 0.0
    /// The x a run of ↑/↓ keeps aiming for, across lines shorter than it.
    var goalX: Double?
    var clicks = ClickCounter()
    /// Where a press began, and by what it extends (a double-click's drag grows by words).
    var pressOrigin: (range: Range<Int>, count: Int)?

    /// Half a second on, half a second off.
    public static let blinkHalfPeriod = 0.5
    /// After this long without a key or a click the caret stops blinking and stays on, as GTK's does
    /// (`gtk-cursor-blink-timeout`): a window left with a focused field then wakes for nothing at all.
    public static let blinkTimeout = 10.0

    /// - Parameters:
    ///   - identifier: the field layer's identifier, a public name for scenarios and dumps.
    ///   - frame: the text area in its superlayer.
    ///   - multiline: whether Enter makes new lines and long lines wrap.
    ///   - maximumLength: the most grapheme clusters it takes.
    ///   - style: font, size and colour of the text (its `string` is ignored).
    ///   - input: the stage's `textInput`, which owns the keyboard focus.
    public init(identifier: String, frame: Rect, multiline: Bool, maximumLength: Int, style: TextContent, input: TextInput) {
        layer = Layer(identifier: identifier)
        layer.frame = frame
        layer.keepsSublayersLeftToRight = true  // the caret and the selection sit on the glyphs, never mirrored
        layer.masksToBounds = true
        layer.cursor = .ibeam
        self.style = style
        isMultiline = multiline
        self.input = input
        editor = TextEditor(allowsNewlines: multiline, maximumLength: maximumLength)
        textLayer = Layer(identifier: "\(identifier).text")
        caretLayer = Layer(identifier: "\(identifier).caret")
        underline = Layer(identifier: "\(identifier).composition")
        for part in [content, textLayer, caretLayer, underline] { part.isUserInteractionEnabled = false }
        layer.addSublayer(content)
        content.addSublayer(textLayer)
        content.addSublayer(underline)
        content.addSublayer(caretLayer)
        let pointer = TextPointerRecognizer { [weak self] recognizer in self?.pointer(recognizer) }
        layer.gestureRecognizers = [pointer]
        // A right-click offers the desktop's edit menu, as every GTK and Qt entry does.
        layer.contextActions = { [weak self] in self?.editMenu ?? [] }
        layer.middleClickAction = { [weak self] point in self?.pastePrimarySelection(atStagePoint: point) }
        refresh()
    }

    /// The field's text, without an input method's composition in progress.
    public var text: String { editor.text }
    /// Whether this field has the keyboard.
    public var isFocused: Bool { input?.focused === self }

    /// Takes the keyboard.
    public func focus() { input?.focus(self) }
    /// Gives the keyboard back (Esc does this).
    public func blur() { if isFocused { input?.focus(nil) } }

    /// Text the app set itself; the field's undo history starts over, and the caret goes to the end.
    public func setText(_ newText: String) {
        let newText = pastable(newText)  // a secret set from outside (a screen reader) keeps its first line, as a paste
        guard newText != editor.text else { return }
        editor.replaceAll(with: newText)
        refresh()
    }

    /// Puts the caret at `offset` (snapped to a character's edge), nothing selected: a reply's caret on its own line
    /// above the quote, however long the text set before it.
    public func placeCaret(at offset: Int) {
        edit { $0.moveCaret(to: offset) }
    }

    /// Applies an edit or a motion, then redraws and reports a changed text.
    func edit(_ change: (inout TextEditor) -> Void) {
        let before = editor.text
        change(&editor)
        caretMovedAt = input?.clock() ?? 0
        refresh()
        if editor.text != before { onChange?(editor.text) }
    }

    func focusDidChange() {
        caretMovedAt = input?.clock() ?? 0
        if !isFocused { editor.setComposition(nil) }
        refresh()
        onFocusChange?(isFocused)
    }

    // MARK: Layout

    /// The width text wraps to: the field's for many lines, none for one.
    var wrapWidth: Double? { isMultiline ? layer.bounds.width : nil }

    /// The text as drawn: the editor's, or a secure field's bullets, one per character.
    var mask: SecretMask? { isSecure ? SecretMask(editor.displayText) : nil }

    /// The text as laid out, in the text layer's coordinates.
    var laidOut: TextContent {
        var shown = style
        shown.string = mask?.masked ?? editor.displayText
        shown.lineLimit = 0
        shown.centeredVertically = false
        return shown
    }

    /// Where the text layer sits in `content`: a single line in the vertical middle of the field.
    private var textOrigin: Point {
        guard !isMultiline, let measure = input?.measure else { return .zero }
        let lineHeight = measure.caretRect(at: 0, in: laidOut, width: nil).height
        return Point(x: 0, y: max((layer.bounds.height - lineHeight) / 2, 0))
    }

    /// The offset in the text under `point`, given in the field layer's coordinates.
    func offset(at point: Point) -> Int {
        guard let measure = input?.measure else { return editor.caret }
        let origin = textOrigin
        let shown = measure.offset(at: Point(x: point.x + scroll.x - origin.x, y: point.y + scroll.y - origin.y), in: laidOut, width: wrapWidth)
        return mask?.textOffset(forMaskedOffset: shown) ?? shown
    }

    /// An offset into the text as displayed (`editor.displayText`) as an offset into the string laid out.
    func laidOutOffset(_ displayed: Int) -> Int { mask?.maskedOffset(forTextOffset: displayed) ?? displayed }

    /// The caret's rectangle in the text layer's coordinates, for an offset into `editor.text`.
    func caretRect(at offset: Int) -> Rect {
        guard let measure = input?.measure else { return Rect(x: 0, y: 0, width: 0, height: style.fontSize * 1.25) }
        let shift = offset >= editor.caret ? (editor.composition?.utf16.count ?? 0) : 0
        return measure.caretRect(at: laidOutOffset(offset + shift), in: laidOut, width: wrapWidth)
    }

    /// Where the caret is drawn, on the stage: the caret layer's own place (laid out at the last edit), so a window
    /// asking each frame lays out no text.
    var caretRectInRoot: Rect { caretLayer.frameInRoot }

    /// Where the caret is shown: mirrored on a right-to-left stage (an input method's window goes there).
    var caretRectOnScreen: Rect { caretLayer.frameOnScreen }

    /// Seconds until the caret next turns on or off; `nil` once it has stopped blinking.
    var secondsUntilBlink: Double? {
        let elapsed = max((input?.clock() ?? 0) - caretMovedAt, 0)
        guard elapsed < TextField.blinkTimeout else { return nil }
        return TextField.blinkHalfPeriod - elapsed.truncatingRemainder(dividingBy: TextField.blinkHalfPeriod)
    }

    /// Lays out the text, the selection, the composition's underline and the caret, scrolled to keep the caret in view.
    func refresh() {
        guard let measure = input?.measure else { return }
        let shown = laidOut
        let size = measure.size(of: shown, width: wrapWidth)
        let bounds = layer.bounds
        let origin = textOrigin
        textLayer.contents = .text(shown)
        textLayer.frame = Rect(x: origin.x, y: origin.y, width: isMultiline ? bounds.width : max(bounds.width, size.width + 4),
                               height: max(bounds.height, size.height + 2))
        let caret = caretRect(at: editor.caret)
        if let composition = editor.composition {
            let start = measure.caretRect(at: laidOutOffset(editor.caret), in: shown, width: wrapWidth)
            underline.frame = Rect(x: origin.x + start.minX, y: origin.y + caret.maxY - 2, width: max(caret.minX - start.minX, 1), height: 1.5)
            underline.backgroundColor = style.color
            underline.isHidden = composition.isEmpty
        } else {
            underline.isHidden = true
        }
        layOutSelection(origin: origin, textWidth: textLayer.bounds.width)
        caretLayer.frame = Rect(x: origin.x + caret.minX - 1, y: origin.y + caret.minY, width: 2, height: caret.height)
        caretLayer.backgroundColor = tint
        scrollToCaret(caret.offsetBy(dx: origin.x, dy: origin.y), contentSize: Size(width: textLayer.frame.maxX, height: textLayer.frame.maxY))
        refreshCaret()
        layer.editableText = dumped
        offerSelectionAsPrimary()
    }

    /// The field as a dump and a screen reader see it: a secure field's text, caret and selection as its bullets are.
    private var dumped: EditableTextDump {
        guard isSecure else {
            return EditableTextDump(text: editor.text, caret: editor.caret, selection: editor.selection, focused: isFocused, composition: editor.composition)
        }
        let committed = SecretMask(editor.text)
        let selection = editor.selection
        return EditableTextDump(text: committed.masked, caret: committed.maskedOffset(forTextOffset: editor.caret),
                                selection: committed.maskedOffset(forTextOffset: selection.lowerBound)..<committed.maskedOffset(forTextOffset: selection.upperBound),
                                focused: isFocused, composition: editor.composition.map { SecretMask($0).masked })
    }

    /// What a paste puts in: the text, or for a secret its first line only (GTK's truncate-multiline), so a password
    /// copied from a file with its line's end is the password, not the password and a space.
    func pastable(_ text: String) -> String { isSecure ? String(text.prefix { !$0.isNewline }) : text }

    /// A selection made in the focused field becomes the PRIMARY selection, as in every X11 entry (never a secret's).
    private func offerSelectionAsPrimary() {
        guard let input, isFocused, editor.hasSelection, !isSecure else { return }
        let selected = editor.selectedText
        guard selected != input.offeredPrimary else { return }
        input.offeredPrimary = selected
        input.primarySelection.setText(selected)
    }

    /// A middle click at `point` (on the stage): the field takes the keyboard and the PRIMARY selection goes in where
    /// the click landed, replacing nothing else (GTK's entries do the same).
    func pastePrimarySelection(atStagePoint point: Point) {
        guard let pasted = input?.primarySelection.text().map(pastable), !pasted.isEmpty else { return }
        guard let inverse = layer.contentTransformToRoot.inverted() else { return }
        let offset = offset(at: point.applying(inverse))
        focus()
        edit {
            $0.moveCaret(to: offset)
            $0.paste(pasted)
        }
    }

    /// Shows the caret while the field is focused and the window has the keyboard, blinking from when it last moved.
    func refreshCaret() {
        let elapsed = max((input?.clock() ?? 0) - caretMovedAt, 0)
        let phaseOn = elapsed >= TextField.blinkTimeout || Int((elapsed / TextField.blinkHalfPeriod).rounded(.down)) % 2 == 0
        let show = isFocused && (input?.windowHasFocus ?? false) && !editor.hasSelection && phaseOn
        if caretLayer.isHidden == show { caretLayer.isHidden = !show }
    }

    private func layOutSelection(origin: Point, textWidth: Double) {
        var rects: [Rect] = []
        let range = editor.selection
        if !range.isEmpty, editor.composition == nil {
            rects = SelectableText.highlight(from: caretRect(at: range.lowerBound), to: caretRect(at: range.upperBound), width: textWidth)
        }
        while selectionLayers.count < rects.count {
            let highlight = Layer(identifier: "\(layer.identifier ?? "field").selection.\(selectionLayers.count)")
            highlight.isUserInteractionEnabled = false
            content.insertSublayer(highlight, at: 0)
            selectionLayers.append(highlight)
        }
        // Light blue while the field has the keyboard, grey when it does not: black text stays above 10:1 on either.
        let colour = isFocused ? Color(red8: 0xB8, green8: 0xD4, blue8: 0xF5) : Color(red8: 0xDA, green8: 0xDA, blue8: 0xDA)
        for (index, highlight) in selectionLayers.enumerated() {
            highlight.isHidden = index >= rects.count
            guard index < rects.count else { continue }
            highlight.frame = rects[index].offsetBy(dx: origin.x, dy: origin.y)
            highlight.backgroundColor = colour
        }
    }

    /// Scrolls the content so the caret is inside the field, and no further than the text reaches.
    private func scrollToCaret(_ caret: Rect, contentSize: Size) {
        let bounds = layer.bounds
        var target = scroll
        if isMultiline {
            if caret.minY < target.y { target.y = caret.minY }
            if caret.maxY > target.y + bounds.height { target.y = caret.maxY - bounds.height }
            target.y = min(max(target.y, 0), max(contentSize.height - bounds.height, 0))
            target.x = 0
        } else {
            if caret.minX - 2 < target.x { target.x = max(caret.minX - 2, 0) }
            if caret.maxX + 3 > target.x + bounds.width { target.x = caret.maxX + 3 - bounds.width }
            target.x = min(max(target.x, 0), max(contentSize.width - bounds.width, 0))
            target.y = 0
        }
        scroll = target
        let frame = Rect(x: -scroll.x, y: -scroll.y, width: max(contentSize.width, bounds.width), height: max(contentSize.height, bounds.height))
        if content.frame != frame { content.frame = frame }
    }
}
