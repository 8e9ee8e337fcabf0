/// Reads an IMAP server's responses from the bytes as they arrive (RFC 3501 §7 and §9's grammar, as RFC 9051 keeps it):
/// lines and the literals inside them (`{42}` then 42 bytes), however the bytes are split. A response is handed out
/// only once all of it has arrived.
///
/// The server is not trusted: a literal larger than `Limits.literalBytes` is refused as soon as it is announced (a
/// "1 GB literal" is never waited for), and so is a line past `Limits.lineBytes`, lists nested deeper than
/// `Limits.depth`, and bytes that are not IMAP. Each refusal is an `IMAPProtocolError` saying what was wrong; the
/// connection cannot go on after one.
package struct IMAPResponseParser: Sendable {
    /// How much of a response the parser holds before it refuses it.
    package struct Limits: Sendable {
        /// The largest literal: a message's body, at most.
        package var literalBytes = 64 << 20
        /// The longest run of a response's text outside its literals.
        package var lineBytes = 1 << 20
        /// How deep lists may nest (a FETCH's BODYSTRUCTURE needs a few levels).
        package var depth = 64
        /// The most bytes one response may hold in all, its literals with its lines (several bodies in one FETCH).
        package var responseBytes = 128 << 20

        /// The defaults: 64 MB literals, 1 MB lines, 64 levels.
        package init() {}
    }

    /// What this parser refuses past.
    package let limits: Limits
    private var buffer: [UInt8] = []
    private var start = 0
    /// The buffer's length a parse needs before it is worth trying again (a literal's bytes still to come).
    private var needed = 0

    /// A parser that refuses what passes `limits`.
    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether every byte taken has been read into a response (nothing waits for more).
    package var isEmpty: Bool { buffer.count <= start }

    /// Takes more bytes from the connection.
    package mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            needed = max(needed - start, 0)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole response, or `nil` until more bytes arrive; throws when what arrived is not a response the
    /// limits allow.
    package mutating func next() throws -> IMAPResponse? {
        guard buffer.count > start else { return nil }
        if buffer.count - start > limits.responseBytes { throw IMAPProtocolError.responseTooLarge(limit: limits.responseBytes) }
        guard buffer.count >= needed else { return nil }
        var cursor = Cursor(bytes: buffer, position: start, limits: limits)
        do {
            let response = try cursor.response()
            start = cursor.position
            needed = 0
            return response
        } catch Cursor.Incomplete.needs(let count) {
            needed = count
            if cursor.lineBytes > limits.lineBytes { throw IMAPProtocolError.lineTooLong(limit: limits.lineBytes) }
            if count - start > limits.responseBytes { throw IMAPProtocolError.responseTooLarge(limit: limits.responseBytes) }
            return nil
        }
    }
}

/// What was wrong with a server's bytes.
package enum IMAPProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    case literalTooLarge(announced: UInt64, limit: Int)
    case lineTooLong(limit: Int)
    case responseTooLarge(limit: Int)
    case nestedTooDeeply(limit: Int)
    case malformed(String)

    /// The sentence a banner or a log line says.
    package var description: String {
        switch self {
        case .literalTooLarge(let announced, let limit): return "the server announced a literal of \(announced) bytes, more than the \(limit) allowed"
        case .lineTooLong(let limit): return "the server sent a line longer than \(limit) bytes"
        case .responseTooLarge(let limit): return "the server sent a response larger than \(limit) bytes in all"
        case .nestedTooDeeply(let limit): return "the server nested lists deeper than \(limit) levels"
        case .malformed(let what): return "the server's response is not IMAP: \(what)"
        }
    }
}

/// One pass over the buffer from a response's start; throws `Incomplete` where the bytes run out.
private struct Cursor {
    enum Incomplete: Error { case needs(Int) }

    let bytes: [UInt8]
    var position: Int
    let limits: IMAPResponseParser.Limits
    /// Bytes read outside literals, for the line limit.
    var lineBytes = 0

