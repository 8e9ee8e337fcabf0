import Foundation
import XCTest
import KineticTestSupport
@testable import KineticApps

/// The translators' template (`Sources/KineticApps/Resources/Locales/kinetic.pot`) is the code's texts as they are
/// now: a text added, changed or removed in the code without `make pot` fails here, before a translator works from a
/// stale template.
final class TranslationTemplateTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let committed = repository.appendingPathComponent("Sources/KineticApps/Resources/Locales/kinetic.pot")

    func testTheTemplateIsTheCodesTextsNow() throws {
        let template = try Self.template()
        XCTAssertEqual(template.conflicts, [], "one key, one English")
        XCTAssertTrue(template.installed.contains("msgid \"Mail Triage\""), "the launchers' texts are in it")
        XCTAssertTrue(template.installed.contains("#: Install/metainfo/org.kinetic.mailbox.metainfo.xml"), "the AppStream files' texts are in it")
        XCTAssertGreaterThan(template.entries.count, 150, "the declared texts are found")
        XCTAssertNil(template.entries["key"], "a doc comment's example is no text")
        if ProcessInfo.processInfo.environment["KINETIC_WRITE_POT"] == "1" {
            try Data(template.pot.utf8).write(to: Self.committed, options: .atomic)
            return
        }
        let current = try String(contentsOf: Self.committed, encoding: .utf8)
        XCTAssertEqual(current, template.pot, "kinetic.pot is stale: run `make pot`, then `msgmerge --update` each catalogue (docs/localization.md)")
    }

    /// The whole template: the code's texts, then the installed files' (`Install/`).
    static func template() throws -> TranslationTemplate {
        var template = try TranslationTemplate(sources: repository.appendingPathComponent("Sources"), made: KineticApps.textsMadeFromData)
        let files = { (folder: String, suffix: String) throws -> [String] in
            try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
        }
        try template.extract(desktopFiles: try files("Install/applications", ".desktop.in"),
                             metainfoFiles: try files("Install/metainfo", ".metainfo.xml"), in: repository)
        return template
    }

    func testSwiftEscapesAreUndoneAndPOEscapesMade() {
        XCTAssertEqual(TranslationTemplate.swiftLiteral(#"say \"hi\"\n\u{2014} \\ done"#), "say \"hi\"\n\u{2014} \\ done")
        XCTAssertEqual(TranslationTemplate.quoted("a \"b\"\n\\"), #""a \"b\"\n\\""#)
    }
}
