import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The search in the bar: its button (`search.button`, beside compose's), and while the search is open, a field
/// across the bar where the segments were (`search`, holding `search.field` and its close button `search.close`).
/// Typing filters the list shown (`MailSearch`); Enter takes the keyboard to the first message found; Esc leaves the
/// field, and a second Esc closes the search, as compose's fields do.
///
/// It sends only the search's actions, through the search's scoped store (`SearchAction`, the state
/// `MailboxState.search`); from the rest of the Mailbox it reads only which list shows and how many messages it shows.
final class MailboxSearchBar {
    private let context: MailboxViewContext
    /// The search's feature: its state (`nil` while closed) and its actions.
    private let store: ScopedStore<MailboxState.Search?, SearchAction>
    /// The button that opens the search, in the bar.
    let button: Layer
    /// The field's box, over the bar's middle while the search is open.
    let layer = Layer(identifier: "search")
    private let field: TextField
    /// The field's layer: the stage's keyboard focus while the search is edited.
    var fieldLayer: Layer { field.layer }
    private let close: Layer

    init(context: MailboxViewContext) {
        self.context = context
        let store = context.store.scope(state: { $0.search }, action: MailboxAction.search)
        self.store = store
        button = MailboxNavBar.button("search.button", frame: Rect(x: context.size.width - 112, y: 14, width: 44, height: 36), icon: "search",
                                      action: store.sending(.open))
        field = TextField(identifier: "search.field", frame: .zero, multiline: false, maximumLength: MailSearch.maximumQueryLength,
                          style: TextContent("", fontSize: 17, color: Palette.ink), input: context.stage.textInput)
        close = Typography.label("search.close", "×", frame: .zero, size: 24, bold: true, color: Palette.muted, alignment: .center)
        layer.contents = .shape(ShapeContent(path: .roundedRect(cornerRadius: 8), fill: .white))
        layer.zPosition = 3
        layer.isHidden = true
        layer.cursor = .ibeam
        layer.gestureRecognizers = [TapRecognizer { _ in store.send(.open) }]
        field.tint = MailboxViewContext.tint
        field.onChange = { text in store.send(.type(text)) }
        field.onEnter = { store.send(.leaveField); return true }
        field.onFocusChange = { focused in
            // Esc, or a click elsewhere: the list's keys are the list's again (a second Esc closes the search).
            guard !focused, store.state?.isEditing == true else { return }
            store.send(.fieldLeft)
        }
        close.isUserInteractionEnabled = true
        close.cursor = .arrow
        close.gestureRecognizers = [TapRecognizer { _ in store.send(.close) }]
        layer.addSublayer(field.layer)
        layer.addSublayer(close)
        resize(to: context.size)
    }

    /// The button left of compose's; the field from the menu button to the search button.
    func resize(to size: Size) {
        button.frame.origin.x = size.width - 112
        let width = max(size.width - 76 - 124, 120)
        layer.frame = Rect(x: 76, y: 14, width: width, height: 36)
        field.layer.frame = Rect(x: 12, y: 4, width: max(width - 52, 1), height: 28)
        close.frame = Rect(x: width - 36, y: 2, width: 32, height: 32)
    }

    /// Shows the field while the search is open, with the state's query, the keyboard in it while it is edited. In a
    /// narrow bar's Trash, "Empty Trash" stands where the button is, and the button steps aside.
    func show() {
        button.isHidden = context.state.shelf == .trash && context.width < 840 && store.state == nil
        guard let search = store.state else {
            field.blur()
            if !layer.isHidden {
                layer.isHidden = true
                field.setText("")
            }
            return
        }
        layer.isHidden = false
        if field.text != search.query { field.setText(search.query) }
        if search.isEditing { field.focus() } else { field.blur() }
    }

    /// What a screen reader hears when the matches changed: how many the list shows now.
    func announceMatches(to stage: Stage?) {
        guard store.state?.matches != nil else { return }
        stage?.announce(context.texts(MailboxText.searchFound, count: context.state.visibleIDs.count))
    }

    /// The button, and the field as an entry called "Search" with its close button.
    func describe() {
        button.accessibility = Accessibility(role: .button, name: context.texts(MailboxText.search), actions: [.init("press", perform: store.sending(.open))])
        guard !layer.isHidden else {
            layer.accessibility = nil
            return
        }
        var states: Accessibility.States = [.focusable, .editable]
        if store.state?.isEditing == true { states.insert(.focused) }
        field.layer.accessibility = Accessibility(role: .entry, name: context.texts(MailboxText.search), states: states, exposesText: true,
                                                  setText: { [weak context, weak field] text in
                                                      field?.setText(text)
                                                      context?.send(.search(.type(text)))
                                                  },
                                                  focus: store.sending(.open))
        close.accessibility = Accessibility(role: .button, name: context.texts(MailboxText.closeSearch), actions: [.init("press", perform: store.sending(.close))])
    }
}
