import CGMime
import Foundation

/// A message as the reader shows it: decoded headers, its text, its attachments.
///
/// Built by GMime from the raw bytes an IMAP server hands over (`BODY[]`), which may come from anyone: every count and
/// size it reads is capped (`MIMELimits`), and bytes it cannot make sense of end in a `MIMEError`, never a crash.
package struct MIMEMessage: Sendable, Equatable {
    /// The subject, RFC 2047 words decoded ("=?UTF-8?B?...?=" reads as its text), "" if there is none.
    package var subject: String
    /// The sender as a reader sees it ("Ana Lima <ana@example.org>"), names decoded, "" if there is no From.
    package var from: String
    /// The body to show: the plain text (or HTML turned into text) of the message's readable parts, in UTF-8,
    /// separated by a blank line, with lines ending in "\n".
    package var text: String
    /// The parts that are files rather than text to read, in the order the message holds them.
    package var attachments: [MIMEAttachment]

    /// Reads `bytes`, a whole message (headers and body), as MIME; throws `MIMEError` when they are empty, larger than
    /// `MIMELimits.messageBytes`, or not a message.
    package init(parsing bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { throw MIMEError.empty }
        guard bytes.count <= MIMELimits.messageBytes else { throw MIMEError.tooLarge }
        guard HeaderFieldStart.opensMessage(bytes) else { throw MIMEError.notMIME }
        let parsed = try GMimeParsing.withMessage(of: bytes) { message in
            (subject: GMimeParsing.subject(of: message),
             from: GMimeParsing.sender(of: message),
             contents: MIMEPartWalker.contents(of: g_mime_message_get_mime_part(message)))
        }
        subject = DisplayLine.cleaned(parsed.subject, limit: MIMELimits.headerCharacters)
        from = DisplayLine.cleaned(parsed.from, limit: MIMELimits.headerCharacters)
        text = String(parsed.contents.textPieces.joined(separator: "\n\n").prefix(MIMELimits.textCharacters))
        attachments = parsed.contents.attachments
    }
}

extension MIMEMessage {
    /// Attachment number `index` of the whole message `bytes` (counted from 0, in the order `attachments` lists them):
    /// what it is, and its bytes decoded (an embedded message as written out). Throws `MIMEError` for bytes that are no
    /// message or longer than `MIMELimits.messageBytes`, and `MIMEError.noSuchFile` when it has fewer files.
    package static func file(at index: Int, of bytes: [UInt8]) throws -> (attachment: MIMEAttachment, bytes: [UInt8]) {
        guard index >= 0, let file = try files(index..<index + 1, of: bytes).first else { throw MIMEError.noSuchFile }
        return file
    }

    /// The most characters of an address list (To, Cc) kept: dozens of "Name <address>", whole.
    static let addressListCharacters = 10_000

    /// An address list header's value (To, Cc) as a person reads it: its names' RFC 2047 words decoded by GMime, the
    /// text cleaned (`DisplayLine`), at most `addressListCharacters`; `nil` when GMime can't read it.
    static func decodedAddressList(_ value: String) -> String? {
        let header = Array("From: \(value.filter { !$0.isNewline })\r\n\r\n".utf8)
        guard header.count <= MIMELimits.messageBytes, HeaderFieldStart.opensMessage(header),
              let list = try? GMimeParsing.withMessage(of: header, { GMimeParsing.sender(of: $0) }) else { return nil }
        return DisplayLine.cleaned(list, limit: addressListCharacters)
    }

    /// Attachments `range` of the whole message `bytes`, read in one walk, in order; throws as `file(at:of:)` does when
    /// the message holds fewer.
    package static func files(_ range: Range<Int>, of bytes: [UInt8]) throws -> [(attachment: MIMEAttachment, bytes: [UInt8])] {
        guard !bytes.isEmpty else { throw MIMEError.empty }
        guard bytes.count <= MIMELimits.messageBytes else { throw MIMEError.tooLarge }
        guard HeaderFieldStart.opensMessage(bytes) else { throw MIMEError.notMIME }
        let contents = try GMimeParsing.withMessage(of: bytes) { message in
            MIMEPartWalker.contents(of: g_mime_message_get_mime_part(message), keepingFiles: range)
        }
        return try range.map { index in
            guard let kept = contents.keptFiles[index], contents.attachments.indices.contains(index) else { throw MIMEError.noSuchFile }
            return (contents.attachments[index], kept)
        }
    }
}

