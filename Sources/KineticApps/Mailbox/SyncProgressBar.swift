import Foundation
import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// `mailbox.progress`: a thin white bar along the foot of the bar while a mail server's mailboxes are still being read
/// (a first check of thousands gives every row at once, and their texts over the checks that follow), its filled part
/// (`mailbox.progress.fill`) the share of texts read. A screen reader finds it as a progress bar, "Reading mail",
/// valued "1,200 of 10,000". Gone once everything kept is read.
final class SyncProgressBar {
    private let context: MailboxViewContext
    /// The bar's track.
    let layer = Layer(identifier: "mailbox.progress")
    private let fill = Layer(identifier: "mailbox.progress.fill")
    /// The progress shown, so that an unchanged count changes nothing.
    private var shown: MailSyncProgress?

    /// The bar's height, in points.
    static let height = 4.0

    init(context: MailboxViewContext) {
        self.context = context
        layer.backgroundColor = MailboxViewContext.deepTint
        fill.backgroundColor = .white
        fill.anchorPoint = .zero
        layer.addSublayer(fill)
        layer.isHidden = true
        layer.isUserInteractionEnabled = false
        resize(to: context.size)
    }

    /// Along the bar's foot, the stage's width.
    func resize(to size: Size) {
        layer.frame = Rect(x: 0, y: MailboxViewContext.navHeight - Self.height, width: size.width, height: Self.height)
        place()
    }

    /// Shows `progress` (hidden when there is none, or everything is read).
    func show(_ progress: MailSyncProgress?) {
        let progress = progress.flatMap { $0.kept > 0 && !$0.isComplete ? $0 : nil }
        guard progress != shown else { return }
        shown = progress
        layer.isHidden = progress == nil
        place()
        describe()
    }

    private func place() {
        let share = shown.map { Double(min($0.read, $0.kept)) / Double(max($0.kept, 1)) } ?? 0
        fill.frame = Rect(x: 0, y: 0, width: layer.bounds.width * share, height: Self.height)
    }

    /// A progress bar named "Reading mail", its value the texts read.
    func describe() {
        guard let shown else {
            layer.accessibility = nil
            return
        }
        let texts = context.texts
        let words = texts(MailboxText.readingMailProgress, ["read": String(shown.read), "kept": String(shown.kept)])
        var described = Accessibility(role: .progressBar, name: texts(MailboxText.readingMail))
        described.value = Accessibility.Value(current: Double(shown.read), minimum: 0, maximum: Double(shown.kept), text: words)
        layer.accessibility = described
    }
}
