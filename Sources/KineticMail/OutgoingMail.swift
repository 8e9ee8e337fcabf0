import Foundation
import KineticData

/// A message the person wrote, as it is submitted (RFC 5322): From, To, Subject, Date, Message-ID, and for a reply
/// In-Reply-To and References, so the recipient's mail program threads it; the text as UTF-8 plain text, in base64
/// when it is not plain ASCII (so no line is too long and no byte is eight-bit for a server without 8BITMIME).
package struct OutgoingMail: Sendable, Equatable {
    /// The sender's address.
    package var from: String
    /// The recipients, each as typed: an address, or a name and an address (`Dana Ng <dana@example.org>`).
    package var to: [String]
    /// The copies (Cc), each as typed, written in the Cc header.
    package var cc: [String] = []
    /// The blind copies (Bcc), each as typed: given to the SMTP server, written in no header of a message sent (so no
    /// recipient sees them); a draft keeps them in its own (`keepsBcc`).
    package var bcc: [String] = []
    /// Whether the Bcc header is written: in a draft kept on the server, which the person reopens as written, and in
    /// the copy kept in Sent, so the sender sees whom it went to; never in the message the recipients get.
    package var keepsBcc = false
    /// The sender's name (the account's display name), written before the address in From; `nil` or blank for none.
    package var fromName: String?
    /// The subject, as written.
    package var subject: String
    /// The text, as written.
    package var body: String
    /// The Message-ID of the message this answers, for a reply.
    package var inReplyTo: String?
    /// The thread's Message-IDs, oldest first, for a reply's References (RFC 5322 §3.6.4); `inReplyTo` alone when
    /// empty.
    package var references: [String] = []
    /// The files sent with it (a forward's), each a part of its own after the text.
    package var files: [MailAttachmentFile] = []
    /// When it was sent.
    package var date: Date
    /// This message's own `<…@…>`.
    package var messageID: String

    /// A message `from` → `to`; its Message-ID made from `uniqueness` (a UUID by default) and `from`'s domain.
    package init(from: String, to: [String], subject: String, body: String, inReplyTo: String? = nil, date: Date,
                uniqueness: String = UUID().uuidString) {
        (self.from, self.to, self.subject, self.body, self.inReplyTo, self.date) = (from, to, subject, body, inReplyTo, date)
        let domain = from.split(separator: "@").last.map(String.init) ?? "kinetic.localdomain"
        messageID = "<\(uniqueness.lowercased())@\(domain)>"
    }

    /// The recipients' addresses alone, as the SMTP server is given them (`RCPT TO`): To's, Cc's and Bcc's, each
    /// once (an address in two fields would otherwise be delivered twice).
    package var envelope: [String] {
        var seen: Set<String> = []
        return (to + cc + bcc).flatMap { entry in MailAddressList(entry).addresses?.map(\.address) ?? [Self.headerSafe(entry)] }
            .filter { seen.insert($0.lowercased()).inserted }
    }

    /// The To header's value: each recipient with its name, a name outside ASCII in RFC 2047's encoded words.
    var toHeader: String { Self.addressHeader(to) }

    /// The From header's value: the address, after the display name when there is one (quoted where RFC 5322 wants,
    /// encoded outside ASCII).
    var fromHeader: String {
        let address = Self.headerSafe(from)
        guard let name = fromName.map(Self.headerSafe)?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return address }
        return "\(Self.displayName(name)) <\(address)>"
    }

    /// A display name as a header writes it: encoded words outside ASCII; quoted (with `\` before `"` and `\`) when
    /// it holds a character RFC 5322's atoms may not (`Lima, Ana`); else as it is.
    static func displayName(_ name: String) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return encodedWords(name) }
        let atomText = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$%&'*+-/=?^_`{|}~ "))
        guard name.unicodeScalars.allSatisfy(atomText.contains) else {
            return "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return name
    }

    /// An address header's value (To, Cc, Bcc) for `entries` as typed: each address with its name, a name outside
    /// ASCII in RFC 2047's encoded words, one to a line.
    static func addressHeader(_ entries: [String]) -> String {
        entries.flatMap { entry -> [String] in
            guard let addresses = MailAddressList(entry).addresses else { return [Self.headerSafe(entry)] }
            return addresses.map { mailbox in
                guard let name = mailbox.name, !name.utf8.allSatisfy({ $0 < 0x80 }) else { return Self.headerSafe(mailbox.written) }
                return "\(Self.encodedWords(Self.headerSafe(name))) <\(mailbox.address)>"
            }
        }.joined(separator: ",\r\n ")
    }

    /// The message's bytes, lines ending in CRLF.
    package var bytes: [UInt8] {
        var headers = ["From: \(fromHeader)"]
        // To may be empty when Cc or Bcc holds the recipients: RFC 5322 then allows no To at all.
        if !to.isEmpty { headers.append("To: \(toHeader)") }
        if !cc.isEmpty { headers.append("Cc: \(Self.addressHeader(cc))") }
        if keepsBcc, !bcc.isEmpty { headers.append("Bcc: \(Self.addressHeader(bcc))") }
        headers += [
            "Subject: \(Self.encodedWords(Self.headerSafe(subject)))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: \(messageID)",
            "MIME-Version: 1.0",
        ]
        if let inReplyTo = inReplyTo.map(Self.headerSafe), !inReplyTo.isEmpty {
            // The chain as it came, this reply's parent last; each on a line of its own, so no line is too long.
            let chain = references.map(Self.headerSafe).filter { !$0.isEmpty && $0 != inReplyTo } + [inReplyTo]
            headers += ["In-Reply-To: \(inReplyTo)", "References: \(chain.joined(separator: "\r\n "))"]
        }
        let textPart = Self.textPart(body)
        guard !files.isEmpty else { return Array((headers.joined(separator: "\r\n") + "\r\n" + textPart).utf8) }
        // With files: multipart/mixed (RFC 2046 §5.1.3), the text first, then each file.
        // Made of the Message-ID's own part (a UUID's hex digits; the Mailbox's: its moment in milliseconds, its row and
        // its device's random token), so unique to the message, within RFC 2046's 70 characters and plain ASCII.
        let boundary = "kinetic-" + String(messageID.prefix { $0 != "@" }.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(40))
        headers.append("Content-Type: multipart/mixed; boundary=\"\(boundary)\"")
        var parts = [textPart] + files.map(OutgoingFilePart.init).map(\.text)
        parts = parts.map { "--\(boundary)\r\n" + $0 }
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\nThis is a message in MIME format.\r\n" + parts.joined() + "--\(boundary)--\r\n").utf8)
    }

    /// The text as a part's headers and body: 7-bit ASCII as it is when every line fits, else UTF-8 in base64 (so no
    /// line is too long and no byte is eight-bit for a server without 8BITMIME), lines ending in CRLF.
    static func textPart(_ body: String) -> String {
        let text = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        if text.utf8.allSatisfy({ $0 < 0x80 }) && text.components(separatedBy: "\r\n").allSatisfy({ $0.utf8.count <= 998 }) {
            return "Content-Type: text/plain; charset=us-ascii\r\nContent-Transfer-Encoding: 7bit\r\n\r\n" + text + "\r\n"
        }
        let encoded = Data(text.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" + encoded + "\r\n"
    }

    /// A header's value on one line: line breaks (which would start a header of their own) become spaces.
    static func headerSafe(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// A header text as RFC 2047 encoded-words (`=?utf-8?B?…?=`) when it is not plain ASCII.
    static func encodedWords(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        // Each encoded word at most 75 characters: 45 bytes of text a word, cut at character boundaries.
        var words: [String] = [], chunk = ""
        for character in text {
            if chunk.utf8.count + String(character).utf8.count > 45 {
                words.append("=?utf-8?B?\(Data(chunk.utf8).base64EncodedString())?=")
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append("=?utf-8?B?\(Data(chunk.utf8).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// `Mon, 05 Jan 2026 09:41:00 +0000`, in English whatever the person's language, as RFC 5322 wants.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
