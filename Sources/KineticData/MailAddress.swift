import Foundation

/// One mailbox of an address header as people type and paste them (RFC 5322 §3.4): `dana@example.org`,
/// `Dana Ng <dana@example.org>`, `"Ng, Dana" <dana@example.org>`, with comments (`dana@example.org (Dana)`) taken out.
public struct MailAddress: Equatable, Hashable, Sendable {
    /// The name shown beside the address, if any (`Dana Ng`).
    public var name: String?
    /// The address mail goes to (`dana@example.org`): what the SMTP server is given.
    public var address: String

    /// A mailbox `address`, shown as `name`.
    public init(name: String? = nil, address: String) {
        (self.name, self.address) = (name.flatMap { $0.isEmpty ? nil : $0 }, address)
    }

    /// As a header writes it: `Dana Ng <dana@example.org>`, the name quoted when it holds what a bare phrase can't
    /// (`"Ng, Dana" <…>`); the address alone when there is no name.
    public var written: String {
        guard let name else { return address }
        let plain = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || "!#$%&'*+-/=?^_`{|}~".contains($0) }
        let shown = plain ? name : "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return "\(shown) <\(address)>"
    }

    /// Whether `text` is an address mail can go to: `local@host.domain`, no spaces or angle brackets, at most 254
    /// bytes (RFC 5321's path limit).
    public static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, text.utf8.count <= 254,
              !text.contains(where: { $0.isWhitespace || "<>()[],;:\"\\".contains($0) }) else { return false }
        let host = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return host.count >= 2 && host.allSatisfy { !$0.isEmpty }
    }
}

/// A list of addresses as a To field holds it, typed or pasted: separated by commas, semicolons or line breaks
/// (Outlook's and spreadsheets' lists), a group's name and its `;` passed over, commas inside quotes and angle
/// brackets kept. Each entry is a `MailAddress`, or the text that isn't one, kept to say what is wrong.
public struct MailAddressList: Equatable, Sendable {
    /// Each entry in order: an address, or what was typed that is not one.
    public var entries: [Result<MailAddress, NotAnAddress>]

    /// What was typed that is not an address, as typed (trimmed).
    public struct NotAnAddress: Error, Equatable, Sendable {
        /// The entry's text.
        public var text: String
    }

    /// The entries of `text`; empty entries (a trailing comma) are none.
    public init(_ text: String) {
        entries = Self.split(text).compactMap { piece in
            let entry = piece.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !entry.isEmpty else { return nil }
            return Self.mailbox(entry).map { .success($0) } ?? .failure(NotAnAddress(text: entry))
        }
    }

    /// The addresses, when every entry is one; `nil` otherwise.
    public var addresses: [MailAddress]? {
        let found = entries.compactMap { entry -> MailAddress? in
            if case .success(let address) = entry { return address }
            return nil
        }
        return found.count == entries.count && !found.isEmpty ? found : nil
    }

    /// The first entry that is not an address, if any.
    public var firstProblem: String? {
        for entry in entries { if case .failure(let problem) = entry { return problem.text } }
        return nil
    }

    /// The pieces between separators outside quotes, angle brackets and comments.
    private static func split(_ text: String) -> [String] {
        var pieces: [String] = [], current = ""
        var quoted = false, angle = false, comment = 0, escaped = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            switch character {
            case "\\" where quoted: escaped = true; current.append(character)
            case "\"" where comment == 0: quoted.toggle(); current.append(character)
            case "<" where !quoted && comment == 0: angle = true; current.append(character)
            case ">" where !quoted && comment == 0: angle = false; current.append(character)
            case "(" where !quoted: comment += 1; current.append(character)
            case ")" where !quoted && comment > 0: comment -= 1; current.append(character)
            case ",", ";", "\n", "\r":
                if quoted || angle || comment > 0 { current.append(character) } else { pieces.append(current); current = "" }
            case ":" where !quoted && !angle && comment == 0:
                // `Team: a@x.org, b@y.org;`: a group's name is no address.
                current = ""
            default: current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }

    /// One entry as a mailbox: `name <address>`, or an address with comments around it.
    private static func mailbox(_ entry: String) -> MailAddress? {
        let plain = withoutComments(entry)
        if let open = plain.lastIndex(of: "<"), let close = plain[open...].firstIndex(of: ">") {
            let address = plain[plain.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            guard MailAddress.isAddress(address), plain[plain.index(after: close)...].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return MailAddress(name: phrase(String(plain[..<open])), address: address)
        }
        let address = plain.trimmingCharacters(in: .whitespaces)
        // `mailto:` as links and some programs paste it.
        let bare = address.lowercased().hasPrefix("mailto:") ? String(address.dropFirst(7)) : address
        // `dana@example.org (Dana Ng)`: the old way of naming a bare address, its comment.
        return MailAddress.isAddress(bare) ? MailAddress(name: firstComment(in: entry).flatMap(phrase), address: bare) : nil
    }

    /// The text of `text`'s first top-level comment, if any.
    private static func firstComment(in text: String) -> String? {
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// A display name as written: quotes and their escapes taken off, runs of spaces one.
    private static func phrase(_ text: String) -> String? {
        var name = "", escaped = false
        for character in text.trimmingCharacters(in: .whitespaces) {
            if escaped { name.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character != "\"" { name.append(character) }
        }
        let words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : words
    }

    /// `text` with `( … )` comments (outside quotes) taken out.
    private static func withoutComments(_ text: String) -> String {
        var kept = "", depth = 0, quoted = false
        for character in text {
            if character == "\"" && depth == 0 { quoted.toggle() }
            if !quoted && character == "(" { depth += 1; continue }
            if !quoted && character == ")" && depth > 0 { depth -= 1; continue }
            if depth == 0 { kept.append(character) }
        }
        return kept
    }
}
