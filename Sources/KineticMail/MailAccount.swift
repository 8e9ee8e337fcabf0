import Foundation
import KineticPlatform
import KineticData

/// An account on an IMAP server, as `kinetic run mailbox --imap URL --mail-user NAME --mail-password-file FILE` gives
/// it (or `KINETIC_IMAP_URL`, `KINETIC_MAIL_USER`, `KINETIC_MAIL_PASSWORD_FILE`).
package struct MailAccount: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The server's name (checked against its certificate), or `127.0.0.1` for plain IMAP on loopback.
    package var host: String
    /// Its port: 143 unless the address names one.
    package var port: Int
    /// The account's login name.
    package var user: String
    /// TLS (`imaps://`, or STARTTLS for `imap://` off loopback), or `nil` for plain IMAP on loopback.
    package var tls: IMAPTLS?
    /// Where the account sends (`smtps://host[:465]`, `smtp://host[:587]` with STARTTLS, or `smtp://127.0.0.1:port`
    /// plain), when it can: the same name and password log in there.
    package var smtp: (host: String, port: Int, tls: IMAPTLS?)?

    /// The address the account sends from: its user name when that is an address, else the name at the server.
    package var fromAddress: String { user.contains("@") ? user : "\(user)@\(host)" }
    /// The person's name as their mail says it, before the address in From (`Ana Lima <ana@example.org>`); `nil`:
    /// the address alone. At most 200 characters, one line.
    package var fromName: String? {
        didSet { fromName = fromName.map { String($0.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200)) } }
    }

    /// The name of the file its mail is kept in (`IMAPMailServer`'s `keptIn`), one per user and server: the user and
    /// server as they read (letters, digits, `.`, `@`, `-`; anything else `_`), and a hash of them exactly, so two that
    /// read alike keep apart. `ana@example.org@imap.example.org-993-5f1c….sqlite`.
    package var keptMailFileName: String {
        let key = "\(user)\n\(host)\n\(port)"
        let readable = "\(user)@\(host)-\(port)".unicodeScalars.prefix(120).map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".@-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        }
        return String(readable) + "-" + String(Self.stableHash(key), radix: 16) + ".sqlite"
    }

    /// The account as the Secret Service knows its password (`SecretService`): "ana@example.org@imap.example.org:993".
    package var secretServiceKey: String { "\(user)@\(host):\(port)" }

    /// FNV-1a of `text`'s UTF-8, 64 bits: the same on every run and machine (Swift's `Hasher` is seeded per run).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return hash
    }

    /// The same account: server, user, password and TLS, and the same SMTP server.
    package static func == (a: MailAccount, b: MailAccount) -> Bool {
        (a.host, a.port, a.user, a.password, a.tls) == (b.host, b.port, b.user, b.password, b.tls)
            && a.smtp?.host == b.smtp?.host && a.smtp?.port == b.smtp?.port && a.smtp?.tls == b.smtp?.tls
    }
    /// Never in a log, a dump or a message: `description` leaves it out.
    package var password: String

    /// The account at `address`, checked: the scheme, a host, a port from 1 to 65535. `imaps://host[:993]` is IMAP
    /// over TLS (RFC 8314's implicit TLS); `imap://host[:143]` turns to TLS with STARTTLS before the password is sent;
    /// on loopback only, `imap://127.0.0.1:port` stays plain, where nothing travels. Certificates are checked against
    /// the system's roots or `trustRootsFile`'s. The SMTP server's address is read the same way (`smtps://` on 465,
    /// `smtp://` with STARTTLS on 587).
    package init(address: String, user: String, password: String, trustRootsFile: String? = nil, smtpAddress: String? = nil) throws {
        let imap = try Self.endpoint(address, secure: "imaps", plain: "imap", securePort: 993, plainPort: 143)
        guard !user.isEmpty, !user.contains(where: \.isNewline) else { throw MailAccountError(.userInvalid) }
        (host, port, self.user, self.password) = (imap.host, imap.port, user, password)
        tls = imap.security.tls(trustRootsFile: trustRootsFile)
        if let smtpAddress {
            let endpoint = try Self.endpoint(smtpAddress, secure: "smtps", plain: "smtp", securePort: 465, plainPort: 587)
            smtp = (endpoint.host, endpoint.port, endpoint.security.tls(trustRootsFile: trustRootsFile))
        }
    }

    /// How a connection is kept private.
    enum Security {
        /// TLS from the first byte.
        case implicitTLS
        /// Plain until STARTTLS, then TLS.
        case startTLS
        /// Plain: loopback only.
        case plain

        /// The TLS it asks for, trusting `trustRootsFile`'s roots; `nil` for plain.
        func tls(trustRootsFile: String?) -> IMAPTLS? {
            switch self {
            case .implicitTLS: return IMAPTLS(trustRootsFile: trustRootsFile)
            case .startTLS: return IMAPTLS(trustRootsFile: trustRootsFile, startTLS: true)
            case .plain: return nil
            }
        }
    }

    /// A server's address checked: the scheme (`secure` for TLS from the first byte; `plain` for STARTTLS, or plain
    /// on loopback), a host, a port.
    static func endpoint(_ address: String, secure: String, plain: String, securePort: Int, plainPort: Int) throws -> (host: String, port: Int, security: Security) {
        guard let url = URLComponents(string: address), let scheme = url.scheme?.lowercased(), [secure, plain].contains(scheme) else {
            throw MailAccountError(.notAnAddress(address: Self.shown(address), secure: secure, plain: plain))
        }
        // A password in the address would be kept in mail.json and said in errors: the address is not repeated.
        guard url.user == nil, url.password == nil else {
            throw MailAccountError(.addressHoldsCredentials(protocol: plain.uppercased()))
        }
        guard let bracketed = url.host, !bracketed.isEmpty else { throw MailAccountError(.namesNoHost(address: Self.shown(address))) }
        let host = bracketed.hasPrefix("[") && bracketed.hasSuffix("]") ? String(bracketed.dropFirst().dropLast()) : bracketed
        let port = url.port ?? (scheme == secure ? securePort : plainPort)
        guard (1...65535).contains(port) else { throw MailAccountError(.portOutOfRange(address: Self.shown(address), port: port)) }
        if scheme == secure { return (host, port, .implicitTLS) }
        guard ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) else { return (host, port, .startTLS) }
        return (host == "localhost" ? "127.0.0.1" : host, port, .plain)  // plain, no name to check: an address
    }

    /// The account as a log, a dump or a failed test may print it: never the password.
    package var description: String { "\(user) at \(tls?.startTLS == false ? "imaps" : "imap")://\(host):\(port) (password not shown)" }
    /// As `description`.
    package var debugDescription: String { description }
    /// What `dump` and mirrors see: no password.
    package var customMirror: Mirror { Mirror(self, children: ["host": host, "port": port, "user": user, "tls": tls as Any], displayStyle: .struct) }

    /// The password from a file: its first line; a file others can read is taken with a warning, as ssh warns.
    package static func password(fromFile path: String, warn: (MailProblem) -> Void) throws -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            warn(.account(.passwordFileOpenToOthers(path: Self.shown(path), mode: String(mode & 0o777, radix: 8))))
        }
        // At most 4 KB, of a regular file: a password file is a line; a device (/dev/zero) or a FIFO is never read.
        let data: Data
        do { data = try SmallFile.read(path, limit: 4096) } catch {
            throw MailAccountError(.passwordFileRefused(path: Self.shown(path), FileProblem.of(error) ?? .system("\(error)")))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MailAccountError(.passwordFileNotText(path: Self.shown(path)))
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw MailAccountError(.passwordFileEmpty(path: Self.shown(path))) }
        return line
    }

    /// Outside text as a log shows it: escaped and capped.
    /// Controls, format characters (a right-to-left override, a zero-width joiner) and line and paragraph separators
    /// are written as `\u{…}`: none can reorder, hide or break the line it is shown in.
    static func shown(_ text: String) -> String {
        let hidden: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
        let escaped = text.unicodeScalars.map { hidden.contains($0.properties.generalCategory) ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return escaped.count > 120 ? "\"" + escaped.prefix(120) + "…\"" : "\"" + escaped + "\""
    }
}

/// Why an account was not taken.
package struct MailAccountError: Error, Equatable, CustomStringConvertible, MailProblemReporting {
    /// What was wrong, by kind, for the Mailbox to say in the person's language.
    package var mailProblem: MailProblem
    /// The English sentence (the log's, the command line's).
    package var description: String { mailProblem.description }
    init(_ problem: MailProblem) { mailProblem = problem }
    init(_ problem: MailAccountProblem) { mailProblem = .account(problem) }
}
