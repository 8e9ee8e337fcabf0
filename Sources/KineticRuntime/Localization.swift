import Foundation
import KineticCore
import KineticScene

/// A text a person reads or a screen reader speaks, named by a stable key (`mailbox.options.reschedule`) and written
/// in English where it is used. In a catalogue the English is the `msgid` translators read and translate, and the key
/// its `msgctxt`, so one English word with two meanings ("Cancel" of compose, "Cancel" of a question) is two entries;
/// a changed English is a new `msgid`, which `msgmerge` marks fuzzy until a translator looks at it. Apps declare their
/// texts as values of this type, never as keys made of titles.
public struct LocalizedText: Hashable, Sendable {
    /// The catalogue's key.
    public let key: String
    /// The English, shown when no catalogue of the person's languages translates the key.
    public let english: String

    /// The text `key`, in English `english`.
    public init(_ key: String, _ english: String) {
        self.key = key
        self.english = english
    }
}

/// A text that changes with a count (`{count}` in it): its key, and its English for one and for any other count. A
/// catalogue gives as many forms as its language has (Arabic six), chosen by its plural rule.
public struct LocalizedPlural: Hashable, Sendable {
    /// The catalogue's key.
    public let key: String
    /// The English for a count of one.
    public let one: String
    /// The English for every other count.
    public let other: String

    /// The text `key`, in English `one` for 1 and `other` otherwise.
    public init(_ key: String, one: String, other: String) {
        self.key = key
        self.one = one
        self.other = other
    }
}

/// The texts of a run in the person's languages: the catalogues of the languages they read, most wanted first, each
/// text taken from the first that translates it, else the English; in the pseudo-locale, the English transformed
/// (`PseudoLocale`). Built at the edge from `LanguagePreference` and the shipped `.po` files; English only by default.
public struct Localization: Sendable, Equatable {
    /// The catalogues in use, most wanted first.
    public let catalogues: [StringCatalogue]
    /// Whether the pseudo-locale is on.
    public let isPseudo: Bool

    /// English, as every text is written: no catalogue.
    public static let english = Localization(catalogues: [], isPseudo: false)

    /// The texts of `catalogues`, most wanted first; the pseudo-locale with `isPseudo`.
    public init(catalogues: [StringCatalogue], isPseudo: Bool) {
        self.catalogues = catalogues
        self.isPseudo = isPseudo
    }

    /// The catalogues for `languages` (`LanguagePreference.languages`) among `available` (language → `.po` text), in
    /// the person's order; the pseudo-locale when it comes before any catalogue that exists.
    public init(languages: [String], available: [String: String]) {
        var catalogues: [String: StringCatalogue] = [:]
        for (language, text) in available { catalogues[language] = StringCatalogue(language: language, poText: text) }
        self.init(languages: languages, catalogues: catalogues)
    }

    /// The catalogues for `languages` (`LanguagePreference.languages`) among `catalogues` (read from `.mo` or `.po`
    /// files, by language), in the person's order; the pseudo-locale when it comes before any catalogue that exists.
    public init(languages: [String], catalogues available: [String: StringCatalogue]) {
        var catalogues: [StringCatalogue] = [], pseudo = false
        for language in languages {
            if language == LanguagePreference.pseudo, catalogues.isEmpty { pseudo = true; break }
            if language == "en" { break }  // English is the source: the languages after it are never reached
            if let catalogue = available[language] { catalogues.append(catalogue) }
        }
        self.init(catalogues: catalogues, isPseudo: pseudo)
    }

    /// `text` in the person's language.
    public func callAsFunction(_ text: LocalizedText) -> String {
        for catalogue in catalogues {
            if let translated = catalogue.text(text.english, context: text.key) { return translated }
        }
        return isPseudo ? PseudoLocale.transform(text.english) : text.english
    }

    /// `text` in the person's language, each `{name}` in it replaced by its value (`"Moved to {list}."` with
    /// `["list": "To Read"]`): a translation may put the values where its grammar wants them.
    public func callAsFunction(_ text: LocalizedText, _ values: KeyValuePairs<String, String>) -> String {
        Self.fill(self(text), values.map { ($0.key, $0.value) })
    }

