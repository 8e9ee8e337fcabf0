/// The languages a person reads, most wanted first, as a desktop program finds them: `--language` when given, else
/// gettext's order: `LANGUAGE` (a colon-separated list), unless the locale is plain `C` or `POSIX`, else the first of
/// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. `fr_CA.UTF-8@euro` is read as `fr-CA`, then `fr`; English ends the list,
/// as the language every text has.
public enum LanguagePreference {
    /// The pseudo-locale's tag: English lengthened by about 40% and bracketed (`PseudoLocale`), to find text that is
    /// cut, or not in the catalogue.
    public static let pseudo = "pseudo"

    /// The languages, most wanted first, from `flag` (`--language`) and `environment`; always ends with `en`.
    public static func languages(flag: String? = nil, environment: [String: String]) -> [String] {
        var tags: [String] = []
        if let flag, !flag.isEmpty {
            tags = flag.split(separator: ":").map(String.init)
        } else {
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            // As gettext: LANGUAGE is not read over the plain C locale (unset, `C`, `POSIX`), which asks for no
            // translation; `C.UTF-8`, a container's usual default, is a locale of its own, and LANGUAGE is read over it.
            let isPlainC = locale == nil || locale == "C" || locale == "POSIX"
            if let list = environment["LANGUAGE"], !list.isEmpty, !isPlainC {
                tags = list.split(separator: ":").map(String.init)
            } else if let locale, !isPlainC, !locale.hasPrefix("C.") {
                tags = [locale]
            }
        }
        var result: [String] = []
        for tag in tags {
            for form in forms(of: tag) where !result.contains(form) { result.append(form) }
        }
        if !result.contains("en") { result.append("en") }
        return result
    }

    /// `fr_CA.UTF-8@euro` → `["fr-CA", "fr"]`; `pseudo` stays itself; anything that is not a language tag, nothing.
    static func forms(of tag: String) -> [String] {
        let bare = tag.prefix { $0 != "." && $0 != "@" }.replacingUnderscores
        guard bare == pseudo || isLanguageTag(bare) else { return [] }
        let language = String(bare.prefix { $0 != "-" }).lowercased()
        let full = bare.contains("-") ? language + bare.drop { $0 != "-" } : language
        return full == language ? [language] : [full, language]
    }

    /// Two or three letters, then optional `-` parts of letters and digits: what a locale's language can be.
    private static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

extension Substring {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}

/// The pseudo-locale: each English text made about 40% longer, its letters accented, in brackets
/// (`"Archive"` → `"[Àŕçĥîvé ~~~]"`), so a text that is cut or overlaps shows, and a text not taken from the
/// catalogue (no brackets) stands out.
public enum PseudoLocale {
    private static let accents: [Character: Character] = [
        "a": "à", "c": "ç", "e": "é", "g": "ĝ", "h": "ĥ", "i": "î", "n": "ñ", "o": "ö", "r": "ŕ", "s": "š", "u": "ü", "y": "ý",
        "A": "À", "C": "Ç", "E": "É", "I": "Î", "N": "Ñ", "O": "Ö", "S": "Š", "U": "Ü",
    ]

    /// `english`, accented, lengthened by about 40% with tildes, in brackets; placeholders (`%d`, `%@`, `{name}`) kept.
    public static func transform(_ english: String) -> String {
        var result = "", inPlaceholder = false, previous: Character = " "
        for character in english {
            if character == "{" { inPlaceholder = true }
            let keep = inPlaceholder || previous == "%"
            result.append(keep ? character : accents[character] ?? character)
            if character == "}" { inPlaceholder = false }
            previous = character
        }
        let padding = max(Int((Double(english.count) * 0.4).rounded(.up)), 1)
        return "[" + result + " " + String(repeating: "~", count: padding) + "]"
    }
}
