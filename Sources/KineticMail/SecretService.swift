import CSecret
import Foundation
import KineticData

/// Mail passwords in the desktop's Secret Service (GNOME Keyring, KWallet), through libsecret: the convention of the
/// desktop's mail programs, so a password is kept as the person's other ones are, locked with their session. Each is
/// an item with the attribute `kinetic-mail-account` = `MailAccount.secretServiceKey` ("ana@example.org@imap.example.org:993").
///
/// There is a Secret Service only where a session bus runs (`DBUS_SESSION_BUS_ADDRESS`): without one nothing is
/// asked (libsecret would try to start a bus through X11). Every call has a deadline: a service that does not answer
/// within it is cancelled, and said.
package enum SecretService {
    /// The longest wait for the service.
    package static let deadline = 5.0

    /// Why the service could not be used, in a sentence.
    package struct Failure: Error, CustomStringConvertible, MailProblemReporting {
        /// The sentence: what could not be done, and the service's words (capped, on one line).
        package let description: String
        /// Whether there is no Secret Service at all (no session bus, or nothing answering for the service), rather
        /// than one that refused, was locked, or did not answer in time.
        package var isAbsent = false
        /// How many seconds it was waited for, when it did not answer in time.
        package var waited: Int?
        /// The service's own words, when it refused.
        package var serviceSaid: String?

        /// By kind, for the Mailbox to say in the person's language.
        package var mailProblem: MailProblem {
            if isAbsent { return .account(.keyringAbsent) }
            if let waited { return .account(.keyringTimedOut(seconds: waited)) }
            return .account(.keyringRefused(said: serviceSaid ?? description))
        }
    }

    /// Whether a session bus is there to ask.
    static func isReachable(_ environment: [String: String]) -> Bool {
        !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
    }

    /// Keeps `password` for `account` (labelled so a person finds it in their keyring: "Kinetic mail: <account>"),
    /// waiting at most `deadline` seconds (a locked keyring asks the person to unlock it, which takes a person's time).
    package static func store(_ password: String, for account: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                             deadline: Double = SecretService.deadline) throws {
        guard isReachable(environment) else { throw Failure(description: "no Secret Service: no session bus runs", isAbsent: true) }
        var error: UnsafeMutablePointer<CChar>?
        var absent: Int32 = 0
        let (stored, timedOut) = withDeadline(deadline) { cancel in kinetic_secret_store(account, "Kinetic mail: \(account)", password, cancel, &error, &absent) }
        defer { g_free(error) }
        guard stored == 1 else {
            if timedOut {
                throw Failure(description: "the Secret Service did not keep the password within \(Int(deadline)) s (a keyring left locked?)",
                              waited: Int(deadline))
            }
            // No program answers for the service on this bus, or no bus answers (by the error's domain and code, not its
            // words, which are translated): there is none to keep it.
            throw Failure(description: "the Secret Service did not keep the password: \(said(error))", isAbsent: absent != 0, serviceSaid: said(error))
        }
    }

    /// Removes the password kept for `account`, if any (an account set up again elsewhere, or a set-up undone).
    package static func clear(for account: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isReachable(environment) else { throw Failure(description: "no Secret Service: no session bus runs", isAbsent: true) }
        var error: UnsafeMutablePointer<CChar>?
        let (answered, _) = withDeadline(deadline) { cancel in kinetic_secret_clear(account, cancel, &error) }
        defer { g_free(error) }
        guard answered == 1 else { throw Failure(description: "the Secret Service did not remove the password: \(said(error))", serviceSaid: said(error)) }
    }

    /// The password kept for `account`, or `nil` when none is; throws when the service can't be asked.
    /// Waits at most `deadline` seconds (a locked keyring asks to be unlocked first).
    package static func password(for account: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                                deadline: Double = SecretService.deadline) throws -> String? {
        guard isReachable(environment) else { throw Failure(description: "no Secret Service: no session bus runs", isAbsent: true) }
        var error: UnsafeMutablePointer<CChar>?
        let (found, _) = withDeadline(deadline) { cancel in kinetic_secret_lookup(account, cancel, &error) }
        defer {
            g_free(error)
            if let found { secret_password_free(found) }
        }
        if error != nil { throw Failure(description: "the Secret Service could not be asked: \(said(error))", serviceSaid: said(error)) }
        return found.map { String(cString: $0) }
    }

    /// Runs `work` with a cancellable that is cancelled `deadline` seconds on, from another thread, if it is still going;
    /// gives its result, and whether the deadline came first.
    private static func withDeadline<Result>(_ deadline: Double, _ work: (UnsafeMutablePointer<GCancellable>?) -> Result) -> (Result, timedOut: Bool) {
        let cancel = g_cancellable_new()
        // The timer holds its own reference, so the cancellable outlives it whenever it fires.
        let timerReference = g_object_ref(cancel).map(UnsafeMutableRawPointer.init)
        let box = CancellableBox(timerReference)
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            g_cancellable_cancel(box.pointer?.assumingMemoryBound(to: GCancellable.self))
            g_object_unref(box.pointer)
        }
        defer { g_object_unref(cancel) }
        let result = work(cancel)
        return (result, g_cancellable_is_cancelled(cancel) != 0)
    }

    /// The library's words, capped and on one line.
    private static func said(_ error: UnsafeMutablePointer<CChar>?) -> String {
        let words = error.map { String(cString: $0) } ?? "no reason given"
        return String(words.filter { !$0.isNewline }.prefix(300))
    }
}

/// A GObject pointer handed to the timer's thread: GCancellable's cancel and GObject's unref are thread-safe.
private struct CancellableBox: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}
