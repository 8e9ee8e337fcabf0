import KineticCore
import KineticRuntime
import KineticScene

/// The new-user intro (seed 000 (B)–(D)): a white top panel whose text scrolls a page at each press of the orange
/// button along the bottom. A press while a page is still scrolling in waits until it is in place, so a double-click
/// never skips a page half-read and no press is lost. The pages are `pages`: the state's (`DisguiseState.introPages`).
final class IntroPager {
    /// The panel and the button together: the intro's dialog, as a screen reader meets it (its button in it, so the
    /// button takes the focus as the dialog opens). Drawn by nothing, touched through.
    private let dialog = Layer(identifier: "intro")
    private let panel = Layer(identifier: "intro.panel")
    private let scroll = Layer(identifier: "intro.scroll")
    private let button = Layer(identifier: "intro.button")
    /// The drawn line along the top panel's bottom edge: one layer, laid out again at each launch (a replay once added
    /// a second).
    private let line = Layer(identifier: "intro.line")
    /// One label per page, side by side in `scroll`.
    private var labels: [Layer] = []
    /// The pages, in order (set before `layOut`).
    var pages = IntroPage.bundled
    /// The scroll and a waiting press.
    private(set) var viewState = IntroViewState()
    private var layout = DisguiseLayout(size: Size(width: 1024, height: 768))
    /// The page the state shows, `nil` off the intro.
    private var page: Int?
    private let send: (DisguiseAction) -> Void

    /// - Parameter send: where a press that turns the page goes (`.tapIntroButton`).
    /// The run's texts (set by the screen before it lays the intro out).
    var texts = Localization.english

    init(send: @escaping (DisguiseAction) -> Void) {
        self.send = send
        dialog.isUserInteractionEnabled = false
        dialog.zPosition = 5
        panel.backgroundColor = .white
        panel.zPosition = 5
        scroll.masksToBounds = true
        button.backgroundColor = DisguiseLayout.orange
        button.zPosition = 5
        // A double-click is one press, and so is a held Enter (its repeats are dropped, see DisguiseScreen): the page a
        // press brings stays to be read.
        let tap = TapRecognizer { [weak self] _ in self?.press() }
        tap.countsDoubleClickAsOne = true
        button.gestureRecognizers = [tap]
    }

    /// Lays the panels out on `root`, off screen and hidden, on the first page.
    func layOut(_ layout: DisguiseLayout, in root: Layer) {
        self.layout = layout
        let frame = layout.topPanel, width = layout.size.width
        panel.frame = frame
        panel.position.y = -frame.height / 2
        panel.opacity = 1
        scroll.frame = Rect(x: 0, y: 0, width: width, height: frame.height - DisguiseLayout.lineHeight)
        scroll.removeAllSublayers()
        labels = pages.enumerated().map { index, page in
            let label = Layer(frame: Rect(x: Double(index) * width + 60, y: 20, width: width - 120, height: frame.height - DisguiseLayout.lineHeight - 40))
            label.contents = .text(TextContent(DisguiseText.intro(page, texts).text, bold: true, fontSize: 16, color: .black, alignment: .center, centeredVertically: true))
            label.isUserInteractionEnabled = false
            scroll.addSublayer(label)
            return label
        }
        dialog.frame = Rect(origin: .zero, size: layout.size)
        if dialog.superlayer !== root { root.addSublayer(dialog) }
        panel.addSublayer(scroll)
        line.frame = Rect(x: 0, y: frame.height - DisguiseLayout.lineHeight, width: width, height: DisguiseLayout.lineHeight)
        line.contents = DisguiseArt.image("intro-line.svg")
        if line.superlayer !== panel { panel.addSublayer(line) }
        dialog.addSublayer(panel)

        button.frame = layout.bottomPanel
        button.position.y = layout.size.height + layout.bottomPanel.height / 2
        button.opacity = 1
        button.contents = .text(TextContent(pages.first.map { DisguiseText.intro($0, texts).button } ?? "", bold: true, fontSize: 16, color: .white, alignment: .center, centeredVertically: true))
        dialog.addSublayer(button)
        viewState.offset = 0
        hide()
    }

    /// The intro's button (or Enter, Space): turns the page now if it has settled, else once it has.
    func press() {
        if pageIsSettled {
            send(.tapIntroButton)
        } else {
            viewState.pendingPress = true
        }
    }

    /// Turns the page for a press that came while it was moving, once it has come to rest.
    func turnPendingPage() {
        guard viewState.pendingPress else { return }
        guard page != nil else { viewState.pendingPress = false; return }
        guard pageIsSettled else { return }
        viewState.pendingPress = false
        send(.tapIntroButton)
    }

    /// Whether a press waits for the page to settle (the screen is not at rest meanwhile).
    var hasPendingPress: Bool { viewState.pendingPress }

    /// Whether the intro's page has scrolled into view (within 4 pt), so the button may turn it.
    private var pageIsSettled: Bool {
        guard let page else { return true }
        return abs(viewState.offset - Double(page) * layout.size.width) <= 4
    }

