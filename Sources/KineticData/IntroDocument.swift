import Foundation
import KineticCore

/// The order a server gives Disguise-O-Rama's intro, for tests of a new user's first minutes where users get different
/// intros (seed 000 (B)): the pages in the order to show them, each a bundled page named by its id or a page of the
/// server's own words, and the experiment's variant. Plain data; the app turns it into pages and keeps the bundled
/// sequence as the default and the one place it is defined.
public struct IntroOrder: Codable, Equatable, Sendable {
    /// One page, in the order to show.
    public struct Page: Codable, Equatable, Sendable {
        /// A bundled page's id (`hello`), or the server's own name for a page of its own words.
        public var id: String
        /// The page's words, in the person's language; `nil` for a bundled page, which keeps its own words.
        public var text: String?
        /// The title of the button that moves on; `nil` for a bundled page's own.
        public var button: String?

        /// A page `id`, with words of its own or (both `nil`) the bundled page's.
        public init(id: String, text: String? = nil, button: String? = nil) {
            self.id = id
            self.text = text
            self.button = button
        }
    }

    /// The experiment's variant the server put this person in (`"b"`), for the log; `nil` when it names none.
    public var variant: String?
    /// The pages, in the order to show them.
    public var pages: [Page]

    /// An order of `pages` for `variant`.
    public init(variant: String?, pages: [Page]) {
        self.variant = variant
        self.pages = pages
    }
}

/// Reads `intro.json`, beside the catalogue on the content server:
///
///     {"variant": "b", "pages": [
///       {"id": "story", "order": 1},
///       {"id": "hello", "order": 2},
///       {"id": "welcome", "order": 3, "text": {"en": "Welcome!", "fr": "Bienvenue !"}, "button": "OK"}]}
///
/// A page is a bundled page by its `id` (its words stay the app's), or a page of the server's own words: `text` and
/// `button`, each a string or an object of strings by language (the person's language first, then English, then the
/// first in alphabetical order). Pages are shown by `order` (an integer 0…1000), then as listed. One bad page costs
/// only itself; a document that is not JSON, has no `pages`, holds more than `maximumPages`, or keeps no page falls
/// back to the bundled intro, and the refresh says why.
public enum IntroDocument {
    /// The most pages a served intro may have: the bundled one has three; twenty is a long intro already.
    public static let maximumPages = 20
    /// The largest document accepted, in bytes.
    public static let maximumBytes = 64 * 1024
    /// The longest page text and button title, in characters: what the intro's panel and button hold.
    public static let textLimit = 300, buttonLimit = 40

    /// The document's address: `intro.json` in the catalogue's folder.
    public static func address(besideCatalog catalogURL: URL) -> URL {
        catalogURL.deletingLastPathComponent().appendingPathComponent("intro.json")
    }