/// Why a message could not be read, as a sentence a reader can be shown.
package struct MIMEError: Error, Equatable, CustomStringConvertible {
    /// The sentence, e.g. "the message is larger than 32 MB".
    package var description: String

    /// The error the sentence `description` tells.
    init(_ description: String) {
        self.description = description
    }

    /// The server handed over no bytes at all.
    static let empty = MIMEError("the message is empty")
    /// The message is over `MIMELimits.messageBytes`: refused before any parsing, so a hostile size costs nothing.
    static let tooLarge = MIMEError("the message is larger than 32 MB")
    /// The bytes do not start with a header field, or GMime could not build a message from them.
    static let notMIME = MIMEError("the message could not be read as MIME")
    /// The message has no file at the place asked for (it changed on the server since it was listed).
    static let noSuchFile = MIMEError("the message no longer holds that file")
}

/// The caps that keep a hostile message's cost bounded, whatever its bytes say.
enum MIMELimits {
    /// The largest message read at all: 32 MB (binary megabytes), well over what mail servers accept.
    static let messageBytes = 32 * 1024 * 1024
    /// How many parts (multiparts, leaves, embedded messages) the walk visits; the rest are left out.
    static let parts = 1_000
    /// How deep the walk follows multiparts inside multiparts (the message's own part is depth 0); deeper parts are
    /// left out. GMime itself stops nesting at 1,024 levels, which bounds its recursion while parsing.
    static let depth = 32
    /// The most characters of `MIMEMessage.text`: a megabyte of text is more than anyone reads in a mail view.
    static let textCharacters = 1_000_000
    /// The most bytes of a text part read for `textCharacters`: four to a character, as many as UTF-8 (or UTF-32)
    /// takes for one (a character of several scalars, rare, may leave the text a little short of the cap).
    static let textBytes = 4 * textCharacters
    /// The most characters of an attachment's name.
    static let nameCharacters = 200
    /// The most characters of the subject and of the sender, which a view shows on one line.
    static let headerCharacters = 1_000
}

/// The test that the bytes start like a message: RFC 5322 §2.2 makes a message begin with a header field, a name of
/// printable ASCII other than ":" followed by ":". Anything else (binary garbage, an HTML page, an error text) is
/// refused before GMime, which would otherwise read any bytes as a header-less message.
enum HeaderFieldStart {
    /// Whether `bytes` begin with a header field's name and its colon.
    static func opensMessage(_ bytes: [UInt8]) -> Bool {
        let colon = UInt8(ascii: ":")
        // RFC 5322 §3.6.8: field names are 1 or more of the printable characters 33...126 except the colon.
        let name = bytes.prefix { $0 != colon && (33...126).contains($0) }
        return !name.isEmpty && name.count < bytes.count && bytes[name.count] == colon
    }
}

/// One line of header text as a view shows it: control characters (which could break the line or hide text) and
/// bidirectional overrides (which could make "txt.exe" read as "exe.txt") removed, ends trimmed, length capped.
enum DisplayLine {
    /// `raw` cleaned, at most `limit` characters; tabs and line breaks become spaces, other controls go.
    static func cleaned(_ raw: String, limit: Int) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars where !isDirectionOverride(scalar) {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                kept.append(" ")
            } else if scalar.properties.generalCategory != .control {
                kept.append(scalar)
            }
        }
        return String(String(kept).trimmingCharacters(in: .whitespaces).prefix(limit))
    }

    /// Whether `scalar` is one of Unicode's invisible marks that reorder the text around it (U+200E/F, U+202A–U+202E,
    /// U+2066–U+2069).
    private static func isDirectionOverride(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
