/// One language's texts, read from a gettext catalogue: the compiled `kinetic.mo` installed under
/// `share/locale/LANG/LC_MESSAGES/`, or the translator's `LANG.po` itself. Each message is found by its English
/// (`msgid`) in its context (`msgctxt`, the text's stable key such as `mailbox.options.reschedule`), with its plural
/// forms and the language's plural rule.
///
/// gettext's catalogues are the Linux desktop's convention (GNOME and KDE apps ship them; translators' tools, Poedit,
/// Weblate and Lokalize, read and write `.po`; `msgfmt --check` validates it and compiles it to `.mo`), and they carry
/// plural rules for any language in their header. Either form is read at start-up (a few kilobytes), entry by entry:
/// an entry that can't be read costs only itself, and says where.
public struct StringCatalogue: Sendable, Equatable {
    /// The catalogue's language (`fr`, `ar`, `en`).
    public let language: String
    /// How counts pick a plural form (from the header's `Plural-Forms`; English's when it has none).
    public let pluralRule: PluralRule
    /// Each message's forms (one, or one per plural form), by key.
    private let messages: [String: [String]]
    /// One line per entry that was left out: its line number and why.
    public let problems: [String]

    /// Reads `text`, the contents of a `.po` file for `language`.
    public init(language: String, poText text: String) {
        var header: String?, entries: [(key: String, forms: [String])] = [], problems: [String] = []
        for entry in POEntries(text) {
            switch entry {
            case .failure(let problem):
                problems.append(problem.sentence)
            case .success(let entry):
                if entry.id.isEmpty {
                    header = entry.forms.first
                } else if !entry.isFuzzy {  // an entry marked fuzzy is no translation: the fallback shows
                    entries.append((entry.key, entry.forms))
                }
            }
        }
        self.init(language: language, header: header, entries: entries, problems: problems)
    }

    /// Reads `bytes`, a compiled catalogue (`.mo`, as `msgfmt` writes it, either byte order) for `language`. Fuzzy
    /// entries are not in a `.mo` (msgfmt leaves them out); a table or string that points outside the file is left out
    /// and said, and a file that is no catalogue at all gives an empty one with one problem.
    public init(language: String, moBytes bytes: [UInt8]) {
        guard let table = MOTable(bytes) else {
            self.init(language: language, header: nil, entries: [], problems: ["not a compiled gettext catalogue (.mo): its header can't be read"])
            return
        }
        var header: String?, entries: [(key: String, forms: [String])] = [], problems: [String] = []
        for index in 0..<table.count {
            guard let original = table.string(.original, index), let translation = table.string(.translation, index) else {
                problems.append("entry \(index + 1) points outside the file; left out")
                continue
            }
            // An id with a plural is "one\0other"; a context is joined to its id by EOT, as in `POEntry.key`.
            let id = original.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? original
            if id.isEmpty {
                header = translation
            } else {
                entries.append((id, translation.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)))
            }
        }
        self.init(language: language, header: header, entries: entries, problems: problems)
    }

    /// The catalogue from what either form holds: its header (whose `Plural-Forms` gives the rule), its entries by key
    /// with their forms (one not yet translated, all empty, is no translation: the fallback shows), and what was left
    /// out of it.
    private init(language: String, header: String?, entries: [(key: String, forms: [String])], problems: [String]) {
        self.language = language
        var rule = PluralRule.english, said = problems
        if let line = header?.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) {
            if let parsed = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) { rule = parsed } else {
                said.insert("the Plural-Forms header can't be read; English's rule is used", at: 0)
            }
        }
        pluralRule = rule
        messages = Dictionary(entries.filter { $0.forms.contains { !$0.isEmpty } }.map { ($0.key, $0.forms) }, uniquingKeysWith: { _, last in last })
        self.problems = said
    }

    /// The message `key` (in `context`, when it has one), or `nil` when the catalogue has no translation of it.
    public func text(_ key: String, context: String? = nil) -> String? {
        messages[POEntry.key(id: key, context: context)]?.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The plural form of message `key` for `count`, or `nil` when the catalogue has no translation of that form.
    public func text(_ key: String, count: Int, context: String? = nil) -> String? {
        guard let forms = messages[POEntry.key(id: key, context: context)] else { return nil }
        let form = pluralRule.form(for: count)
        return forms.indices.contains(form) && !forms[form].isEmpty ? forms[form] : nil
    }

    /// The keys the catalogue translates.
    public var keys: Set<String> { Set(messages.keys) }
}

/// The string tables of a `.mo` file (GNU gettext's format: a magic number that also says the byte order, the count,
/// and two tables of (length, offset) pairs for the originals and the translations), every offset checked against the
/// file before it is read.
struct MOTable {
    enum Side { case original, translation }
    private let bytes: [UInt8]
    private let bigEndian: Bool
    private let originals: Int
    private let translations: Int
    /// The number of entries.
    let count: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let magic = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        switch magic {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        guard let n = Self.word(bytes, 8, bigEndian), let o = Self.word(bytes, 12, bigEndian), let t = Self.word(bytes, 16, bigEndian),
              n <= bytes.count / 16, o + n * 8 <= bytes.count, t + n * 8 <= bytes.count else { return nil }
        self.count = n
        self.originals = o
        self.translations = t
    }

