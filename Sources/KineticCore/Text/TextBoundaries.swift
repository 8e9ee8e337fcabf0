/// Where a caret may stand in a string, and where words begin and end, in UTF-16 offsets.
///
/// A caret never stands inside a grapheme cluster (an emoji with its skin tone, a letter with its combining accent,
/// a flag): Swift's `Character` is Unicode's extended grapheme cluster, so the boundaries between `Character`s are
/// exactly the places a caret may stand. Offsets are UTF-16 because that is what platforms exchange (SDL's input
/// methods, AT-SPI's text interface counts characters but most toolkits convert through UTF-16) and what scene dumps
/// report.
public struct TextBoundaries: Equatable, Sendable {
    /// Every caret position, ascending: 0, the end of each grapheme cluster, the string's UTF-16 length.
    public let caretOffsets: [Int]
    /// For each grapheme cluster (between `caretOffsets[i]` and `caretOffsets[i + 1]`), whether it belongs to a word.
    private let isWordCluster: [Bool]
    /// For each grapheme cluster, whether it ends a line (a newline).
    private let isNewline: [Bool]

    /// Works out the caret positions and word clusters of `text` once, so that later look-ups are cheap.
    public init(_ text: String) {
        var offsets = [0], words: [Bool] = [], newlines: [Bool] = []
        offsets.reserveCapacity(text.utf16.count + 1)
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.append(offset)
            words.append(character.isLetter || character.isNumber || character == "_" || character == "'" || character == "’")
            newlines.append(character.isNewline)
        }
        caretOffsets = offsets
        isWordCluster = words
        isNewline = newlines
    }

    /// The UTF-16 length of the text.
    public var length: Int { caretOffsets[caretOffsets.count - 1] }

    /// The caret position nearest `offset` at or before it (an offset inside a cluster moves to its start).
    public func snapped(_ offset: Int) -> Int {
        let clamped = min(max(offset, 0), length)
        return caretOffsets[index(atOrBefore: clamped)]
    }

    /// The caret position one grapheme cluster before `offset` (0 stays 0).
    public func grapheme(before offset: Int) -> Int {
        let i = index(atOrBefore: min(max(offset, 0), length))
        let start = caretOffsets[i] == offset ? i - 1 : i
        return caretOffsets[max(start, 0)]
    }

    /// The caret position one grapheme cluster after `offset` (the end stays the end).
    public func grapheme(after offset: Int) -> Int {
        let i = index(atOrBefore: min(max(offset, 0), length))
        return caretOffsets[min(i + 1, caretOffsets.count - 1)]
    }

    /// The start of the word before `offset`: spaces and punctuation are skipped back over, then the word's letters.
    public func wordStart(before offset: Int) -> Int {
        var i = index(atOrBefore: min(max(offset, 0), length))
        while i > 0, !isWordCluster[i - 1] { i -= 1 }
        while i > 0, isWordCluster[i - 1] { i -= 1 }
        return caretOffsets[i]
    }

    /// The end of the word after `offset`: spaces and punctuation are skipped over, then the word's letters.
    public func wordEnd(after offset: Int) -> Int {
        var i = index(atOrBefore: min(max(offset, 0), length))
        while i < isWordCluster.count, !isWordCluster[i] { i += 1 }
        while i < isWordCluster.count, isWordCluster[i] { i += 1 }
        return caretOffsets[i]
    }

    /// The word around `offset` (what a double-click selects): the run of word clusters it touches, or, between words,
    /// the run of other clusters (spaces, punctuation) it stands in.
    public func word(at offset: Int) -> Range<Int> {
        guard !isWordCluster.isEmpty else { return 0..<0 }
        var i = index(atOrBefore: min(max(offset, 0), length))
        if i == isWordCluster.count || (i > 0 && isWordCluster[i - 1] && !isWordCluster[i]) { i -= 1 }
        let kind = isWordCluster[i]
        var start = i, end = i + 1
        while start > 0, isWordCluster[start - 1] == kind, !isNewline[start - 1] { start -= 1 }
        while end < isWordCluster.count, isWordCluster[end] == kind, !isNewline[end] { end += 1 }
        return caretOffsets[start]..<caretOffsets[end]
    }

    /// The paragraph around `offset` (what a triple-click selects): from after the newline before it to its own
    /// newline, which is left out.
    public func paragraph(at offset: Int) -> Range<Int> {
        let i = index(atOrBefore: min(max(offset, 0), length))
        var start = i, end = i
        while start > 0, !isNewline[start - 1] { start -= 1 }
        while end < isNewline.count, !isNewline[end] { end += 1 }
        return caretOffsets[start]..<caretOffsets[end]
    }

    /// The index in `caretOffsets` of the last position at or before `offset` (binary search): the number of grapheme
    /// clusters wholly before it.
    func index(atOrBefore offset: Int) -> Int {
        var low = 0, high = caretOffsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if caretOffsets[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
