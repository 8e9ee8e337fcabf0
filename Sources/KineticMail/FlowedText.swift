/// Text sent as `format=flowed` (RFC 3676) read back into its paragraphs: a line ending in a space is a soft break,
/// joined to the next line of the same quote depth; the space a sender put before a line starting with a space, `>` or
/// `From ` (space-stuffing, §4.4) comes off; with `delsp=yes` the space before a soft break goes too (§4.2); the
/// signature separator `-- ` stays a line of its own (§4.3).
enum FlowedText {
    /// `text` unflowed, its line breaks "\n" (CRLF and CR read as LF).
    static func unflowed(_ text: String, deletingSpace: Bool) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        var paragraph: (depth: Int, text: String)?
        for raw in lines {
            var line = Substring(raw)
            let depth = line.prefix { $0 == ">" }.count
            line = line.dropFirst(depth)
            if line.hasPrefix(" ") { line = line.dropFirst() }  // space-stuffing
            let quote = String(repeating: ">", count: depth) + (depth > 0 ? " " : "")
            let isSignature = line == "-- "
            let isSoft = line.hasSuffix(" ") && !isSignature
            // A paragraph ends at a hard break, a change of quote depth, or the signature separator.
            if let open = paragraph, open.depth != depth || isSignature {
                out.append(trimmedEnd(open.text))
                paragraph = nil
            }
            let content = isSoft && deletingSpace ? String(line.dropLast()) : String(line)
            if let open = paragraph {
                paragraph = (depth, open.text + content)
            } else {
                paragraph = (depth, quote + content)
            }
            if !isSoft, let open = paragraph {
                out.append(isSignature ? open.text : trimmedEnd(open.text))
                paragraph = nil
            }
        }
        if let open = paragraph { out.append(trimmedEnd(open.text)) }
        return out.joined(separator: "\n")
    }

    /// `text` without spaces at its end.
    private static func trimmedEnd(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
