/// One value of an IMAP server's response (RFC 3501 §4, RFC 9051): an atom (`OK`, `\Seen`, `BODY[HEADER]`), a
/// number, a string (quoted or a literal, its bytes as sent), `NIL`, or a parenthesised list. Plain data: what the
/// parser makes of a line, before anything reads it as a mailbox, a message or a flag.
package indirect enum IMAPValue: Equatable, Sendable {
    case atom(String)
    case number(UInt64)
    case string([UInt8])
    case nilValue
    case list([IMAPValue])

    /// The value as text: an atom's name, a number's digits, a string's bytes as UTF-8 (a malformed byte replaced);
    /// `nil` for `NIL` and lists.
    package var text: String? {
        switch self {
        case .atom(let name): return name
        case .number(let number): return String(number)
        case .string(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .nilValue, .list: return nil
        }
    }

    /// The value as a number: a number, or an atom made of digits; `nil` otherwise.
    package var number: UInt64? {
        switch self {
        case .number(let number): return number
        case .atom(let name): return UInt64(name)
        default: return nil
        }
    }

    /// A list's values; `nil` for anything else.
    package var list: [IMAPValue]? {
        if case .list(let values) = self { return values }
        return nil
    }
}

/// One response from an IMAP server, as RFC 3501 §7 sorts them.
package enum IMAPResponse: Equatable, Sendable {
    /// `* …`: data the server sends (`* 3 EXISTS`, `* LIST …`, `* OK [UIDVALIDITY 1] …`), its values in order.
    case untagged([IMAPValue])
    /// `+ …`: the server waits for more of the command (a literal, or IDLE started).
    case continuation(String)
    /// `TAG OK|NO|BAD [code] text`: a command's end.
    case tagged(tag: String, status: IMAPStatus, code: [IMAPValue]?, text: String)
}

/// How a command ended.
package enum IMAPStatus: String, Equatable, Sendable {
    case ok = "OK"
    case no = "NO"
    case bad = "BAD"
}
