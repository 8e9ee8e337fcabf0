import XCTest
import KineticData

/// A server's mailbox names as a person reads them: modified UTF-7 as RFC 3501 §5.1.3 writes it (its own example among
/// them), and the `INBOX.` prefix of Courier and the hosting panels left out.
final class MailFolderNameTests: XCTestCase {
    func testRFC3501sExampleIsDecoded() {
        XCTAssertEqual(MailFolderName.decoded("~peter/mail/&U,BTFw-/&ZeVnLIqe-"), "~peter/mail/\u{53F0}\u{5317}/\u{65E5}\u{672C}\u{8A9E}")
    }

    func testAnAmpersandAndAccentsAndAnEmoji() {
        XCTAssertEqual(MailFolderName.decoded("Tom &- Jerry"), "Tom & Jerry")
        XCTAssertEqual(MailFolderName.decoded("Re&AOc-us"), "Reçus")
        // U+1F4E7 E-MAIL SYMBOL is the surrogate pair D83D DCE7.
        XCTAssertEqual(MailFolderName.decoded("&2D3c5w-"), "\u{1F4E7}")
    }

    func testMalformedNamesAreShownAsWritten() {
        XCTAssertNil(MailFolderName.decoded("&AOc"), "no closing dash")
        XCTAssertNil(MailFolderName.decoded("&AO!-"), "not base64")
        XCTAssertNil(MailFolderName.decoded("&2D0-"), "a lone surrogate")
        XCTAssertEqual(MailFolderName.shown("&AOc"), "&AOc")
    }

    func testThePersonalPrefixIsLeftOut() {
        XCTAssertEqual(MailFolderName.shown("INBOX.Receipts"), "Receipts")
        XCTAssertEqual(MailFolderName.shown("inbox/Receipts"), "Receipts")
        XCTAssertEqual(MailFolderName.shown("INBOX.Re&AOc-us.2025"), "Reçus.2025")
        XCTAssertEqual(MailFolderName.shown("INBOXES"), "INBOXES")
        XCTAssertEqual(MailFolderName.shown("Projects/2025"), "Projects/2025")
    }
}
