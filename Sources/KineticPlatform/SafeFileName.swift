/// A name a file a stranger sent can be written under: the sender's name with nothing that could reach another
/// folder, hide the file or trouble a terminal. What is left is one path component: no `/` or `\` (a name written
/// `../../.bashrc` or `C:\x` keeps only its last part), no control or format character (a right-to-left override
/// could show `exe.pdf` as `fdp.exe`), no leading dot, `-` or space, at most 200 bytes of UTF-8 with its extension
/// kept; an empty result, `.` or `..` is `fallback`.
public struct SafeFileName: Equatable, Sendable {
    /// The name made safe.
    public let name: String

    /// The most bytes a name takes: well under the 255 of ext4 and most file systems, leaving room for " (999)".
    public static let maximumBytes = 200

    /// `sent` (the sender's name, or nothing) made safe, else `fallback`.
    public init(_ sent: String?, fallback: String = "attachment") {
        let lastPart = (sent ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var kept = String(String.UnicodeScalarView(lastPart.unicodeScalars.filter(Self.isKept)))
        kept = Self.withoutLeadingDots(kept)
        // Capped, then its start looked at again: a cut may leave what the first pass took off.
        kept = Self.withoutLeadingDots(Self.capped(kept))
        name = kept.isEmpty || kept == "." || kept == ".." ? fallback : kept
    }

    /// The name with ` (n)` before its extension (`menu (2).pdf`): another try where `name` is taken.
    public func numbered(_ number: Int) -> String {
        guard number > 1 else { return name }
        let (stem, ext) = Self.split(name)
        return "\(stem) (\(number))\(ext)"
    }

    /// Whether a scalar may stay: not a control (C0, C1, DEL), not a format character (bidirectional overrides, zero
    /// widths), not a line or paragraph separator, not a private-use or unassigned one.
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return false
        default: return true
        }
    }

    /// `name` with no leading dot, dash or white space, nor trailing white space.
    private static func withoutLeadingDots(_ name: String) -> String {
        var kept = Substring(name.trimmingCharacters(in: .whitespaces))
        while let first = kept.first, first == "." || first == "-" || first.isWhitespace { kept.removeFirst() }
        return String(kept)
    }

    /// `name` cut to `maximumBytes` of UTF-8 at the end of the last character that fits (the characters after it are
    /// left out, never skipped over), its extension (up to 16 bytes) kept.
    private static func capped(_ name: String) -> String {
        guard name.utf8.count > maximumBytes else { return name }
        let (stem, ext) = split(name)
        let keptExt = ext.utf8.count <= 16 ? ext : ""
        var cut = ""
        for character in stem {
            guard cut.utf8.count + String(character).utf8.count + keptExt.utf8.count <= maximumBytes else { break }
            cut.append(character)
        }
        return cut.trimmingCharacters(in: .whitespaces) + keptExt
    }

    /// The stem and the extension with its dot (`("menu", ".pdf")`); no extension for a name with no dot past its first
    /// character.
    private static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
