import KineticCore
import KineticRuntime
import KineticScene

/// The pages of a catalogue bigger than the wheel (`pages`, top right, across from the ☰ button): ‹ (`pages.previous`),
/// "2 of 4" (`pages.label`) and › (`pages.next`). Shown only while the wheel is whole and there is more than one page;
/// each button turns the page (as Page Up and Page Down do), and the wheel's bubbles go behind Scotch as the next
/// page's come out.
final class CostumePages {
    private let layer = Layer(identifier: "pages")
    private let previous: Layer
    private let next: Layer
    private let label = Typography.label("pages.label", "", frame: .zero, size: 15, bold: true, color: Palette.ink, alignment: .center)
    /// What the control showed last: the page, the page count and whether it showed at all.
    private var shown: (page: Int, count: Int, visible: Bool)?

    /// The control's size: two 44 pt buttons, and the label between them.
    static let size = Size(width: 168, height: 44)

    /// - Parameter send: where the buttons' page turns go (`.turnPage`).
    /// The run's texts (set by the screen).
    var texts = Localization.english

    init(send: @escaping (DisguiseAction) -> Void) {
        previous = Self.button("pages.previous", "‹") { send(.turnPage(forward: false)) }
        next = Self.button("pages.next", "›") { send(.turnPage(forward: true)) }
        layer.zPosition = 5
        layer.isHidden = true
        for part in [previous, label, next] { layer.addSublayer(part) }
    }

    private static func button(_ identifier: String, _ arrow: String, press: @escaping () -> Void) -> Layer {
        let button = Layer(identifier: identifier, frame: Rect(origin: .zero, size: Size(width: 44, height: 44)))
        // As the ☰ button: white with a faint outline, so it reads on any background.
        button.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 10), fill: Color.white.withAlpha(0.85),
                                              stroke: Palette.ink.withAlpha(0.15), lineWidth: 1))
        let glyph = Typography.label(nil, arrow, frame: Rect(x: 0, y: 0, width: 44, height: 44), size: 26, bold: true, color: Palette.ink, alignment: .center)
        glyph.drawsMirroredRightToLeft = true  // a direction: it points the other way in a right-to-left layout
        if case .text(var text) = glyph.contents {
            text.centeredVertically = true
            glyph.contents = .text(text)
        }
        button.addSublayer(glyph)
        button.gestureRecognizers = [TapRecognizer { _ in press() }]
        return button
    }

    /// On `root`, at the top right of the stage, 12 pt in as the ☰ button is at the left.
    func layOut(_ layout: DisguiseLayout, in root: Layer) {
        layer.frame = Rect(x: layout.size.width - 12 - Self.size.width, y: Shell.menuButtonFrame.minY, width: Self.size.width, height: Self.size.height)
        previous.frame.origin = .zero
        next.frame.origin = Point(x: Self.size.width - 44, y: 0)
        label.frame = Rect(x: 44, y: 0, width: Self.size.width - 88, height: 44)
        if case .text(var text) = label.contents {
            text.centeredVertically = true
            label.contents = .text(text)
        }
        shown = nil
        root.addSublayer(layer)
    }

    /// Shows the page the state is on, while the wheel is whole and has more than one page.
    func show(_ state: DisguiseState) {
        let visible = state.pageCount > 1 && state.wheelIsInteractive && !state.wheelUnavailable
        guard shown.map({ $0 != (state.page, state.pageCount, visible) }) ?? true else { return }
        shown = (state.page, state.pageCount, visible)
        layer.isHidden = !visible
        let numbers = ["page": String(state.page + 1), "pages": String(state.pageCount)]
        let words = texts(DisguiseText.pageOf, ["page": numbers["page"] ?? "", "pages": numbers["pages"] ?? ""])
        if case .text(var text) = label.contents, text.string != words {
            text.string = words
            label.contents = .text(text)
        }
        let page = numbers["page"] ?? "", pages = numbers["pages"] ?? ""
        layer.accessibility = Accessibility(role: .panel, name: texts(DisguiseText.costumesPage, ["page": page, "pages": pages]))
        label.accessibility = Accessibility(role: .label, name: texts(DisguiseText.page, ["page": page, "pages": pages]))
        previous.accessibility = Accessibility(role: .button, name: texts(DisguiseText.previousCostumes), actions: [.tapping(previous, named: "press")])
        next.accessibility = Accessibility(role: .button, name: texts(DisguiseText.nextCostumes), actions: [.tapping(next, named: "press")])
    }
}
