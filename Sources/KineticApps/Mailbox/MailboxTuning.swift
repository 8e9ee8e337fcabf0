import KineticCore

/// Every motion parameter of the Mailbox, in one place (`kinetic run mailbox --tune DIR` writes `DIR/mailbox.json`).
///
/// The swipe's lines at 60 and 260 pt are not here: the seed fixes them, and the rules, the colours and the icons are
/// built on them (`SwipeZone`).
public enum MailboxTuning {
    public static let defaults = Tuning(app: "mailbox", tunables: tunables)

    static let tunables: [Tunable] =
        Tunable.spring("swipe.returnSpring", group: "Swiping", label: "Message back, rows closing up", default: Spring(response: 0.4, dampingRatio: 0.85))
        + Tunable.spring("swipe.slideSpring", group: "Swiping", label: "Message sliding off, row collapsing", default: Spring(response: 0.35, dampingRatio: 1))
        + [
            Tunable("swipe.minimumSlideSpeed", group: "Swiping", label: "Slowest slide off", unit: "pt/s", range: 50...3000, default: 600),
            Tunable("swipe.rowFade", group: "Swiping", label: "Row fading out of its list", unit: "s", range: 0.02...1, default: 0.15),
          ]
        + Tunable.spring("menu.spring", group: "Menu", label: "Menu opening and closing", default: Spring(response: 0.35, dampingRatio: 0.9))
        + [
            Tunable("menu.flickSpeed", group: "Menu", label: "A flick decides (menu widths per second)", unit: "1/s", range: 0.05...5, default: 0.3),
            Tunable("menu.velocityWindow", group: "Menu", label: "Finger's velocity measured over", unit: "s", range: 0.01...0.3, default: 0.05),
          ]
        + Tunable.spring("options.popSpring", group: "Options", label: "Options popping up", default: Spring(response: 0.3, dampingRatio: 0.7))
        + [
            Tunable("options.popScale", group: "Options", label: "Options' size as they start", range: 0.3...1, default: 0.9),
            Tunable("options.dimIn", group: "Options", label: "Dim fading in", unit: "s", range: 0.02...1, default: 0.2),
            Tunable("options.dimOut", group: "Options", label: "Dim fading out", unit: "s", range: 0.02...1, default: 0.15),
            Tunable("undo.duration", group: "Undo", label: "Undo button shows for", unit: "s", range: 0.5...20, default: 4),
            Tunable("undo.fadeIn", group: "Undo", label: "Undo button fading in", unit: "s", range: 0.02...1, default: 0.2),
            Tunable("undo.fadeOut", group: "Undo", label: "Undo button fading out", unit: "s", range: 0.02...1, default: 0.25),
            Tunable("reducedMotion.fade", group: "Reduced motion", label: "Cross-fade instead of motion", unit: "s", range: 0.05...1, default: 0.2),
            Tunable("reducedMotion.menuFade", group: "Reduced motion", label: "Menu cross-fade", unit: "s", range: 0.05...1, default: 0.15),
          ]
}
