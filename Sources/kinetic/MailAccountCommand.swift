import ArgumentParser
import Foundation
import KineticMail
import KineticPlatform

/// `kinetic mail-account NAME --imap URL --mail-user USER [--smtp URL] [--mail-ca-file FILE]`: sets up a mail account
/// once, for `kinetic run` to open with no flags. The password is read from standard input (its first line, so
/// `secret-tool lookup … | kinetic mail-account …` or a prompt's answer works, and it is never in the shell's history
/// or the process list), kept in the desktop's Secret Service through libsecret, else in a file readable by its owner
/// only, with a warning; the account goes into `$XDG_CONFIG_HOME/kinetic/mail.json` (`MailAccountsFile.setUp`).
struct MailAccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail-account",
        abstract: "Set up a mail account for the Mailbox: its password (read from standard input) in the desktop's keyring, the account in mail.json.")

    @Argument(help: "The account's name, as the Mailbox says it (\"Work\"); an account of that name is replaced.")
    var name: String

    @Option(help: "The IMAP server: imaps://HOST[:993], imap://HOST[:143] (STARTTLS), or imap://127.0.0.1:PORT (plain, loopback only).")
    var imap: String

    @Option(help: "The SMTP server to send through: smtps://HOST[:465], smtp://HOST[:587] (STARTTLS), or smtp://127.0.0.1:PORT.")
    var smtp: String?

    @Option(help: "The account's user name.")
    var mailUser: String

    @Option(help: "A PEM file of the certificate authorities to trust instead of the system's.")
    var mailCaFile: String?

    func validate() throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 80, !name.contains(where: \.isNewline) else {
            throw ValidationError("the account's name must be 1 to 80 characters on one line")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ValidationError("no password: give it on standard input (its first line)")
        }
        let account: MailAccount
        do {
            account = try MailAccount(address: imap, user: mailUser, password: line, trustRootsFile: mailCaFile, smtpAddress: smtp)
        } catch {
            throw ValidationError("mail account: \(error)")
        }
        guard let file = MailAccountsFile.location(environment: environment) else {
            throw ValidationError("no folder for mail.json: neither XDG_CONFIG_HOME nor HOME is an absolute path")
        }
        // A mail.json that can't be set up refuses before the password is kept anywhere.
        do { _ = try MailAccountsFile.entries(in: file) } catch { throw ValidationError("mail accounts: \(error)") }
        var entry: [String: Any] = ["imap": imap, "user": mailUser]
        if let smtp { entry["smtp"] = smtp }
        if let mailCaFile { entry["caFile"] = mailCaFile }
        do {
            try SecretService.store(line, for: account.secretServiceKey, environment: environment)
            entry["passwordInSecretService"] = true
            print("kept the password in the desktop's keyring, as \(account.secretServiceKey)")
        } catch {
            // No keyring answers (no desktop session): a file of the owner's only, said.
            let passwordFile = file.deletingLastPathComponent().appendingPathComponent("mail-passwords").appendingPathComponent(account.keptMailFileName.replacingOccurrences(of: ".sqlite", with: ""))
            do {
                try FileManager.default.createDirectory(at: passwordFile.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try AtomicFile.write(Data((line + "\n").utf8), to: passwordFile)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile.path)
            } catch {
                throw ValidationError("the password could be kept neither in a keyring nor in \(passwordFile.path): \(error)")
            }
            entry["passwordFile"] = passwordFile.path
            FileHandle.standardError.write(Data("kinetic: warning: \(error); the password is in \(passwordFile.path), readable by you only\n".utf8))
        }
        do {
            try MailAccountsFile.setUp(name, entry, in: file)
        } catch {
            throw ValidationError("mail accounts: \(error)")
        }
        print("set up \(name) in \(file.path)")
    }
}
