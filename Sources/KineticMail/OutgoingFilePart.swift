import Foundation
import KineticData

/// A file sent with a message (a forward's), as one part of a multipart/mixed message: its type (a `type/subtype`
/// token pair, else `application/octet-stream`), its name in Content-Disposition's `filename` and Content-Type's
/// `name` (quoted when printable ASCII; else in RFC 2231's `filename*0*=utf-8''…` continuations, each line well under
/// RFC 5322's 78 characters), and its bytes in base64, 76 characters a line.
struct OutgoingFilePart {
    /// The part's headers and body, lines ending in CRLF.
    let text: String

    init(_ file: MailAttachmentFile) {
        let type = Self.isMIMEType(file.mimeType) ? file.mimeType.lowercased() : "application/octet-stream"
        let name = OutgoingMail.headerSafe(file.name)
        let printable = String(name.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "_" })
        let quoted = "\"" + printable.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        var typeName = ";\r\n name=\(quoted)", filename = ";\r\n filename=\(quoted)"
        if printable != name {
            // Only the continuations: a reader given both takes the plain one (Python's email does), which has lost letters.
            (typeName, filename) = ("", "")
            for (index, piece) in Self.percentEncodedPieces(name).enumerated() {
                let marker = index == 0 ? "utf-8''" : ""
                typeName += ";\r\n name*\(index)*=\(marker)\(piece)"
                filename += ";\r\n filename*\(index)*=\(marker)\(piece)"
            }
        }
        let body = file.bytes.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        text = "Content-Type: \(type)\(typeName)\r\nContent-Disposition: attachment\(filename)\r\n"
            + "Content-Transfer-Encoding: base64\r\n\r\n" + body + "\r\n"
    }

    /// Whether `type` is `token/token` as RFC 2045 §5.1 has it.
    static func isMIMEType(_ type: String) -> Bool {
        let halves = type.split(separator: "/", omittingEmptySubsequences: false)
        let special = Set("()<>@,;:\\\"/[]?= ".utf8)
        return halves.count == 2 && halves.allSatisfy { half in
            !half.isEmpty && half.utf8.count <= 127 && half.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !special.contains($0) }
        }
    }

    /// RFC 2231's value in pieces of at most 48 characters, never splitting a `%XX`: UTF-8, every byte but ASCII
    /// letters, digits and `-._~` as `%XX`.
    static func percentEncodedPieces(_ text: String) -> [String] {
        var pieces: [String] = [], piece = ""
        for byte in text.utf8 {
            let isPlain = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || Array("-._~".utf8).contains(byte)
            let encoded = isPlain ? String(Character(Unicode.Scalar(byte))) : String(format: "%%%02X", byte)
            if piece.count + encoded.count > 48 {
                pieces.append(piece)
                piece = ""
            }
            piece += encoded
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}