    /// Why a served intro is not used as a whole.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// What was wrong, as a sentence's end ("holds 10,000 pages; at most 20").
        public var description: String
    }

    /// The order the document gives, and one line per page left out.
    /// - Parameters:
    ///   - data: the served document's bytes, as downloaded.
    ///   - name: what the problem lines and errors call the document (its address).
    ///   - bundledIDs: the ids of the app's own pages, which a page may name instead of giving words.
    ///   - languages: the person's languages, most wanted first (`["fr", "en"]`).
    /// - Throws: `DocumentError` when the data is not JSON of the right shape, `Refusal` when it cannot be used whole.
    public static func decode(_ data: Data, name: String, bundledIDs: Set<String>, languages: [String]) throws -> (order: IntroOrder, problems: [String]) {
        let file = try DocumentDecoder.decode(File.self, from: data, name: name)
        guard file.pages.elements.count <= maximumPages else {
            throw Refusal(description: "holds \(file.pages.elements.count) pages; at most \(maximumPages)")
        }
        var problems = DocumentProblems(document: name)
        var kept: [(order: Int, page: IntroOrder.Page)] = []
        for (wire, label) in file.pages.accepted(in: "pages", problems: &problems) {
            if wire.text == nil && wire.button == nil {
                guard bundledIDs.contains(wire.id) else { problems.leftOut(label, "names no bundled page and has no \"text\""); continue }
                kept.append((wire.order, IntroOrder.Page(id: wire.id)))
                continue
            }
            guard let text = wire.text?.best(for: languages), let button = wire.button?.best(for: languages) else {
                problems.leftOut(label, "a page of its own needs both \"text\" and \"button\"")
                continue
            }
            if let problem = Self.problem(text, "text", limit: textLimit) ?? Self.problem(button, "button", limit: buttonLimit) {
                problems.leftOut(label, problem)
                continue
            }
            kept.append((wire.order, IntroOrder.Page(id: wire.id, text: text, button: button)))
        }
        guard !kept.isEmpty else { throw Refusal(description: "keeps no page") }
        // Stable: pages of one order keep the document's order.
        let ordered = kept.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.page)
        let variant = file.variant.flatMap { Self.problem($0, "variant", limit: buttonLimit) == nil ? $0 : nil }
        return (IntroOrder(variant: variant, pages: ordered), problems.lines)
    }

    /// What is wrong with one of a page's words, or `nil`: empty, too long, or holding a control character.
    static func problem(_ text: String, _ field: String, limit: Int) -> String? {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "\"\(field)\" is empty" }
        if text.count > limit { return "\"\(field)\" is \(text.count) characters; at most \(limit)" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
            return "\"\(field)\" holds a control character"
        }
        return nil
    }

    // MARK: The wire

    private struct File: Decodable {
        let variant: String?
        let pages: LenientList<WirePage>

        private enum Key: String, CodingKey { case variant, pages }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            pages = try container.decode(LenientList<WirePage>.self, forKey: .pages)
            // A variant of another type is only a name for the log: left out, not a reason to refuse the intro.
            variant = try? container.decodeIfPresent(String.self, forKey: .variant)
        }
    }

    struct WirePage: DocumentElement {
        let id: String
        let order: Int
        let text: LocalizedWords?
        let button: LocalizedWords?

        private enum Key: String, CodingKey { case id, order, text, button }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            id = try container.decode(String.self, forKey: .id)
            // Any JSON number is read as a Double first, so that 1e300 or 2.5 is refused by name, not by a crash.
            let number = try container.decode(Double.self, forKey: .order)
            guard number.isFinite, number == number.rounded(), (0...1000).contains(number), let order = Int(exactly: number) else {
                throw DecodingError.dataCorruptedError(forKey: .order, in: container, debugDescription: "\"order\" must be a whole number from 0 to 1000")
            }
            self.order = order
            text = try container.decodeIfPresent(LocalizedWords.self, forKey: .text)
            button = try container.decodeIfPresent(LocalizedWords.self, forKey: .button)
        }

        var problem: String? { IntroDocument.problem(id, "id", limit: IntroDocument.buttonLimit) }
    }
}

/// Words given once, or by language: `"OK"` or `{"en": "OK", "fr": "D'accord"}`.
struct LocalizedWords: Decodable {
    let byLanguage: [String: String]

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) {
            byLanguage = ["": one]
        } else {
            byLanguage = try container.decode([String: String].self)
        }
    }

    /// The words in the first of `languages` given (a language matches its regional forms: "fr" takes "fr-CA"), else
    /// English, else the words given once, else the first language in alphabetical order.
    func best(for languages: [String]) -> String? {
        func base(_ tag: String) -> String { String(tag.lowercased().prefix { $0 != "-" && $0 != "_" }) }
        let tags = byLanguage.keys.sorted()  // in a fixed order, so that "fr-CA" and "fr-FR" always give the same one
        for language in languages + ["en"] {
            if let tag = tags.first(where: { !$0.isEmpty && base($0) == base(language) }) { return byLanguage[tag] }
        }
        return byLanguage[""] ?? byLanguage.keys.sorted().first.flatMap { byLanguage[$0] }
    }
}
