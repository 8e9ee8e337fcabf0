import Foundation
import KineticPlatform

/// This device's name on a mail server: a random token kept in the data folder (`mail-device`), made on first use.
/// The drafts this device keeps in the server's `\Drafts` carry it, so that it replaces only its own there, never
/// another machine's or another program's.
public enum MailDevice {
    /// The file that holds the token.
    static let fileName = "mail-device"

    /// The token in `folder`, made and saved (atomically) when there is none or what is there is not one. A token that
    /// cannot be saved still serves this run, and the log says why.
    public static func name(in folder: URL, log: (String) -> Void) -> String {
        let file = folder.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let saved = try String(contentsOf: file, encoding: .utf8)
                if let token = saved.split(whereSeparator: \.isNewline).first.map(String.init), isToken(token) { return token }
                log("mailbox: \(file.path) holds no device name; a new one is made (drafts this device kept on the mail server before stay there)")
            } catch {
                log("mailbox: \(file.path) can't be read (\(error)); a new device name is made (drafts this device kept on the mail server before stay there)")
            }
        }
        let token = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data((token + "\n").utf8), to: file, ownerOnly: true)
        } catch {
            log("mailbox: this device's name for the mail server was not saved (\(error)); drafts kept there from this run may be kept twice")
        }
        return token
    }

    /// Whether `text` is a token this file can hold: 8 to 64 lowercase hex digits.
    static func isToken(_ text: String) -> Bool {
        (8...64).contains(text.count) && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
