import NIOConcurrencyHelpers
import KineticData

/// What the reader shows of a server's message: its decoded headers, its text, and the files it carries.
struct MessageBody: Sendable, Equatable {
    /// The subject, its encoded words decoded; "" when the message could not be read as MIME.
    var subject = ""
    /// The sender (`Ana Lima <ana@example.org>`), decoded; "" when the message could not be read as MIME.
    var from = ""
    /// The text to read: text/plain preferred, HTML as text, every encoding and charset decoded (`MIMEMessage`).
    var text: String
    /// Its attachments, by name and size.
    var attachments: [MailAttachment]

    /// How many bytes of a message are fetched to read it: its text, and all but the largest attachments. A file
    /// cut short at this size is listed at the size that arrived.
    static let fetchedBytes = 4 * 1024 * 1024
    /// How many messages one FETCH asks for: at most 80 MB in one response, under the parser's 128 MB.
    static let messagesPerFetch = 20

    /// The body of a message's raw bytes (`BODY[]`) through GMime; bytes that are not MIME are shown as text, as
    /// they came, so nothing the server sent is hidden.
    init(raw bytes: [UInt8]) {
        if let message = try? MIMEMessage(parsing: bytes) {  // nil: not MIME, shown raw below
            (subject, from, text) = (message.subject, message.from, message.text)
            attachments = message.attachments.map { MailAttachment(name: $0.name, size: $0.size) }
        } else {
            text = String(decoding: bytes.prefix(200_000), as: UTF8.self)
            attachments = []
        }
    }
}

/// The bodies read so far, by message id: a message is fetched and parsed once, not at every check.
enum MessageBodies {
    /// Bodies by the Mailbox's message id.
    static let read = NIOLockedValueBox<[String: MessageBody]>([:])
}

extension IMAPSession {
    /// Each message's body (`BODY.PEEK[]`, so it stays unread, up to `MessageBody.fetchedBytes`), by UID, fetched
    /// `MessageBody.messagesPerFetch` at a time.
    func bodies(of uids: [UInt64]) async throws -> [UInt64: MessageBody] {
        var bodies: [UInt64: MessageBody] = [:]
        let wanted = Set(uids)
        for start in stride(from: 0, to: uids.count, by: MessageBody.messagesPerFetch) {
            let batch = uids[start..<min(start + MessageBody.messagesPerFetch, uids.count)]
            let reply = try await run("UID FETCH \(batch.map(String.init).joined(separator: ",")) (UID BODY.PEEK[]<0.\(MessageBody.fetchedBytes)>)")
            for values in reply.data where values.count >= 3 && values[1].text?.uppercased() == "FETCH" {
                guard let items = values[2].list else { continue }
                var uid: UInt64?, raw: [UInt8]?
                for index in stride(from: 0, to: items.count - 1, by: 2) {
                    let name = items[index].text?.uppercased() ?? ""
                    if name == "UID" { uid = items[index + 1].number }
                    if name.hasPrefix("BODY[]"), case .string(let bytes) = items[index + 1] { raw = bytes }
                }
                if let uid, let raw, wanted.contains(uid) { bodies[uid] = MessageBody(raw: raw) }
            }
        }
        return bodies
    }
}
