import Foundation
import NIOCore
import KineticData

/// Message submission over SMTP (RFC 5321, RFC 6409; AUTH PLAIN, RFC 4616), one message per connection: the greeting,
/// EHLO, AUTH, MAIL FROM, RCPT TO for each recipient, DATA with the message dot-stuffed, QUIT.
///
/// As the IMAP session: every reply has a deadline (`timeout`) from when its command is sent, a reply's lines are
/// bounded (at most 100, of 4,000 bytes), and the password reaches no error: a refusal says the command's verb and the
/// server's words.
package enum SMTPSubmission {
    /// Sends `message` (its RFC 5322 bytes, lines ending in CRLF) from `from` to `recipients` through the server at
    /// `host`:`port`, over TLS with `tls` (from the first byte, `smtps://` on 465; or after STARTTLS, `smtp://` on 587)
    /// or plain (loopback only), logging in as `user` when a password is given.
    /// `committed` is called just before the message's final dot is written: after it, no answer means it may have
    /// arrived (`SMTPUnanswered`). Every reply is waited for `timeout`, the final dot's for `finalReplyTimeout` when
    /// given (RFC 5321 §4.5.3.2.6 gives a server 10 minutes there, for its filters to read the message).
    package static func send(_ message: [UInt8], from: String, to recipients: [String], host: String, port: Int, tls: IMAPTLS?,
                            user: String?, password: String?, timeout: Duration = .seconds(30), finalReplyTimeout: Duration? = nil,
                            committed: @Sendable () -> Void = {}) async throws {
        try await loggedIn(host: host, port: port, tls: tls, user: user, password: password, timeout: timeout) { conversation in
            try await conversation.command("MAIL FROM:<\(try address(from))>", expecting: 250)
            for recipient in recipients { try await conversation.command("RCPT TO:<\(try address(recipient))>", expecting: 250, also: [251]) }
            try await conversation.command("DATA", expecting: 354)
            let body = dotStuffed(message)
            try await conversation.write(body)
            committed()
            try await conversation.write(Array(".\r\n".utf8))
            do {
                try await conversation.expect(250, after: "DATA", within: finalReplyTimeout)
            } catch let error as IMAPError where error.meansUnreachable {
                // The whole message went: it may have arrived. Not "unreachable", which would send it again.
                throw SMTPUnanswered(reason: "\(error)")
            }
        }
    }

    /// Logs in to the server and out again, sending nothing: the account sheet's check that the SMTP server answers
    /// and takes the name and password before the account is kept.
    package static func logIn(host: String, port: Int, tls: IMAPTLS?, user: String, password: String, timeout: Duration = .seconds(20)) async throws {
        try await loggedIn(host: host, port: port, tls: tls, user: user, password: password, timeout: timeout) { _ in }
    }

    /// A conversation opened (the greeting, EHLO, AUTH PLAIN when a password is given), `body` in it, then QUIT.
    private static func loggedIn(host: String, port: Int, tls: IMAPTLS?, user: String?, password: String?, timeout: Duration,
                                 _ body: (inout SMTPConversation) async throws -> Void) async throws {
        let channel = try await MailChannel.connect(host: host, port: port, tls: tls, timeout: timeout, dialect: .smtp)
        try await channel.executeThenClose { inbound, outbound in
            var conversation = SMTPConversation(deadlines: MailDeadline(channel: channel.channel, timeout: timeout), inbound: inbound.makeAsyncIterator(),
                                                outbound: outbound, timeout: timeout)
            // With STARTTLS the greeting, EHLO and STARTTLS were the channel's (`StartTLSOpening`, RFC 3207): over TLS,
            // what the server said in the clear is forgotten, and EHLO is asked again.
            if tls?.startTLS != true { try await conversation.expect(220, after: nil) }
            try await conversation.command("EHLO kinetic.localdomain", expecting: 250)
            if let user, let password {
                let credentials = Data(([0] + Array(user.utf8) + [0] + Array(password.utf8))).base64EncodedString()
                try await conversation.command("AUTH PLAIN \(credentials)", expecting: 235, named: "AUTH")
            }
            try await body(&conversation)
            try? await conversation.command("QUIT", expecting: 221)  // sent either way: a server may close first
        }
    }

    /// An address as MAIL FROM and RCPT TO take it: `local@domain`, printable ASCII with no `<`, `>`, space or line break
    /// (a line break would start a command of its own).
    static func address(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.contains("@"), trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }) else {
            throw IMAPError.refused("an address", "\(trimmed.debugDescription.prefix(120)) is not an address")
        }
        return trimmed
    }

    /// The message with each line ending in CRLF, a line starting with "." doubled (RFC 5321 §4.5.2), and a CRLF at its
    /// end.
    static func dotStuffed(_ message: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(message.count + 64)
        var atLineStart = true
        var index = 0
        while index < message.count {
            let byte = message[index]
            if atLineStart && byte == UInt8(ascii: ".") { out.append(byte) }
            if byte == UInt8(ascii: "\r"), index + 1 < message.count, message[index + 1] == UInt8(ascii: "\n") {
                out += [13, 10]
                index += 2
                atLineStart = true
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                out += [13, 10]
                atLineStart = true
            } else {
                out.append(byte)
                atLineStart = false
            }
            index += 1
        }
        if !atLineStart { out += [13, 10] }
        return out
    }
}

