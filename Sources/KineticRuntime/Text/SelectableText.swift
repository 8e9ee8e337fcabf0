import KineticCore
import KineticScene

/// Text a person reads and selects, but does not edit (a message's body): the mouse selects it as a desktop's text
/// does, while a finger's drag is left to the scroll it sits in, as on a phone.
///
/// A press places the selection's start (Shift extends the one there is), a drag selects to the pointer, a second
/// click selects the word, a third the paragraph, a drag after them growing by words or paragraphs; `selectAll()` is
/// Ctrl-A's. The selection is offered as X11's PRIMARY selection (a middle click elsewhere pastes it), and
/// `selectedText` is what Ctrl-C copies. It is highlighted by a layer per line under the text, `<id>.selection.N`, in
/// the text field's light blue (black text stays above 10:1 on it). Offsets count UTF-16 code units, as the text
/// field's do, and always fall between grapheme clusters.
public final class SelectableText {
    /// The text's layer (its contents `.text`), which the owner places and fills.
    public let layer: Layer
    /// The mouse's presses: add it to a layer the press lands on (the text's own, or a scroll view's frame over it);
    /// it takes only presses on the text.
    public private(set) var recognizer: MousePressRecognizer!
    /// What is selected, in UTF-16 offsets of the text; empty for nothing.
    public private(set) var selection: Range<Int> = 0..<0
    private let input: TextInput
    private var clicks = ClickCounter()
    /// What the press that began a drag selected, and how many clicks it was.
    private var pressOrigin: (range: Range<Int>, count: Int)?
    /// The highlight's layers, one a line, reused.
    private var highlights: [Layer] = []
    /// The text the selection's offsets count in, with its boundaries, worked out once per text.
    private var measured: (text: String, boundaries: TextBoundaries)?

    /// Selection for `layer`'s text, measured, copied and offered as PRIMARY through `input` (the stage's).
    public init(layer: Layer, input: TextInput) {
        self.layer = layer
        self.input = input
        recognizer = MousePressRecognizer(accepts: { [weak self] point in self?.contains(stagePoint: point) ?? false }) { [weak self] in
            self?.pointer($0)
        }
    }

    /// The selected text; `nil` when nothing is.
    public var selectedText: String? {
        guard !selection.isEmpty, let text = content?.string else { return nil }
        let units = text.utf16
        guard selection.upperBound <= units.count else { return nil }
        let start = units.index(units.startIndex, offsetBy: selection.lowerBound), end = units.index(start, offsetBy: selection.count)
        return String(decoding: Array(units[start..<end]), as: UTF16.self)
    }

    /// Selects the whole text (Ctrl-A).
    public func selectAll() {
        select(0..<boundaries.length)
        offerAsPrimary()
    }

    /// Selects nothing (the text changed, or the page it is on closed).
    public func clear() {
        pressOrigin = nil
        select(0..<0)
    }

    /// Places the highlight again, where the text now lays out: after the owner changed the layer's frame or text (a
    /// selection past a new text's end is dropped).
    public func layOut() {
        if selection.upperBound > boundaries.length { selection = 0..<0 }
        var rects: [Rect] = []
        if !selection.isEmpty, let text = content {
            let width = layer.bounds.width
            rects = Self.highlight(from: input.measure.caretRect(at: selection.lowerBound, in: text, width: width),
                                   to: input.measure.caretRect(at: selection.upperBound, in: text, width: width), width: width)
        }
        guard let parent = layer.superlayer else { return }
        while highlights.count < rects.count {
            let highlight = Layer(identifier: "\(layer.identifier ?? "text").selection.\(highlights.count)")
            highlight.isUserInteractionEnabled = false
            highlight.backgroundColor = Color(red8: 0xB8, green8: 0xD4, blue8: 0xF5)
            parent.insertSublayer(highlight, at: parent.sublayers.firstIndex { $0 === layer } ?? 0)
            highlights.append(highlight)
        }
        for (index, highlight) in highlights.enumerated() {
            highlight.isHidden = index >= rects.count
            if index < rects.count { highlight.frame = rects[index].offsetBy(dx: layer.frame.minX, dy: layer.frame.minY) }
        }
    }