    /// Scrolls the page labels and keeps `intro.text` on the page being shown.
    func layOutText() {
        scroll.bounds.origin.x = viewState.offset
        let shown = Int((viewState.offset / max(layout.size.width, 1)).rounded())
        for (index, label) in labels.enumerated() { label.identifier = index == shown ? "intro.text" : nil }
    }

    /// The panels in place at once on `page`, as a new size lays the intro out again.
    func show(page: Int) {
        dialog.isHidden = false
        panel.isHidden = false
        button.isHidden = false
        panel.position = layout.topPanel.center
        button.position = layout.bottomPanel.center
        viewState.offset = Double(page) * layout.size.width
        if pages.indices.contains(page), case .text(var text) = button.contents {
            text.string = DisguiseText.intro(pages[page], texts).button
            button.contents = .text(text)
        }
        layOutText()
    }

    /// (B): the panels slide in (linearly, as the seed asks) with the first page.
    func slideIn(_ moves: DisguiseMotion) {
        dialog.isHidden = false
        panel.isHidden = false
        button.isHidden = false
        let animator = moves.animator, shownTop = layout.topPanel.center, shownBottom = layout.bottomPanel.center
        if moves.reduceMotion {
            panel.position = shownTop
            button.position = shownBottom
            panel.opacity = 0
            button.opacity = 0
            animator.animate(panel, \.opacity, to: 1, with: .tween(duration: moves.fade))
            animator.animate(button, \.opacity, to: 1, with: .tween(duration: moves.fade))
        } else {
            animator.animate(panel, \.position, to: shownTop, with: .tween(duration: moves.tuning.introPanelSlide, curve: .linear))
            animator.animate(button, \.position, to: shownBottom, with: .tween(duration: moves.tuning.introPanelSlide, curve: .linear))
        }
    }

    /// (C): the button has moved on a page: the text scrolls there with a spring, and the button takes the page's title.
    func scroll(to page: Int, _ moves: DisguiseMotion) {
        guard pages.indices.contains(page) else { return }
        let target = Double(page) * layout.size.width
        if moves.reduceMotion {
            viewState.offset = target
            labels[page].opacity = 0
            moves.animator.animate(labels[page], \.opacity, to: 1, with: .tween(duration: moves.fade))
        } else {
            moves.animator.animate(self, \.viewState.offset, to: target, with: .spring(moves.tuning.introPageSpring))
        }
        if case .text(var text) = button.contents {
            text.string = DisguiseText.intro(pages[page], texts).button
            button.contents = .text(text)
        }
    }

    /// (D): the panels slide out (fade when motion is reduced); `completion` is called when they are gone.
    func slideOut(_ moves: DisguiseMotion, completion: @escaping (Bool) -> Void) {
        let animator = moves.animator
        if moves.reduceMotion {
            animator.animate(button, \.opacity, to: 0, with: .tween(duration: moves.fade))
            animator.animate(panel, \.opacity, to: 0, with: .tween(duration: moves.fade), completion: completion)
        } else {
            let exit = Motion.tween(duration: moves.tuning.introPanelExit, curve: .linear)
            animator.animate(panel, \.position, to: Point(x: panel.position.x, y: -layout.topPanel.height / 2), with: exit)
            animator.animate(button, \.position, to: Point(x: button.position.x, y: layout.size.height + layout.bottomPanel.height / 2),
                             with: exit, completion: completion)
        }
    }

    /// Panels gone: laid out, or once they have slid out.
    func hide() {
        panel.isHidden = true
        button.isHidden = true
        dialog.isHidden = true
    }

    /// Takes the state in: the page it shows (for the button), and the intro to a screen reader: the panel with its
    /// page, that page's text, and the button.
    func show(_ state: DisguiseState) {
        guard case .intro(let page) = state.phase else {
            self.page = nil
            dialog.accessibility = nil
            panel.accessibility = nil
            button.accessibility = nil
            return
        }
        self.page = page
        // A dialog holding the panel and the button: the button takes the focus as it opens, and a screen reader says
        // the dialog's name and its text with it, as for a GTK dialog.
        dialog.accessibility = Accessibility(role: .dialog, name: texts(DisguiseText.introduction),
                                             description: texts(DisguiseText.introSaid, ["text": DisguiseText.intro(pages[page], texts).text,
                                                                                         "page": String(page + 1), "pages": String(pages.count)]))
        for (index, label) in labels.enumerated() {
            guard index == page, case .text(let text) = label.contents else {
                label.accessibility = nil
                continue
            }
            label.accessibility = Accessibility(role: .label, name: text.string, exposesText: true)
        }
        let title: String = { if case .text(let text) = button.contents { return text.string } else { return "Next" } }()
        let send = self.send
        button.accessibility = Accessibility(role: .button, name: title, actions: [.init("press") { send(.tapIntroButton) }])
    }
}
