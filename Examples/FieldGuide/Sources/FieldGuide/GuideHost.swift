import KineticApps
import KineticCore
import KineticRuntime
import KineticScene

/// The guide's own navigation: a side bar with its title and a button per place (the Honeycomb of birds and trees,
/// the tally), and the area right of it where the chosen place shows. Kinetic's screens sit in it as the guide's own
/// do: it is a `ScreenHost`, so each gets its steps, keys and focus as if it were alone on the stage.
final class GuideHost: ScreenHost {
    /// A place the side bar offers: its button's identifier and words, and the screen it shows (made when chosen).
    struct Place {
        let id: String
        let name: LocalizedText
        let make: () -> Screen
    }

    static let sideBarWidth = 220.0
    static let title = LocalizedText("field-guide.title", "Field Guide")

    let places: [Place]
    private let area = Layer(identifier: "guide.area")
    private var buttons: [Layer] = []
    /// The place showing.
    private var showing: Int?

    init(places: [Place]) {
        self.places = places
        super.init(identifier: "guide")
    }

    override func didAppear(size: Size) {
        root.backgroundColor = Color(red8: 0xF4, green8: 0xF1, blue8: 0xEA)
        let bar = Layer(identifier: "guide.bar", frame: Rect(x: 0, y: 0, width: Self.sideBarWidth, height: size.height))
        bar.backgroundColor = Color(red8: 0x26, green8: 0x3A, blue8: 0x2C)
        root.addSublayer(bar)
        let heading = Layer(identifier: "guide.title", frame: Rect(x: 20, y: 24, width: Self.sideBarWidth - 40, height: 36))
        heading.contents = .text(TextContent(settings.localization(Self.title), bold: true, fontSize: 24, color: .white))
        heading.isUserInteractionEnabled = false
        bar.addSublayer(heading)
        for (index, place) in places.enumerated() {
            let button = Layer(identifier: "guide.\(place.id)", frame: Rect(x: 12, y: 90 + 56 * Double(index), width: Self.sideBarWidth - 24, height: 44))
            button.cornerRadius = 10
            let words = Layer(frame: Rect(x: 14, y: 11, width: button.frame.width - 28, height: 24))
            words.contents = .text(TextContent(settings.localization(place.name), fontSize: 18, color: .white))
            words.isUserInteractionEnabled = false
            button.addSublayer(words)
            button.gestureRecognizers = [TapRecognizer { [weak self] _ in self?.show(index) }]
            button.accessibility = Accessibility(role: .button, name: settings.localization(place.name), actions: [.tapping(button)])
            bar.addSublayer(button)
            buttons.append(button)
        }
        area.frame = Rect(x: Self.sideBarWidth, y: 0, width: size.width - Self.sideBarWidth, height: size.height)
        area.masksToBounds = true
        root.addSublayer(area)
        show(0)
    }

    override func didResize(to size: Size) {
        root.layer(withIdentifier: "guide.bar")?.frame = Rect(x: 0, y: 0, width: Self.sideBarWidth, height: size.height)
        area.frame = Rect(x: Self.sideBarWidth, y: 0, width: size.width - Self.sideBarWidth, height: size.height)
        hostingAreaDidResize()
    }

    /// Shows place `index` in the area, made anew (a screen that left ended its work); its button is marked as the one
    /// showing. The place already showing stays as it is.
    func show(_ index: Int) {
        guard index != showing else { return }
        showing = index
        for (number, button) in buttons.enumerated() {
            button.backgroundColor = number == index ? Color(red8: 0x3A, green8: 0x7D, blue8: 0x44) : nil
            if number == index { button.accessibility?.states.insert(.selected) } else { button.accessibility?.states.remove(.selected) }
        }
        host(places[index].make(), in: area)
    }
}
