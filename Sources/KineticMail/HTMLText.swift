import CHTMLReader

/// HTML turned into the text a reader sees, read by a real HTML parser (libxml2's, which every Debian machine has):
/// every named and numeric character reference decoded, broken and unclosed tags read as browsers read them. Then:
///
/// - breaks where blocks make them (a line for `div`, `li`, `tr`; a blank line around `p`, headings, lists, tables,
///   `blockquote`), `br` a line, white space collapsed as a browser does, kept inside `pre`;
/// - a link says where it goes after its words (`Read more <https://example.org/a>`), unless its words are the
///   address, so the reader can open it; `mailto:` links likewise;
/// - a list item starts with "• " (numbered "1. " in an `ol`); a table row's cells are separated by " | ";
/// - an image says its `alt` text in brackets; nothing is ever fetched (no network, no images);
/// - `script`, `style`, `head` and `template` say nothing.
///
/// The tree is walked with a stack of its own, so a deep document cannot exhaust the thread's stack; the text stops
/// at `byteLimit` bytes.
struct HTMLText {
    /// `html` as text, at most `byteLimit` bytes of UTF-8.
    static func plainText(from html: String, byteLimit: Int) -> String {
        let bytes = Array(html.utf8)
        guard !bytes.isEmpty else { return "" }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { kinetic_html_parse($0.baseAddress, Int32(clamping: $0.count)) }
        }
        guard let document else { return "" }
        defer { kinetic_html_free(document) }
        var writer = HTMLTextWriter(byteLimit: byteLimit)
        writer.walk(kinetic_html_first(document))
        return writer.finished()
    }
}

