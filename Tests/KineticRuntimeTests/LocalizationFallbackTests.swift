import Foundation
import XCTest
import KineticCore
@testable import KineticRuntime

/// A text comes from the first catalogue of the person's languages that has it, else its English.
final class LocalizationFallbackTests: XCTestCase {
    private let archive = LocalizedText("mailbox.action.archive", "Archive")
    private let later = LocalizedText("mailbox.action.later", "Later")

    func testTheFirstCatalogueThatTranslatesATextGivesIt() {
        let available = ["fr": "msgctxt \"mailbox.action.archive\"\nmsgid \"Archive\"\nmsgstr \"Archiver\"\n",
                         "ar": "msgctxt \"mailbox.action.archive\"\nmsgid \"Archive\"\nmsgstr \"أرشفة\"\n\n"
                             + "msgctxt \"mailbox.action.later\"\nmsgid \"Later\"\nmsgstr \"لاحقًا\"\n"]
        let french = Localization(languages: ["fr-CA", "fr", "ar", "en"], available: available)
        XCTAssertEqual(french(archive), "Archiver")
        XCTAssertEqual(french(later), "لاحقًا", "the next language the person reads")
        let englishFirst = Localization(languages: ["en", "fr"], available: available)
        XCTAssertEqual(englishFirst(archive), "Archive", "English is the source: what follows it is never reached")
        let pseudo = Localization(languages: ["pseudo", "en"], available: available)
        XCTAssertEqual(pseudo(archive), PseudoLocale.transform("Archive"))
        XCTAssertEqual(Localization.english(later), "Later")
    }

    /// The English is the msgid: a translation of English the code no longer says is not shown (msgmerge would have
    /// marked it fuzzy), nor is one marked fuzzy; the English shows until a translator looks at it.
    func testATranslationOfOtherEnglishOrMarkedFuzzyIsNotShown() {
        let french = #"""
        msgctxt "mailbox.action.archive"
        msgid "Archive it"
        msgstr "Archivez-le"

        #, fuzzy
        msgctxt "mailbox.action.later"
        msgid "Later"
        msgstr "Plus tard peut-être"
        """#
        let texts = Localization(languages: ["fr"], available: ["fr": french])
        XCTAssertEqual(texts(archive), "Archive", "translated from other English")
        XCTAssertEqual(texts(later), "Later", "fuzzy")
    }

    /// A compiled catalogue (`.mo`, as msgfmt writes it) gives the same texts as its `.po`.
    func testACompiledCatalogueReadsAsItsSource() throws {
        let source = #"""
        msgid ""
        msgstr "Plural-Forms: nplurals=2; plural=(n > 1);\n"

        msgctxt "mailbox.action.archive"
        msgid "Archive"
        msgstr "Archiver"

        msgctxt "trash.deleted"
        msgid "One message deleted"
        msgid_plural "{count} messages deleted"
        msgstr[0] "{count} message supprimé"
        msgstr[1] "{count} messages supprimés"

        #, fuzzy
        msgctxt "mailbox.action.later"
        msgid "Later"
        msgstr "Plus tard"
        """#
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let po = folder.appendingPathComponent("fr.po"), mo = folder.appendingPathComponent("fr.mo")
        try source.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["-o", mo.path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0)
        let compiled = StringCatalogue(language: "fr", moBytes: Array(try Data(contentsOf: mo)))
        XCTAssertEqual(compiled.problems, [])
        XCTAssertEqual(compiled, StringCatalogue(language: "fr", poText: source), "the same texts, rule and problems")
        let deleted = LocalizedPlural("trash.deleted", one: "One message deleted", other: "{count} messages deleted")
        let texts = Localization(catalogues: [compiled], isPseudo: false)
        XCTAssertEqual(texts(archive), "Archiver")
        XCTAssertEqual([0, 1, 2].map { texts(deleted, count: $0) }, ["0 message supprimé", "1 message supprimé", "2 messages supprimés"])
        XCTAssertEqual(texts(later), "Later", "msgfmt leaves fuzzy entries out")
        var damaged = Array(try Data(contentsOf: mo))
        damaged[12] = 0xff  // the originals' table past the end
        XCTAssertFalse(StringCatalogue(language: "fr", moBytes: damaged).problems.isEmpty, "said, not a crash")
        XCTAssertEqual(StringCatalogue(language: "fr", moBytes: Array("not a catalogue".utf8)).problems.count, 1)
    }

    func testACountPicksItsFormByTheCataloguesRule() {
        let deleted = LocalizedPlural("trash.deleted", one: "One message deleted", other: "{count} messages deleted")
        let arabic = #"""
        msgid ""
        msgstr "Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\n"

        msgctxt "trash.deleted"
        msgid "One message deleted"
        msgid_plural "{count} messages deleted"
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
