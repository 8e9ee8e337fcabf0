import Foundation
import KineticCore
import KineticScene

/// The tuning panel (key **T**): a slider for every tunable of the app on screen, grouped, each spring with its
/// curve and settle time, changing the app live; **Reset** brings the defaults back, **Save** writes the tuning file.
///
/// Layer identifiers: `tuning.panel`, `tuning.reset`, `tuning.save`, and per tunable `tuning.slider.<key>` (the
/// track: a tap or a horizontal drag sets the value), `tuning.knob.<key>` and `tuning.value.<key>`; a spring's
/// curve is `tuning.curve.<spring>` with its settle time in `tuning.settle.<spring>`.
final class TuningPanel {
    static let width = 380.0, rowHeight = 46.0, trackInset = 16.0

    let root = Layer(identifier: "tuning.panel")
    private let scroll: ScrollView
    private(set) var tuning: Tuning
    /// Told of every change a slider or Reset makes.
    private let onChange: (Tuning) -> Void
    private var rows: [String: (knob: Layer, value: Layer)] = [:]
    private var curves: [String: (dots: [Layer], settle: Layer)] = [:]

    init(tuning: Tuning, stageSize: Size, animator: @escaping () -> Animator, canSave: Bool,
         onChange: @escaping (Tuning) -> Void, onSave: @escaping (Tuning) -> Void) {
        self.tuning = tuning
        self.onChange = onChange
        root.frame = Rect(x: stageSize.width - Self.width, y: 0, width: Self.width, height: stageSize.height)
        root.backgroundColor = Color(red8: 0xFB, green8: 0xFB, blue8: 0xF8).withAlpha(0.96)
        root.zPosition = 2_000_000  // above the debug overlay
        root.gestureRecognizers = [TapRecognizer { _ in }]  // taps on the panel stay on it
        root.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        let header = Layer(frame: Rect(x: 16, y: 12, width: 200, height: 24))
        header.contents = .text(TextContent("Tuning · \(tuning.app)", bold: true, fontSize: 16))
        header.isUserInteractionEnabled = false
        root.addSublayer(header)
        scroll = ScrollView(identifier: nil, frame: Rect(x: 0, y: 48, width: Self.width, height: stageSize.height - 48), animator: animator)
        root.addSublayer(scroll.frame)
        var buttons: [(String, String, () -> Void)] = [("tuning.reset", "Reset", { [weak self] in self?.reset() })]
        if canSave { buttons.append(("tuning.save", "Save", { [weak self] in if let self { onSave(self.tuning) } })) }
        for (index, (id, title, action)) in buttons.enumerated() {
            let button = Layer(identifier: id, frame: Rect(x: Self.width - 84 - Double(index) * 76, y: 12, width: 68, height: 26))
            button.backgroundColor = Color(red8: 0x2F, green8: 0x6F, blue8: 0xE0)
            button.cornerRadius = 6
            button.contents = .text(TextContent(title, bold: true, fontSize: 13, color: .white, alignment: .center, centeredVertically: true))
            button.gestureRecognizers = [TapRecognizer { _ in action() }]
            root.addSublayer(button)
        }
        buildRows()
    }

    private func buildRows() {
        var y = 0.0, group = ""
        for tunable in tuning.tunables {
            if tunable.group != group {
                group = tunable.group
                let heading = Layer(frame: Rect(x: 16, y: y + 8, width: Self.width - 32, height: 20))
                heading.contents = .text(TextContent(group.uppercased(), bold: true, fontSize: 11, color: .gray))
                scroll.content.addSublayer(heading)
                y += 30
            }
            addSlider(tunable, y: y)
            y += Self.rowHeight
            if case .springDampingRatio(let name) = tunable.role, tuning.spring(named: name) != nil {
                addCurve(name, y: y)
                y += 56
            }
        }
        scroll.contentHeight = y + 16
        refresh()
    }

    private var trackWidth: Double { Self.width - 2 * Self.trackInset - 70 }

