/// Work for a mail server tried again while the server cannot be reached: what the person did offline is carried out
/// when the server is back. The wait grows from `firstWait`, doubling, to `longestWait`, and goes on until the work is
/// done, the server refuses it (which ends it with the server's words), or the task is cancelled.
package struct MailRetry: Sendable {
    /// The wait after the first failure.
    package var firstWait: Duration
    /// The longest wait between tries.
    package var longestWait: Duration

    /// Tries after 1 s, 2 s, 4 s… and every 30 s from then on, unless told otherwise.
    package init(firstWait: Duration = .seconds(1), longestWait: Duration = .seconds(30)) {
        (self.firstWait, self.longestWait) = (firstWait, longestWait)
    }

    /// `work`'s answer, once the server could be reached for it.
    package func run<Answer>(_ work: () async throws -> Answer) async throws -> Answer {
        var wait = firstWait
        while true {
            do {
                return try await work()
            } catch let error as IMAPError where error.meansUnreachable {
                try await Task.sleep(for: wait)
                wait = min(wait * 2, longestWait)
            }
        }
    }
}

extension IMAPError {
    /// Whether the server could not be reached or stopped answering (and may be back), rather than refusing.
    package var meansUnreachable: Bool {
        switch self {
        case .unreachable, .closed, .timedOut: return true
        case .refused, .overBudget, .overTime: return false
        }
    }
}
