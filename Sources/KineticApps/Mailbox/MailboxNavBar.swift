import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The bar over the list (`mailbox.navbar`): the menu button, the segmented control (`segment.<later|inbox|archive>`,
/// each with its count), compose's button, the Trash's or a named list's name (`mailbox.shelf.title`), and "Empty
/// Trash" (`trash.empty`) while the Trash has something in it. The search's button and field (`MailboxSearchBar`)
/// join it when the screen appears.
final class MailboxNavBar {
    private let context: MailboxViewContext
    /// The bar itself.
    let layer = Layer(identifier: "mailbox.navbar")
    private let shelfTitle = Typography.label("mailbox.shelf.title", "", frame: Rect(x: 76, y: 18, width: 200, height: 28), size: 20, bold: true, color: .white)
    private let emptyTrashButton = Layer(identifier: "trash.empty")
    private var segmentLayers: [MailboxSegment: Layer] = [:]

    init(context: MailboxViewContext) {
        self.context = context
        let width = context.width, tint = MailboxViewContext.tint
        layer.frame = Rect(x: 0, y: 0, width: width, height: MailboxViewContext.navHeight)
        layer.backgroundColor = tint
        layer.zPosition = 2
        // Where the shell's ☰ would be: the Mailbox's menu is the one menu here (it leads back to the gallery).
        let menuButton = Self.button("mailbox.menu.button", frame: Rect(x: 16, y: 14, width: 44, height: 36), icon: "lists") { [weak context] in context?.toggleMenu() }
        let compose = Self.button("compose.button", frame: Rect(x: width - 60, y: 14, width: 44, height: 36), icon: "compose", action: context.sending(.compose(.open)))
        layer.addSublayer(menuButton)
        layer.addSublayer(compose)
        layer.addSublayer(shelfTitle)
        let segmentWidth = Self.segmentWidth, total = segmentWidth * 3
        for (index, segment) in MailboxSegment.allCases.enumerated() {
            let segmentLayer = Layer(identifier: "segment.\(segment.rawValue)",
                                     frame: Rect(x: (width - total) / 2 + Double(index) * segmentWidth, y: 16, width: segmentWidth, height: 32))
            segmentLayer.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(.selectSegment(segment)) }]
            layer.addSublayer(segmentLayer)
            segmentLayers[segment] = segmentLayer
        }
        paintSegments()
    }

    /// The bar runs the stage's width: compose and Empty Trash at its right end, the segments in its middle.
    func resize(to size: Size) {
        let width = size.width
        layer.frame.size.width = width
        layer.layer(withIdentifier: "compose.button")?.frame.origin.x = width - 60
        emptyTrashButton.frame.origin.x = Self.emptyTrashX(width: width)
        let total = Self.segmentWidth * Double(MailboxSegment.allCases.count)
        for (index, segment) in MailboxSegment.allCases.enumerated() {
            segmentLayers[segment]?.frame.origin.x = (width - total) / 2 + Double(index) * Self.segmentWidth
        }
    }

    /// Where "Empty Trash" starts: left of the search button, unless that would cover the segments (a bar under 840 pt
    /// wide), where it takes the search button's place (`MailboxSearchBar` steps aside in the Trash then).
    static func emptyTrashX(width: Double) -> Double {
        width >= 840 ? width - 252 : width - 200
    }

    /// A segment's width in the bar.
    private static let segmentWidth = 112.0

    /// "Empty Trash" joins the bar: made after the reader, as the bar's last part, so the layer order stays as dumps
    /// have always listed it.
    func addEmptyTrashButton() {
        emptyTrashButton.frame = Rect(x: Self.emptyTrashX(width: context.width), y: 14, width: 126, height: 36)
        emptyTrashButton.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 8), fill: .white))
        emptyTrashButton.addSublayer(Typography.label(nil, context.texts(MailboxText.emptyTrash), frame: Rect(x: 0, y: 8, width: 126, height: 22), size: 16, bold: true,
                                                      color: Palette.ink, alignment: .center))
        emptyTrashButton.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(.askToEmptyTrash) }]
        emptyTrashButton.isHidden = true
        layer.addSublayer(emptyTrashButton)
    }

    /// A white button with an icon from the app's art.
    static func button(_ identifier: String, frame: Rect, icon: String, action: @escaping () -> Void) -> Layer {
        let layer = Typography.panel(identifier, frame: frame, color: .white, cornerRadius: 8)
        let image = Layer(frame: Rect(center: Point(x: frame.width / 2, y: frame.height / 2), size: Size(width: 28, height: 28)))
        image.contents = .image(.file(MailboxViewContext.artFile(icon)))
        image.isUserInteractionEnabled = false
        layer.addSublayer(image)
        layer.gestureRecognizers = [TapRecognizer { _ in action() }]
        return layer
    }

    /// The selected segment is white with tinted text, the others outlined; Mailbox's own look. Later and Archive
    /// carry their counts.
    func paintSegments() {
        let state = context.state, tint = MailboxViewContext.tint
        for (segment, layer) in segmentLayers {
            // The search's field stands where the segments were while it is open.
            layer.isHidden = state.search != nil
            let selected = segment == state.segment && state.shelf == nil
            layer.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 7), fill: selected ? .white : tint, stroke: .white, lineWidth: 1.5))
            let count = state.count(filedIn: segment.list)
            let name = context.texts(segment.text)
            let title = segment == .inbox ? name : "\(name) \(count)"
            let label = layer.sublayers.first ?? {
                let label = Typography.label(nil, "", frame: Rect(x: 0, y: 0, width: layer.bounds.width, height: layer.bounds.height), size: 15, bold: true)
                layer.addSublayer(label)
                return label
            }()
            label.contents = .text(TextContent(title, bold: true, fontSize: 15, color: selected ? tint : .white, alignment: .center, centeredVertically: true))
        }
    }

    /// The Trash's or list's name in the bar while it shows; "Empty Trash" while the Trash has something in it.
    func paintShelf() {
        let state = context.state
        let title = state.search == nil ? state.shelf.map { $0.name(in: context.texts) } ?? "" : ""
        if case .text(var text) = shelfTitle.contents, text.string != title {
            text.string = title
            shelfTitle.contents = .text(text)
        }
        let hasTrash = state.shelf == .trash && !state.visibleIDs.isEmpty
        if emptyTrashButton.isHidden == hasTrash { emptyTrashButton.isHidden = !hasTrash }
    }

    /// The bar as tabs (the segments) beside its two buttons; hidden from screen readers while something covers it.
    func describe(covered: Bool) {
        let state = context.state
        layer.accessibilityElementsHidden = covered
        layer.layer(withIdentifier: "mailbox.menu.button")?.accessibility = Accessibility(role: .button, name: context.texts(MailboxText.mailboxes), actions: [
            .init("press") { [weak context] in context?.toggleMenu() },
        ])
        layer.layer(withIdentifier: "compose.button")?.accessibility = Accessibility(role: .button, name: context.texts(MailboxText.newMessageButton), actions: [
            .init("press", perform: context.sending(.compose(.open))),
        ])
        layer.accessibility = Accessibility(role: .pageTabList, name: context.texts(MailboxText.lists))  // the segments are its tabs; its two buttons sit beside them
        for (segment, segmentLayer) in segmentLayers {
            let selected = segment == state.segment && state.shelf == nil
            let count = state.count(filedIn: segment.list)
            segmentLayer.accessibility = Accessibility(role: .pageTab, name: "\(context.texts(segment.text)), \(count)", states: selected ? [.selectable, .selected] : [.selectable],
                                                       actions: [.init("switch", perform: context.sending(.selectSegment(segment)))])
        }
    }
}
