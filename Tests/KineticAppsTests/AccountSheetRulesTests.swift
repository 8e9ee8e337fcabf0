import XCTest
import KineticData
@testable import KineticApps
import KineticRuntime

/// The account sheet alone, a child feature of the Mailbox: each action's whole state and every effect. What is
/// expected comes from the sheet's promises (docs/mail.md): what is asked is what was typed, one try at a time, a
/// Cancel while the server is asked keeps nothing, and Cancel waits while a checked account is kept.
final class AccountSheetRulesTests: XCTestCase {
    private func typed() -> AccountSetUp? {
        var sheet: AccountSetUp? = AccountSetUp()
        for (field, text) in [(AccountSetUp.Field.imap, "imaps://mail.example.org"), (.user, "ana@example.org"), (.password, "pa ss")] {
            _ = AccountSheetRules.reduce(&sheet, .edit(field, text), mayOpen: true)
        }
        return sheet
    }

    private let form = MailAccountForm(name: "", imap: "imaps://mail.example.org", smtp: "", user: "ana@example.org", password: "pa ss")

    func testItOpensOnlyWhereItMayAndClosesUnlessAnAccountIsBeingKept() {
        var sheet: AccountSetUp?
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .open, mayOpen: false), [])
        XCTAssertNil(sheet, "not over another sheet")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .open, mayOpen: true), [])
        XCTAssertEqual(sheet, AccountSetUp(), "open, empty")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .close, mayOpen: true), [])
        XCTAssertNil(sheet)
    }

    func testAConnectAsksWhatWasTypedOnceAndARefusalSaysWhy() {
        var sheet = typed()
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .connect, mayOpen: true), [.check(form)])
        var expected = typed()
        expected?.isConnecting = true
        XCTAssertEqual(sheet, expected)
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .connect, mayOpen: true), [], "one try at a time")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .edit(.user, "lea"), mayOpen: true), [])
        XCTAssertEqual(sheet, expected, "the fields wait while the server is asked")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .refused(reason: "NO [AUTHENTICATIONFAILED]"), mayOpen: true),
                       [.log("the mail account was not set up: NO [AUTHENTICATIONFAILED]")])
        expected?.isConnecting = false
        expected?.problem = "NO [AUTHENTICATIONFAILED]"
        XCTAssertEqual(sheet, expected, "the refusal shows")
        _ = AccountSheetRules.reduce(&sheet, .edit(.password, "right"), mayOpen: true)
        XCTAssertNil(sheet?.problem, "an edit clears the refusal")
    }

    /// A connection's failure by kind: logged in English, kept by kind for the sheet to say in the person's language
    /// (French here, the catalogue's sentence around the server's words); an edit clears both.
    func testARefusalByKindIsSaidInThePersonsLanguage() {
        var sheet = typed()
        _ = AccountSheetRules.reduce(&sheet, .connect, mayOpen: true)
        let problem = MailProblem.refused(command: "LOGIN", serverSaid: "NO [AUTHENTICATIONFAILED] Authentication failed.")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .refusedBecause(problem), mayOpen: true),
                       [.log("the mail account was not set up: the mail server refused LOGIN: NO [AUTHENTICATIONFAILED] Authentication failed.")])
        XCTAssertEqual(sheet?.problemKind, problem)
        let french = Localization(languages: ["fr"], catalogues: KineticApps.shippedCatalogues())
        XCTAssertEqual(MailProblemWords.sentence(problem, french), "le serveur de messagerie a refusé LOGIN\u{00A0}: NO [AUTHENTICATIONFAILED] Authentication failed.")
        _ = AccountSheetRules.reduce(&sheet, .edit(.password, "right"), mayOpen: true)
        XCTAssertNil(sheet?.problemKind, "an edit clears the refusal")
    }

    func testACheckedAccountIsKeptThenOpenedAndACancelBeforeTheCheckKeepsNothing() throws {
        let kept = KeptAccount(MailAccountKept(server: NoMailServer(), passwordInFile: false))
        var sheet = typed()
        _ = AccountSheetRules.reduce(&sheet, .connect, mayOpen: true)
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .checked, mayOpen: true), [.keep(form)])
        XCTAssertEqual(sheet?.isKeeping, true)
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .close, mayOpen: true), [])
        XCTAssertNotNil(sheet, "Cancel waits while the account is kept")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .kept(kept), mayOpen: true), [.open(kept)])
        XCTAssertNil(sheet)

        sheet = typed()
        _ = AccountSheetRules.reduce(&sheet, .connect, mayOpen: true)
        _ = AccountSheetRules.reduce(&sheet, .close, mayOpen: true)
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .checked, mayOpen: true), [], "a login after Cancel keeps nothing")
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .kept(kept), mayOpen: true), [])
        XCTAssertEqual(AccountSheetRules.reduce(&sheet, .refused(reason: "late"), mayOpen: true), [], "an answer after Cancel is nobody's")
        XCTAssertNil(sheet)
    }
}
