import Foundation
import KineticData

/// A store of kept mail written as a first check of an Inbox would leave it (`MailStore`), for the benchmark's
/// "Mailbox of 10,000 opened from its store" and tools that need a large mailbox without a server: each message's
/// header fields, flags (unread) and text, UIDs from 1, newest last.
package enum KeptMailSample {
    /// One message of the sample.
    package struct Message: Sendable {
        /// The sender as a From field writes it ("Ana Lima <ana@example.org>").
        package var from: String
        /// Its subject.
        package var subject: String
        /// Its text.
        package var text: String

        /// A message from `from` about `subject`, saying `text`.
        package init(from: String, subject: String, text: String) {
            (self.from, self.subject, self.text) = (from, subject, text)
        }
    }

    /// Writes `messages` into a new store at `file` as the Inbox's (UIDVALIDITY 1), with their texts read.
    package static func write(_ messages: [Message], to file: URL) throws {
        let store = MailStore(file: file)
        if let problem = store.problem { throw MailAccountError(.other("the sample store could not be made: \(problem)")) }
        _ = try store.mailboxFound("INBOX", position: 0, uidValidity: 1, placement: .inbox)
        for batch in Array(messages.enumerated()).inBatches(of: 1_000) {
            try store.keep(batch.map { index, message in
                IMAPMessageHeaders(uid: UInt64(index + 1), flags: [], fields: [
                    "from": message.from, "subject": message.subject, "date": "Mon, 5 Jan 2026 09:41:00 +0000",
                    "message-id": "<sample-\(index)@example.org>",
                ])
            }, in: "INBOX")
            try store.keep(Dictionary(uniqueKeysWithValues: batch.map { index, message in
                (UInt64(index + 1), MessageBody(subject: message.subject, from: message.from, text: message.text, attachments: []))
            }), in: "INBOX")
        }
    }
}
