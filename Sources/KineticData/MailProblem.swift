import KineticPlatform

/// What went wrong in the Mailbox's work with the world (a mail server, an account, a file on this machine, the
/// desktop), as the Mailbox says it in the person's language: the kind of failure, with the words that are not the
/// app's own (the server's address, its reply, the system's reason, a path) kept to be quoted. A connection's error
/// and an account's give one (`MailProblemReporting`), a file's error gives `file`; any other is `other`, said as it
/// describes itself. Its `description` is the English sentence, for the log.
public enum MailProblem: Equatable, Sendable, CustomStringConvertible {
    /// The server at `server` (`host:port`) could not be reached; `why` is the system's reason ("Connection refused").
    case unreachable(server: String, why: String)
    /// The server answered `command` with a refusal, `serverSaid` its own words.
    case refused(command: String, serverSaid: String)
    /// The server closed the connection; `why` as the connection saw it.
    case closed(why: String)
    /// The server did not answer within `seconds`.
    case timedOut(seconds: Int)
    /// The server sent more than one command may bring; what was read is kept.
    case overBudget
    /// The check took longer than its `seconds`; what was read is kept.
    case overTime(seconds: Int)
    /// One mailbox could not be read (the server refused `command` there, `serverSaid` its words); the others were.
    case mailboxUnreadable(mailbox: String, command: String, serverSaid: String)
    /// The SMTP server's problem, where the account's two servers are both checked.
    indirect case atSMTPServer(MailProblem)
    /// One account's problem, among several accounts (`name`, as the Mailbox says it).
    indirect case inAccount(name: String, MailProblem)
    /// The message is not one the last check read from the server, so the server can't be asked about it.
    case messageNotChecked
    /// The server no longer holds the message.
    case messageGone
    /// The message no longer holds the file asked for.
    case fileGone
    /// A forward's files could not be read from the message forwarded (`problem`), so it was not sent.
    indirect case forwardedFilesUnreadable(MailProblem)
    /// The server has no mailbox for the place `list` and could not make one.
    case noMailbox(for: Placement.List)
    /// What was typed for an account, or keeping it.
    case account(MailAccountProblem)
    /// A file on this machine could not be read or written (an attachment saved, a private copy to open).
    case file(FileProblem)
    /// This run has no Downloads folder to save files into.
    case noDownloadsFolder
    /// The desktop's opener `program` (`xdg-open`) did not take the file: its exit `status` (127 not installed, 126
    /// not runnable, 3 no program for it, 4 that program failed), `nil` when it could not be started.
    case notOpened(program: String, status: Int32?)
    /// This run has no desktop to hand files to (a headless run).
    case noDesktop
    /// Anything else, in the words it came with.
    case other(String)

    /// The English sentence, as the connection's error says it.
    public var description: String {
        switch self {
        case .unreachable(let server, let why): return "the mail server at \(server) could not be reached (\(why))"
        case .refused(let command, let words): return "the mail server refused \(command): \(words)"
        case .closed(let why): return "the mail server closed the connection: \(why)"
        case .timedOut(let seconds): return "the mail server did not answer within \(seconds) s"
        case .overBudget: return "the mail server sent more than one check may take; what was read is kept, and the rest comes at the next check"
        case .overTime(let seconds): return "the mail server took longer than one check may take (\(seconds) s); what was read is kept, and the rest comes at the next check"
        case .mailboxUnreadable(let mailbox, let command, let words): return "\(mailbox) could not be read (\(command): \(words))"
        case .atSMTPServer(let problem): return "the SMTP server: \(problem)"
        case .inAccount(let name, let problem): return "\(name): \(problem)"
        case .messageNotChecked: return "the message is not one the last check read from the server"
        case .messageGone: return "the mail server no longer has the message"
        case .fileGone: return "the message no longer holds that file"
        case .forwardedFilesUnreadable(let problem): return "the forwarded message's files could not be read: \(problem)"
        case .noMailbox(let list): return "the server has no mailbox for \(list.rawValue) and could not make one"
        case .account(let problem): return problem.description
        case .file(let problem): return problem.description
        case .noDownloadsFolder: return "this run has no Downloads folder"
        case .notOpened(let program, let status?): return "\(program) did not open it (exit status \(status))"
        case .notOpened(let program, nil): return "\(program) could not be started"
        case .noDesktop: return "this run has no desktop to open files with"
        case .other(let words): return words
        }
    }

    /// The problem `error` reports (a connection's, an account's, a file's), else `other` with its description.
    public static func of(_ error: any Error) -> MailProblem {
        if let reporting = error as? MailProblemReporting { return reporting.mailProblem }
        if let file = FileProblem.of(error) { return .file(file) }
        return .other("\(error)")
    }
}

/// An error that says which `MailProblem` it is (the IMAP connection's do), so the Mailbox can say it in the person's
/// language rather than the library's English.
public protocol MailProblemReporting: Error {
    /// The problem, with the words to quote.
    var mailProblem: MailProblem { get }
}