    private func addSlider(_ tunable: Tunable, y: Double) {
        let label = Layer(frame: Rect(x: Self.trackInset, y: y + 2, width: Self.width - 2 * Self.trackInset, height: 18))
        label.contents = .text(TextContent(tunable.unit.isEmpty ? tunable.label : "\(tunable.label) (\(tunable.unit))", fontSize: 12, lineLimit: 1))
        scroll.content.addSublayer(label)
        let track = Layer(identifier: "tuning.slider.\(tunable.key)", frame: Rect(x: Self.trackInset, y: y + 22, width: trackWidth, height: 18))
        let groove = Layer(frame: Rect(x: 0, y: 7, width: trackWidth, height: 4))
        groove.backgroundColor = Color(red8: 0xD0, green8: 0xD4, blue8: 0xDA)
        groove.cornerRadius = 2
        groove.isUserInteractionEnabled = false
        track.addSublayer(groove)
        let knob = Layer(identifier: "tuning.knob.\(tunable.key)", frame: Rect(x: 0, y: 0, width: 18, height: 18))
        knob.contents = .shape(ShapeContent(path: .circle, fill: .white, stroke: Color(red8: 0x2F, green8: 0x6F, blue8: 0xE0), lineWidth: 2))
        knob.isUserInteractionEnabled = false
        track.addSublayer(knob)
        let key = tunable.key
        let drag = PanRecognizer(minimumDistance: 6, axis: .horizontal) { [weak self] pan in self?.slide(key, toScreenX: pan.location.x) }
        track.gestureRecognizers = [drag, TapRecognizer { [weak self] tap in self?.slide(key, toScreenX: tap.location.x) }]
        scroll.content.addSublayer(track)
        let value = Layer(identifier: "tuning.value.\(tunable.key)", frame: Rect(x: Self.trackInset + trackWidth + 8, y: y + 22, width: 62, height: 18))
        value.isUserInteractionEnabled = false
        scroll.content.addSublayer(value)
        rows[key] = (knob, value)
    }

    /// A spring's step response over its settle time, as dots, and the settle time itself.
    private func addCurve(_ name: String, y: Double) {
        let dots = (0..<28).map { _ in Layer() }
        let box = Layer(identifier: "tuning.curve.\(name)", frame: Rect(x: Self.trackInset, y: y, width: trackWidth, height: 48))
        box.isUserInteractionEnabled = false
        for dot in dots {
            dot.bounds = Rect(x: 0, y: 0, width: 3, height: 3)
            dot.contents = .shape(ShapeContent(path: .circle, fill: Color(red8: 0x1E, green8: 0xA0, blue8: 0x4B)))
            box.addSublayer(dot)
        }
        let settle = Layer(identifier: "tuning.settle.\(name)", frame: Rect(x: Self.trackInset + trackWidth + 8, y: y + 14, width: 62, height: 18))
        settle.isUserInteractionEnabled = false
        scroll.content.addSublayer(box)
        scroll.content.addSublayer(settle)
        curves[name] = (dots, settle)
    }

    /// The value under a finger at `x` (screen points) on `key`'s track.
    private func slide(_ key: String, toScreenX x: Double) {
        guard let tunable = tuning.tunables.first(where: { $0.key == key }) else { return }
        let left = root.frame.minX + Self.trackInset + 9, usable = trackWidth - 18
        let fraction = min(max((x - left) / usable, 0), 1)
        var value = tunable.range.lowerBound + fraction * (tunable.range.upperBound - tunable.range.lowerBound)
        value = (value * 1000).rounded() / 1000
        guard tuning.set(key, to: min(max(value, tunable.range.lowerBound), tunable.range.upperBound)) == nil else { return }
        refresh()
        onChange(tuning)
    }

    private func reset() {
        tuning.reset()
        refresh()
        onChange(tuning)
    }

    /// Shows `tuning`'s values (a file was saved meanwhile).
    func show(_ new: Tuning) {
        guard new.app == tuning.app else { return }
        tuning = new
        refresh()
    }

    private func refresh() {
        for tunable in tuning.tunables {
            guard let row = rows[tunable.key] else { continue }
            let value = tuning.value(of: tunable), span = tunable.range.upperBound - tunable.range.lowerBound
            let fraction = span > 0 ? (value - tunable.range.lowerBound) / span : 0
            row.knob.position = Point(x: 9 + fraction * (trackWidth - 18), y: 9)
            row.value.contents = .text(TextContent(String(format: "%.3g", value), fontSize: 12, alignment: .right))
        }
        for (name, curve) in curves {
            guard let spring = tuning.spring(named: name) else { continue }
            let settle = spring.settlingDuration()
            for (index, dot) in curve.dots.enumerated() {
                let t = settle * Double(index) / Double(curve.dots.count - 1)
                let value = spring.evaluate(target: 1.0, value: 0.0, velocity: 0.0, time: t).value
                dot.position = Point(x: trackWidth * Double(index) / Double(curve.dots.count - 1), y: 40 - 32 * min(max(value, -0.2), 1.3))
            }
            curve.settle.contents = .text(TextContent(String(format: "%.2f s", settle), fontSize: 12, color: .gray, alignment: .right))
        }
    }
}
