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
extension MailboxScreen {
    static let pickerSize = Size(width: 460, height: 400)

    func showDatePicker() {
        let wheels = DateWheels(now: state.now, calendar: state.calendar)
        let size = Self.pickerSize
        let sheet = Typography.panel("picker", frame: Rect(center: Point(x: width / 2, y: optionsLayer.bounds.height / 2), size: size),
                                     color: .white, cornerRadius: 18)
        sheet.gestureRecognizers = [TapRecognizer { _ in }]  // a tap on the sheet keeps it
        sheet.cursor = .arrow
        sheet.addSublayer(Typography.label("picker.title", "Pick a date", frame: Rect(x: 20, y: 18, width: size.width - 40, height: 30),
                                           size: 20, bold: true, color: Palette.ink, alignment: .center))
        let picker = WheelPicker(prefix: "picker", origin: Point(x: (size.width - 380) / 2, y: 64), columns: wheels.columns, rows: wheels.initialRows)
        picker.onChange = { [weak self] in self?.paintPickerSummary() }
        sheet.addSublayer(picker.layer)
        sheet.addSublayer(Typography.label("picker.summary", "", frame: Rect(x: 20, y: 276, width: size.width - 40, height: 24),
                                           size: 16, color: Palette.muted, alignment: .center))
        let cancel = pickerButton("picker.cancel", "Cancel", x: 20, filled: false) { [weak self] in self?.send(.cancelPicker) }
        let schedule = pickerButton("picker.schedule", "Schedule", x: size.width / 2 + 8, filled: true) { [weak self] in self?.scheduleFromPicker() }
        sheet.addSublayer(cancel)
        sheet.addSublayer(schedule)
        optionsLayer.addSublayer(sheet)
        optionsLayer.isHidden = false
        if optionsLayer.opacity < 1 { animator.animate(optionsLayer, \.opacity, to: 1, with: .tween(duration: motionTuning.optionsDimIn)) }
        if !settings.reduceMotion {
            sheet.scale = motionTuning.optionsPopScale
            animator.animate(sheet, \.scale, to: 1, with: .spring(motionTuning.optionsPopSpring))
        }
        datePicker = picker
        dateWheels = wheels
        paintPickerSummary()
    }

    private func pickerButton(_ identifier: String, _ title: String, x: Double, filled: Bool, action: @escaping () -> Void) -> Layer {
        let frame = Rect(x: x, y: Self.pickerSize.height - 76, width: Self.pickerSize.width / 2 - 28, height: 52)
        let button = Typography.panel(identifier, frame: frame, color: filled ? Self.deepTint : Color(red8: 0xEC, green8: 0xEE, blue8: 0xF2), cornerRadius: 12)
        let label = Typography.label(nil, title, frame: Rect(origin: .zero, size: frame.size), size: 18, bold: true,
                                     color: filled ? .white : Palette.ink, alignment: .center)
        if case .text(var text) = label.contents { text.centeredVertically = true; label.contents = .text(text) }
        button.addSublayer(label)
        button.gestureRecognizers = [TapRecognizer { _ in action() }]
        return button
    }

    /// The moment the wheels name now, if they name one.
    var pickedDate: Date? {
        guard let datePicker, let dateWheels else { return nil }
        return dateWheels.date(rows: datePicker.rows)
    }

    /// "Comes back Tue 6 Jan 10:00", or why Schedule is off (a moment already past).
    func paintPickerSummary() {
        guard let summary = optionsLayer.layer(withIdentifier: "picker.summary"), let schedule = optionsLayer.layer(withIdentifier: "picker.schedule") else { return }
        let date = pickedDate
        let inFuture = date.map { $0 > state.now } ?? false
        let text = inFuture ? "Comes back \(RescheduleMoment.label(for: date, now: state.now, calendar: state.calendar))" : "Choose a time after now"
        if case .text(var content) = summary.contents, content.string != text { content.string = text; summary.contents = .text(content) }
        schedule.opacity = inFuture ? 1 : 0.45
        describeOverlays()  // the wheels' values: only the picker changed
    }

    func scheduleFromPicker() {
        guard let date = pickedDate else { return }
        send(.schedule(date))
    }

    /// The picker's keys: Esc cancels, Enter schedules, Tab moves between the wheels, the rest turn them.
    func handlePickerKey(_ event: KeyEvent) {
        guard let datePicker else { return }
        switch event.key {
        case .escape: send(.cancelPicker)
        case .enter, .space: scheduleFromPicker()
        case .tab:
            let step = event.modifiers.contains(.shift) ? -1 : 1
            datePicker.focus(column: (datePicker.focusedColumn + step + datePicker.columns.count) % datePicker.columns.count)
        default: _ = datePicker.handleKey(event)
        }
    }
}
