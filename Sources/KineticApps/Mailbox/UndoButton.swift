import KineticCore
import KineticRuntime
import KineticScene

/// `undo`: after a message is filed, "↶ Undo" fades in at the bottom for a few seconds (tuned: `undo.duration`), then
/// fades out; a tap (or a shake, or Ctrl-Z) undoes the last filing.
final class UndoButton {
    private let context: MailboxViewContext
    /// The button.
    let layer = Layer(identifier: "undo")
    /// Seconds the button has left.
    private var timeLeft = 0.0

    init(context: MailboxViewContext) {
        self.context = context
        resize(to: context.size)
        layer.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 22), fill: Palette.ink.withAlpha(0.9)))
        // The arrow turns back towards the leading side: the other way in a right-to-left layout (an arrow is not
        // mirrored by the text's direction).
        let arrow = context.layoutDirection == .rightToLeft ? "↷  " : "↶  "
        let label = Typography.label(nil, arrow + context.texts(MailboxText.undo), frame: Rect(x: 0, y: 0, width: 140, height: 44), size: 17, bold: true, color: .white, alignment: .center)
        if case .text(var text) = label.contents { text.centeredVertically = true; label.contents = .text(text) }
        layer.addSublayer(label)
        layer.opacity = 0
        layer.isHidden = true
        layer.zPosition = 4
        layer.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(.undo) }]
    }

    /// Centred, 48 pt above the bottom.
    func resize(to size: Size) {
        layer.frame = Rect(center: Point(x: size.width / 2, y: size.height - 48), size: Size(width: 140, height: 44))
    }

    /// Fades the button in and starts its countdown afresh.
    func show() {
        timeLeft = context.tuning.undoDuration
        layer.isHidden = false
        context.animator.animate(layer, \.opacity, to: 1, with: .tween(duration: context.tuning.undoFadeIn))
    }

    /// Each step: the countdown, and the fade out when it ends.
    func update(dt: Double) {
        if timeLeft > 0 {
            timeLeft -= dt
            if timeLeft <= 0 { context.animator.animate(layer, \.opacity, to: 0, with: .tween(duration: context.tuning.undoFadeOut)) }
        }
        layer.isHidden = layer.opacity <= 0.001
    }

    /// Whether the countdown runs (the screen is not at rest while it does).
    var isCounting: Bool { timeLeft > 0 }

    /// A button a screen reader can press.
    func describe() {
        var accessibility = Accessibility(role: .button, name: context.texts(MailboxText.undo), actions: [.init("press", perform: context.sending(.undo))])
        accessibility.isTransient = true  // shows for a moment: Ctrl+Z or a click reaches it, Tab passes it by (issue #58)
        layer.accessibility = accessibility
    }
}
