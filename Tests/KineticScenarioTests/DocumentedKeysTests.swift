import XCTest
import Foundation
import KineticCore
@testable import KineticScenario

/// The keys table of docs/using.md against the scenarios the repository ships (`Scenarios/`, its `keyboard/` tasks, and
/// `docs/scenarios/`): every key a person is told about is pressed by at least one scenario of the app its row is about,
/// so none is documented but never played. The table is read as a person reads it: a key is a bold name (**Tab**,
/// **Ctrl-Z**, **↑**); a bold modifier alone (**Shift** with any of them selects) is any key pressed with it.
final class DocumentedKeysTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Bold words in the table that are names on screen, not keys.
    static let names: Set<String> = ["Gallery", "Keep this message?", "Empty the Trash?", "Learn More"]
    /// Keys that no scenario can press, and why: Ctrl-Q closes the window, which a headless run does not have.
    static let windowOnly: Set<String> = ["ctrl+q"]
    /// The apps whose scenarios a row's keys must be in, by the row's first words; "any" for rows about every app.
    static func apps(forRow row: String) -> Set<String>? {
        switch row {
        case _ where row.hasPrefix("the gallery"): return ["gallery"]
        case _ where row.hasPrefix("Disguise-O-Rama"): return ["disguise"]
        case _ where row.hasPrefix("Mailbox"), _ where row.hasPrefix("a picker"), _ where row.hasPrefix("any text field"): return ["mailbox"]
        case _ where row.hasPrefix("Honeycomb"): return ["honeycomb"]
        default: return nil  // everywhere, a context menu: any app
        }
    }

    /// A documented key in a scenario's spelling: "Ctrl-Shift-Z" → "ctrl+shift+z", "↑" → "up", "Page Down" → "pagedown";
    /// modifiers sorted, so that any order matches. `nil` for a bold word that is no key.
    static func scenarioName(_ documented: String) -> String? {
        let named = ["↑": "up", "↓": "down", "←": "left", "→": "right", "Esc": "escape", "Page Up": "pageup", "Page Down": "pagedown"]
        var parts = documented.split(separator: "-").map(String.init)
        if documented.hasSuffix("-") { parts.append("-") }
        guard let last = parts.popLast() else { return nil }
        let key = named[last] ?? last.lowercased()
        guard KeyEvent.problem(scenarioName: key) == nil else { return nil }
        let modifiers = parts.map { $0.lowercased() }
        guard modifiers.allSatisfy(["ctrl", "shift", "alt"].contains) else { return nil }
        return canonical(modifiers: modifiers, key: key)
    }

    static func canonical(modifiers: [String], key: String) -> String {
        (modifiers.map { $0 == "control" ? "ctrl" : $0 }.sorted() + [key]).joined(separator: "+")
    }

    /// A scenario's key as written ("shift+tab", "E") in the same form.
    static func canonical(scenarioKey: String) -> String {
        var parts = scenarioKey.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let key = parts.popLast() ?? scenarioKey
        let name = key.lowercased()
        let aliases = ["esc": "escape", "return": "enter", "del": "delete", "contextmenu": "menu"]
        return canonical(modifiers: parts.map { $0.lowercased() }, key: aliases[name] ?? name)
    }

    /// Every key pressed by a shipped scenario, by the app it starts in.
    static func scenarioKeys() throws -> [String: Set<String>] {
        var keys: [String: Set<String>] = [:]
        let folders = ["Scenarios", "Scenarios/keyboard", "docs/scenarios"].map { repository.appendingPathComponent($0) }
        for folder in folders {
            for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where file.pathExtension == "json" {
                let scenario = try Scenario.decode(Data(contentsOf: file), name: file.lastPathComponent)
                for event in scenario.events {
                    if case .key(let name, _) = event.action { keys[scenario.app, default: []].insert(canonical(scenarioKey: name)) }
                }
            }
        }
        return keys
    }

    /// The table's rows: the "where" cell and the bold words of the whole row.
    static func documentedRows() throws -> [(row: String, bold: [String])] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/using.md"), encoding: .utf8)
        let table = text.components(separatedBy: "## Keys and pointer, in the window")[1].components(separatedBy: "\n\n")[1]
        let bold = try NSRegularExpression(pattern: #"\*\*(.+?)\*\*"#)
        return table.split(separator: "\n").dropFirst(2).map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let row = String(line)
            let words = bold.matches(in: row, range: NSRange(row.startIndex..., in: row)).compactMap { Range($0.range(at: 1), in: row).map { String(row[$0]) } }
            return (cells.first ?? "", words)
        }
    }

    func testTheDocumentedKeysAreReadAsKeys() {
        XCTAssertEqual(Self.scenarioName("Ctrl-Shift-Z"), "ctrl+shift+z")
        XCTAssertEqual(Self.scenarioName("Shift-Tab"), "shift+tab")
        XCTAssertEqual(Self.scenarioName("↑"), "up")
        XCTAssertEqual(Self.scenarioName("Page Down"), "pagedown")
        XCTAssertEqual(Self.scenarioName("E"), "e")
        XCTAssertEqual(Self.scenarioName("."), ".")
        XCTAssertNil(Self.scenarioName("Learn More"))
        XCTAssertEqual(Self.canonical(scenarioKey: "shift+ctrl+Z"), "ctrl+shift+z")
    }

    func testEveryDocumentedKeyIsPressedByAScenarioOfItsApp() throws {
        let pressed = try Self.scenarioKeys()
        let rows = try Self.documentedRows()
        XCTAssertGreaterThanOrEqual(rows.count, 8, "the table's rows: everywhere, the gallery, a context menu, the three apps, the picker, a text field")
        var checked = 0
        for (row, bold) in rows {
            let apps = Self.apps(forRow: row)
            let keys = apps.map { $0.reduce(into: Set<String>()) { $0.formUnion(pressed[$1] ?? []) } } ?? pressed.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            for word in bold where !Self.names.contains(word) {
                if ["Shift", "Ctrl", "Alt"].contains(word) {
                    let modifier = word == "Ctrl" ? "ctrl" : word.lowercased()
                    XCTAssertTrue(keys.contains { $0.split(separator: "+").dropLast().contains(Substring(modifier)) }, "\(row): no scenario presses a key with \(word)")
                    continue
                }
                guard let key = Self.scenarioName(word) else {
                    XCTFail("\(row): **\(word)** is neither a key nor a known name on screen")
                    continue
                }
                checked += 1
                if Self.windowOnly.contains(key) { continue }
                XCTAssertTrue(keys.contains(key), "\(row): **\(word)** (\(key)) is in no scenario of \(apps.map { $0.sorted().joined(separator: ", ") } ?? "any app")")
            }
        }
        XCTAssertGreaterThan(checked, 60, "the keys of every row were read")
    }
}
