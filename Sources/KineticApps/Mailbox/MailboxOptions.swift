import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// What a swipe past the line to the left opens, over the dimmed list (`options`): the reschedule options on yellow (a
/// grid of eight, as in Mailbox, `options.panel` with `option.<slug>`) or the lists on brown, and in the grid's place
/// the date picker "Pick date" opens. The arrow keys move the keyboard focus (the stage's one ring) over the options.
final class MailboxOptions {
    private let context: MailboxViewContext
    /// The options' feature: the options shown (`nil` while none) and their actions, all this part sends.
    private let store: ScopedStore<MailboxState.Options?, OptionsAction>
    /// The dimmed cover the options and the picker sit on; a tap on it dismisses them.
    let layer = Layer(identifier: "options")
    /// The date picker, while it shows.
    private(set) var picker: DatePickerSheet?

    init(context: MailboxViewContext) {
        self.context = context
        store = context.store.scope(state: { $0.options }, action: MailboxAction.options)
        layer.frame = Rect(origin: .zero, size: context.size)
        layer.backgroundColor = Color.black.withAlpha(0.45)
        layer.zPosition = 5
        layer.isHidden = true
        layer.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.dismiss) }]
        layer.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
    }

    private var animator: Animator { context.animator }

    /// The cover fills the stage; the panel or the picker on it stays in its middle.
    func resize(to size: Size) {
        layer.frame = Rect(origin: .zero, size: size)
        for sheet in layer.sublayers { sheet.position = Point(x: size.width / 2, y: size.height / 2) }
    }

    /// Shows what the state's options say (the grid, the lists, or the picker), or fades the cover out.
    func show() {
        let state = context.state, tuning = context.tuning
        layer.removeAllSublayers()
        picker = nil
        if state.options?.kind == .date {
            showPicker()
            return
        }
        guard let options = state.options else {
            if !layer.isHidden {
                animator.animate(layer, \.opacity, to: 0, with: .tween(duration: tuning.optionsDimOut)) { [weak self] finished in
                    if finished { self?.layer.isHidden = true }
                }
            }
            return
        }
        let reschedule = options.kind == .reschedule
        let (choices, columns) = Self.grid(options.kind)
        let cell = Size(width: reschedule ? 130 : 360, height: 96)
        let rowsCount = (choices.count + columns - 1) / columns
        let panelSize = Size(width: Double(columns) * cell.width + 40, height: Double(rowsCount) * cell.height + 90)
        let panel = Typography.panel("options.panel", frame: Rect(center: Point(x: context.width / 2, y: layer.bounds.height / 2), size: panelSize),
                                     color: reschedule ? SwipeZone.yellow : SwipeZone.brown, cornerRadius: 18)
        panel.gestureRecognizers = [TapRecognizer { _ in }]
        panel.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        panel.addSublayer(Typography.label("options.title", context.settings.localization(reschedule ? Self.rescheduleTitle : Self.listTitle), frame: Rect(x: 20, y: 18, width: panelSize.width - 40, height: 32),
                                           size: 22, bold: true, color: Palette.ink, alignment: .center))
        for (index, option) in choices.enumerated() {
            let title = context.settings.localization(option.text)
            let column = index % columns, row = index / columns
            // 25 pt in from each side: the grid, its items 10 pt apart, sits on the sheet's centre (issue #58: 5 px off).
            let item = Layer(identifier: "option.\(option.id)", frame: Rect(x: 25 + Double(column) * cell.width, y: 70 + Double(row) * cell.height,
                                                                                          width: cell.width - 10, height: cell.height - 10))
            item.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 12), fill: Color.white.withAlpha(0.25)))
            let label = Typography.label(nil, title, frame: Rect(x: 6, y: 0, width: cell.width - 22, height: cell.height - 10), size: 17, bold: true, color: Palette.ink, alignment: .center)
            // Ink, not white: white on the seed's yellow is 1.3:1 and on its tan 1.8:1; ink is over 9:1 on both.
            if case .text(var text) = label.contents { text.centeredVertically = true; label.contents = .text(text) }
            item.addSublayer(label)
            item.gestureRecognizers = [TapRecognizer { [store] _ in store.send(.choose(option)) }]
            panel.addSublayer(item)
        }
        layer.addSublayer(panel)
        // (Opened from the keyboard, the first option takes the stage's focus as the menu opens: a menu's first item.)
        layer.isHidden = false
        layer.opacity = 0
        animator.animate(layer, \.opacity, to: 1, with: .tween(duration: tuning.optionsDimIn))
        pop(panel)
    }

    /// A sheet pops up from a little smaller, unless motion is reduced.
    private func pop(_ sheet: Layer) {
        guard !context.settings.reduceMotion else { return }
        sheet.scale = context.tuning.optionsPopScale
        animator.animate(sheet, \.scale, to: 1, with: .spring(context.tuning.optionsPopSpring))
    }

    private func showPicker() {
        let sheet = DatePickerSheet(context: context, center: Point(x: context.width / 2, y: layer.bounds.height / 2))
        layer.addSublayer(sheet.layer)
        layer.isHidden = false
        if layer.opacity < 1 { animator.animate(layer, \.opacity, to: 1, with: .tween(duration: context.tuning.optionsDimIn)) }
        pop(sheet.layer)
        picker = sheet
        sheet.onChange = { [weak self] in self?.describe() }
        sheet.paintSummary()
    }

    /// The sheets' titles.
    static let rescheduleTitle = LocalizedText("mailbox.options.reschedule", "Reschedule")
    static let listTitle = LocalizedText("mailbox.options.list", "Add to a list")

    /// The options and how many columns they are laid out in: the reschedule grid of eight in four columns, the lists
    /// in one.
    static func grid(_ kind: MailboxState.Options.Kind) -> (choices: [MailboxOption], columns: Int) {
        kind == .list ? (MailList.allCases.map(MailboxOption.list), 1) : (RescheduleOption.allCases.map(MailboxOption.reschedule), 4)
    }

    /// The options' keys (the picker's while it shows): the arrows move a ring over the options (from the first, at the
    /// first press), Enter or Space chooses the one ringed, Esc dismisses as a tap outside does.
    func handleKey(_ event: KeyEvent) {
        if let picker { return picker.handleKey(event) }
        guard let options = context.state.options else { return }
        let (choices, columns) = Self.grid(options.kind)
        let focus = context.stage.keyboardFocus
        let current = choices.firstIndex { item(for: $0) === focus.focused }
        var next = current ?? 0
        switch event.key {
        case .escape: return store.send(.dismiss)
        case .enter, .space:
            if let current, choices.indices.contains(current) { store.send(.choose(choices[current])) }
            return
        case .left: next -= current == nil ? 0 : 1
        case .right: next += current == nil ? 0 : 1
        case .up: next -= current == nil ? 0 : columns
        case .down: next += current == nil ? 0 : columns
        case .tab: next += current == nil ? 0 : (event.modifiers.contains(.shift) ? -1 : 1)
        default: return
        }
        focus.focus(item(for: choices[(next % choices.count + choices.count) % choices.count]))
    }

    /// The layer of `option` in the open options.
    private func item(for option: MailboxOption) -> Layer? { layer.layer(withIdentifier: "option.\(option.id)") }

    /// A click (or Tab, from the engine) put the focus on `control`: the picker's keys follow it.
    func focusMoved(to control: Layer?) {
        picker?.focusMoved(to: control)
    }

    /// The options as a menu of items (the ringed one focused), or the picker as a dialog.
    func describe() {
        // Once chosen or dismissed, the options on their way out are offered to no one.
        if layer.accessibilityElementsHidden != (context.state.options == nil) { layer.accessibilityElementsHidden = context.state.options == nil }
        guard let options = context.state.options else { return }
        if let picker { return picker.describe() }
        guard let panel = layer.layer(withIdentifier: "options.panel") else { return }
        let texts = context.settings.localization
        panel.accessibility = Accessibility(role: .menu, name: texts(options.kind == .reschedule ? Self.rescheduleTitle : Self.listTitle))
        for option in Self.grid(options.kind).choices {
            layer.layer(withIdentifier: "option.\(option.id)")?.accessibility = Accessibility(
                role: .menuItem, name: texts(option.text), states: [.focusable],  // `focused`: the stage's keyboard focus sets it
                actions: [.init("click", perform: store.sending(.choose(option)))])
        }
    }

    /// Each step: the picker's wheels coast and settle.
    func update(dt: Double) { picker?.wheels.update(dt: dt) }

    /// Whether the picker's wheels are still turning.
    var isMoving: Bool { picker?.wheels.isMoving == true }
}
