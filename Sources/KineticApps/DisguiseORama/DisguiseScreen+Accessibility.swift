import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// What Disguise-O-Rama is to a screen reader: the intro's page and its button; the wheel as a list of costumes
/// named by title, the one Scotch wears selected, each with Choose and (when worn) Take off, the same actions a tap
/// sends; Scotch; the worn costume's title and description as text.
///
/// Called after every change of state (the layers have followed it by then).
extension DisguiseScreen {
    func describeForScreenReaders() {
        describeIntro()
        let worn: String? = { if case .selected(let id) = state.phase { return id } else { return nil } }()
        bubbleLayer.accessibility = Accessibility(role: .list, name: "Costumes")
        for (index, id) in state.wheel.enumerated() {
            guard let bubble = bubbleLayer.layer(withIdentifier: "bubble.\(id)"),
                  let costume = state.costumes.first(where: { $0.id == id }) else { continue }
            var states: Accessibility.States = [.focusable, .selectable]
            if id == worn { states.insert(.selected) }
            if state.focusedIndex == index { states.insert(.focused) }
            var actions = [Accessibility.Action("Choose") { [weak self] in self?.send(.tapBubble(id)) }]
            if id == worn { actions.append(.init("Take off") { [weak self] in self?.send(.tapCostume(id)) }) }
            bubble.accessibility = Accessibility(role: .listItem, name: costume.title, description: costume.description,
                                                 states: states, actions: actions)
            bubble.accessibility?.isOfferedWhenHidden = id == worn  // hidden because Scotch wears it: still in the list
        }
        scotch.accessibility = Accessibility(role: .image, name: worn.flatMap { id in state.costumes.first { $0.id == id }?.title }.map { "Scotch, wearing \($0)" } ?? "Scotch",
                                             actions: worn == nil ? [] : [.init("Take off") { [weak self] in self?.send(.tapScotch) }])
        for layer in [titleLayer, subtitleLayer] {
            guard case .text(let text) = layer.contents, !text.string.isEmpty, worn != nil else {
                layer.accessibility = nil
                continue
            }
            layer.accessibility = Accessibility(role: layer === titleLayer ? .heading : .label, name: text.string, exposesText: true)
        }
    }

    private func describeIntro() {
        guard case .intro(let page) = state.phase else {
            topPanel.accessibility = nil
            introButton.accessibility = nil
            return
        }
        topPanel.accessibility = Accessibility(role: .panel, name: "Introduction", description: "page \(page + 1) of \(introPages.count)")
        for (index, label) in introLabels.enumerated() {
            guard index == page, case .text(let text) = label.contents else {
                label.accessibility = nil
                continue
            }
            label.accessibility = Accessibility(role: .label, name: text.string, exposesText: true)
        }
        let title: String = { if case .text(let text) = introButton.contents { return text.string } else { return "Next" } }()
        introButton.accessibility = Accessibility(role: .button, name: title, actions: [.init("press") { [weak self] in self?.send(.tapIntroButton) }])
    }
}
