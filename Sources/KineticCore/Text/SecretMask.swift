/// A secret's text as a password field shows it: one bullet for each character (grapheme cluster), so the length
/// typed shows and nothing else, and the offsets between the two.
///
/// Offsets are UTF-16 on both sides, as `TextBoundaries` counts them; the bullet is one UTF-16 unit, so the masked
/// offset of a caret is the number of characters before it.
public struct SecretMask: Equatable, Sendable {
    /// GTK's own choice for a hidden character (its entry's default where the font has it): BLACK CIRCLE.
    public static let bullet: Character = "\u{25CF}"

    /// The text's caret positions, which the bullets stand between one for one.
    private let boundaries: TextBoundaries

    /// The mask of `text`.
    public init(_ text: String) {
        boundaries = TextBoundaries(text)
    }

    /// One bullet per character of the text.
    public var masked: String { String(repeating: Self.bullet, count: boundaries.caretOffsets.count - 1) }

    /// The bullets before `offset` in the text (an offset inside a character counts the character's start).
    public func maskedOffset(forTextOffset offset: Int) -> Int {
        boundaries.index(atOrBefore: min(max(offset, 0), boundaries.length))
    }

    /// The text offset after `offset` bullets (clamped to the text).
    public func textOffset(forMaskedOffset offset: Int) -> Int {
        boundaries.caretOffsets[min(max(offset, 0), boundaries.caretOffsets.count - 1)]
    }
}
