import KineticPlatform

/// What is wrong with a mail account as it was typed in the account sheet (or given to `kinetic mail-account`), or
/// with keeping it, by kind, so the sheet can say it in the person's language; what the person typed, a path and the
/// system's reason are kept to be quoted. Its `description` is the English sentence, for the log and the command line.
public enum MailAccountProblem: Equatable, Sendable, CustomStringConvertible {
    /// The account's name is empty, longer than 80 characters or more than one line.
    case nameInvalid
    /// The user name is empty or holds a line break.
    case userInvalid
    /// The password is empty or holds a line break.
    case passwordInvalid
    /// `address` is not a server's address; `secure` and `plain` are the schemes it may have ("imaps", "imap").
    case notAnAddress(address: String, secure: String, plain: String)
    /// The `protocol`'s address ("IMAP", "SMTP") holds a user name or password, which have their own fields.
    case addressHoldsCredentials(protocol: String)
    /// `address` names no host.
    case namesNoHost(address: String)
    /// `address`'s port is not between 1 and 65535.
    case portOutOfRange(address: String, port: Int)
    /// The certificate authority file at `path` could not be read.
    case caFileRefused(path: String, FileProblem)
    /// The certificate authority file at `path` holds no PEM certificate.
    case caFileHoldsNoCertificate(path: String)
    /// The accounts file at `path` could not be read, so it was not changed.
    case accountsFileRefused(path: String, FileProblem)
    /// The accounts file at `path` is not `{"accounts": [...]}` JSON, so it was not changed.
    case accountsFileNotAccounts(path: String)
    /// The accounts file at `path` could not be written (`problem`); nothing was kept.
    case accountsFileNotWritten(path: String, FileProblem)
    /// The folder at `path` for the accounts file could not be made or written; nothing was kept.
    case accountsFolderUnusable(path: String, FileProblem)
    /// No keyring took the password, and the file at `path` could not hold it either.
    case passwordNotKept(path: String, FileProblem)
    /// The account was kept in the accounts file at `path` but could not be opened from it (the log says why).
    case keptButNotOpened(path: String)
    /// The accounts file at `path` could not be read at launch.
    case accountsFileUnreadable(path: String, FileProblem)
    /// The accounts file at `path` is not `{"accounts": [...]}` JSON (`why`, where the parser stopped).
    case accountsFileNotJSON(path: String, why: String)
    /// Entry `number` (from 1) of the accounts file at `path` is not an account (`why`: a field missing, of a wrong
    /// type); the others were read.
    case entryLeftOut(number: Int, path: String, why: String)
    /// The account `name` of the accounts file at `path` could not be opened (`problem`); the others were.
    indirect case accountLeftOut(name: String, path: String, MailProblem)
    /// The keyring holds no password for the account `key` (`user@host:port`).
    case noPasswordInKeyring(key: String)
    /// The account's entry names no password: neither the keyring nor a file.
    case namesNoPassword
    /// The password file at `path` could not be read.
    case passwordFileRefused(path: String, FileProblem)
    /// The password file at `path` is not a short UTF-8 text.
    case passwordFileNotText(path: String)
    /// The password file at `path` is empty.
    case passwordFileEmpty(path: String)
    /// The password file at `path` can be read by others (its `mode`, in octal); it is used all the same, as ssh does.
    case passwordFileOpenToOthers(path: String, mode: String)
    /// There is no keyring (Secret Service) on this desktop.
    case keyringAbsent
    /// The keyring did not answer within `seconds` (left locked?).
    case keyringTimedOut(seconds: Int)
    /// The keyring refused, in its own words (`said`).
    case keyringRefused(said: String)
    /// The file holding a message's file could not be read: the message is kept nowhere it can be read from.
    case fileNotKept
    /// No account of several has an SMTP server, so none can send.
    case noAccountSends
    /// The account has no SMTP server, so it can't send.
    case noSMTPServer
    /// This run sets up no mail accounts (a scenario given none).
    case notInThisRun

    /// The English sentence.
    public var description: String {
        switch self {
        case .nameInvalid: return "the account's name must be 1 to 80 characters on one line"
        case .userInvalid: return "the mail user name is empty or holds a line break"
        case .passwordInvalid: return "the password is empty or holds a line break"
        case .notAnAddress(let address, let secure, let plain):
            return "\(address) is not an address (expected \(secure)://host or \(plain)://host)"
        case .addressHoldsCredentials(let name): return "the \(name) address holds a user name or password; give them in their own fields"
        case .namesNoHost(let address): return "\(address) names no host"
        case .portOutOfRange(let address, let port): return "\(address): port \(port) is not between 1 and 65535"
        case .caFileRefused(let path, let problem): return "the certificate authority file \(path) \(SmallFile.Refusal(problem: problem))"
        case .caFileHoldsNoCertificate(let path):
            return "the certificate authority file \(path) holds no certificate (a PEM file, its certificates each between -----BEGIN CERTIFICATE----- and -----END CERTIFICATE-----)"
        case .accountsFileRefused(let path, let problem): return "mail accounts: \(path) \(SmallFile.Refusal(problem: problem)); it was not changed"
        case .accountsFileNotAccounts(let path): return "mail accounts: \(path) is not {\"accounts\": [...]} JSON; it was not changed"
        case .accountsFileNotWritten(let path, let problem): return "mail accounts: \(path) could not be written (\(problem)); nothing was kept"
        case .accountsFolderUnusable(let path, let problem): return "mail accounts: the folder \(path) can't be used (\(problem)); nothing was kept"
        case .passwordNotKept(let path, let problem): return "the password could be kept neither in a keyring nor in \(path): \(problem)"
        case .keptButNotOpened(let path): return "it was kept in \(path), but could not be opened from there (the log says why)"
        case .accountsFileUnreadable(let path, let problem): return "mail accounts: \(path) \(SmallFile.Refusal(problem: problem))"
        case .accountsFileNotJSON(let path, let why): return "mail accounts: \(path) is not {\"accounts\": [...]} JSON (\(why))"
        case .entryLeftOut(let number, let path, let why): return "mail accounts: account \(number) in \(path) left out: \(why)"
        case .accountLeftOut(let name, let path, let problem): return "mail accounts: \(name) in \(path) left out: \(problem)"
        case .noPasswordInKeyring(let key): return "the Secret Service holds no password for \(key)"
        case .namesNoPassword: return "it names no password: \"passwordInSecretService\": true, or a \"passwordFile\""
        case .passwordFileRefused(let path, let problem): return "the password file \(path) \(SmallFile.Refusal(problem: problem))"
        case .passwordFileNotText(let path): return "the password file \(path) is not a short UTF-8 text"
        case .passwordFileEmpty(let path): return "the password file \(path) is empty"
        case .passwordFileOpenToOthers(let path, let mode): return "mail: \(path) can be read by others (mode \(mode)); chmod 600 it"
        case .keyringAbsent: return "no Secret Service: no session bus runs"
        case .keyringTimedOut(let seconds): return "the Secret Service did not answer within \(seconds) s (a keyring left locked?)"
        case .keyringRefused(let said): return "the Secret Service refused: \(said)"
        case .fileNotKept: return "the file is not kept anywhere it can be read from"
        case .noAccountSends: return "no account has an SMTP server to send through"
        case .noSMTPServer: return "this account has no SMTP server to send through"
        case .notInThisRun: return "this run sets up no mail accounts"
        }
    }
}
