import Foundation
import KineticCore
import KineticRuntime
import KineticScene

/// "Pick date": a sheet over the dimmed list, in the reschedule grid's place, with the engine's wheels for the day,
/// the hour and the minute, a line saying when the message will come back, Cancel (back to the grid) and Schedule.
///
/// Identifiers: `picker` (the sheet), `picker.day`, `picker.hour`, `picker.minute` (each column, its `value` the
/// chosen row's), `picker.row.<column>.<value>` (each row on screen), `picker.summary`, `picker.cancel`,
/// `picker.schedule`.
final class DatePickerSheet {
    static let size = Size(width: 460, height: 400)

    private let context: MailboxViewContext
    /// The options' feature: the options shown (`nil` while none) and their actions, all this part sends.
    private let store: ScopedStore<MailboxState.Options?, OptionsAction>
    /// The sheet.
    let layer: Layer
    /// The day, hour and minute wheels.
    let wheels: WheelPicker
    private let dates: DateWheels
    private let summary: Layer
    private let schedule: Layer
    private let cancel: Layer
    /// Puts the stage's keyboard focus on the wheel of the column the keys now turn (the pointer or ←/→ chose it).
    private func followWheels() {
        wheels.onFocusedColumnChange = { [weak self] column in
            guard let self, let wheel = self.wheelLayer(column) else { return }
            self.context.stage.keyboardFocus.focus(wheel)
        }
    }

    /// Called when the wheels' values changed, after the summary was painted (screen readers hear the new values).
    var onChange: () -> Void = {}