    init(bytes: [UInt8], position: Int, limits: IMAPResponseParser.Limits) {
        self.bytes = bytes
        self.position = position
        self.limits = limits
    }

    static let space = UInt8(ascii: " "), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    mutating func peek() throws -> UInt8 {
        guard position < bytes.count else { throw Incomplete.needs(position + 1) }
        return bytes[position]
    }

    mutating func take() throws -> UInt8 {
        let byte = try peek()
        position += 1
        lineBytes += 1
        if lineBytes > limits.lineBytes { throw IMAPProtocolError.lineTooLong(limit: limits.lineBytes) }
        return byte
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws {
        let got = try take()
        guard got == byte else { throw IMAPProtocolError.malformed("expected \(what), found byte \(got)") }
    }

    /// The end of a line: CRLF (a bare LF is taken too, as servers send it by mistake).
    mutating func lineEnd() throws {
        if try peek() == Self.cr { _ = try take() }
        try expect(Self.lf, "the end of the line")
    }

    mutating func response() throws -> IMAPResponse {
        let first = try peek()
        if first == UInt8(ascii: "+") {
            _ = try take()
            if try peek() == Self.space { _ = try take() }
            return .continuation(try restOfLine())
        }
        if first == UInt8(ascii: "*") {
            _ = try take()
            try expect(Self.space, "a space after *")
            var values: [IMAPValue] = []
            let head = try value(depth: 0)
            values.append(head)
            // A status (`* OK [UIDVALIDITY 3] Ready`) is followed by free text, not values.
            if case .atom(let name) = head, ["OK", "NO", "BAD", "BYE", "PREAUTH"].contains(name.uppercased()) {
                let (code, text) = try responseText()
                if let code { values.append(.list(code)) }
                values.append(.string(Array(text.utf8)))
                return .untagged(values)
            }
            while try peek() == Self.space {
                _ = try take()
                if try peek() == Self.cr || (try peek()) == Self.lf { break }  // a trailing space, as some servers send
                let next = try value(depth: 0)
                values.append(next)
                // `* 3 FETCH …`, `* CAPABILITY …`: only a number's data word is followed by more data.
            }
            try lineEnd()
            return .untagged(values)
        }
        let tag = try atom(stoppingAtBracket: false)
        guard !tag.isEmpty else { throw IMAPProtocolError.malformed("a response with no tag") }
        try expect(Self.space, "a space after the tag")
        let word = try atom(stoppingAtBracket: false).uppercased()
        guard let status = IMAPStatus(rawValue: word) else { throw IMAPProtocolError.malformed("a tagged response ending in \(word.prefix(20))") }
        let (code, text) = try responseText()
        return .tagged(tag: tag, status: status, code: code, text: text)
    }

    /// ` [CODE values] text` or ` text` up to the end of the line.
    mutating func responseText() throws -> ([IMAPValue]?, String) {
        guard try peek() == Self.space else {
            try lineEnd()
            return (nil, "")
        }
        _ = try take()
        var code: [IMAPValue]?
        if try peek() == UInt8(ascii: "[") {
            _ = try take()
            var values: [IMAPValue] = []
            while try peek() != UInt8(ascii: "]") {
                if try peek() == Self.space { _ = try take(); continue }
                values.append(try value(depth: 1, inCode: true))
            }
            _ = try take()
            code = values
            if try peek() == Self.space { _ = try take() }
        }
        return (code, try restOfLine())
    }

    mutating func restOfLine() throws -> String {
        var text: [UInt8] = []
        while true {
            let byte = try peek()
            if byte == Self.cr || byte == Self.lf { break }
            text.append(try take())
        }
        try lineEnd()
        return String(decoding: text, as: UTF8.self)
    }

    mutating func value(depth: Int, inCode: Bool = false) throws -> IMAPValue {
        guard depth <= limits.depth else { throw IMAPProtocolError.nestedTooDeeply(limit: limits.depth) }
        switch try peek() {
        case UInt8(ascii: "("):
            _ = try take()
            var values: [IMAPValue] = []
            while true {
                let byte = try peek()
                if byte == UInt8(ascii: ")") { _ = try take(); break }
                if byte == Self.space { _ = try take(); continue }
                if byte == Self.cr || byte == Self.lf { throw IMAPProtocolError.malformed("a list not closed before the line's end") }
                values.append(try value(depth: depth + 1, inCode: inCode))
            }
            return .list(values)
        case UInt8(ascii: "\""):
            return .string(try quoted())
        case UInt8(ascii: "{"):
            return .string(try literal())
        case UInt8(ascii: "~") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "{"):
            return .string(try literal())  // literal8 (RFC 3516); a `~` otherwise starts an atom (`~/Mail/foo`)
        default:
            let name = try atom(stoppingAtBracket: inCode)
            guard !name.isEmpty else { throw IMAPProtocolError.malformed("an empty value before byte \(try peek())") }
            if name.uppercased() == "NIL" { return .nilValue }
            if name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = UInt64(name) { return .number(number) }
            return .atom(name)
        }
    }

