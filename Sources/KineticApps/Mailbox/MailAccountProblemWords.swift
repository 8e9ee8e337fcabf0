import KineticData
import KineticRuntime

/// What is wrong with an account typed in the sheet, or with keeping it (`MailAccountProblem`), in the person's
/// language; what was typed and the paths are quoted as they are.
enum MailAccountProblemWords {
    static let nameInvalid = LocalizedText("mailbox.problem.account.name", "the account’s name must be 1 to 80 characters on one line")
    static let userInvalid = LocalizedText("mailbox.problem.account.user", "the user name is empty or holds a line break")
    static let passwordInvalid = LocalizedText("mailbox.problem.account.password", "the password is empty or holds a line break")
    static let notAnAddress = LocalizedText("mailbox.problem.account.not-an-address", "{address} is not a server’s address (expected {secure}://host or {plain}://host)")
    static let addressHoldsCredentials = LocalizedText("mailbox.problem.account.credentials-in-address",
                                                       "the {protocol} address holds a user name or password; give them in their own fields")
    static let namesNoHost = LocalizedText("mailbox.problem.account.no-host", "{address} names no host")
    static let portOutOfRange = LocalizedText("mailbox.problem.account.port", "{address}: port {port} is not between 1 and 65535")
    static let caFileRefused = LocalizedText("mailbox.problem.account.ca-file-refused", "the certificate authority file {path} could not be read: {problem}")
    static let caFileHoldsNoCertificate = LocalizedText("mailbox.problem.account.ca-file-no-certificate",
                                                        "the certificate authority file {path} holds no certificate (it must be a PEM file)")
    static let accountsFileRefused = LocalizedText("mailbox.problem.account.accounts-file-refused",
                                                   "the mail accounts file {path} could not be read ({problem}); it was not changed")
    static let accountsFileNotAccounts = LocalizedText("mailbox.problem.account.accounts-file-not-accounts",
                                                       "the mail accounts file {path} does not hold a list of accounts; it was not changed")
    static let accountsFileNotWritten = LocalizedText("mailbox.problem.account.accounts-file-not-written",
                                                      "the mail accounts file {path} could not be written ({problem}); nothing was kept")
    static let accountsFolderUnusable = LocalizedText("mailbox.problem.account.accounts-folder",
                                                      "the folder {path} for the mail accounts can’t be used ({problem}); nothing was kept")
    static let passwordNotKept = LocalizedText("mailbox.problem.account.password-not-kept",
                                               "the password could be kept neither in a keyring nor in {path} ({problem})")
    static let keptButNotOpened = LocalizedText("mailbox.problem.account.kept-not-opened",
                                                "the account was kept in {path}, but could not be opened from there (the log says why)")
    static let accountsFileUnreadable = LocalizedText("mailbox.problem.account.accounts-file-unreadable", "the file {path} could not be read ({problem})")
    static let accountsFileNotJSON = LocalizedText("mailbox.problem.account.accounts-file-not-json",
                                                   "the file {path} does not hold a list of accounts in JSON ({why})")
    static let entryLeftOut = LocalizedText("mailbox.problem.account.entry-left-out", "account {number} in {path} was left out: {why}")
    static let accountLeftOut = LocalizedText("mailbox.problem.account.account-left-out", "{name} in {path} was left out: {problem}")
    static let noPasswordInKeyring = LocalizedText("mailbox.problem.account.no-password-in-keyring", "the keyring holds no password for {key}")
    static let namesNoPassword = LocalizedText("mailbox.problem.account.names-no-password",
                                               "it names no password (neither in the keyring nor in a file)")
    static let passwordFileRefused = LocalizedText("mailbox.problem.account.password-file-refused", "the password file {path} could not be read ({problem})")
    static let passwordFileNotText = LocalizedText("mailbox.problem.account.password-file-not-text", "the password file {path} is not a short text")
    static let passwordFileEmpty = LocalizedText("mailbox.problem.account.password-file-empty", "the password file {path} is empty")
    static let passwordFileOpenToOthers = LocalizedText("mailbox.problem.account.password-file-open",
                                                        "others can read the password file {path} (mode {mode}); make it yours alone with chmod 600")
    static let keyringAbsent = LocalizedText("mailbox.problem.account.keyring-absent", "there is no keyring on this desktop")
    static let keyringTimedOut = LocalizedPlural("mailbox.problem.account.keyring-timed-out", one: "the keyring did not answer within {count} second (is it locked?)",
                                                 other: "the keyring did not answer within {count} seconds (is it locked?)")
    static let keyringRefused = LocalizedText("mailbox.problem.account.keyring-refused", "the keyring refused: {said}")
    static let fileNotKept = LocalizedText("mailbox.problem.account.file-not-kept", "the file is not kept anywhere it can be read from")
    static let noAccountSends = LocalizedText("mailbox.problem.account.no-account-sends", "no account has an SMTP server to send through")
    static let noSMTPServer = LocalizedText("mailbox.problem.account.no-smtp-server", "this account has no SMTP server to send through")
    static let notInThisRun = LocalizedText("mailbox.problem.account.not-in-this-run", "this run sets up no mail accounts")

