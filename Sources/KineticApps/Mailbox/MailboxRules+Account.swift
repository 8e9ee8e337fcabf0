import Foundation
import KineticData

/// The account sheet's part of the rules: opening and closing it, its fields, Connect, and the server's answer.
extension MailboxRules {
    static func reduceAccount(_ state: inout MailboxState, _ action: MailboxAction) -> [MailboxOutcome] {
        switch action {
        case .openAccountSheet:
            // Over the list only: not over compose, the options or a question, whose own keys would be lost.
            guard state.account == nil, state.compose == nil, state.options == nil, !state.confirmingEmptyTrash else { return [] }
            state.menuOpen = false
            state.account = AccountSetUp()
        case .closeAccountSheet:
            guard let account = state.account, !account.isKeeping else { return [] }
            state.account = nil
        case .editAccount(let field, let text):
            // The fields wait while the server is asked: what is asked is what was typed.
            guard state.account?.isConnecting == false, state.account?[field] != text else { return [] }
            state.account?[field] = text
            state.account?.problem = nil
        case .focusAccountField(let field):
            guard state.account?.isConnecting == false else { return [] }
            state.account?.field = field
        case .connectAccount:
            guard let account = state.account, account.canConnect else { return [] }
            state.account?.isConnecting = true
            state.account?.problem = nil
            state.account?.field = nil
            return [.effect(.setUpAccount(account.form))]
        case .accountRefused(let reason):
            // An answer to a sheet already closed (Cancel while connecting) is nobody's.
            guard state.account?.isConnecting == true else { return [] }
            state.account?.isConnecting = false
            state.account?.isKeeping = false
            state.account?.problem = reason.isEmpty ? "the server gave no reason" : String(reason.prefix(300))
            state.account?.field = .password  // the likeliest to mend, and the problem is read from there
            return [.effect(.log("the mail account was not set up: \(reason.prefix(300))"))]
        case .accountChecked:
            // Kept only while the sheet still waits for this try: a Cancel while the server was asked keeps nothing.
            guard let account = state.account, account.isConnecting, !account.isKeeping else { return [] }
            state.account?.isKeeping = true
            return [.effect(.keepAccount(account.form))]
        case .accountKept(let kept):
            guard state.account?.isKeeping == true else { return [] }
            state.account = nil
            return [.effect(.openAccount(kept))]
        default:
            break
        }
        return []
    }
}
