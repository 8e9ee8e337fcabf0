import Foundation
import KineticData

/// The messages of the server's Sent and Drafts that this device already shows from its own file, so each shows once:
///
/// - the copy of a message sent from here: its Message-ID's left part is the row's `sentAs`; for one sent by Kinetic
///   2.1 or before, which kept no `sentAs`, its subject and text are the row's (whitespace aside);
/// - every draft this device keeps in the server's Drafts (marked `<device>/<draft id>`): the device's file holds its
///   drafts, and rewrites the server's copies of them whenever they change (`IMAPMailServer.keepDrafts`), so a copy
///   whose draft was just sent (and leaves the server once the SMTP server took it) is not another program's draft.
struct OwnWritingShownHere {
    /// The left parts of the Message-IDs of the messages sent from here, lowercased.
    private let sentParts: Set<String>
    /// The messages sent from here without one (Kinetic 2.1's), by their subject and text.
    private let sentUnmarked: Set<String>
    /// What this device's drafts are marked with on the server: `<device>/`.
    private let draftPrefix: String?

    /// What `sentHere` (the messages this device sent, as Sent keeps them) shows, for the device named `device`.
    init(sentHere: [MailMessage], device: String?) {
        sentParts = Set(sentHere.compactMap { $0.sentAs?.lowercased() })
        sentUnmarked = Set(sentHere.filter { $0.sentAs == nil }.map(Self.said))
        draftPrefix = device.map { $0 + "/" }
    }

    /// Whether `message`, read from the server, is one of these.
    func holds(_ message: MailMessage) -> Bool {
        switch message.serverPlacement?.list {
        case .sent?:
            if let messageID = message.messageID, let part = Self.leftPart(of: messageID), sentParts.contains(part) { return true }
            return !sentUnmarked.isEmpty && sentUnmarked.contains(Self.said(message))
        case .draft?:
            guard let draftPrefix, let mark = message.draftMark else { return false }
            return mark.hasPrefix(draftPrefix)
        default:
            return false
        }
    }

    /// A message's subject and text, each run of white space one space, trimmed: the same for the row written here
    /// and the server's copy of it, whatever line ends and wrapping the sending gave the text.
    private static func said(_ message: MailMessage) -> String {
        let flat = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        return flat(message.subject) + "\n" + flat(message.text)
    }

    /// `<left@right>`'s `left`, lowercased; `nil` when it is not written so.
    static func leftPart(of messageID: String) -> String? {
        let trimmed = messageID.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<"), trimmed.hasSuffix(">"), let at = trimmed.lastIndex(of: "@") else { return nil }
        return String(trimmed[trimmed.index(after: trimmed.startIndex)..<at]).lowercased()
    }
}
