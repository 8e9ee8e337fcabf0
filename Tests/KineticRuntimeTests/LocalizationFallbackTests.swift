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
}