    /// The highlight of a selection between the carets `start` and `end` in text `width` wide: one rectangle on one
    /// line; else the rest of the first line, the whole lines between, and the last line up to `end` (as GTK and the
    /// Mac draw it). The text field's selection is drawn so too.
    static func highlight(from start: Rect, to end: Rect, width: Double) -> [Rect] {
        if abs(start.minY - end.minY) < 0.5 { return [Rect(x: start.minX, y: start.minY, width: end.minX - start.minX, height: start.height)] }
        var rects = [Rect(x: start.minX, y: start.minY, width: max(width - start.minX, 4), height: start.height)]
        if end.minY - start.maxY > 0.5 { rects.append(Rect(x: 0, y: start.maxY, width: width, height: end.minY - start.maxY)) }
        if end.minX > 0 { rects.append(Rect(x: 0, y: end.minY, width: end.minX, height: end.height)) }
        return rects
    }

    // MARK: The mouse

    private var content: TextContent? {
        if case .text(let text) = layer.contents { return text }
        return nil
    }

    private var boundaries: TextBoundaries {
        let text = content?.string ?? ""
        if let measured, measured.text == text { return measured.boundaries }
        let boundaries = TextBoundaries(text)
        measured = (text, boundaries)
        return boundaries
    }

    private func select(_ range: Range<Int>) {
        guard range != selection else { return }
        selection = range
        layOut()
    }

    /// What is selected becomes X11's PRIMARY selection: once a press or a drag ends (a long text is copied once,
    /// not at every move), or on Ctrl-A.
    private func offerAsPrimary() {
        guard let selected = selectedText, selected != input.offeredPrimary else { return }
        input.offeredPrimary = selected
        input.primarySelection.setText(selected)
    }

    /// Whether `point` (on the stage) is on the text's layer.
    private func contains(stagePoint point: Point) -> Bool {
        guard !layer.isHidden, let inverse = layer.contentTransformToRoot.inverted() else { return false }
        return layer.bounds.contains(point.applying(inverse))
    }

    /// The offset under `point` (on the stage), between clusters.
    private func offset(atStagePoint point: Point) -> Int {
        guard let text = content, let inverse = layer.contentTransformToRoot.inverted() else { return 0 }
        return min(input.measure.offset(at: point.applying(inverse), in: text, width: layer.bounds.width), boundaries.length)
    }

    /// A press places the start (Shift extends), a second selects the word, a third the paragraph; a drag from
    /// there extends by what the press selected, the far end staying put.
    private func pointer(_ recognizer: GestureRecognizer) {
        let offset = offset(atStagePoint: recognizer.location)
        let boundaries = self.boundaries
        switch recognizer.state {
        case .began:
            let count = clicks.press(at: recognizer.location, time: input.clock())
            let range: Range<Int>
            switch count {
            case 2: range = boundaries.word(at: offset)
            case 3: range = boundaries.paragraph(at: offset)
            default: range = offset..<offset
            }
            if count == 1, input.shiftHeld, !selection.isEmpty || pressOrigin != nil {
                let anchor = pressOrigin?.range.lowerBound ?? selection.lowerBound
                pressOrigin = (anchor..<anchor, 1)
                select(min(anchor, offset)..<max(anchor, offset))
            } else {
                pressOrigin = (range, count)
                select(range)
            }
        case .changed:
            guard let origin = pressOrigin else { return }
            let reach = origin.count == 2 ? boundaries.word(at: offset) : origin.count == 3 ? boundaries.paragraph(at: offset) : offset..<offset
            select(min(reach.lowerBound, origin.range.lowerBound)..<max(reach.upperBound, origin.range.upperBound))
        case .ended, .cancelled:
            offerAsPrimary()
        default:
            break
        }
    }
}
