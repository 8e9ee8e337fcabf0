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
        let template = try TranslationTemplate(sources: Self.repository.appendingPathComponent("Sources"), made: KineticApps.textsMadeFromData)
        XCTAssertEqual(template.conflicts, [], "one key, one English")
        XCTAssertGreaterThan(template.entries.count, 150, "the declared texts are found")
        XCTAssertNil(template.entries["key"], "a doc comment's example is no text")
        if ProcessInfo.processInfo.environment["KINETIC_WRITE_POT"] == "1" {
            try Data(template.pot.utf8).write(to: Self.committed, options: .atomic)
            return
        }
        let current = try String(contentsOf: Self.committed, encoding: .utf8)
        XCTAssertEqual(current, template.pot, "kinetic.pot is stale: run `make pot`, then `msgmerge --update` each catalogue (docs/localization.md)")
    }

    func testSwiftEscapesAreUndoneAndPOEscapesMade() {
        XCTAssertEqual(TranslationTemplate.swiftLiteral(#"say \"hi\"\n\u{2014} \\ done"#), "say \"hi\"\n\u{2014} \\ done")
        XCTAssertEqual(TranslationTemplate.quoted("a \"b\"\n\\"), #""a \"b\"\n\\""#)
    }
}
