/// HTML turned into the text a reader sees: tags dropped, line and paragraph breaks where the tags make them, white
/// space collapsed as a browser does, character references decoded, and the content of elements that are never shown
/// (script, style, title) dropped.
///
/// It reads the UTF-8 bytes: all of HTML's markup is ASCII, and a UTF-8 multibyte sequence never holds an ASCII byte,
/// so the text between tags passes through untouched. Every step moves forward through the input, so it runs in
/// time linear in the input, however the tags are broken.
struct HTMLText {
    /// `html` as text, stopping once the text is `byteLimit` bytes of UTF-8 long (a cut multibyte character at the
    /// end reads as U+FFFD).
    static func plainText(from html: String, byteLimit: Int) -> String {
        var converter = HTMLText(html: Array(html.utf8), byteLimit: byteLimit)
        converter.run()
        return String(decoding: converter.output.prefix(byteLimit), as: UTF8.self)
    }

    /// Elements whose content is never shown: skipped up to their end tag.
    private static let hiddenElements: Set<String> = ["script", "style", "title"]
    /// Elements that start and end on a line of their own.
    private static let lineElements: Set<String> = ["div", "li", "tr", "dt", "dd", "section", "article", "header",
                                                    "footer", "nav", "address", "center"]
    /// Elements set off by a blank line before and after.
    private static let paragraphElements: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
                                                         "ul", "ol", "dl", "table", "pre", "hr"]

    /// The HTML's bytes.
    private let html: [UInt8]
    /// How long the text may grow, in bytes: past it the rest of the HTML is not read.
    private let byteLimit: Int
    /// The next byte to read.
    private var index = 0
    /// The text made so far, in UTF-8.
    private var output: [UInt8] = []
    /// Whether white space was read since the last text: it becomes one space before the next text on the line.
    private var pendingSpace = false
    /// How many `<pre>` elements are open: inside one, white space is kept as it is.
    private var preformattedDepth = 0

    /// A converter at the start of `html`, making at most `byteLimit` bytes of text.
    private init(html: [UInt8], byteLimit: Int) {
        self.html = html
        self.byteLimit = byteLimit
    }

    /// Reads the HTML, all of it or up to where the text is long enough.
    private mutating func run() {
        while index < html.count, output.count < byteLimit {
            let byte = html[index]
            if byte == UInt8(ascii: "<"), startsMarkup(at: index + 1) {
                readMarkup()
            } else if byte == UInt8(ascii: "&") {
                readCharacterReference()
            } else if Self.isWhiteSpace(byte) {
                readWhiteSpace(byte)
            } else {
                readWord()
            }
        }
        trimTrailingSpaces()
        while output.last == UInt8(ascii: "\n") { output.removeLast() }
    }

    /// Whether the byte at `position` makes the "<" before it open markup (a tag, end tag, comment or declaration)
    /// rather than stand for itself, as in "a < b".
    private func startsMarkup(at position: Int) -> Bool {
        guard position < html.count else { return false }
        let byte = html[position]
        return Self.isLetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    /// Reads markup from its "<": a comment to its "-->", a declaration to its ">", a tag to its ">" (quoted attribute
    /// values may hold ">"), then makes the breaks the tag calls for.
    private mutating func readMarkup() {
        if hasPrefix("<!--", at: index) {
            index = end(of: Array("-->".utf8), from: index + 4)
            return
        }
        let isEndTag = html[index + 1] == UInt8(ascii: "/")
        var position = index + (isEndTag ? 2 : 1)
        var name = ""
        while position < html.count, Self.isLetter(html[position]) || Self.isDigit(html[position]) {
            name.unicodeScalars.append(Unicode.Scalar(Self.lowercased(html[position])))
            position += 1
        }
        index = endOfTag(from: position)
        if !isEndTag, Self.hiddenElements.contains(name) {
            skipContent(of: name)
        } else {
            breakLines(for: name, isEndTag: isEndTag)
        }
    }

    /// The position after the ">" that ends a tag whose attributes start at `position` (the end of input if none).
    private func endOfTag(from position: Int) -> Int {
        var position = position
        var quote: UInt8?
        while position < html.count {
            let byte = html[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
        }
        return position
    }

    /// Skips the content of the hidden element `name` and its end tag.
    private mutating func skipContent(of name: String) {
        let endTag = Array("</\(name)".utf8)
        while index < html.count {
            if html[index] == UInt8(ascii: "<"), hasPrefix(endTag, at: index, ignoringCase: true) {
                index = endOfTag(from: index + endTag.count)
                return
            }
            index += 1
        }
    }

    /// Makes the line break or blank line the element `name` calls for at its start or end tag.
    private mutating func breakLines(for name: String, isEndTag: Bool) {
        if name == "pre" { preformattedDepth = max(0, preformattedDepth + (isEndTag ? -1 : 1)) }
        if name == "br" {
            trimTrailingSpaces()
            output.append(UInt8(ascii: "\n"))
            pendingSpace = false
        } else if Self.paragraphElements.contains(name) {
            endLine(blankLineAfter: true)
        } else if Self.lineElements.contains(name) {
            endLine(blankLineAfter: false)
        }
    }

    /// Ends the current line (if any text is on it), with a blank line after it when `blankLineAfter`.
    private mutating func endLine(blankLineAfter: Bool) {
        pendingSpace = false
        trimTrailingSpaces()
        guard !output.isEmpty else { return }
        let wanted = blankLineAfter ? 2 : 1
        let present = output.reversed().prefix { $0 == UInt8(ascii: "\n") }.count
        if present < wanted { output.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: wanted - present)) }
    }

    /// Reads white space: kept inside `<pre>` (a "\r\n" as one "\n"), else noted to become one space.
    private mutating func readWhiteSpace(_ byte: UInt8) {
        index += 1
        guard preformattedDepth > 0 else {
            pendingSpace = true
            return
        }
        if byte == UInt8(ascii: "\r") {
            output.append(UInt8(ascii: "\n"))
            if index < html.count, html[index] == UInt8(ascii: "\n") { index += 1 }
        } else {
            output.append(byte)
        }
    }

    /// Reads a character reference from its "&": "&amp;", "&#233;", "&#xE9;" become their character; an "&" that
    /// starts none stands for itself.
    private mutating func readCharacterReference() {
        startText()
        if let (scalar, length) = HTMLCharacterReference.decode(html, at: index) {
            output.append(contentsOf: String(scalar).utf8)
            index += length
        } else {
            output.append(UInt8(ascii: "&"))
            index += 1
        }
    }

    /// Reads text up to the next markup, reference or white space (its first byte being none of these).
    private mutating func readWord() {
        let start = index
        index += 1
        while index < html.count, !Self.endsWord(html[index]) { index += 1 }
        startText()
        output.append(contentsOf: html[start..<index])
    }

    /// Puts down the one space that white space before new text on the same line makes.
    private mutating func startText() {
        if pendingSpace, let last = output.last, last != UInt8(ascii: "\n") { output.append(UInt8(ascii: " ")) }
        pendingSpace = false
    }

    /// Removes spaces at the end of the text, so no line ends in one.
    private mutating func trimTrailingSpaces() {
        while output.last == UInt8(ascii: " ") { output.removeLast() }
    }

    /// The position after the first `terminator` at or after `position`, or the end of input if there is none.
    private func end(of terminator: [UInt8], from position: Int) -> Int {
        var position = position
        while position < html.count {
            if hasPrefix(terminator, at: position) { return position + terminator.count }
            position += 1
        }
        return html.count
    }

    /// Whether the input holds `prefix` at `position` (letters compared ignoring case when `ignoringCase`).
    private func hasPrefix(_ prefix: [UInt8], at position: Int, ignoringCase: Bool = false) -> Bool {
        guard position + prefix.count <= html.count else { return false }
        return prefix.indices.allSatisfy { offset in
            let byte = html[position + offset]
            return (ignoringCase ? Self.lowercased(byte) : byte) == prefix[offset]
        }
    }

    /// Whether the input holds the ASCII text `prefix` at `position`.
    private func hasPrefix(_ prefix: String, at position: Int) -> Bool {
        hasPrefix(Array(prefix.utf8), at: position)
    }

    /// Whether `byte` ends a run of plain text: it may start markup or a reference, or is white space.
    private static func endsWord(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || isWhiteSpace(byte)
    }

    /// Whether `byte` is HTML white space (space, tab, line feed, form feed, carriage return).
    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Whether `byte` is an ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `byte` with an ASCII capital made small.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }
}