    /// `plural` for `count` in the person's language, its `{count}` replaced by the number.
    public func callAsFunction(_ plural: LocalizedPlural, count: Int) -> String {
        var template: String?
        for catalogue in catalogues where template == nil { template = catalogue.text(plural.one, count: count, context: plural.key) }
        let english = PluralRule.english.form(for: count) == 0 ? plural.one : plural.other
        let chosen = template ?? (isPseudo ? PseudoLocale.transform(english) : english)
        return chosen.replacingOccurrences(of: "{count}", with: String(count))
    }

    /// Which way the stage reads: right to left for a language written so (Arabic), by the locale's own data; the
    /// pseudo-locale and English left to right.
    public var layoutDirection: LayoutDirection {
        guard !catalogues.isEmpty else { return .leftToRight }
        return Locale(identifier: language).language.characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    /// The language texts are shown in: the first catalogue's, else English (or the pseudo-locale's).
    public var language: String { catalogues.first?.language ?? (isPseudo ? LanguagePreference.pseudo : "en") }
}

/// A text with its values, decided by pure rules and put into words only where it is shown: a banner an app's rules
/// raise ("Couldn’t update messages — showing {what}") carries its template and values, so the rules stay free of
/// any language and the screen says it in the person's.
public struct LocalizedMessage: Hashable, Sendable {
    /// The template: a text, or a plural with its count.
    public enum Template: Hashable, Sendable {
        case text(LocalizedText)
        case plural(LocalizedPlural, count: Int)
        /// Words that are not the catalogue's (a reason in the words it came with), said as they are in every language.
        case verbatim(String)
    }

    /// The words, before the values go in.
    public let template: Template
    /// Each `{name}` of the template and what stands there: served text, or a message of its own said in the same
    /// language (`"what": .init(Text.theSavedMessages)`).
    public let values: [String: Value]

    /// What stands in for a `{name}`: words as they came (a link, a served title), a text of the catalogue, or a
    /// message of its own with its values (a reason said inside a banner's sentence).
    public enum Value: Hashable, Sendable {
        case verbatim(String)
        case text(LocalizedText)
        indirect case message(LocalizedMessage)
    }

    /// `text` with its `{name}` values.
    public init(_ text: LocalizedText, _ values: [String: Value] = [:]) {
        template = .text(text)
        self.values = values
    }

    /// `plural` for `count` (its `{count}`), with other `{name}` values.
    public init(_ plural: LocalizedPlural, count: Int, _ values: [String: Value] = [:]) {
        template = .plural(plural, count: count)
        self.values = values
    }

    /// `words` as they are, in every language: for a value that has no sentence of the catalogue's.
    public init(verbatim words: String) {
        template = .verbatim(words)
        values = [:]
    }

    /// The message in English, as logs and tests read it.
    public var english: String { Localization.english(self) }
}

extension Localization {
    /// `message` in the person's language, its values filled in.
    public func callAsFunction(_ message: LocalizedMessage) -> String {
        let words: [(String, String)] = message.values.map { name, value in
            switch value {
            case .verbatim(let text): return (name, text)
            case .text(let text): return (name, self(text))
            case .message(let message): return (name, self(message))
            }
        }
        switch message.template {
        case .text(let text): return Self.fill(self(text), words)
        case .plural(let plural, let count): return Self.fill(self(plural, count: count), words)  // `{count}` is in already
        case .verbatim(let text): return text  // never filled: a "{…}" in it is its own
        }
    }

    /// `template` with each `{name}` replaced by its value, in one pass so a value holding "{…}" (a served name) is
    /// never read as a placeholder.
    static func fill(_ template: String, _ values: [(String, String)]) -> String {
        var result = "", rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            result += rest[..<open]
            if let value = values.first(where: { $0.0 == name })?.1 { result += value } else { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
