import Foundation
import KineticData

extension IMAPMailServer {
    /// The header that marks a draft this app keeps in `\Drafts`: `X-Kinetic-Draft: <device>/<draft id>`.
    static let draftHeader = "X-Kinetic-Draft"

    /// Keeps `drafts` in the server's `\Drafts` (RFC 6154; else the mailbox named Drafts, made under the person's namespace if missing): each
    /// appended as it is now, `\Draft` and read, marked with `device` and its id; then the ones this device kept there
    /// before are deleted (by UID with UIDPLUS). New before old, so a failure between leaves a draft twice, never none.
    /// Waits for a server that can't be reached; throws a refusal.
    package func keepDrafts(_ drafts: [MailMessage], device: String) async throws {
        guard LaterSchedule.isWritable(option: device) else { throw MailAccountError(.other("this device's name for the server is not a token")) }
        let from = account.fromAddress, fromName = account.fromName
        let typed = { (field: String?) -> [String] in field.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : [$0] } ?? [] }
        let written = drafts.map { draft in
            let recipients = draft.sender.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            var mail = OutgoingMail(from: from, to: recipients, subject: draft.subject, body: draft.body ?? draft.snippet, date: Date())
            // Cc and Bcc as typed, so another mail program opens the draft with them.
            (mail.cc, mail.bcc, mail.keepsBcc, mail.fromName) = (typed(draft.cc), typed(draft.bcc), true, fromName)
            let mark = LaterSchedule.isWritable(option: draft.id) ? draft.id : "draft"
            return Array("\(Self.draftHeader): \(device)/\(mark)\r\n".utf8) + mail.bytes
        }
        try await retry.run {
            try await session { session in
                let places = try await session.places()
                var folder = places.drafts
                if folder == nil, let name = places.draftsToCreate {
                    try await session.createMailbox(name)
                    folder = name
                }
                guard let folder else { return }
                _ = try await session.select(folder)
                let old = try await session.searchUIDs("HEADER \(Self.draftHeader) \(IMAPSession.quoted(device + "/") ?? "\"\"")")
                for bytes in written { try await session.append(bytes, to: folder, flags: ["\\Draft", "\\Seen"]) }
                try await session.deleteMessages(old)
            }
        }
    }
}
