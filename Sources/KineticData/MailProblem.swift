/// What went wrong with a mail server, as the Mailbox says it in the person's language: the kind of failure, with the
/// words that are not the app's own (the server's address, its reply, the system's reason) kept to be quoted. A
/// connection's error gives one (`MailProblemReporting`); any other is `other`, said as it describes itself. Its
/// `description` is the English sentence, for the log.
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
        case .other(let words): return words
        }
    }

    /// The problem `error` reports, else `other` with its description.
    public static func of(_ error: any Error) -> MailProblem {
        (error as? MailProblemReporting)?.mailProblem ?? .other("\(error)")
    }
}

/// An error that says which `MailProblem` it is (the IMAP connection's do), so the Mailbox can say it in the person's
/// language rather than the library's English.
public protocol MailProblemReporting: Error {
    /// The problem, with the words to quote.
    var mailProblem: MailProblem { get }
}