    /// An atom, with a section's brackets inside it whole (`BODY[HEADER.FIELDS (FROM)]<0.100>`).
    mutating func atom(stoppingAtBracket: Bool) throws -> String {
        var name: [UInt8] = []
        while true {
            let byte = try peek()
            if byte == Self.space || byte == Self.cr || byte == Self.lf || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") { break }
            if byte == UInt8(ascii: "]") && stoppingAtBracket { break }
            if byte < 0x20 || byte == 0x7F { throw IMAPProtocolError.malformed("control byte \(byte) in an atom") }
            if byte == UInt8(ascii: "[") && !(stoppingAtBracket && name.isEmpty) {
                // A section: everything to its closing bracket, spaces and parentheses included.
                var level = 0
                repeat {
                    let inside = try take()
                    if inside == Self.cr || inside == Self.lf { throw IMAPProtocolError.malformed("a section not closed before the line's end") }
                    if inside == UInt8(ascii: "[") { level += 1 } else if inside == UInt8(ascii: "]") { level -= 1 }
                    name.append(inside)
                } while level > 0
                continue
            }
            name.append(try take())
        }
        return String(decoding: name, as: UTF8.self)
    }

    mutating func quoted() throws -> [UInt8] {
        try expect(UInt8(ascii: "\""), "a quote")
        var text: [UInt8] = []
        while true {
            let byte = try take()
            if byte == UInt8(ascii: "\"") { return text }
            if byte == Self.cr || byte == Self.lf { throw IMAPProtocolError.malformed("a quoted string not closed before the line's end") }
            text.append(byte == UInt8(ascii: "\\") ? try take() : byte)
        }
    }

    /// `{n}` CRLF and n bytes (`{n+}` and `~{n}` alike): refused at once when n passes the limit.
    mutating func literal() throws -> [UInt8] {
        if try peek() == UInt8(ascii: "~") { _ = try take() }
        try expect(UInt8(ascii: "{"), "a literal's {")
        var count: UInt64 = 0
        var digits = 0
        while true {
            let byte = try take()
            if byte == UInt8(ascii: "}") { break }
            if byte == UInt8(ascii: "+") { continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 19 else {
                throw IMAPProtocolError.malformed("a literal's length is not a number")
            }
            count = count * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0 else { throw IMAPProtocolError.malformed("a literal with no length") }
        guard count <= UInt64(limits.literalBytes) else { throw IMAPProtocolError.literalTooLarge(announced: count, limit: limits.literalBytes) }
        try lineEnd()
        let length = Int(count)  // at most `literalBytes`, checked above
        guard bytes.count - position >= length else { throw Incomplete.needs(position + length) }
        defer { position += length }
        return Array(bytes[position..<(position + length)])
    }
}
