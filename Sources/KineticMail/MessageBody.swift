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

    /// A body as it was read before (`MailStore`).
    init(subject: String, from: String, text: String, attachments: [MailAttachment]) {
        (self.subject, self.from, self.text, self.attachments) = (subject, from, text, attachments)
    }

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

extension IMAPSession {
    /// Each message's body (`BODY.PEEK[]`, so it stays unread, up to `MessageBody.fetchedBytes`), by UID, in one
    /// FETCH: ask for `MessageBody.messagesPerFetch` at a time.
    func bodies(of uids: some Collection<UInt64>) async throws -> [UInt64: MessageBody] {
        guard !uids.isEmpty else { return [:] }
        var bodies: [UInt64: MessageBody] = [:]
        let wanted = Set(uids)
        let reply = try await run("UID FETCH \(IMAPUIDSet.compressed(Array(uids))) (UID BODY.PEEK[]<0.\(MessageBody.fetchedBytes)>)")
        for fetched in reply.fetched {
            if let uid = fetched.uid, wanted.contains(uid), let raw = fetched.bytes(prefixed: "BODY[]") { bodies[uid] = MessageBody(raw: raw) }
        }
        return bodies
    }

    /// The whole message `uid` of the open mailbox (`BODY.PEEK[]`, so it stays as read or unread as it was): to read a
    /// file it carries. Fetched a megabyte at a time (`BODY.PEEK[]<offset.length>`), each piece a command with its own
    /// deadline, so a large message on a slow link arrives rather than timing out as one; no more than one piece past
    /// `MIMELimits.messageBytes` (a longer message comes back longer than the cap, for the caller to refuse whole rather
    /// than read cut short). `nil` when the server gave none.
    func wholeMessage(_ uid: UInt64) async throws -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count <= MIMELimits.messageBytes {
            let reply = try await run("UID FETCH \(uid) (UID BODY.PEEK[]<\(bytes.count).\(Self.piece)>)")
            guard let piece = reply.fetched.first(where: { $0.uid == uid })?.bytes(prefixed: "BODY[]") else { return bytes.isEmpty ? nil : bytes }
            bytes += piece
            if piece.count < Self.piece { break }
        }
        return bytes
    }

    /// How many bytes of a message one FETCH of `wholeMessage` asks for.
    static let piece = 1 << 20

    /// Each message's flags, by UID (one FETCH; ask for a bounded number at a time).
    func flags(of uids: some Collection<UInt64>) async throws -> [UInt64: Set<String>] {
        guard !uids.isEmpty else { return [:] }
        let wanted = Set(uids)
        return try await flags(fetching: "UID FETCH \(IMAPUIDSet.compressed(Array(uids))) (UID FLAGS)").filter { wanted.contains($0.key) }
    }

    /// The flags of the open mailbox's messages from UID `lowest` to `highest` changed since `modSequence` (CONDSTORE's
    /// CHANGEDSINCE, RFC 7162 §3.1.4), by UID: one range asked at once, as what changed is few.
    func flagsChanged(since modSequence: UInt64, from lowest: UInt64, to highest: UInt64) async throws -> [UInt64: Set<String>] {
        try await flags(fetching: "UID FETCH \(lowest):\(highest) (UID FLAGS) (CHANGEDSINCE \(modSequence))")
    }

    /// The flags a FETCH of `command` gave, by UID.
    private func flags(fetching command: String) async throws -> [UInt64: Set<String>] {
        var flags: [UInt64: Set<String>] = [:]
        for fetched in try await run(command).fetched {
            if let uid = fetched.uid, let list = fetched.value(named: "FLAGS")?.list { flags[uid] = Set(list.compactMap(\.text)) }
        }
        return flags
    }
}

extension IMAPMessageHeaders {
    /// The From, To, Cc and Subject fields as a person reads them: RFC 2047's encoded words decoded and the text
    /// cleaned (`DisplayLine`) by GMime, as the body's own headers will be, so a row reads right before its body is
    /// read (and Reply All writes names, not encoded words). The other fields (the Message-ID, Later's mark) stay as the
    /// server sent them.
    func decodedForDisplay() -> IMAPMessageHeaders {
        var decoded = self
        for name in ["from", "to", "cc", "subject"] {
            guard let value = fields[name], Self.needsDecoding(value) else { continue }
            if name == "to" || name == "cc" {
                // A list may be long (a Reply All to dozens): decoded whole, up to `addressListCharacters`.
                if let list = MIMEMessage.decodedAddressList(value) { decoded.fields[name] = list }
                continue
            }
            // An address list is read as a From (GMime renders the whole list, names decoded); a subject as a subject.
            let header = name == "subject" ? "From: x@y\r\nSubject: \(value.filter { !$0.isNewline })\r\n\r\n" : "From: \(value.filter { !$0.isNewline })\r\n\r\n"
            guard let message = try? MIMEMessage(parsing: Array(header.utf8)) else { continue }  // not MIME: the field stays as sent
            decoded.fields[name] = name == "subject" ? message.subject : message.from
        }
        return decoded
    }

    /// Whether a field's value may hold encoded words or characters to clean.
    private static func needsDecoding(_ value: String) -> Bool {
        value.contains(where: { $0 == "=" || !$0.isASCII || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
    }
}
