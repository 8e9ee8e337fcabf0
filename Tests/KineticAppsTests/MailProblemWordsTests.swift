import XCTest
@testable import KineticApps
import KineticData
import KineticRuntime

/// A mail server's failures in the shipped languages: the catalogue's sentence around the words it quotes (the
/// server's address and reply, a mailbox's name), never the app's English (issue #54).
final class MailProblemWordsTests: XCTestCase {
    private let french = Localization(languages: ["fr"], catalogues: KineticApps.shippedCatalogues())
    private let german = Localization(languages: ["de"], catalogues: KineticApps.shippedCatalogues())

    func testEachKindIsSaidInFrench() {
        let nb = "\u{00A0}"
        let expected: [(MailProblem, String)] = [
            (.unreachable(server: "mail.example.org:993", why: "Connection refused"), "le serveur de messagerie à mail.example.org:993 est injoignable (Connection refused)"),
            (.closed(why: "BYE shutting down"), "le serveur de messagerie a fermé la connexion\(nb): BYE shutting down"),
            (.timedOut(seconds: 20), "le serveur de messagerie n’a pas répondu en 20 secondes"),
            (.timedOut(seconds: 1), "le serveur de messagerie n’a pas répondu en 1 seconde"),
            (.overTime(seconds: 120), "le serveur de messagerie a mis plus de temps qu’une vérification ne peut en prendre (120\(nb)s)\(nb); ce qui a été lu est gardé, le reste vient à la prochaine vérification"),
            (.mailboxUnreadable(mailbox: "\"Reçus\"", command: "SELECT", serverSaid: "NO [NONEXISTENT]"), "\"Reçus\" n’a pas pu être lu (SELECT\(nb): NO [NONEXISTENT])"),
            (.other("a sentence of its own"), "a sentence of its own"),
        ]
        for (problem, sentence) in expected { XCTAssertEqual(MailProblemWords.sentence(problem, french), sentence, "\(problem)") }
    }

    /// A problem inside another (one account's among several, the SMTP server's in a check of both) and those of what
    /// was typed, of a file and of the desktop: each sentence the catalogue's, the quoted words as they came.
    func testNestedTypedAndFileProblemsAreSaidInFrench() {
        let nb = "\u{00A0}"
        let expected: [(MailProblem, String)] = [
            (.inAccount(name: "Travail", .timedOut(seconds: 20)), "Travail\(nb): le serveur de messagerie n’a pas répondu en 20 secondes"),
            (.atSMTPServer(.refused(command: "AUTH", serverSaid: "535 no")), "le serveur SMTP\(nb): le serveur de messagerie a refusé AUTH\(nb): 535 no"),
            (.account(.passwordInvalid), "le mot de passe est vide ou contient un saut de ligne"),
            (.account(.caFileRefused(path: "\"/a\"", .larger(than: 1_048_576))),
             "le fichier d’autorité de certification \"/a\" n’a pas pu être lu\(nb): il dépasse 1\u{00A0}Mo"),
            (.file(.diskFull), "le disque est plein"),
            (.account(.accountLeftOut(name: "\"Home\"", path: "\"/m.json\"", .account(.passwordFileRefused(path: "\"/pw\"", .notRegular(.fifo))))),
             "\"Home\" dans \"/m.json\" a été laissé de côté\(nb): le fichier de mot de passe \"/pw\" n’a pas pu être lu (ce n’est pas un fichier ordinaire mais un FIFO)"),
            (.file(.system("input/output error")), "input/output error"),
            (.noMailbox(for: .archive), "le serveur de messagerie n’a pas de boîte pour Archives et n’a pas pu en créer une"),
            (.notOpened(program: "xdg-open", status: 3), "xdg-open n’a trouvé aucun programme pour l’ouvrir"),
            (.notOpened(program: "xdg-open", status: 9), "xdg-open a échoué (code de sortie 9)"),
        ]
        for (problem, sentence) in expected { XCTAssertEqual(MailProblemWords.sentence(problem, french), sentence, "\(problem)") }
        // Inside a banner's own sentence, whole.
        let banner = LocalizedMessage(MailboxText.draftsRefused, ["reason": .message(MailProblemWords.message(.file(.readOnly)))])
        XCTAssertFalse(french(banner).contains("read-only"), french(banner))
        XCTAssertTrue(french(banner).hasSuffix("le disque est en lecture seule"), french(banner))
    }

    func testGermanAndTheEnglishOfTheLog() {
        XCTAssertEqual(MailProblemWords.sentence(.refused(command: "LOGIN", serverSaid: "NO"), german), "der Mailserver hat LOGIN abgelehnt: NO")
        XCTAssertEqual(MailProblemWords.sentence(.unreachable(server: "a:1", why: "b"), .english), MailProblem.unreachable(server: "a:1", why: "b").description,
                       "English on screen is the log's sentence")
    }
}
