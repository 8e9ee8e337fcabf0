import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// What the Honeycomb is to a screen reader: the categories and the cells as buttons named by their titles, with
/// their place ("row 2, cell 3") and a press that does what a tap does; the open panel as a region with its title,
/// its text and Learn More as a link; Back. The keyboard's focus ring is the screen reader's focus.
///
/// Called after every change of state (the layers have followed it by then).
extension HoneycombScreen {
    func describeForScreenReaders() {
        field.accessibility = nil
        let flowerRows = HoneycombGeometry.flowerSlots
        for (index, category) in state.categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
            guard let view = categoryViews[category.id] else { continue }
            let place = flowerRows.enumerated().lazy.compactMap { row, slots in slots.firstIndex(of: index).map { (row + 1, $0 + 1) } }.first
            describe(view, node: category, place: place) { [weak self] in self?.send(.tapCategory(category.id)) }
        }
        if let shown = state.shownCategory {
            let layout = geometry.grid(count: shown.children.count)
            for (index, cell) in shown.children.enumerated() {
                guard let view = cellViews[cell.id] else { continue }
                let place = layout.position(ofCellAt: index).map { ($0.row + 1, $0.column + 1) }
                describe(view, node: cell, place: place) { [weak self] in self?.send(.tapCell(cell.id)) }
            }
        }
        logoView?.container.accessibility = nil
        back.accessibility = Accessibility(role: .button, name: "Back", actions: [.init("press") { [weak self] in self?.send(.back) }])
        gridTitle.accessibility = Accessibility(role: .heading, name: state.shownCategory?.title ?? "")
        describePanel()
    }

    private func describe(_ view: HexCellView, node: HoneycombNode, place: (row: Int, cell: Int)?, press: @escaping () -> Void) {
        var states: Accessibility.States = [.focusable]
        if state.focus == node.id { states.insert(.focused) }
        if state.openCell == node.id { states.formUnion([.expandable, .expanded]) }
        view.container.accessibility = Accessibility(role: .button, name: node.title,
                                                     description: place.map { "row \($0.row), cell \($0.cell)" } ?? "",
                                                     states: states, actions: [.init("press", perform: press)])
    }

    private func describePanel() {
        guard let open = state.openCell, let node = state.node(open) else {
            panel.accessibility = nil
            return
        }
        panel.accessibility = Accessibility(role: .panel, name: node.detail.label, description: node.detail.text)
        panelTitle.accessibility = Accessibility(role: .heading, name: node.detail.label)
        panelText.accessibility = Accessibility(role: .label, name: node.detail.text)
        panelImage.accessibility = Accessibility(role: .image, name: node.title)
        learnMore.accessibility = Accessibility(role: .link, name: "Learn More", description: node.detail.learnMore ?? "",
                                                states: node.detail.learnMore == nil ? [.disabled] : [],
                                                actions: [.init("jump") { [weak self] in self?.send(.learnMore) }])
    }
}
