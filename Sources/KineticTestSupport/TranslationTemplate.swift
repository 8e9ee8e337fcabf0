import Foundation
import KineticRuntime

/// The translators' template, `kinetic.pot`: every text the code declares, made from the code itself. The texts written
/// out as `LocalizedText("key", "English")` and `LocalizedPlural("key", one: …, other: …)` are read from the sources
/// (a declaration spread over lines included); those made from data are handed in. Each entry is the English as
/// `msgid` (with `msgid_plural`) and the key as `msgctxt`, sorted by key, so the file changes only where a text did.
package struct TranslationTemplate {
    /// One text of the template.
    package struct Entry: Equatable {
        /// The key: the entry's `msgctxt`.
        package var key: String
        /// The English: its `msgid` (the form for one, for a plural).
        package var english: String
        /// A plural's English for other counts: its `msgid_plural`.
        package var plural: String?
    }

    /// Every text, by key.
    package private(set) var entries: [String: Entry] = [:]
    /// Two declarations of one key with different English: each is a mistake (a key names one text).
    package private(set) var conflicts: [String] = []

    /// The texts written out in the `.swift` files under `sources`, with `made`.
    package init(sources: URL, made: [LocalizedText]) throws {
        let text = #""((?:[^"\\]|\\.)*)""#
        let single = try NSRegularExpression(pattern: #"LocalizedText\("([a-z0-9.\-]+)",\s*"# + text + #"\s*\)"#)
        let plural = try NSRegularExpression(pattern: #"LocalizedPlural\("([a-z0-9.\-]+)",\s*one:\s*"# + text + #"\s*,\s*other:\s*"# + text + #"\s*\)"#)
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path } ?? []
        for file in files {
            // Comments left out: a doc comment may show a declaration's shape.
            let source = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
            let whole = NSRange(source.startIndex..., in: source)
            func group(_ match: NSTextCheckingResult, _ index: Int) -> String { Range(match.range(at: index), in: source).map { String(source[$0]) } ?? "" }
            for match in single.matches(in: source, range: whole) {
                add(Entry(key: group(match, 1), english: Self.swiftLiteral(group(match, 2))))
            }
            for match in plural.matches(in: source, range: whole) {
                add(Entry(key: group(match, 1), english: Self.swiftLiteral(group(match, 2)), plural: Self.swiftLiteral(group(match, 3))))
            }
        }
        for text in made { add(Entry(key: text.key, english: text.english)) }
    }

    private mutating func add(_ entry: Entry) {
        if let known = entries[entry.key], known != entry { conflicts.append("\(entry.key): \"\(known.english)\" and \"\(entry.english)\"") }
        entries[entry.key] = entry
    }

    /// The launchers' and AppStream files' texts, as gettext's `xgettext` extracts them (`-L Desktop` for
    /// `.desktop.in`, the AppStream ITS rules for `.metainfo.xml`): entries without a context, each file named, for
    /// `msgfmt --desktop` and `msgfmt --xml` to translate the installed files from the same catalogues.
    package var installed = ""

    /// Adds the texts of `desktopFiles` and `metainfoFiles` (paths relative to `folder`, as the entries name them),
    /// extracted by `xgettext`.
    package mutating func extract(desktopFiles: [String], metainfoFiles: [String], in folder: URL) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-install-\(UUID().uuidString).pot")
        defer { try? FileManager.default.removeItem(at: output) }  // a temporary file: left behind, it costs nothing
        let common = ["--from-code=UTF-8", "--omit-header", "--add-location=file", "--force-po", "-o", output.path]
        try Self.run("/usr/bin/xgettext", common + ["-L", "Desktop", "-k", "-kName", "-kGenericName", "-kComment", "-kKeywords"] + desktopFiles, in: folder)
        try Self.run("/usr/bin/xgettext", common + ["--join-existing"] + metainfoFiles, in: folder)
        installed = try String(contentsOf: output, encoding: .utf8)
    }

    private static func run(_ program: String, _ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(program) failed"]) }
    }

    /// The template's text, as `msgmerge` and `msginit` read it.
    package var pot: String {
        var lines = [
            "# Kinetic's texts. kinetic.pot is made by `make pot` from the code; each LANG.po translates it (msginit starts",
            "# one from it, msgmerge brings it up to date). Each msgctxt is the text's stable key; the msgid is its English.",
            "# SPDX-License-Identifier: MIT",
            "#",
            "#, fuzzy",
            "msgid \"\"",
            "msgstr \"\"",
            "\"Project-Id-Version: kinetic\\n\"",
            "\"Report-Msgid-Bugs-To: kinetic@kinetic.invalid\\n\"",
            "\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\"",
            "\"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n\"",
            "\"Language-Team: LANGUAGE <LL@li.org>\\n\"",
            "\"Language: \\n\"",
            "\"MIME-Version: 1.0\\n\"",
            "\"Content-Type: text/plain; charset=UTF-8\\n\"",
            "\"Content-Transfer-Encoding: 8bit\\n\"",
            "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"",
        ]
        for entry in entries.values.sorted(by: { $0.key < $1.key }) {
            lines.append("")
            if entry.english.contains("{") { lines.append("#. {name}: a value put in when shown; keep each as it is.") }
            lines.append("msgctxt \(Self.quoted(entry.key))")
            lines.append("msgid \(Self.quoted(entry.english))")
            if let plural = entry.plural {
                lines.append("msgid_plural \(Self.quoted(plural))")
                lines.append("msgstr[0] \"\"")
                lines.append("msgstr[1] \"\"")
            } else {
                lines.append("msgstr \"\"")
            }
        }
        let code = lines.joined(separator: "\n") + "\n"
        return installed.isEmpty ? code : code + "\n" + installed.trimmingCharacters(in: .newlines) + "\n"
    }

    /// A `.po` string: quoted, with C escapes.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "\""
    }

    /// A Swift string literal's text, its escapes (`\"`, `\\`, `\n`, `\u{…}`) undone.
    package static func swiftLiteral(_ literal: String) -> String {
        var result = "", scalars = Array(literal.unicodeScalars), index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else { result.unicodeScalars.append(scalar); index += 1; continue }
            let next = scalars[index + 1]
            index += 2
            switch next {
            case "n": result += "\n"
            case "t": result += "\t"
            case "u":
                guard index < scalars.count, scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
                      let decoded = Unicode.Scalar(value) else { result += "\\u"; continue }
                result.unicodeScalars.append(decoded)
                index = close + 1
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }
}