    /// The string at `index` of one side's table, as UTF-8, or `nil` when it lies outside the file.
    func string(_ side: Side, _ index: Int) -> String? {
        let entry = (side == .original ? originals : translations) + index * 8
        guard let length = Self.word(bytes, entry, bigEndian), let offset = Self.word(bytes, entry + 4, bigEndian),
              offset <= bytes.count, length <= bytes.count - offset else { return nil }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// The 32-bit word at `offset`, or `nil` past the end.
    private static func word(_ bytes: [UInt8], _ offset: Int, _ bigEndian: Bool) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let b = bytes[offset..<offset + 4].map(UInt32.init)
        let value = bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        return Int(value)
    }
}

/// Why an entry of a `.po` file was left out, with its line.
struct POProblem: Error {
    var sentence: String
}

/// One entry of a `.po` file.
struct POEntry {
    var context: String?
    var id: String
    var pluralID: String?
    /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … in order.
    var forms: [String]
    var isFuzzy: Bool

    var key: String { Self.key(id: id, context: context) }

    /// gettext's own joining of a context and an id (the EOT character between them).
    static func key(id: String, context: String?) -> String { context.map { $0 + "\u{4}" + id } ?? id }
}

/// The entries of a `.po` text, in order, each read or refused with its line. The reader knows the grammar gettext
/// writes: comments (`#, fuzzy` marks an entry fuzzy), `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and `msgstr[N]`,
/// each followed by quoted strings that join, with C escapes.
struct POEntries: Sequence {
    let text: String
    init(_ text: String) { self.text = text }

    func makeIterator() -> IndexingIterator<[Result<POEntry, POProblem>]> { Self.read(text).makeIterator() }

    private enum Field: Equatable { case context, id, pluralID, form(Int) }

    private static func read(_ text: String) -> [Result<POEntry, POProblem>] {
        var results: [Result<POEntry, POProblem>] = []
        var fields: [(Field, String)] = [], fuzzy = false, startLine = 0, broken: String?
        func finish() {
            defer { fields = []; fuzzy = false; broken = nil }
            guard !fields.isEmpty || broken != nil else { return }
            if let broken { return results.append(.failure(POProblem(sentence: "line \(startLine): \(broken); the entry is left out"))) }
            guard let id = fields.first(where: { $0.0 == .id })?.1 else {
                return results.append(.failure(POProblem(sentence: "line \(startLine): an entry without msgid; left out")))
            }
            let forms = fields.compactMap { field, value -> (Int, String)? in
                if case .form(let index) = field { return (index, value) } else { return nil }
            }.sorted { $0.0 < $1.0 }
            guard forms.enumerated().allSatisfy({ $0.offset == $0.element.0 }), !forms.isEmpty else {
                return results.append(.failure(POProblem(sentence: "line \(startLine): msgid \"\(id.prefix(40))\" has no msgstr, or its forms skip a number; left out")))
            }
            results.append(.success(POEntry(context: fields.first { $0.0 == .context }?.1, id: id,
                                            pluralID: fields.first { $0.0 == .pluralID }?.1, forms: forms.map(\.1), isFuzzy: fuzzy)))
        }
        var current: Field?
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty { finish(); current = nil; continue }
            if line.hasPrefix("#") {
                // A comment before an entry's fields starts the entry; one after them ends it.
                if fields.contains(where: { if case .form = $0.0 { return true } else { return false } }) { finish() }
                if fields.isEmpty { startLine = number + 1 }
                if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                guard let field = current, let value = unquote(line) else { broken = broken ?? "a string that can't be read"; continue }
                if let last = fields.indices.last, fields[last].0 == field { fields[last].1 += value }
                continue
            }
            let keyword = String(line.prefix { $0 != " " && $0 != "\"" && $0 != "\t" })
            let rest = String(line.dropFirst(keyword.count)).trimmingWhitespace
            let field: Field?
            switch keyword {
            case "msgctxt": field = .context
            case "msgid": field = .id
            case "msgid_plural": field = .pluralID
            case "msgstr": field = .form(0)
            default:
                if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(index) {
                    field = .form(index)
                } else {
                    field = nil
                }
            }
            guard let field else { broken = broken ?? "\"\(keyword.prefix(20))\" is not a keyword of a .po file"; current = nil; continue }
            // A msgctxt or msgid after an entry's msgstr starts the next entry (a file without blank lines between).
            if field == .context || field == .id, fields.contains(where: { if case .form = $0.0 { return true } else { return false } }) { finish() }
            if fields.isEmpty { startLine = number + 1 }
            guard let value = unquote(rest) else { broken = broken ?? "\(keyword)'s string can't be read"; current = nil; continue }
            if fields.contains(where: { $0.0 == field }) { broken = broken ?? "\(keyword) twice in one entry" }
            fields.append((field, value))
            current = field
        }
        finish()
        return results
    }

    /// The text of one quoted C string (`"a \"b\"\n"`), or `nil` when it is not one.
    static func unquote(_ quoted: String) -> String? {
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else { return nil }
        var result = "", escaped = false
        for character in quoted.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: return nil
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil  // an unescaped quote inside: not one string
            } else {
                result.append(character)
            }
        }
        return escaped ? nil : result
    }
}