/// HTML's character references ("&amp;", "&#233;", "&#xE9;"): the common named ones and all numeric ones.
enum HTMLCharacterReference {
    /// The named references known, by name: the five of XML, the no-break space, and the punctuation and signs mail
    /// most often spells this way.
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "hellip": "\u{2026}", "mdash": "\u{2014}",
        "ndash": "\u{2013}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "laquo": "\u{AB}", "raquo": "\u{BB}", "bull": "\u{2022}", "middot": "\u{B7}", "euro": "\u{20AC}",
        "pound": "\u{A3}", "cent": "\u{A2}", "yen": "\u{A5}", "deg": "\u{B0}", "times": "\u{D7}", "divide": "\u{F7}",
        "shy": "\u{AD}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
    ]
    /// The longest name looked up, so a long run of letters after "&" is not read to its end.
    private static let longestName = 8
    /// The most digits read of a numeric reference: enough for U+10FFFF in decimal (1114111), bounded against
    /// overflow.
    private static let mostDigits = 8

    /// The character the reference starting with the "&" at `position` of `html` stands for, and how many bytes it
    /// takes (its ";" included); nil if no known reference starts there. Numbers that are no character (0,
    /// surrogates, past U+10FFFF) stand for U+FFFD, as HTML says.
    static func decode(_ html: [UInt8], at position: Int) -> (Unicode.Scalar, Int)? {
        var cursor = position + 1
        guard cursor < html.count else { return nil }
        if html[cursor] == UInt8(ascii: "#") {
            cursor += 1
            let isHex = cursor < html.count && (html[cursor] == UInt8(ascii: "x") || html[cursor] == UInt8(ascii: "X"))
            if isHex { cursor += 1 }
            let digitsStart = cursor
            var value: UInt32 = 0
            while cursor < html.count, cursor - digitsStart < mostDigits, let digit = digitValue(html[cursor], hex: isHex) {
                value = value * (isHex ? 16 : 10) + digit
                cursor += 1
            }
            guard cursor > digitsStart else { return nil }
            // The ";" is optional after a number, as browsers read it.
            if cursor < html.count, html[cursor] == UInt8(ascii: ";") { cursor += 1 }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (scalar ?? "\u{FFFD}", cursor - position)
        }
        let nameStart = cursor
        while cursor < html.count, cursor - nameStart <= longestName,
              HTMLText.isLetter(html[cursor]) || HTMLText.isDigit(html[cursor]) {
            cursor += 1
        }
        guard cursor < html.count, html[cursor] == UInt8(ascii: ";"),
              let scalar = named[String(decoding: html[nameStart..<cursor], as: UTF8.self)] else { return nil }
        return (scalar, cursor + 1 - position)
    }

    /// The value of `byte` as a decimal digit, or a hexadecimal one when `hex`; nil if it is not one.
    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        if HTMLText.isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
        guard hex else { return nil }
        let small = HTMLText.lowercased(byte)
        guard (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(small) else { return nil }
        return UInt32(small - UInt8(ascii: "a") + 10)
    }
}
