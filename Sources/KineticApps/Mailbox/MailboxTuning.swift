import KineticCore

/// Every motion parameter of the Mailbox, in one place (`kinetic run mailbox --tune DIR` writes `DIR/mailbox.json`).
///
/// The swipe's lines at 60 and 260 pt are not here: the seed fixes them, and the rules, the colours and the icons are
/// built on them (`SwipeZone`).
public struct MailboxTuning: TunableSet {
    /// The app's id: it names the tuning file (`mailbox.json`) and is written under the file's `app` key.
    public static let app = "mailbox"

    // Swiping
    /// A message springing back, and rows closing up.
    public var returnSpring = Spring(response: 0.4, dampingRatio: 0.85)
    /// A message sliding off, and its row collapsing.
    public var slideSpring = Spring(response: 0.35, dampingRatio: 1)
    /// The slowest a message slides off, in pt/s.
    public var minimumSlideSpeed = 600.0
    /// Seconds a row takes to fade out of its list, and an empty list's note to fade in once the last row has left.
    public var rowFade = 0.15
    // Menu
    /// The menu opening and closing.
    public var menuSpring = Spring(response: 0.35, dampingRatio: 0.9)
    /// How fast a release must be to decide the menu by its direction, in menu widths per second.
    public var menuFlickSpeed = 0.3
    /// Seconds over which the finger's velocity on the menu is measured.
    public var menuVelocityWindow = 0.05
    // Options
    /// The options popping up.
    public var optionsPopSpring = Spring(response: 0.3, dampingRatio: 0.7)
    /// The options' size as they start, as a fraction.
    public var optionsPopScale = 0.9
    /// Seconds the dim takes to fade in.
    public var optionsDimIn = 0.2
    /// Seconds the dim takes to fade out.
    public var optionsDimOut = 0.15
    // Undo
    /// Seconds the undo button shows.
    public var undoDuration = 4.0
    /// Seconds the undo button takes to fade in.
    public var undoFadeIn = 0.2
    /// Seconds the undo button takes to fade out.
    public var undoFadeOut = 0.25
    // Reduced motion
    /// Seconds of the cross-fade that stands in for motion.
    public var reducedMotionFade = 0.2
    /// Seconds of the menu's cross-fade.
    public var reducedMotionMenuFade = 0.15

    /// Every parameter at its default.
    public init() {}

    /// The file's keys and the panel's rows, in the panel's order.
    public static let table: [TunableField<MailboxTuning>] = [
        .spring(\.returnSpring, "swipe.returnSpring", group: "Swiping", label: "Message back, rows closing up"),
        .spring(\.slideSpring, "swipe.slideSpring", group: "Swiping", label: "Message sliding off, row collapsing"),
        .number(\.minimumSlideSpeed, "swipe.minimumSlideSpeed", group: "Swiping", label: "Slowest slide off", unit: "pt/s", range: 50...3000),
        .number(\.rowFade, "swipe.rowFade", group: "Swiping", label: "Row fading out, empty note in", unit: "s", range: 0.02...1),
        .spring(\.menuSpring, "menu.spring", group: "Menu", label: "Menu opening and closing"),
        .number(\.menuFlickSpeed, "menu.flickSpeed", group: "Menu", label: "A flick decides (menu widths per second)", unit: "1/s", range: 0.05...5),
        .number(\.menuVelocityWindow, "menu.velocityWindow", group: "Menu", label: "Finger's velocity measured over", unit: "s", range: 0.01...0.3),
        .spring(\.optionsPopSpring, "options.popSpring", group: "Options", label: "Options popping up"),
        .number(\.optionsPopScale, "options.popScale", group: "Options", label: "Options' size as they start", range: 0.3...1),
        .number(\.optionsDimIn, "options.dimIn", group: "Options", label: "Dim fading in", unit: "s", range: 0.02...1),
        .number(\.optionsDimOut, "options.dimOut", group: "Options", label: "Dim fading out", unit: "s", range: 0.02...1),
        .number(\.undoDuration, "undo.duration", group: "Undo", label: "Undo button shows for", unit: "s", range: 0.5...20),
        .number(\.undoFadeIn, "undo.fadeIn", group: "Undo", label: "Undo button fading in", unit: "s", range: 0.02...1),
        .number(\.undoFadeOut, "undo.fadeOut", group: "Undo", label: "Undo button fading out", unit: "s", range: 0.02...1),
        .number(\.reducedMotionFade, "reducedMotion.fade", group: "Reduced motion", label: "Cross-fade instead of motion", unit: "s", range: 0.05...1),
        .number(\.reducedMotionMenuFade, "reducedMotion.menuFade", group: "Reduced motion", label: "Menu cross-fade", unit: "s", range: 0.05...1),
    ]
}
