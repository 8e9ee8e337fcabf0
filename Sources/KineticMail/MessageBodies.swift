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

    /// How many bytes of a message are fetched to read it: its text, and all but large attachments. A file cut short
    /// at this size is listed at the size that arrived.
    static let fetchedBytes = 1024 * 1024
    /// How many messages one FETCH asks for: at most 5 MB in one command, which a link of 256 KB/s brings within the
    /// command's 20 s deadline.
    static let messagesPerFetch = 5

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

/// The bodies read so far, by where each message is (its mailbox, UIDVALIDITY and UID: two messages that share a
/// Message-ID keep their own bodies), for one server: a message is fetched and parsed once. A check keeps only the
/// bodies of the messages it saw, so a message gone from the server is forgotten here too.
final class MessageBodies: Sendable {
    /// Where a message is on the server, but for its UID.
    struct Place: Hashable, Sendable {
        /// Its mailbox's name.
        var mailbox: String
        /// The mailbox's UIDVALIDITY.
        var uidValidity: UInt64
    }

    /// A message's place and UID.
    private struct Key: Hashable {
        var place: Place
        var uid: UInt64
    }

    /// The bodies, and those seen by the check under way.
    private let state = NIOLockedValueBox<(read: [Key: MessageBody], seen: Set<Key>)>(([:], []))

    /// A cache with nothing read.
    init() {}

    /// Of `uids` in `place`, those whose body is not read yet.
    func missing(_ uids: [UInt64], in place: Place) -> [UInt64] {
        state.withLockedValue { state in uids.filter { state.read[Key(place: place, uid: $0)] == nil }.sorted() }
    }

    /// Keeps `fetched` (by UID, in `place`), and gives the bodies of `uids` there, now read.
    func keep(_ fetched: [UInt64: MessageBody], in place: Place, reading uids: [UInt64]) -> [UInt64: MessageBody] {
        state.withLockedValue { state in
            for (uid, body) in fetched { state.read[Key(place: place, uid: uid)] = body }
            var bodies: [UInt64: MessageBody] = [:]
            for uid in uids {
                let key = Key(place: place, uid: uid)
                state.seen.insert(key)
                bodies[uid] = state.read[key]
            }
            return bodies
        }
    }

    /// A check begins: nothing seen yet.
    func beginCheck() {
        state.withLockedValue { $0.seen = [] }
    }

    /// A check ended: when it went through, the bodies it did not see are forgotten (their messages are gone); one that
    /// failed part way forgets nothing, so a network blip costs no fetching again.
    func endCheck(completed: Bool) {
        guard completed else { return }
        state.withLockedValue { state in state.read = state.read.filter { state.seen.contains($0.key) } }
    }
}

extension IMAPSession {
    /// Each message's body (`BODY.PEEK[]`, so it stays unread, up to `MessageBody.fetchedBytes`), by UID, fetched
    /// `MessageBody.messagesPerFetch` at a time.
    func bodies(of uids: [UInt64]) async throws -> [UInt64: MessageBody] {
        var bodies: [UInt64: MessageBody] = [:]
        let wanted = Set(uids)
        for start in stride(from: 0, to: uids.count, by: MessageBody.messagesPerFetch) {
            let batch = uids[start..<min(start + MessageBody.messagesPerFetch, uids.count)]
            let reply = try await run("UID FETCH \(IMAPUIDSet.compressed(Array(batch))) (UID BODY.PEEK[]<0.\(MessageBody.fetchedBytes)>)")
            for fetched in reply.fetched {
                if let uid = fetched.uid, wanted.contains(uid), let raw = fetched.bytes(prefixed: "BODY[]") { bodies[uid] = MessageBody(raw: raw) }
            }
        }
        return bodies
    }
}
