import XCTest
import Foundation
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario

/// Issue #39's acceptance, for every language `LINGUAS` lists: every shipped scenario (`Scenarios/`, pointer and
/// keyboard alike) played in it shows no text of its own that is not its catalogue's, and, in a language written
/// right to left (Arabic), the same scenario done on the mirrored screen (each point's x mirrored, Left and Right
/// swapped, as a person facing the mirrored layout would do it) goes through the same app states as the scenario done
/// on the same texts laid out left to right. (Not the English run's:
/// a menu's type-ahead letter finds another item in another language.)
///
/// The tuning panel and the motion tools (`tuning.*`) are a designer's instruments, named in the code's English as
/// the tunables are, and are left out.
///
/// A text passes when it is a translation of the catalogue (a template's `{name}` standing for anything), served
/// content (any string of the bundled data), what the scenario typed, a day and time in the catalogue's language, or
/// no words at all (digits, signs).
final class LocalizedScenarioTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The languages `LINGUAS` lists: each is played and checked alike, none named here.
    static func shippedLanguages() throws -> [String] {
        let list = try String(contentsOf: KineticApps.localeFolder.appendingPathComponent("LINGUAS"), encoding: .utf8)
        return list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Every language's scenarios show only its catalogue; a language written right to left (Arabic) also reaches
    /// the same states done on the mirrored screen.
    func testEveryShippedLanguagesScenariosShowOnlyItsCatalogue() throws {
        let languages = try Self.shippedLanguages()
        XCTAssertGreaterThanOrEqual(languages.count, 3, "LINGUAS lists the shipped languages: \(languages)")
        for language in languages { try checkScenarios(language: language) }
    }

    /// Every text of the template (`kinetic.pot`: the code's `LocalizedText`s and `LocalizedPlural`s, and those made
    /// from data: the apps' names, the segments, the options, the lists, the bundled intro's pages) is translated by
    /// each shipped catalogue, with the same `{placeholders}` as its English; a catalogue has no entry the code lost.
    func testEveryShippedCatalogueTranslatesEveryText() throws {
        let template = try TranslationTemplate(sources: Self.repository.appendingPathComponent("Sources"), made: KineticApps.textsMadeFromData)
        XCTAssertGreaterThan(template.entries.count, 150, "the declared texts are found")
        let available = KineticApps.shippedCatalogues()
        XCTAssertEqual(Set(available.keys), Set(try Self.shippedLanguages()), "each language of LINGUAS has its catalogue")
        func placeholders(_ text: String) -> Set<String> {
            Set(text.matches(of: #/\{[a-z]+\}/#).map { String($0.output) })
        }
        for (language, catalogue) in available {
            XCTAssertEqual(catalogue.problems, [], "\(language).po reads entry by entry")
            var known = Set<String>()
            for entry in template.entries.values.sorted(by: { $0.key < $1.key }) {
                known.insert(entry.key + "\u{4}" + entry.english)
                let translated = entry.plural == nil ? catalogue.text(entry.english, context: entry.key)
                                                     : catalogue.text(entry.english, count: 5, context: entry.key)
                guard let translated else {
                    XCTFail("\(language).po has no \(entry.key) (\(entry.english)), or has it fuzzy")
                    continue
                }
                // A plural's forms may say the count in words; its other values must all be there.
                let words = entry.english + (entry.plural ?? "")
                let wanted = placeholders(words).subtracting(["{count}"])
                XCTAssertTrue(wanted.isSubset(of: placeholders(translated)), "\(language) \(entry.key): \(translated) keeps \(wanted.sorted())")
                XCTAssertTrue(placeholders(translated).isSubset(of: placeholders(words).union(["{count}"])), "\(language) \(entry.key): no value of its own")
            }
            // The launchers' and AppStream files' entries (no context) are checked by scripts/check-catalogues and check-install.
            XCTAssertEqual(catalogue.keys.filter { $0.contains("\u{4}") }.subtracting(known).sorted(), [],
                           "\(language).po translates no text the code no longer has")
        }
    }

    private func checkScenarios(language: String) throws {
        let available = KineticApps.shippedCatalogues()
        XCTAssertNotNil(available[language], "\(language).po is shipped and listed in LINGUAS")
        let localization = Localization(languages: [language], catalogues: available)
        let catalogue = try XCTUnwrap(localization.catalogues.first)
        XCTAssertEqual(catalogue.problems, [], "every entry of \(language).po reads")
        let mirrored = localization.layoutDirection == .rightToLeft
        XCTAssertEqual(mirrored, ["ar", "fa", "he", "ur"].contains(language), "\(language): a language written right to left, and only one, is mirrored")
        let allowed = AllowedTexts(catalogue: catalogue, localization: localization, served: try Self.servedStrings())
        for (name, scenario) in try Self.scenarios() {
            let shown = mirrored ? Self.mirrored(scenario) : scenario
            var strays: [String] = []
            let states = try run(shown, localization: localization) { text, fields in
                // What the person typed, as typed or as a field holds it now (compose says which entry of To is no
                // address, in the catalogue's words around it).
                if !allowed.accepts(text, typed: Self.typed(in: scenario) + fields) { strays.append(text) }
            }
            XCTAssertEqual(Array(Set(strays)).sorted(), [], "\(name) in \(language): texts not from the catalogue")
            guard mirrored else { continue }
            let leftToRight = try run(scenario, localization: localization, layoutDirection: .leftToRight, check: nil)
            XCTAssertEqual(states, leftToRight, "\(name) in \(language): done on the mirrored screen, the states it reaches left to right")
        }
    }

    /// Each visible text layer's string under `layer`; a text field's own text (the person's words) and the tuning
    /// panel left out.
    /// Each text field's text on the stage, shown or not.
    static func visitFields(_ layer: Layer, _ found: (String) -> Void) {
        if let field = layer.editableText, !field.text.isEmpty { found(field.text) }
        for sublayer in layer.sublayers { visitFields(sublayer, found) }
    }

    static func visitTexts(_ layer: Layer, _ found: (String) -> Void) {
        guard !layer.isHidden, layer.opacity > 0.01, layer.editableText == nil, layer.identifier?.hasPrefix("tuning") != true else { return }
        if case .text(let text) = layer.contents { found(text.string) }
        for sublayer in layer.sublayers { visitTexts(sublayer, found) }
    }

    /// Plays `scenario` in `localization`; at each capture hands `check` every text shown (each visible text layer's
    /// string, and each accessible name and description); returns the captures' state names in order.
    private func run(_ scenario: Scenario, localization: Localization, layoutDirection: LayoutDirection? = nil,
                     check: ((String, [String]) -> Void)?) throws -> [String] {
        let runner = try ScenarioRunner(scenario: scenario, entries: KineticApps.catalog, localization: localization, layoutDirection: layoutDirection)
        defer { try? runner.removeOwnFolder() }  // best effort: a temporary folder
        runner.onCapture = { _ in
            guard let check else { return }
            let stage = runner.stage
            var fields: [String] = []
            Self.visitFields(stage.root) { fields.append($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            Self.visitTexts(stage.root) { if !$0.isEmpty { check($0, fields) } }
            let tree = AccessibilityTree(root: stage.root, title: "", size: stage.size)
            for node in tree.root.all where !node.key.hasPrefix("tuning") {
                for text in [node.name, node.description] where !text.isEmpty { check(text, fields) }
            }
        }
        return try runner.run(outputDirectory: nil).map(\.dump.state)
    }

    // MARK: The scenarios

    static func scenarios() throws -> [(String, Scenario)] {
        let folder = repository.appendingPathComponent("Scenarios")
        let files = try ["", "keyboard"].flatMap { sub in
            try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent(sub), includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
        }
        XCTAssertGreaterThan(files.count, 10, "the shipped scenarios are found")
        return try files.sorted { $0.path < $1.path }.map { url in
            (url.deletingPathExtension().lastPathComponent, try JSONDecoder().decode(Scenario.self, from: Data(contentsOf: url)))
        }
    }

    /// The same scenario done on a mirrored screen: every point's x mirrored across the stage, a sideways wheel the
    /// other way, and Left and Right swapped.
    static func mirrored(_ scenario: Scenario) -> Scenario {
        var scenario = scenario
        var width = scenario.size.width
        func flip(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        scenario.events = scenario.events.map { event in
            var event = event
            switch event.action {
            case .touch(let phase, let id, let point): event.action = .touch(phase, id: id, point: flip(point))
            case .tap(let id, let point): event.action = .tap(id: id, point: flip(point))
            case .drag(let id, let from, let to, let duration): event.action = .drag(id: id, from: flip(from), to: flip(to), duration: duration)
            case .wheel(let delta, let point, let precise): event.action = .wheel(delta: Vector(dx: -delta.dx, dy: delta.dy), at: flip(point), precise: precise)
            case .pointer(let point): event.action = .pointer(flip(point))
            case .rightClick(let point): event.action = .rightClick(flip(point))
            case .middleClick(let point): event.action = .middleClick(flip(point))
            case .key(let name, let isRepeat):
                let parts = name.split(separator: "+").map(String.init)
                let swapped = parts.map { $0.lowercased() == "left" ? "right" : $0.lowercased() == "right" ? "left" : $0 }
                event.action = .key(swapped.joined(separator: "+"), isRepeat: isRepeat)
            case .resize(let size): width = size.width
            case .text, .clipboard, .composition, .shake, .capture: break
            }
            return event
        }
        return scenario
    }

    /// What the scenario typed or put on the clipboard: the person's own words pass as they are.
    static func typed(in scenario: Scenario) -> [String] {
        scenario.events.compactMap { event in
            switch event.action {
            case .text(let text), .clipboard(let text), .composition(let text): return text
            default: return nil
            }
        }
    }

    /// Every string in the bundled data (the served content's stand-in): costume titles, cells, messages.
    static func servedStrings() throws -> Set<String> {
        var strings = Set<String>()
        func collect(_ value: Any) {
            switch value {
            case let text as String: strings.insert(text)
            case let array as [Any]: array.forEach(collect)
            case let dictionary as [String: Any]: dictionary.values.forEach(collect)
            default: break
            }
        }
        let resources = repository.appendingPathComponent("Sources/KineticApps/Resources")
        let files = FileManager.default.enumerator(at: resources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files {
            let data = try? Data(contentsOf: file)  // a folder reads as nothing
            guard let data else { continue }
            if file.pathExtension == "json" { collect(try JSONSerialization.jsonObject(with: data)) }
            if file.pathExtension == "plist" { collect(try PropertyListSerialization.propertyList(from: data, format: nil)) }
        }
        return strings
    }
}

/// The texts a run in one language may show.
private struct AllowedTexts {
    /// Each translation as a pattern: its `{name}`s stand for anything.
    let patterns: [NSRegularExpression]
    let served: Set<String>
    /// The words a day or a date is said with in the language: Foundation's own names of its weekdays and months (not
    /// the app's `DateWords`, which is what is checked), and the catalogue's "today" and "tomorrow".
    let dayWords: Set<String>

    init(catalogue: StringCatalogue, localization: Localization, served: Set<String>) {
        // A template of placeholders alone ("{day} {time}") would pass anything: days and times are checked below.
        patterns = CatalogueTemplates(catalogue).templates.filter { $0.replacingOccurrences(of: #"\{[a-z]+\}"#, with: "", options: .regularExpression).contains { $0.isLetter } }
            .compactMap(CatalogueTemplates.pattern)
        self.served = served
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: catalogue.language)
        let names = [formatter.shortWeekdaySymbols, formatter.weekdaySymbols, formatter.shortStandaloneWeekdaySymbols,
                     formatter.shortMonthSymbols, formatter.monthSymbols, formatter.shortStandaloneMonthSymbols]
            .flatMap { $0 ?? [] } + [EngineText.today, EngineText.tomorrow, EngineText.yesterday].compactMap { catalogue.text($0.english, context: $0.key) }
        dayWords = Set(names.flatMap { Self.words(of: $0) })
    }

    /// The runs of letters in `text`, lowercased.
    static func words(of text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
    }

    /// Whether `text` says a day (and perhaps a time): its words all day words, and at least one.
    func isDay(_ text: String) -> Bool {
        let words = Self.words(of: text)
        return !words.isEmpty && words.allSatisfy(dayWords.contains)
    }

    func accepts(_ text: String, typed: [String]) -> Bool {
        if !text.contains(where: \.isLetter) || served.contains(text) || isDay(text) { return true }
        // What the person typed, where a row or a title shows it again.
        if typed.contains(where: { !$0.isEmpty && text == $0 }) { return true }
        // Several lines (a reply's body): each line, a quoted one being the served message's.
        if text.contains("\n") {
            return text.split(separator: "\n").allSatisfy { line in line.hasPrefix(">") || accepts(String(line), typed: typed) }
        }
        // Parts joined as a screen reader hears them ("sender, subject, time, unread"; "name   count"): a served
        // part may hold a comma of its own, so the longest part that passes is taken first.
        for separator in [", ", "   "] where text.contains(separator) {
            if acceptsParts(text[...], separator: separator, typed: typed) { return true }
        }
        // A reply's subject keeps mail's own "Re: ".
        if text.hasPrefix("Re: "), served.contains(String(text.dropFirst(4))) { return true }
        let range = NSRange(text.startIndex..., in: text)
        for pattern in patterns {
            guard let match = pattern.firstMatch(in: text, range: range) else { continue }
            // Each value is itself served, a day, another text of the catalogue, or has no words.
            let values = (1..<max(match.numberOfRanges, 1)).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
            if values.allSatisfy({ accepts($0, typed: typed) || $0.split(separator: " ").allSatisfy { served.contains(String($0)) } }) { return true }
        }
        // A sign before or after the words ("← Galerie"): the words.
        let signs = CharacterSet.letters.inverted
        let words = text.trimmingCharacters(in: signs)
        if words != text, !words.isEmpty { return accepts(words, typed: typed) }
        return false
    }

    /// Whether `text` is parts joined by `separator`, each passing; a part is always shorter than `text`, so this ends.
    private func acceptsParts(_ text: Substring, separator: String, typed: [String]) -> Bool {
        guard var end = text.range(of: separator, options: .backwards)?.lowerBound else { return false }
        while true {
            let part = String(text[..<end])
            let rest = String(text[text.index(end, offsetBy: separator.count)...])
            if accepts(part, typed: typed), accepts(rest, typed: typed) { return true }
            guard let previous = text[..<end].range(of: separator, options: .backwards) else { return false }
            end = previous.lowerBound
        }
    }
}

/// A catalogue's translations, each a template whose `{name}`s stand for anything: what a text of the catalogue's may
/// look like once its values are in.
struct CatalogueTemplates {
    /// Every translation, and each plural form for the usual counts.
    let templates: Set<String>
    /// The templates holding values, as patterns.
    let patterns: [NSRegularExpression]

    init(_ catalogue: StringCatalogue) {
        var templates = Set<String>()
        for key in catalogue.keys {
            if let text = catalogue.text(key) { templates.insert(text) }
            for count in [0, 1, 2, 3, 11, 100] { if let text = catalogue.text(key, count: count) { templates.insert(text) } }
        }
        self.templates = templates
        patterns = templates.filter { $0.contains("{") }.compactMap(Self.pattern)
    }

    /// `template` as a whole-text pattern, each `{name}` standing for anything.
    static func pattern(_ template: String) -> NSRegularExpression? {
        let escaped = NSRegularExpression.escapedPattern(for: template)
        let pattern = escaped.replacingOccurrences(of: #"\\\{[a-z]+\\\}"#, with: "(.+)", options: .regularExpression)
        return try? NSRegularExpression(pattern: "^" + pattern + "$", options: [.dotMatchesLineSeparators])
    }

    /// Whether `text` is one of the translations, its values filled in.
    func holds(_ text: String) -> Bool {
        templates.contains(text) || patterns.contains { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
    }
}