    /// `problem` as a message to say whole or to put inside another's `{reason}`.
    static func message(_ problem: MailAccountProblem) -> LocalizedMessage {
        switch problem {
        case .nameInvalid: return LocalizedMessage(nameInvalid)
        case .userInvalid: return LocalizedMessage(userInvalid)
        case .passwordInvalid: return LocalizedMessage(passwordInvalid)
        case .notAnAddress(let address, let secure, let plain):
            return LocalizedMessage(notAnAddress, ["address": .verbatim(address), "secure": .verbatim(secure), "plain": .verbatim(plain)])
        case .addressHoldsCredentials(let name): return LocalizedMessage(addressHoldsCredentials, ["protocol": .verbatim(name)])
        case .namesNoHost(let address): return LocalizedMessage(namesNoHost, ["address": .verbatim(address)])
        case .portOutOfRange(let address, let port): return LocalizedMessage(portOutOfRange, ["address": .verbatim(address), "port": .verbatim(String(port))])
        case .caFileRefused(let path, let file): return LocalizedMessage(caFileRefused, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .caFileHoldsNoCertificate(let path): return LocalizedMessage(caFileHoldsNoCertificate, ["path": .verbatim(path)])
        case .accountsFileRefused(let path, let file):
            return LocalizedMessage(accountsFileRefused, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .accountsFileNotAccounts(let path): return LocalizedMessage(accountsFileNotAccounts, ["path": .verbatim(path)])
        case .accountsFileNotWritten(let path, let file):
            return LocalizedMessage(accountsFileNotWritten, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .accountsFolderUnusable(let path, let file):
            return LocalizedMessage(accountsFolderUnusable, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .passwordNotKept(let path, let file):
            return LocalizedMessage(passwordNotKept, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .keptButNotOpened(let path): return LocalizedMessage(keptButNotOpened, ["path": .verbatim(path)])
        case .accountsFileUnreadable(let path, let file):
            return LocalizedMessage(accountsFileUnreadable, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .accountsFileNotJSON(let path, let why): return LocalizedMessage(accountsFileNotJSON, ["path": .verbatim(path), "why": .verbatim(why)])
        case .entryLeftOut(let number, let path, let why):
            return LocalizedMessage(entryLeftOut, ["number": .verbatim(String(number)), "path": .verbatim(path), "why": .verbatim(why)])
        case .accountLeftOut(let name, let path, let problem):
            return LocalizedMessage(accountLeftOut, ["name": .verbatim(name), "path": .verbatim(path), "problem": .message(MailProblemWords.message(problem))])
        case .noPasswordInKeyring(let key): return LocalizedMessage(noPasswordInKeyring, ["key": .verbatim(key)])
        case .namesNoPassword: return LocalizedMessage(namesNoPassword)
        case .passwordFileRefused(let path, let file):
            return LocalizedMessage(passwordFileRefused, ["path": .verbatim(path), "problem": .message(FileProblemWords.message(file))])
        case .passwordFileNotText(let path): return LocalizedMessage(passwordFileNotText, ["path": .verbatim(path)])
        case .passwordFileEmpty(let path): return LocalizedMessage(passwordFileEmpty, ["path": .verbatim(path)])
        case .passwordFileOpenToOthers(let path, let mode): return LocalizedMessage(passwordFileOpenToOthers, ["path": .verbatim(path), "mode": .verbatim(mode)])
        case .keyringAbsent: return LocalizedMessage(keyringAbsent)
        case .keyringTimedOut(let seconds): return LocalizedMessage(keyringTimedOut, count: seconds)
        case .keyringRefused(let said): return LocalizedMessage(keyringRefused, ["said": .verbatim(said)])
        case .fileNotKept: return LocalizedMessage(fileNotKept)
        case .noAccountSends: return LocalizedMessage(noAccountSends)
        case .noSMTPServer: return LocalizedMessage(noSMTPServer)
        case .notInThisRun: return LocalizedMessage(notInThisRun)
        }
    }
}
