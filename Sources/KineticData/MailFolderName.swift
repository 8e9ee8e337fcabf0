import Foundation

/// A mail server's mailbox name as a person reads it: `INBOX.Receipts.2025` is "Receipts.2025" (the personal
/// namespace's `INBOX` prefix, which Courier and hosting panels put before every folder, left out); a name outside
/// ASCII, which IMAP writes in modified UTF-7 (RFC 3501 §5.1.3: `Re&AOc-us` for "Reçus", `&-` for "&"), decoded.
/// A name that is not well-formed modified UTF-7 is shown as the server wrote it.
public enum MailFolderName {
    /// `wire` (as LIST gives it) as the menu shows it.
    public static func shown(_ wire: String) -> String {
        var name = Substring(wire)
        for prefix in ["INBOX.", "INBOX/"] where name.count > prefix.count && name.uppercased().hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
        }
        return decoded(String(name)) ?? String(name)
    }

    /// Modified UTF-7 decoded: printable ASCII as itself, `&…-` a run of UTF-16 in base64 with `,` for `/`; `nil` when
    /// a run is not well-formed (no closing `-`, a bad character, bits left over, a lone surrogate).
    public static func decoded(_ wire: String) -> String? {
        var out = "", bytes = Array(wire.utf8), index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                guard byte >= 0x20, byte < 0x7F else { return nil }
                out.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
                continue
            }
            guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "-")) else { return nil }
            let run = bytes[(index + 1)..<end]
            index = end + 1
            if run.isEmpty {
                out += "&"
                continue
            }
            guard let units = utf16(ofBase64: run) else { return nil }
            var decoder = UTF16(), iterator = units.makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): out.unicodeScalars.append(scalar)
                case .emptyInput: break loop
                case .error: return nil
                }
            }
        }
        return out
    }

    /// The UTF-16 code units of a modified base64 run (no padding): whole units, and the bits left over all zero.
    private static func utf16(ofBase64 run: ArraySlice<UInt8>) -> [UInt16]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,".utf8)
        var bits = 0, count = 0
        var units: [UInt16] = [], pending: UInt8?
        for character in run {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            bits = (bits << 6) | value
            count += 6
            if count >= 8 {
                count -= 8
                let byte = UInt8((bits >> count) & 0xFF)
                bits &= (1 << count) - 1
                if let high = pending {
                    units.append(UInt16(high) << 8 | UInt16(byte))
                    pending = nil
                } else {
                    pending = byte
                }
            }
        }
        guard pending == nil, bits == 0, !units.isEmpty else { return nil }
        return units
    }
}
