import KineticCore
import KineticScene

/// One entry of a context menu: its title and what choosing it does (the app's own typed action).
public struct ContextMenuItem {
    /// The entry's text; in lower case, dashes for spaces, it also names the entry's layer (`context.item.<title>`).
    public var title: String
    /// What choosing the entry does, after the menu closes.
    public var perform: () -> Void

    /// An entry showing `title` that does `perform` when chosen.
    public init(_ title: String, perform: @escaping () -> Void) {
        self.title = title
        self.perform = perform
    }

    /// The entry's name in dumps: `context.item.<title in lower case, dashes for spaces, no dots>`.
    var slug: String {
        title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }.split(separator: " ").joined(separator: "-")
    }
}

/// A small menu of a thing's actions at the pointer, as a right-click (or Shift-F10, or the Menu key) opens on a
/// desktop. A click on an entry does it and closes the menu; a click anywhere else, or Esc, closes it. The stage
/// shows it above everything (`context.menu`, its entries `context.item.<slug>`).
final class ContextMenu {
    static let width = 220.0, rowHeight = 40.0, padding = 6.0

    /// A full-stage shield under the menu: a click outside the menu closes it and does nothing else.
    let shield = Layer(identifier: "context.shield")
    let panel = Layer(identifier: "context.menu")

    /// - Parameters:
    ///   - items: the entries, in order.
    ///   - point: where the pointer is; the menu opens there, kept on the stage.
    ///   - stageSize: the stage's size, in points.
    ///   - texts: the run's texts (the menu's own name).
    ///   - close: takes the menu away (the stage's).
    init(items: [ContextMenuItem], at point: Point, stageSize: Size, texts: Localization = .english, close: @escaping () -> Void) {
        shield.frame = Rect(origin: .zero, size: stageSize)
        shield.zPosition = 900
        shield.gestureRecognizers = [TapRecognizer { _ in close() }]
        shield.cursor = .arrow  // it only keeps or closes: no hand, no hover shade
        let height = Double(items.count) * Self.rowHeight + 2 * Self.padding
        let x = min(max(point.x, 8), stageSize.width - Self.width - 8)
        let y = min(max(point.y, 8), stageSize.height - height - 8)
        panel.frame = Rect(x: x, y: y, width: Self.width, height: height)
        panel.zPosition = 901
        panel.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 10), fill: .white, stroke: Palette.ink.withAlpha(0.18), lineWidth: 1))
        panel.accessibility = Accessibility(role: .menu, name: texts(EngineText.actions))
        for (index, item) in items.enumerated() {
            let row = Layer(identifier: "context.item.\(item.slug)",
                            frame: Rect(x: Self.padding, y: Self.padding + Double(index) * Self.rowHeight, width: Self.width - 2 * Self.padding, height: Self.rowHeight))
            row.cornerRadius = 6
            row.addSublayer(Typography.label(nil, item.title, frame: Rect(x: 12, y: 10, width: Self.width - 40, height: 22), size: 16, color: Palette.ink))
            row.gestureRecognizers = [TapRecognizer { _ in
                close()
                item.perform()
            }]
            // A menu item for the keyboard (the stage's focus: arrows, Enter) and for screen readers alike.
            row.accessibility = Accessibility(role: .menuItem, name: item.title, actions: [.tapping(row, named: "click")])
            panel.addSublayer(row)
        }
    }
}