/// The text made while walking a document, with the breaks and spaces still owed.
private struct HTMLTextWriter {
    /// Elements whose content is never shown.
    static let hidden: Set<String> = ["script", "style", "head", "title", "template", "noscript"]
    /// Elements on lines of their own.
    static let lines: Set<String> = ["div", "li", "tr", "dt", "dd", "section", "article", "header", "footer", "nav", "address", "center",
                                     "figure", "figcaption", "main", "aside", "caption", "form"]
    /// Elements set off by a blank line.
    static let paragraphs: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "dl", "table", "pre", "hr"]

    let byteLimit: Int
    /// The text so far.
    private(set) var output = ""
    /// Bytes of `output`, counted as it grows.
    private var bytes = 0
    /// Line breaks owed before the next text (1: a line, 2: a blank line).
    private var breaksOwed = 0
    /// Whether a space is owed before the next text on the line.
    private var spaceOwed = false
    /// How many `pre` elements are open.
    private var preformatted = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    /// What is left to do at a node: enter it, or close an element entered before.
    private enum Step {
        case enter(UnsafeMutableRawPointer)
        case leave(name: String, link: String?, linkText: Int)
    }

    /// Walks the nodes from `first` on, and their children, in document order.
    mutating func walk(_ first: UnsafeMutableRawPointer?) {
        var steps: [Step] = []
        var node = first
        while let current = node { steps.append(.enter(current)); node = kinetic_html_next(current) }
        steps.reverse()
        // Counters of the `ol`s open: each item's number.
        var numbers: [Int] = []
        var listKinds: [String] = []
        while let step = steps.popLast(), bytes < byteLimit {
            switch step {
            case .enter(let node):
                switch kinetic_html_kind_of(node) {
                case KINETIC_HTML_TEXT:
                    text(Self.string(kinetic_html_text(node)))
                case KINETIC_HTML_ELEMENT:
                    let name = Self.string(kinetic_html_name(node)).lowercased()
                    guard !Self.hidden.contains(name) else { continue }
                    var link: String?
                    breakAround(name)
                    switch name {
                    case "br": breakLine(1)
                    case "img":
                        let alt = Self.attribute("alt", of: node).trimmingCharacters(in: .whitespacesAndNewlines)
                        if !alt.isEmpty { text("[\(alt)]") }
                    case "ol", "ul":
                        listKinds.append(name)
                        numbers.append(0)
                    case "li":
                        if listKinds.last == "ol", !numbers.isEmpty {
                            numbers[numbers.count - 1] += 1
                            word("\(numbers[numbers.count - 1]). ")
                        } else {
                            word("\u{2022} ")
                        }
                    case "td", "th":
                        // A cell after another in its row: a bar between them.
                        if Self.hasElementBefore(node) { word(" | ") }
                    case "a":
                        let target = Self.attribute("href", of: node).trimmingCharacters(in: .whitespacesAndNewlines)
                        let lower = target.lowercased()
                        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") { link = target }
                    case "pre": preformatted += 1
                    default: break
                    }
                    steps.append(.leave(name: name, link: link, linkText: output.count))
                    var children: [Step] = []
                    var child = kinetic_html_child(node)
                    while let current = child { children.append(.enter(current)); child = kinetic_html_next(current) }
                    steps.append(contentsOf: children.reversed())
                default:
                    continue
                }
            case .leave(let name, let link, let textStart):
                if let link {
                    let words = String(output.dropFirst(textStart)).trimmingCharacters(in: .whitespaces)
                    let shown = link.lowercased().hasPrefix("mailto:") ? String(link.dropFirst(7)) : link
                    if words != shown && words != link && !shown.isEmpty { word(words.isEmpty ? shown : " <\(shown)>") }
                }
                if name == "ol" || name == "ul" {
                    listKinds.removeLast()
                    numbers.removeLast()
                }
                if name == "pre" { preformatted -= 1 }
                breakAround(name)
            }
        }
    }

    /// The text, its ends trimmed, at most `byteLimit` bytes.
    func finished() -> String {
        var text = output
        while let last = text.last, last == " " || last == "\n" { text.removeLast() }
        guard text.utf8.count > byteLimit else { return text }
        return String(decoding: text.utf8.prefix(byteLimit), as: UTF8.self)
    }

    /// The breaks an element `name` makes where it starts and again where it ends: a blank line around a paragraph's
    /// kind, a line around a line's kind, none around the rest.
    private mutating func breakAround(_ name: String) {
        if Self.paragraphs.contains(name) { breakLine(2) } else if Self.lines.contains(name) { breakLine(1) }
    }

    /// `count` line breaks owed (the larger of those owed wins); none at the very start.
    private mutating func breakLine(_ count: Int) {
        guard !output.isEmpty else { return }
        breaksOwed = max(breaksOwed, count)
        spaceOwed = false
    }

    /// A text node's words: HTML's white space (ASCII's, CR LF among it; never a no-break space) collapsed, kept inside
    /// `pre`.
    private mutating func text(_ raw: String) {
        if preformatted > 0 {
            append(raw)
            return
        }
        var first = true
        for piece in raw.split(omittingEmptySubsequences: false, whereSeparator: { $0.isASCII && $0.isWhitespace }) {
            if !first { spaceOwed = true }
            first = false
            if !piece.isEmpty { word(String(piece)) }
        }
    }

    /// `word` after the breaks or space owed.
    private mutating func word(_ word: String) {
        if breaksOwed > 0, !output.isEmpty {
            while output.last == " " { output.removeLast() }
            append(String(repeating: "\n", count: breaksOwed))
        } else if spaceOwed, !output.isEmpty, output.last != "\n", output.last != " " {
            append(" ")
        }
        breaksOwed = 0
        spaceOwed = false
        append(word)
    }

    private mutating func append(_ text: String) {
        output += text
        bytes += text.utf8.count
    }

    /// A C string as Swift's, "" for none.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// The value of attribute `name` of `node`, "" when it has none.
    static func attribute(_ name: String, of node: UnsafeMutableRawPointer) -> String {
        guard let value = kinetic_html_attribute(node, name) else { return "" }
        defer { kinetic_html_free_string(value) }
        return String(cString: value)
    }

    /// Whether an element comes before `node` among its siblings (a cell after another).
    static func hasElementBefore(_ node: UnsafeMutableRawPointer) -> Bool {
        var sibling = kinetic_html_previous(node)
        while let current = sibling {
            if kinetic_html_kind_of(current) == KINETIC_HTML_ELEMENT { return true }
            sibling = kinetic_html_previous(current)
        }
        return false
    }
}
