import KineticCore

/// Where a caret stands in laid-out text, and which caret position a point falls on: what a text field needs from a
/// text layout engine. The renderer's implementation asks Pango, which lays the text out exactly as it is drawn
/// (grapheme clusters, ligatures, bidirectional runs); `EstimatedTextMeasure` stands in where no renderer is linked.
///
/// Offsets are UTF-16 offsets into `text.string`; coordinates are the text layer's own, in points, with the first
/// line's top at y = 0, as `TextContent` is drawn when it is not centred vertically.
public protocol TextMeasuring: AnyObject {
    /// The caret at `offset`: its x, the top of its line, zero width, the line's height.
    func caretRect(at offset: Int, in text: TextContent, width: Double?) -> Rect
    /// The caret position nearest `point` (a point past a line's end gives the line's end).
    func offset(at point: Point, in text: TextContent, width: Double?) -> Int
    /// The caret position one cluster to the left or right of `offset` on screen, which in a right-to-left run is
    /// the logical opposite; `nil` at the text's visual edge.
    func visualStep(from offset: Int, rightward: Bool, in text: TextContent, width: Double?) -> Int?
    /// The size the text takes: wrapped to `width` points, or on unbroken lines when `width` is `nil`.
    func size(of text: TextContent, width: Double?) -> Size
    /// The lines the text is laid out on, wrapped to `width`, in order: what a screen reader reads "by line".
    func lines(of text: TextContent, width: Double?) -> [TextLineBox]
}

/// One laid-out line of a text: the UTF-16 range it holds (its trailing space or newline included) and the box it
/// fills, in the text layer's own coordinates as `TextMeasuring` counts them (the first line's top at y = 0).
public struct TextLineBox: Equatable, Sendable {
    /// The UTF-16 offsets of the line's characters.
    public var range: Range<Int>
    /// The line's logical box: from the left of its first character to the right of its last, its full height.
    public var frame: Rect
    /// A line holding `range`, drawn in `frame`.
    public init(range: Range<Int>, frame: Rect) {
        self.range = range
        self.frame = frame
    }
}

/// A layout that treats every grapheme cluster as 0.55 em wide and every line as 1.25 em tall, breaking lines at
/// newlines and, with a width, wherever the next cluster would not fit. Good enough to drive a field's logic where no
/// renderer is linked (the apps' rules tests); everything on screen uses the renderer's measure.
public final class EstimatedTextMeasure: TextMeasuring {
    /// An estimate with nothing to set up: its sizes follow from each text's font size alone.
    public init() {}

    private struct Line { var offsets: [Int] }

    private func lines(_ text: TextContent, width: Double?) -> [Line] {
        let advance = text.fontSize * 0.55
        let perLine = width.map { max(Int(($0 / advance).rounded(.down)), 1) } ?? Int.max
        var lines = [Line(offsets: [0])]
        var offset = 0
        for character in text.string {
            offset += character.utf16.count
            if character.isNewline {
                lines.append(Line(offsets: [offset]))
            } else {
                if lines[lines.count - 1].offsets.count > perLine { lines.append(Line(offsets: [lines[lines.count - 1].offsets.last ?? 0])) }
                lines[lines.count - 1].offsets.append(offset)
            }
        }
        return lines
    }

    /// The caret at `offset` on the estimated grid: x at 0.55 em per cluster, the line's top at 1.25 em per line.
    public func caretRect(at offset: Int, in text: TextContent, width: Double?) -> Rect {
        let all = lines(text, width: width)
        let lineHeight = text.fontSize * 1.25
        for (row, line) in all.enumerated().reversed() where (line.offsets.first ?? 0) <= offset {
            let column = line.offsets.lastIndex { $0 <= offset } ?? 0
            return Rect(x: Double(column) * text.fontSize * 0.55, y: Double(row) * lineHeight, width: 0, height: lineHeight)
        }
        return Rect(x: 0, y: 0, width: 0, height: lineHeight)
    }

    /// The caret position nearest `point` on the estimated grid, held to the text's lines and each line's clusters.
    public func offset(at point: Point, in text: TextContent, width: Double?) -> Int {
        let all = lines(text, width: width)
        let row = min(max(Int((point.y / (text.fontSize * 1.25)).rounded(.down)), 0), all.count - 1)
        let offsets = all[row].offsets
        let column = min(max(Int((point.x / (text.fontSize * 0.55)).rounded()), 0), offsets.count - 1)
        return offsets[column]
    }

    /// The next or previous grapheme boundary: the estimate treats all text as left-to-right.
    public func visualStep(from offset: Int, rightward: Bool, in text: TextContent, width: Double?) -> Int? {
        let boundaries = TextBoundaries(text.string)
        let next = rightward ? boundaries.grapheme(after: offset) : boundaries.grapheme(before: offset)
        return next == offset ? nil : next
    }

    /// The estimated lines: each cluster 0.55 em wide, each line 1.25 em tall.
    public func lines(of text: TextContent, width: Double?) -> [TextLineBox] {
        let all = lines(text, width: width)
        let lineHeight = text.fontSize * 1.25
        let total = text.string.utf16.count
        return all.enumerated().map { row, line in
            let start = line.offsets.first ?? 0
            let end = row + 1 < all.count ? (all[row + 1].offsets.first ?? total) : total
            return TextLineBox(range: start..<max(end, start),
                               frame: Rect(x: 0, y: Double(row) * lineHeight,
                                           width: Double(line.offsets.count - 1) * text.fontSize * 0.55, height: lineHeight))
        }
    }

    /// The longest line's clusters at 0.55 em each by the number of lines at 1.25 em each, in points.
    public func size(of text: TextContent, width: Double?) -> Size {
        let all = lines(text, width: width)
        let longest = all.map { $0.offsets.count - 1 }.max() ?? 0
        return Size(width: Double(longest) * text.fontSize * 0.55, height: Double(all.count) * text.fontSize * 1.25)
    }
}

extension TextMeasuring {
    /// `text` at the largest font size, between its `minimumScale` and its own, at which it fits `size` (see
    /// `fits`), found by halving; at its minimum scale when none fits. Text that fits, or never shrinks, is as it is.
    public func fitted(_ text: TextContent, in size: Size) -> TextContent {
        guard text.minimumScale < 1, size.width > 0, !fits(text, in: size) else { return text }
        var low = text.minimumScale, high = 1.0
        var shrunk = text
        for _ in 0..<7 {
            let middle = (low + high) / 2
            shrunk.fontSize = text.fontSize * middle
            if fits(shrunk, in: size) { low = middle } else { high = middle }
        }
        shrunk.fontSize = text.fontSize * low
        return shrunk
    }

    /// Whether `text` fits `size`: on one line, within the width when it may not wrap; within its line limit; and,
    /// on several lines, within the height (a single line may hang a point or two below tight bounds).
    public func fits(_ text: TextContent, in size: Size) -> Bool {
        if text.lineLimit == 1 { return self.size(of: text, width: nil).width <= size.width + 0.5 }
        // Laid out without its limit: a limited layout stops at the limit (ellipsised), and would always seem to fit.
        var unlimited = text
        unlimited.lineLimit = 0
        let lines = lines(of: unlimited, width: size.width)
        if text.lineLimit > 0, lines.count > text.lineLimit { return false }
        guard lines.count > 1, let last = lines.last else { return true }
        return last.frame.maxY <= size.height + 1
    }
}
