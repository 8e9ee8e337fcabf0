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

    @Option(help: "A PEM file of the certificate authorities to trust instead of the system's.", completion: .file(extensions: ["pem", "crt"]))
    var mailCaFile: String?

    func validate() throws {
        do { _ = try setUp.account(password: "checked apart") } catch { throw ValidationError("mail account: \(error)") }
    }

    /// The account the flags name.
    private var setUp: MailAccountSetUp { MailAccountSetUp(name: name, imap: imap, smtp: smtp, user: mailUser, caFile: mailCaFile) }

    func run() throws {
        guard let password = readLine(strippingNewline: true), !password.isEmpty else {
            throw ValidationError("no password: give it on standard input (its first line)")
        }
        guard let file = MailAccountsFile.location(environment: ProcessInfo.processInfo.environment) else {
            throw ValidationError("no folder for mail.json: neither XDG_CONFIG_HOME nor HOME is an absolute path")
        }
        do {
            let warn = { (warning: String) in FileHandle.standardError.write(Data("kinetic: warning: \(warning)\n".utf8)) }
            if let warning = try setUp.keep(password: password, in: file, warn: warn) {
                warn(warning)
            } else {
                print("kept the password in the desktop's keyring, as \(try setUp.account(password: password).secretServiceKey)")
            }
        } catch {
            throw ValidationError("\(error)")
        }
        print("set up \(name) in \(file.path)")
    }
}
