import KineticData
import KineticPlatform
import KineticRuntime

/// What went wrong (`MailProblem`) said in the person's language: the sentence is the app's, translated; the server's
/// address, its reply, a path and the system's reason are quoted as they came. The strip under the bar says it on
/// one line of at most 200 characters (`sentence`); a banner and the account sheet hold it inside their own sentence
/// (`message`).
enum MailProblemWords {
    static let unreachable = LocalizedText("mailbox.problem.unreachable", "the mail server at {server} could not be reached ({why})")
    static let refused = LocalizedText("mailbox.problem.refused", "the mail server refused {command}: {words}")
    static let closed = LocalizedText("mailbox.problem.closed", "the mail server closed the connection: {why}")
    static let timedOut = LocalizedPlural("mailbox.problem.timed-out", one: "the mail server did not answer within {count} second",
                                          other: "the mail server did not answer within {count} seconds")
    static let overTime = LocalizedText("mailbox.problem.over-time",
                                        "the mail server took longer than one check may take ({seconds} s); what was read is kept, and the rest comes at the next check")
    static let mailboxUnreadable = LocalizedText("mailbox.problem.mailbox-unreadable", "{mailbox} could not be read ({command}: {words})")
    static let overBudget = LocalizedText("mailbox.problem.over-budget",
                                          "the mail server sent more than one check may take; what was read is kept, and the rest comes at the next check")
    static let atSMTPServer = LocalizedText("mailbox.problem.at-smtp-server", "the SMTP server: {problem}")
    static let inAccount = LocalizedText("mailbox.problem.in-account", "{account}: {problem}")
    static let messageNotChecked = LocalizedText("mailbox.problem.message-not-checked", "the message is not one the last check read from the server")
    static let messageGone = LocalizedText("mailbox.problem.message-gone", "the mail server no longer has the message")
    static let fileGone = LocalizedText("mailbox.problem.file-gone", "the message no longer holds that file")
    static let noMailbox = LocalizedText("mailbox.problem.no-mailbox", "the mail server has no mailbox for {place} and could not make one")
    static let noDownloadsFolder = LocalizedText("mailbox.problem.no-downloads-folder", "there is no Downloads folder to save into")
    static let notInstalled = LocalizedText("mailbox.problem.opener.not-installed", "{program} is not installed")
    static let couldNotRun = LocalizedText("mailbox.problem.opener.could-not-run", "{program} could not be run")
    static let noProgram = LocalizedText("mailbox.problem.opener.no-program", "{program} found no program to open it with")
    static let programFailed = LocalizedText("mailbox.problem.opener.program-failed", "the program {program} chose to open it with failed")
    static let exitStatus = LocalizedText("mailbox.problem.opener.exit-status", "{program} failed (exit status {status})")
    static let noDesktop = LocalizedText("mailbox.problem.no-desktop", "this run has no desktop to open files with")
    static let forwardedFilesUnreadable = LocalizedText("mailbox.problem.forwarded-files-unreadable", "the forwarded message’s files could not be read: {problem}")

    /// `problem` as a clause, in `texts`' language, shortened to one line of at most 200 characters.
    static func sentence(_ problem: MailProblem, _ texts: Localization) -> String {
        ServerAwayNote.shortened(texts(message(problem)))
    }

    /// `problem` as a message to say whole or to put inside another's `{reason}`.
    static func message(_ problem: MailProblem) -> LocalizedMessage {
        switch problem {
        case .unreachable(let server, let why): return LocalizedMessage(unreachable, ["server": .verbatim(server), "why": .verbatim(why)])
        case .refused(let command, let words): return LocalizedMessage(refused, ["command": .verbatim(command), "words": .verbatim(words)])
        case .closed(let why): return LocalizedMessage(closed, ["why": .verbatim(why)])
        case .timedOut(let seconds): return LocalizedMessage(timedOut, count: seconds)
        case .overBudget: return LocalizedMessage(overBudget)
        case .overTime(let seconds): return LocalizedMessage(overTime, ["seconds": .verbatim(String(seconds))])
        case .mailboxUnreadable(let mailbox, let command, let words):
            return LocalizedMessage(mailboxUnreadable, ["mailbox": .verbatim(mailbox), "command": .verbatim(command), "words": .verbatim(words)])
        case .atSMTPServer(let problem): return LocalizedMessage(atSMTPServer, ["problem": .message(message(problem))])
        case .inAccount(let name, let problem): return LocalizedMessage(inAccount, ["account": .verbatim(name), "problem": .message(message(problem))])
        case .messageNotChecked: return LocalizedMessage(messageNotChecked)
        case .messageGone: return LocalizedMessage(messageGone)
        case .fileGone: return LocalizedMessage(fileGone)
        case .noMailbox(let list): return LocalizedMessage(noMailbox, ["place": .text(placeName(list))])
        case .account(let problem): return MailAccountProblemWords.message(problem)
        case .file(let problem): return FileProblemWords.message(problem)
        case .noDownloadsFolder: return LocalizedMessage(noDownloadsFolder)
        case .notOpened(let program, let status):
            // xdg-open's exit statuses, as xdg-utils documents them (and env's 126 and 127 before it).
            let text: LocalizedText
            switch status {
            case 127?: text = notInstalled
            case 126?, nil: text = couldNotRun
            case 3?: text = noProgram
            case 4?: text = programFailed
            case let other?: return LocalizedMessage(exitStatus, ["program": .verbatim(program), "status": .verbatim(String(other))])
            }
            return LocalizedMessage(text, ["program": .verbatim(program)])
        case .noDesktop: return LocalizedMessage(noDesktop)
        case .forwardedFilesUnreadable(let problem): return LocalizedMessage(forwardedFilesUnreadable, ["problem": .message(message(problem))])
        case .other(let words): return LocalizedMessage(verbatim: words)
        }
    }

    /// A place as the menu names it (a named list or a folder by the menu's section).
    static func placeName(_ list: Placement.List) -> LocalizedText {
        switch list {
        case .inbox: return MailboxSegment.inbox.text
        case .later: return MailboxSegment.later.text
        case .archive: return MailboxSegment.archive.text
        case .deleted, .gone: return MailboxShelf.trash.text
        case .sent: return MailboxShelf.sent.text
        case .draft: return MailboxShelf.drafts.text
        case .list: return MailboxText.lists
        case .folder: return MailboxText.folders
        }
    }
}
