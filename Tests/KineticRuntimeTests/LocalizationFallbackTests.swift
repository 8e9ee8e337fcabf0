import XCTest
import KineticCore
@testable import KineticRuntime

/// A text comes from the first catalogue of the person's languages that has it, else its English.
final class LocalizationFallbackTests: XCTestCase {
    private let archive = LocalizedText("mailbox.action.archive", "Archive")
    private let later = LocalizedText("mailbox.action.later", "Later")

    func testTheFirstCatalogueThatTranslatesATextGivesIt() {
        let available = ["fr": "msgid \"mailbox.action.archive\"\nmsgstr \"Archiver\"\n",
                         "ar": "msgid \"mailbox.action.archive\"\nmsgstr \"أرشفة\"\n\nmsgid \"mailbox.action.later\"\nmsgstr \"لاحقًا\"\n"]
        let french = Localization(languages: ["fr-CA", "fr", "ar", "en"], available: available)
        XCTAssertEqual(french(archive), "Archiver")
        XCTAssertEqual(french(later), "لاحقًا", "the next language the person reads")
        let englishFirst = Localization(languages: ["en", "fr"], available: available)
        XCTAssertEqual(englishFirst(archive), "Archive", "English is the source: what follows it is never reached")
        let pseudo = Localization(languages: ["pseudo", "en"], available: available)
        XCTAssertEqual(pseudo(archive), PseudoLocale.transform("Archive"))
        XCTAssertEqual(Localization.english(later), "Later")
    }

    func testACountPicksItsFormByTheCataloguesRule() {
        let deleted = LocalizedPlural("trash.deleted", one: "One message deleted", other: "{count} messages deleted")
        let arabic = #"""
        msgid ""
        msgstr "Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\n"

        msgid "trash.deleted"
        msgid_plural "trash.deleted"
        msgstr[0] "zero"
        msgstr[1] "one"
        msgstr[2] "two"
        msgstr[3] "few {count}"
        msgstr[4] "many {count}"
        msgstr[5] "other {count}"
        """#
        let texts = Localization(languages: ["ar", "en"], available: ["ar": arabic])
        XCTAssertEqual([0, 1, 2, 5, 11, 100].map { texts(deleted, count: $0) }, ["zero", "one", "two", "few 5", "many 11", "other 100"])
        XCTAssertEqual([1, 0, 7].map { Localization.english(deleted, count: $0) }, ["One message deleted", "0 messages deleted", "7 messages deleted"])
    }
}
