/// A part of a message that is a file rather than text to read: what a view lists under the message.
package struct MIMEAttachment: Sendable, Equatable {
    /// The file's name as the sender gave it (decoded from RFC 2047 or RFC 2231), cleaned for display
    /// (`DisplayLine`), or `fallbackName` when the sender gave none.
    package var name: String
    /// The size of the file in bytes once its transfer encoding (base64, quoted-printable) is undone.
    package var size: Int
    /// The file's MIME type, lowercase ("application/pdf").
    package var mimeType: String

    /// The attachment called `name`, `size` bytes long, of type `mimeType`.
    package init(name: String, size: Int, mimeType: String) {
        self.name = name
        self.size = size
        self.mimeType = mimeType
    }

    /// The name shown for a file the sender left unnamed.
    static let fallbackName = "attachment"

    /// The name to show for `rawName` as the message gives it (nil or blank for none): cleaned, capped at
    /// `MIMELimits.nameCharacters`, `fallbackName` if nothing is left.
    static func displayName(_ rawName: String?) -> String {
        let cleaned = DisplayLine.cleaned(rawName ?? "", limit: MIMELimits.nameCharacters)
        return cleaned.isEmpty ? fallbackName : cleaned
    }
}
