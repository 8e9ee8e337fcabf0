import KineticData
import KineticRuntime

/// A mail server's failure said in the person's language (`MailProblem`): the sentence is the app's, translated; the
/// server's address, its reply and the system's reason are quoted as they came. Said by the strip under the bar
/// while the server is away (`ServerAwayNote`), on one line of at most 200 characters.
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

    /// `problem` as a clause ("the mail server at … could not be reached (…)"), in `texts`' language.
    static func sentence(_ problem: MailProblem, _ texts: Localization) -> String {
        let said: String
        switch problem {
        case .unreachable(let server, let why): said = texts(unreachable, ["server": server, "why": why])
        case .refused(let command, let words): said = texts(refused, ["command": command, "words": words])
        case .closed(let why): said = texts(closed, ["why": why])
        case .timedOut(let seconds): said = texts(timedOut, count: seconds)
        case .overBudget: said = texts(overBudget)
        case .overTime(let seconds): said = texts(overTime, ["seconds": String(seconds)])
        case .mailboxUnreadable(let mailbox, let command, let words): said = texts(mailboxUnreadable, ["mailbox": mailbox, "command": command, "words": words])
        case .other(let words): said = words
        }
        return ServerAwayNote.shortened(said)
    }
}
