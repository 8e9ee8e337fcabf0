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

    func testGermanAndTheEnglishOfTheLog() {
        XCTAssertEqual(MailProblemWords.sentence(.refused(command: "LOGIN", serverSaid: "NO"), german), "der Mailserver hat LOGIN abgelehnt: NO")
        XCTAssertEqual(MailProblemWords.sentence(.unreachable(server: "a:1", why: "b"), .english), MailProblem.unreachable(server: "a:1", why: "b").description,
                       "English on screen is the log's sentence")
    }
}
