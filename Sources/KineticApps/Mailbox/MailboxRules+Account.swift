import Foundation
import KineticData

/// The account sheet composed into the Mailbox's rules: its actions run through `AccountSheetRules` on
/// `state.account`, its effects lifted into the Mailbox's.
extension MailboxRules {
    static func reduceAccount(_ state: inout MailboxState, _ action: AccountSheetAction) -> [MailboxOutcome] {
        // Over the list only: not over compose, the options or a question, whose own keys would be lost.
        let mayOpen = state.destination == nil
        let effects = AccountSheetRules.reduce(&state.account, action, mayOpen: mayOpen)
        if action == .open, state.account != nil { state.menuOpen = false }
        return effects.map { effect in
            switch effect {
            case .check(let form): return .effect(.setUpAccount(form))
            case .keep(let form): return .effect(.keepAccount(form))
            case .open(let kept): return .effect(.openAccount(kept))
            case .log(let line): return .effect(.log(line))
            }
        }
    }
}
