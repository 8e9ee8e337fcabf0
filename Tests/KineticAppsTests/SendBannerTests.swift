import XCTest
@testable import KineticApps
import KineticData
import KineticRuntime

/// What a banner says of a message on its way (issue #54: the server's own words quoted, never the app's English
/// reason inside a sentence of the person's language): a 4xx and a 5xx quote the server's reply; a server away and
/// a message never answered quote nothing, their reason going to the log.
final class SendBannerTests: XCTestCase {
    /// "Figures" sent to Dana, on its way: the state and its outbox entry's serial.
    private func sending() -> (state: MailboxState, serial: Int) {
        var state = MailboxState(messages: [])
        state.sync.canSend = true
        for action: MailboxAction in [.compose(.open), .compose(.edit(.to, "dana@example.org")), .compose(.edit(.subject, "Figures")), .compose(.send)] {
            _ = MailboxRules.reduce(&state, action)
        }
        return (state, state.sync.outbox.first?.serial ?? -1)
    }

    func testAServerAwayIsSaidWithoutTheSystemsEnglish() {
        var (state, serial) = sending()
        let effects = MailboxRules.reduce(&state, .sync(.sendFailed(serial: serial, .unreachable("Connection refused (errno 111)"))))
        XCTAssertTrue(effects.contains(.showBanner(LocalizedMessage(MailboxText.sendWaitingAway, ["subject": .verbatim("Figures")]))), "\(effects)")
        XCTAssertTrue(effects.contains(.log("waiting to send: Connection refused (errno 111)")), "the reason is the log's")
    }

    func testAGreylistingQuotesTheServersReply() {
        var (state, serial) = sending()
        let effects = MailboxRules.reduce(&state, .sync(.sendFailed(serial: serial, .tryAgainLater("451 4.7.1 Greylisted"))))
        XCTAssertTrue(effects.contains(.showBanner(LocalizedMessage(MailboxText.sendWaiting, ["subject": .verbatim("Figures"),
                                                                                                "reason": .verbatim("451 4.7.1 Greylisted")]))), "\(effects)")
    }

    /// A reason of this side's (no SMTP server) is the app's own sentence, in the person's language, never given as
    /// what the server said.
    func testAReasonOfThisSidesIsNotTheServersWords() {
        var (state, serial) = sending()
        let effects = MailboxRules.reduce(&state, .sync(.sendFailed(serial: serial, .cannotSend(.account(.noSMTPServer)))))
        let banners = effects.compactMap { if case .showBanner(let message) = $0 { return message } else { return nil } }
        XCTAssertEqual(banners.map { Localization.english($0) }, ["Not sent: “Figures” is in Drafts: this account has no SMTP server to send through"])
        let french = Localization(languages: ["fr"], catalogues: KineticApps.shippedCatalogues())
        XCTAssertEqual(banners.map { french($0) },
                       ["Non envoyé\u{00A0}: «\u{00A0}Figures\u{00A0}» est dans Brouillons\u{00A0}: ce compte n’a pas de serveur SMTP par lequel envoyer"])
        XCTAssertEqual(state.placement(of: state.messages.first?.id ?? "").list, .draft, "kept in Drafts, never sent again by itself")
    }

    func testNoAnswerIsSaidWithoutAReason() {
        var (state, serial) = sending()
        let effects = MailboxRules.reduce(&state, .sync(.sendFailed(serial: serial, .unanswered("the mail server did not answer within 600 s"))))
        XCTAssertTrue(effects.contains(.showBanner(LocalizedMessage(MailboxText.sendUnanswered, ["subject": .verbatim("Figures")]))), "\(effects)")
        XCTAssertTrue(effects.contains(.log("not sent, kept in Drafts: the mail server did not answer within 600 s")))
    }
}
