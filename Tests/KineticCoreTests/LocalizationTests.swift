import XCTest
@testable import KineticCore

/// The catalogue reader, plural rules, the person's languages and the pseudo-locale, against gettext's own
/// documentation (the manual's `Plural-Forms` lines, its `.po` grammar, its `LANGUAGE` rules).
final class LocalizationTests: XCTestCase {
    func testPluralRulesFromTheGettextManual() throws {
        let french = try XCTUnwrap(PluralRule(header: " nplurals=2; plural=(n > 1);"))
        XCTAssertEqual([0, 1, 2, 10].map(french.form), [0, 0, 1, 1], "French: 0 and 1 are singular")
        let english = try XCTUnwrap(PluralRule(header: "nplurals=2; plural=n != 1;"))
        XCTAssertEqual([0, 1, 2].map(english.form), [1, 0, 1])
        let arabic = try XCTUnwrap(PluralRule(header: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"))
        // CLDR's Arabic: zero, one, two, few (3–10 of each hundred), many (11–99), other (100–102).
        XCTAssertEqual([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(arabic.form), [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4])
    }

    func testAPluralHeaderOutsideTheSubsetIsRefused() {
        XCTAssertNil(PluralRule(header: "nplurals=2; plural=system(\"rm\");"))
        XCTAssertNil(PluralRule(header: "nplurals=0; plural=0;"))
        XCTAssertNil(PluralRule(header: "nplurals=2; plural=" + String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500) + ";"),
                     "nesting deeper than a catalogue needs")
        XCTAssertEqual(PluralRule(header: "nplurals=3; plural=n%0;")?.form(for: 5), 0, "a division by zero gives 0, not a crash")
    }

    func testACatalogueIsReadEntryByEntry() {
        let po = #"""
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=2; plural=(n > 1);\n"

        # A translator's comment
        msgid "mailbox.options.reschedule"
        msgstr "Reporter"

        msgctxt "menu"
        msgid "shell.open"
        msgstr "Ouvrir"

        msgid "mailbox.count"
        msgid_plural "mailbox.count"
        msgstr[0] "%d message"
        msgstr[1] "%d messages"

        #, fuzzy
        msgid "mailbox.fuzzy"
        msgstr "Pas sûr"

        msgid "mailbox.long"
        msgstr "Une ligne, "
        "puis une \"autre\"\n"

        msgid "broken"
        msgstr "no end quote

        msgid "untranslated"
        msgstr ""
        """#
        let catalogue = StringCatalogue(language: "fr", poText: po)
        XCTAssertEqual(catalogue.text("mailbox.options.reschedule"), "Reporter")
        XCTAssertEqual(catalogue.text("shell.open", context: "menu"), "Ouvrir")
        XCTAssertNil(catalogue.text("shell.open"), "a context is part of the key")
        XCTAssertEqual(catalogue.text("mailbox.count", count: 1), "%d message")
        XCTAssertEqual(catalogue.text("mailbox.count", count: 0), "%d message", "French counts 0 as one")
        XCTAssertEqual(catalogue.text("mailbox.count", count: 2), "%d messages")
        XCTAssertNil(catalogue.text("mailbox.fuzzy"), "a fuzzy entry is no translation")
        XCTAssertEqual(catalogue.text("mailbox.long"), "Une ligne, puis une \"autre\"\n")
        XCTAssertNil(catalogue.text("broken"))
        XCTAssertNil(catalogue.text("untranslated"), "an empty msgstr is no translation")
        XCTAssertEqual(catalogue.problems.count, 1, "\(catalogue.problems)")
        XCTAssertTrue(catalogue.problems.first?.hasPrefix("line 27:") ?? false, "the broken entry is named by its first line: \(catalogue.problems)")
    }

    func testThePersonsLanguagesFollowGettextsOrder() {
        XCTAssertEqual(LanguagePreference.languages(environment: [:]), ["en"])
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANG": "fr_CA.UTF-8@euro"]), ["fr-CA", "fr", "en"])
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"]), ["ar-EG", "ar", "en"],
                       "LC_MESSAGES before LANG")
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"]), ["fr-FR", "fr", "en"])
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANGUAGE": "ar:fr", "LANG": "de_DE.UTF-8"]), ["ar", "fr", "en"],
                       "LANGUAGE first")
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANGUAGE": "fr", "LANG": "C"]), ["en"], "but not over the C locale")
        // gettext compares the locale's name with "C": C.UTF-8 (a container's default) is another locale, and LANGUAGE
        // is read over it; the C.UTF-8 locale itself names no language.
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANGUAGE": "ar", "LANG": "C.UTF-8"]), ["ar", "en"])
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANG": "C.UTF-8"]), ["en"])
        XCTAssertEqual(LanguagePreference.languages(flag: "pseudo", environment: ["LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"]), ["pseudo", "en"])
        XCTAssertEqual(LanguagePreference.languages(environment: ["LANG": "../../etc/passwd"]), ["en"], "what is no language is nothing")
    }

    func testThePseudoLocaleLengthensBracketsAndKeepsPlaceholders() {
        let english = "Archive %d messages for {name}"
        let pseudo = PseudoLocale.transform(english)
        XCTAssertTrue(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
        XCTAssertGreaterThanOrEqual(Double(pseudo.count), Double(english.count) * 1.4)
        XCTAssertTrue(pseudo.contains("%d") && pseudo.contains("{name}"), pseudo)
        XCTAssertFalse(pseudo.contains("Archive"), "its letters are accented: \(pseudo)")
    }
}
