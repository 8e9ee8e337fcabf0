import KineticData

/// What can happen to the account sheet, a child feature of the Mailbox's (`MailboxAction.account`).
public enum AccountSheetAction: Equatable, Sendable {
    /// The menu's "Add Mail Account": the sheet opens (state `account`), its Name field with the keyboard.
    case open
    /// Cancel, or Esc with no field focused: the sheet closes and nothing is kept (a try under way is let go).
    case close
    /// A field's text after an edit (the engine's text field did the editing).
    case edit(AccountSetUp.Field, String)
    /// Connect (or Enter in the password, or Ctrl-Enter), once an IMAP address, a user and a password are typed: the
    /// server is asked (state `account.connecting`).
    case connect
    /// The check or the server refused the account (`reason`, in their words): the sheet stays, and says why.
    case refused(reason: String)
    /// The server's connection failed as `MailProblem` says: the sheet stays, and says why in the person's language.
    case refusedBecause(MailProblem)
    /// The login worked: the account is being kept (`keep`), and Cancel waits until it is.
    case checked
    /// The account was checked and kept: the sheet closes, and the Mailbox opens anew on it (`open`).
    case kept(KeptAccount)
}

/// What the account sheet asks of the world: its parent makes each a `MailboxEffect`.
public enum AccountSheetEffect: Equatable, Sendable {
    /// Check the typed account with its server: `checked` or `refused` comes back.
    case check(MailAccountForm)
    /// Keep the account checked (the keyring and the accounts file): `kept` or `refused` comes back.
    case keep(MailAccountForm)
    /// Open the Mailbox anew on the account kept.
    case open(KeptAccount)
    /// A line for the log.
    case log(String)
}

/// The account sheet's rules: its state (`nil` while closed) + action → new state + effects, pure. Whether the
/// sheet may open at all (nothing else presented over the list) is the parent's to say, in `mayOpen`.
public enum AccountSheetRules {
    /// Applies one action to the sheet.
    public static func reduce(_ sheet: inout AccountSetUp?, _ action: AccountSheetAction, mayOpen: Bool) -> [AccountSheetEffect] {
        switch action {
        case .open:
            guard sheet == nil, mayOpen else { return [] }
            sheet = AccountSetUp()
        case .close:
            guard let account = sheet, !account.isKeeping else { return [] }
            sheet = nil
        case .edit(let field, let text):
            // The fields wait while the server is asked: what is asked is what was typed.
            guard sheet?.isConnecting == false, sheet?[field] != text else { return [] }
            sheet?[field] = text
            sheet?.problem = nil; sheet?.problemKind = nil
        case .connect:
            guard let account = sheet, account.canConnect, !account.isConnecting else { return [] }
            sheet?.isConnecting = true
            sheet?.problem = nil; sheet?.problemKind = nil
            return [.check(account.form)]
        case .refusedBecause(let problem):
            let effects = reduce(&sheet, .refused(reason: problem.description), mayOpen: mayOpen)
            if !effects.isEmpty { sheet?.problemKind = problem }  // taken: not an answer to a sheet already closed
            return effects
        case .refused(let reason):
            // An answer to a sheet already closed (Cancel while connecting) is nobody's.
            guard sheet?.isConnecting == true else { return [] }
            sheet?.isConnecting = false
            sheet?.isKeeping = false
            // (The password, the likeliest to mend, takes the keyboard: the sheet's to carry out.)
            sheet?.problem = reason.isEmpty ? "the server gave no reason" : String(reason.prefix(300))
            return [.log("the mail account was not set up: \(reason.prefix(300))")]
        case .checked:
            // Kept only while the sheet still waits for this try: a Cancel while the server was asked keeps nothing.
            guard let account = sheet, account.isConnecting, !account.isKeeping else { return [] }
            sheet?.isKeeping = true
            return [.keep(account.form)]
        case .kept(let kept):
            guard sheet?.isKeeping == true else { return [] }
            sheet = nil
            return [.open(kept)]
        }
        return []
    }
}
