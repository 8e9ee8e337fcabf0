import Foundation
import KineticData

/// A mail account being set up in the account sheet (state `account`, `account.connecting` while the server is asked):
/// what is typed in each field, whether the server is being asked, and the last refusal. Its description and mirror leave
/// the password out.
public struct AccountSetUp: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The sheet's text fields (`account.<field>`), in Tab order.
    public enum Field: String, Equatable, Sendable, CaseIterable {
        case name, fromName = "from-name", imap, smtp, caFile = "ca-file", user, password

        /// The field Enter moves to; from the password, none: Enter there sets the account up.
        public var next: Field? {
            let all = Field.allCases
            guard let index = all.firstIndex(of: self), index + 1 < all.count else { return nil }
            return all[index + 1]
        }

        /// The most characters the field takes: a name, an address, a user name, a password.
        public var maximumLength: Int { self == .name ? 80 : self == .fromName ? 200 : 500 }
    }

    /// Each field's text; a field not typed in is empty.
    public var texts: [Field: String] = [:]
    /// Whether the server is being asked (the login checked, then the account kept): the fields wait.
    public var isConnecting = false
    /// Whether the login worked and the account is being kept (the keyring, `mail.json`): Cancel waits too, so a
    /// Cancel never leaves an account kept that the sheet said was not.
    public var isKeeping = false
    /// Why the last try was refused, in the server's or the check's words; `nil` before one, or once the fields change.
    public var problem: String?
    /// The refusal's kind, when the connection said it (`MailProblem`): the sheet says it in the person's language.
    public var problemKind: MailProblem?

    /// An empty sheet (its Name field takes the keyboard as it opens: the sheet's to carry out).
    public init() {}

    /// The text in `field`.
    public subscript(field: Field) -> String {
        get { texts[field] ?? "" }
        set { texts[field] = newValue }
    }

    /// Whether Connect can be pressed: an IMAP address, a user name and a password, and no try under way. The name
    /// and the SMTP server may be left empty (the user name names the account; without SMTP it only reads).
    public var canConnect: Bool {
        !isConnecting && [Field.imap, .user].allSatisfy { !self[$0].trimmingCharacters(in: .whitespaces).isEmpty } && !self[.password].isEmpty
    }

    /// The account as typed.
    public var form: MailAccountForm {
        MailAccountForm(name: self[.name], imap: self[.imap], smtp: self[.smtp], user: self[.user], password: self[.password], caFile: self[.caFile],
                        fromName: self[.fromName])
    }

    /// The sheet without its password.
    public var description: String {
        "AccountSetUp(\(form), connecting: \(isConnecting), problem: \(problem ?? "none"))"
    }
    /// What `dump` and mirrors see: no password.
    public var customMirror: Mirror { Mirror(self, children: ["form": form, "isConnecting": isConnecting, "problem": problem as Any]) }
}
