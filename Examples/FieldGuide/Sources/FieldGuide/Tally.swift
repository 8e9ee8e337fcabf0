import KineticCore
import KineticRuntime
import KineticScene

/// The guide's tally of sightings: a feature as Kinetic's apps are made, state, actions and pure rules run by a store.
struct TallyState: Equatable {
    var sightings = 0
}

enum TallyAction {
    case sighted
    case cleared
}

enum TallyRules: AppRules {
    static func reduce(_ state: inout TallyState, _ action: TallyAction) -> [Never] {
        switch action {
        case .sighted: state.sightings = min(state.sightings + 1, 9)
        case .cleared: state.sightings = 0
        }
        return []
    }
}

/// One small screen of the guide's own: a round button that springs one step right for each sighting (a tap, or
/// Space) and home on Backspace, its count above it. The spring is retargeted, never restarted, so quick taps carry
/// their velocity from one step into the next.
final class TallyScreen: Screen {
    let store = Store<TallyRules>(TallyState())
    let button = Layer(identifier: "tally.button")
    let count = Layer(identifier: "tally.count")
    private var size = Size(width: 0, height: 0)

    static let sighted = LocalizedText("tally.sighted", "Sighted")
    static let countWords = LocalizedPlural("tally.count", one: "{count} sighting", other: "{count} sightings")

    init() { super.init(identifier: "tally") }

    override var stateName: String { "tally.\(store.state.sightings)" }

    override var usesKeyboardFocus: Bool { true }

    /// Where the button belongs for `sightings`: ten steps across the width, halfway down.
    static func place(_ sightings: Int, in size: Size) -> Point {
        Point(x: size.width * (Double(sightings) + 1) / 11, y: size.height / 2)
    }

    override func didAppear(size: Size) {
        self.size = size
        root.backgroundColor = Palette.paper
        count.frame = Rect(x: 0, y: size.height / 2 - 120, width: size.width, height: 40)
        root.addSublayer(count)
        button.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
        button.hitShape = .circle
        button.contents = .shape(ShapeContent(path: .circle, fill: Color(red8: 0x3A, green8: 0x7D, blue8: 0x44)))
        button.position = Self.place(store.state.sightings, in: size)
        button.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.store.send(.sighted) }]
        button.accessibility = Accessibility(role: .button, name: settings.localization(Self.sighted), actions: [.tapping(button)])
        root.addSublayer(button)
        showCount()
        store.follow { [unowned self] _ in
            self.showCount()
            self.animator.animate(self.button, \.position, to: Self.place(self.store.state.sightings, in: self.size),
                                  with: .spring(response: 0.45, dampingRatio: 0.7))
        }
    }

    /// The count's line and the button's place follow the new width (the button springs there, as to a step).
    override func didResize(to size: Size) {
        self.size = size
        count.frame = Rect(x: 0, y: size.height / 2 - 120, width: size.width, height: 40)
        animator.animate(button, \.position, to: Self.place(store.state.sightings, in: size), with: .spring(response: 0.45, dampingRatio: 0.7))
    }

    override func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .space: return store.send(.sighted).didSomething
        case .backspace: return store.send(.cleared).didSomething
        default: return false
        }
    }

    private func showCount() {
        let words = settings.localization(LocalizedMessage(Self.countWords, count: store.state.sightings))
        count.contents = .text(TextContent(words, bold: true, fontSize: 26, color: Palette.ink, alignment: .center))
    }
}