/// One SMTP conversation's reading and writing, with its deadlines.
private struct SMTPConversation {
    let deadlines: MailDeadline
    var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    let timeout: Duration
    var buffer: [UInt8] = []

    mutating func command(_ line: String, expecting code: Int, also: [Int] = [], named: String? = nil) async throws {
        try await write(Array((line + "\r\n").utf8))
        try await expect(code, also: also, after: named ?? String(line.prefix { $0 != " " && $0 != ":" }))
    }

    mutating func write(_ bytes: [UInt8]) async throws {
        // A large message (a forward's files) is given longer: the reply deadline, and a second for every 50 KB, so a
        // slow link finishes (32 MB in about 11 minutes) while one that stalls still times out.
        let deadline = NIODeadline.now() + IMAPSession.timeAmount(timeout) + .seconds(Int64(bytes.count / Self.slowestBytesPerSecond))
        do {
            try await deadlines.guarded(by: deadline) { try await outbound.write(ByteBuffer(bytes: bytes)) }
        } catch {
            throw await deadlines.whyWriteFailed(error, inbound: &inbound)
        }
    }

    /// The slowest link a message is written over without timing out, in bytes a second.
    static let slowestBytesPerSecond = 50_000

    /// Reads one reply (its lines `250-…` up to `250 …`) within `within` (else the conversation's `timeout`) and
    /// checks its code.
    mutating func expect(_ code: Int, also: [Int] = [], after command: String?, within: Duration? = nil) async throws {
        let deadline = NIODeadline.now() + IMAPSession.timeAmount(within ?? timeout)
        var lines: [String] = []
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                let text = String(decoding: line, as: UTF8.self)
                lines.append(text)
                guard lines.count <= 100 else { throw IMAPError.refused(command ?? "the greeting", "a reply of more than 100 lines") }
                let bytes = Array(text.utf8)
                guard bytes.count >= 3, let number = Int(String(decoding: bytes[0..<3], as: UTF8.self)) else {
                    throw IMAPError.refused(command ?? "the greeting", "a reply that is not SMTP: \(text.prefix(80).debugDescription)")
                }
                if bytes.count > 3 && bytes[3] == UInt8(ascii: "-") { continue }
                guard number == code || also.contains(number) else {
                    throw IMAPError.refused(command ?? "the greeting", String(lines.joined(separator: " ").prefix(300)))
                }
                return
            }
            guard buffer.count <= 4000 else { throw IMAPError.refused(command ?? "the greeting", "a reply line longer than 4,000 bytes") }
            var iterator = inbound
            let chunk = try await deadlines.guarded(by: deadline) { try await iterator.next() }
            inbound = iterator
            guard let chunk else { throw IMAPError.closed("the server closed the connection") }
            buffer += chunk.readableBytesView
        }
    }
}

/// The whole message went to the SMTP server and no answer came: it may have arrived, so it is not sent again.
package struct SMTPUnanswered: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened instead of an answer.
    package var reason: String

    /// The sentence a banner or the log says.
    package var description: String { "the mail server did not answer after the whole message was sent, so it may have arrived (\(reason))" }
}

extension SendFailure {
    /// What an SMTP conversation's failure means for the message: a 4xx reply is a wait, a 5xx a refusal, no answer
    /// after the final dot a message that may have arrived, and a server that could not be reached (or went before
    /// the final dot) a wait (RFC 5321 §4.2.1).
    package init(smtp error: Error) {
        switch error {
        case let failure as SendFailure: self = failure
        case let unanswered as SMTPUnanswered: self = .unanswered(unanswered.description)
        case let error as IMAPError where error.meansUnreachable: self = .unreachable(error.description)
        case IMAPError.refused(_, let reply) where SMTPReplyCode(reply)?.isTransient == true: self = .tryAgainLater(reply)
        case IMAPError.refused(_, let reply): self = .refused(reply)
        default: self = .refused("\(error)")
        }
    }
}

/// The three-digit code an SMTP reply starts with (RFC 5321 §4.2): 2xx done, 3xx go on, 4xx a transient failure, 5xx
/// a permanent one.
struct SMTPReplyCode: Equatable {
    let value: Int

    /// The code of `reply`, a reply's text as the conversation keeps it ("451 4.3.0 try again later"); `nil` when it
    /// does not start with three digits.
    init?(_ reply: String) {
        let digits = reply.utf8.prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }),
              reply.utf8.count == 3 || [0x20, 0x2D].contains(Array(reply.utf8)[3]), let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        self.value = value
    }

    /// A 4xx code: the same command may work later.
    var isTransient: Bool { (400..<500).contains(value) }
}
