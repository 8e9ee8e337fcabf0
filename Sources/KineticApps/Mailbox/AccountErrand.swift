import Foundation
import KineticData
import KineticPlatform

/// Setting up the account the sheet holds, in the background, in two steps with the stage's thread between them: the
/// login checked (`MailAccountSetting.check`), then, only if the sheet still waits for that very try, the account
/// kept (`keep`), so a Cancel while the server is asked keeps nothing. Once kept, the Mailbox opens anew on it.
final class AccountErrand {
    private unowned let screen: MailboxScreen
    /// Which try is the sheet's now; an answer to an older one is let go.
    private var serial = 0
    /// The checks' answers: the form, or why it was refused.
    private let checked = Handover<(serial: Int, form: MailAccountForm, refusal: String?)>()
    /// What keeping gave, or why it failed.
    private let kept = Handover<(serial: Int, kept: MailAccountKept?, refusal: String?)>()

    init(screen: MailboxScreen) {
        self.screen = screen
    }

    /// Checks `form`'s account with its server, in the background, counted as the stage's background work.
    func start(_ form: MailAccountForm) {
        serial += 1
        guard let setting = screen.environment.accountSetting else {
            screen.send(.accountRefused(reason: "this run sets up no mail accounts"))
            return
        }
        let serial = serial, checked = checked, work = screen.stage?.backgroundWork
        work?.start()
        Task.detached {
            defer { work?.finish() }
            do {
                try await setting.check(form)
                checked.add((serial, form, nil))
            } catch {
                checked.add((serial, form, ErrorWords.sentence(error)))
            }
        }
    }

    /// Hands the answers to the rules, on the stage's thread: a refusal is said; a login that worked is kept, while
    /// the sheet still waits for it; an account kept opens the Mailbox anew.
    func takeAnswers() {
        for answer in checked.take() where answer.serial == serial && screen.state.account?.isConnecting == true {
            if let refusal = answer.refusal { screen.send(.accountRefused(reason: refusal)); continue }
            screen.send(.accountChecked)
            keep(answer.form, serial: answer.serial)
        }
        for answer in kept.take() where answer.serial == serial && screen.state.account?.isConnecting == true {
            guard let account = answer.kept else {
                screen.send(.accountRefused(reason: answer.refusal ?? ""))
                continue
            }
            screen.send(.accountKept)
            screen.environment.openOnServer(account)
            screen.reopenApp()
        }
    }

    private func keep(_ form: MailAccountForm, serial: Int) {
        guard let setting = screen.environment.accountSetting else { return }
        let kept = kept, work = screen.stage?.backgroundWork
        work?.start()
        Task.detached {
            defer { work?.finish() }
            do {
                kept.add((serial, try await setting.keep(form), nil))
            } catch {
                kept.add((serial, nil, ErrorWords.sentence(error)))
            }
        }
    }
}