    /// A sheet centred at `center`, its wheels starting at the moment the reschedule grid would suggest.
    init(context: MailboxViewContext, center: Point) {
        self.context = context
        store = context.store.scope(state: { $0.options }, action: MailboxAction.options)
        let state = context.state, size = Self.size
        dates = DateWheels(now: state.now, calendar: state.calendar, words: DateWords(context.texts))
        layer = Typography.panel("picker", frame: Rect(center: center, size: size), color: .white, cornerRadius: 18)
        layer.gestureRecognizers = [TapRecognizer { _ in }]  // a tap on the sheet keeps it
        layer.cursor = .arrow
        layer.addSublayer(Typography.label("picker.title", context.texts(MailboxText.pickADate), frame: Rect(x: 20, y: 18, width: size.width - 40, height: 30),
                                           size: 20, bold: true, color: Palette.ink, alignment: .center))
        wheels = WheelPicker(prefix: "picker", origin: Point(x: (size.width - 380) / 2, y: 64), columns: dates.columns, rows: dates.initialRows)
        layer.addSublayer(wheels.layer)
        summary = Typography.label("picker.summary", "", frame: Rect(x: 20, y: 276, width: size.width - 40, height: 24), size: 16, color: Palette.muted, alignment: .center)
        layer.addSublayer(summary)
        cancel = Self.button("picker.cancel", context.texts(MailboxText.cancel), x: 20, filled: false, action: store.sending(.cancelPicker))
        layer.addSublayer(cancel)
        schedule = Self.button("picker.schedule", context.texts(MailboxText.schedule), x: size.width / 2 + 8, filled: true) {}
        layer.addSublayer(schedule)
        schedule.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.scheduleIfPicked() }]
        wheels.onChange = { [weak self] in self?.paintSummary() }
        followWheels()
    }

    private static func button(_ identifier: String, _ title: String, x: Double, filled: Bool, action: @escaping () -> Void) -> Layer {
        let frame = Rect(x: x, y: size.height - 76, width: size.width / 2 - 28, height: 52)
        let button = Typography.panel(identifier, frame: frame, color: filled ? MailboxViewContext.deepTint : Color(red8: 0xEC, green8: 0xEE, blue8: 0xF2), cornerRadius: 12)
        let label = Typography.label(nil, title, frame: Rect(origin: .zero, size: frame.size), size: 18, bold: true,
                                     color: filled ? .white : Palette.ink, alignment: .center)
        if case .text(var text) = label.contents { text.centeredVertically = true; label.contents = .text(text) }
        button.addSublayer(label)
        button.gestureRecognizers = [TapRecognizer { _ in action() }]
        return button
    }

    /// The moment the wheels name now, if they name one.
    var pickedDate: Date? { dates.date(rows: wheels.rows) }

    /// "Comes back Tue 6 Jan 10:00", or why Schedule is off (a moment already past).
    func paintSummary() {
        let state = context.state
        let date = pickedDate
        let inFuture = date.map { $0 > state.now } ?? false
        let text = inFuture ? context.texts(MailboxText.comesBack, ["moment": RescheduleMoment.label(for: date, now: state.now, calendar: state.calendar, texts: context.texts)])
                            : context.texts(MailboxText.chooseAfterNow)
        if case .text(var content) = summary.contents, content.string != text { content.string = text; summary.contents = .text(content) }
        schedule.opacity = inFuture ? 1 : 0.45
        onChange()
    }

    private func scheduleIfPicked() {
        guard let date = pickedDate else { return }
        store.send(.schedule(date))
    }

    /// The picker's keys: Esc cancels; Tab goes through the wheels, then Cancel and Schedule, and round; Enter or Space
    /// presses the button Tab is on, else schedules; on a button ←/→ go between the two, elsewhere the keys turn the
    /// focused wheel.
    func handleKey(_ event: KeyEvent) {
        // The stage's keyboard focus says what the keys work: Cancel or Schedule, else a wheel (the column the wheels turn).
        let focus = context.stage.keyboardFocus
        let onButton = focus.focused.flatMap { $0 === cancel || $0 === schedule ? $0 : nil }
        if onButton == nil, let column = column(of: focus.focused) { wheels.focus(column: column) }
        switch event.key {
        case .escape: store.send(.cancelPicker)
        case .enter, .space:
            if onButton === cancel { store.send(.cancelPicker) } else { scheduleIfPicked() }
        case .tab:
            let stops = wheels.columns.count + 2
            let current = onButton.map { $0 === cancel ? stops - 2 : stops - 1 } ?? wheels.focusedColumn
            let next = (current + (event.modifiers.contains(.shift) ? -1 : 1) + stops) % stops
            if next < wheels.columns.count { wheels.focus(column: next) }
            focus.focus(next < wheels.columns.count ? wheelLayer(next) : (next == stops - 2 ? cancel : schedule))
        case .left where onButton != nil, .right where onButton != nil:
            focus.focus(onButton === cancel ? schedule : cancel)
        default:
            guard onButton == nil else { return }
            _ = wheels.handleKey(event)  // ↑/↓ turn the wheel, ←/→ go to the next one
            focus.focus(wheelLayer(wheels.focusedColumn))
        }
    }

    /// A click gave `control` the keyboard focus: a wheel clicked is then the column the keys turn.
    func focusMoved(to control: Layer?) {
        if let index = column(of: control) { wheels.focus(column: index) }
    }

    /// The layer of the wheel in column `index`.
    private func wheelLayer(_ index: Int) -> Layer? {
        wheels.columns.indices.contains(index) ? layer.layer(withIdentifier: "picker.\(wheels.columns[index].name)") : nil
    }

    /// The column whose wheel is `control`, if it is one.
    private func column(of control: Layer?) -> Int? {
        guard let control else { return nil }
        return wheels.columns.indices.first { wheelLayer($0) === control }
    }

    /// The sheet as a dialog; each wheel a spin button whose value is its row, said by the row's title ("Tomorrow"),
    /// turned by "next" and "previous" or set to a row.
    func describe() {
        layer.accessibility = Accessibility(role: .dialog, name: context.texts(MailboxText.pickADate))
        for (index, column) in wheels.columns.enumerated() {
            let row = wheels.rows[index]
            guard let wheel = layer.layer(withIdentifier: "picker.\(column.name)") else { continue }
            var described = Accessibility(
                role: .spinButton, name: column.spokenName,
                states: [.focusable],  // `focused`: the stage's keyboard focus sets it
                actions: [.init("next") { [weak self] in self?.turn(column: index, by: 1) },
                          .init("previous") { [weak self] in self?.turn(column: index, by: -1) }])
            described.value = Accessibility.Value(current: Double(row), minimum: 0, maximum: Double(max(column.titles.count - 1, 0)),
                                                  text: column.titles.indices.contains(row) ? column.titles[row] : "")
            described.setValue = { [weak self] value in
                guard let self, let target = Int(exactly: value.rounded()) else { return }
                self.turn(column: index, by: target - self.wheels.rows[index])
            }
            wheel.accessibility = described
        }
        // Schedule is off (drawn dimmed) until the wheels name a moment after now.
        let scheduleOff = !(pickedDate.map { $0 > context.state.now } ?? false)
        for (id, name) in [("picker.schedule", context.texts(MailboxText.schedule)), ("picker.cancel", context.texts(MailboxText.cancel))] {
            guard let button = layer.layer(withIdentifier: id) else { continue }
            button.accessibility = Accessibility(role: .button, name: name, states: id == "picker.schedule" && scheduleOff ? [.disabled] : [],
                                                 actions: [.tapping(button)])
        }
        summary.accessibility = Accessibility(role: .label, name: MailboxViewContext.text(of: summary))
    }

    private func turn(column: Int, by rows: Int) {
        wheels.select(row: wheels.rows[column] + rows, inColumn: column, animated: true)
        describe()
    }
}
