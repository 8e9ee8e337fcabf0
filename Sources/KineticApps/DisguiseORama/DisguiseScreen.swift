import KineticCatalog
import Foundation
import KineticCore
import KineticRuntime
import KineticScene

/// Disguise-O-Rama: the splash, the new-user intro, and the wheel of costume bubbles around Scotch.
///
/// One screen plays the whole sequence, so that every hand-over (splash → intro → wheel) is seamless: the same
/// Scotch layer stays on stage throughout and only moves and scales. The phase is the state machine; the layers
/// are built once in `didAppear` and animated from there.
public final class DisguiseScreen: Screen {
    enum Phase: Equatable {
        case splash, splashLeaving
        case intro(page: Int)
        case introLeaving
        case wheel
        case selected(String)
        /// Bubbles on their way home after a deselection, until the physics comes to rest.
        case returning
    }

    /// Layers of one costume: the bubble (a white disc, the icon and the ring), and the image Scotch wears.
    final class CostumeViews {
        let costume: Costume
        let bubble: Layer
        let disc: Layer
        let ring: Layer
        let icon: Layer
        let worn: Layer
        init(costume: Costume, bubble: Layer, disc: Layer, ring: Layer, icon: Layer, worn: Layer) {
            (self.costume, self.bubble, self.disc, self.ring, self.icon, self.worn) = (costume, bubble, disc, ring, icon, worn)
        }
    }

    static let art = BundledCostumes.resourceFolder

    var phase = Phase.splash
    var phaseTime = 0.0
    var layout = DisguiseLayout(size: Size(width: 1024, height: 768))
    var costumes: [Costume]
    /// Costumes that arrived while one was selected; they join the wheel once it is whole again.
    var pendingCostumes: [Costume] = []
    var views: [String: CostumeViews] = [:]
    var wheel: CostumeWheel?
    var focusedIndex: Int?
    /// Problems with the catalogue, for a banner.
    public internal(set) var problems: [String]

    let scotch = Layer(identifier: "scotch")
    let splashDisguise = Layer(identifier: "splash.disguise")
    let splashO = Layer(identifier: "splash.o")
    let splashRama = Layer(identifier: "splash.rama")
    let wheelLayer = Layer(identifier: "wheel")
    let bubbleLayer = Layer(identifier: "bubbles")
    let topPanel = Layer(identifier: "intro.panel")
    let introScroll = Layer(identifier: "intro.scroll")
    var introLabels: [Layer] = []
    let introButton = Layer(identifier: "intro.button")
    let titleLayer = Layer(identifier: "title")
    let subtitleLayer = Layer(identifier: "subtitle")
    let focusRing = Layer(identifier: "focus")
    /// The content offset of the intro's text, animated to scroll between pages.
    var introOffset = 0.0
    /// Where a drag on the wheel began: the finger's angle about the centre and the wheel's angle then.
    var panStart: (fingerAngle: Double, wheelAngle: Double)?
    /// The finger's turn so far, unwrapped across the ±π seam.
    var panLastTurn = 0.0

    /// Where new costumes come from, if anywhere.
    let feed: CostumeFeed?
    let banner = Banner()

    /// - Parameter costumes: the catalogue to start with (the bundled costumes by default), with no data layer.
    public init(costumes: [Costume]? = nil) {
        let catalogue: (costumes: [Costume], problems: [String]) = costumes.map { ($0, []) } ?? BundledCostumes.load()
        self.costumes = catalogue.costumes
        self.problems = catalogue.problems
        self.feed = nil
        super.init(identifier: "disguise")
    }

    /// Starts on the feed's bundled and saved costumes and refreshes from the network in the background.
    public init(feed: CostumeFeed, bundledProblems: [String] = []) {
        let initial = feed.initial()
        self.costumes = initial.costumes
        self.problems = bundledProblems + initial.problems
        self.feed = feed
        super.init(identifier: "disguise")
    }

    public override var stateName: String {
        switch phase {
        case .splash: return "splash"
        case .splashLeaving: return "splash.leaving"
        case .intro(let page): return "intro.\(page + 1)"
        case .introLeaving: return "intro.leaving"
        case .wheel: return "wheel"
        case .selected(let id): return "selected.\(id)"
        case .returning: return "wheel.returning"
        }
    }

    public override var menuActions: [MenuAction] { [MenuAction(id: "replay-intro", title: "Replay intro")] }

    public override func performMenuAction(_ id: String) {
        guard id == "replay-intro" else { return }
        DisguiseProgress(introCompleted: false).save(to: settings.dataDirectory)
        restart()
    }

    // MARK: Building

    public override func didAppear(size: Size) {
        layout = DisguiseLayout(size: size)
        if settings.freshStart { DisguiseProgress(introCompleted: false).save(to: settings.dataDirectory) }
        restart()
        root.gestureRecognizers = [
            TapRecognizer { [weak self] in self?.handleTap(at: $0.location) },
            PanRecognizer { [weak self] in self?.handlePan($0 as! PanRecognizer) },
        ]
        if !problems.isEmpty { FileHandle.standardError.write(Data(problems.map { "kinetic: \($0)\n" }.joined().utf8)) }
        feed?.startRefresh(counting: stage?.backgroundWork)
    }

    /// Lays the launch screen out again and starts the sequence from the splash.
    func restart() {
        for layer in root.sublayers { animator.stopAll(of: layer) }
        animator.stopAll(of: self)
        root.removeAllSublayers()
        views = [:]
        wheel = nil
        focusedIndex = nil
        root.backgroundColor = DisguiseLayout.background
        buildSplash()
        buildWheelLayers()
        buildIntroPanels()
        buildTitles()
        buildBanner()
        phase = .splash
        phaseTime = 0
    }

    func image(_ name: String) -> LayerContents { .image(.file(Self.art.appendingPathComponent(name).path)) }

    private func buildSplash() {
        for (layer, frame, name) in [(splashDisguise, layout.splashDisguise, "splash-disguise.svg"), (splashO, layout.splashO, "splash-o.svg"),
                                     (splashRama, layout.splashRama, "splash-rama.svg")] {
            layer.frame = frame
            layer.contents = image(name)
            layer.scale = 1
            layer.opacity = 1
            layer.isHidden = false
            layer.zPosition = 1
            root.addSublayer(layer)
        }
        scotch.bounds = Rect(origin: .zero, size: layout.scotchInIntro.size)
        scotch.contents = image("scotch.svg")
        scotch.position = layout.scotchInSplash.center
        scotch.scale = layout.scotchInSplash.height / layout.scotchInIntro.height
        scotch.zPosition = 3
        root.addSublayer(scotch)
    }

    private func buildWheelLayers() {
        wheelLayer.frame = Rect(center: layout.wheelCenter, size: Size(width: layout.wheelRadius * 2, height: layout.wheelRadius * 2))
        wheelLayer.isUserInteractionEnabled = false
        wheelLayer.rotation = 0
        root.addSublayer(wheelLayer)
        bubbleLayer.frame = Rect(origin: .zero, size: layout.size)
        bubbleLayer.isUserInteractionEnabled = true
        bubbleLayer.zPosition = 2
        root.addSublayer(bubbleLayer)
        focusRing.bounds = Rect(origin: .zero, size: Size(width: layout.bubbleDiameter + 16, height: layout.bubbleDiameter + 16))
        focusRing.contents = .shape(ShapeContent(path: .circle, stroke: Color(red8: 0x3E, green8: 0x7C, blue8: 0xB1), lineWidth: 4))
        focusRing.isHidden = true
        focusRing.isUserInteractionEnabled = false
        focusRing.zPosition = 6
        root.addSublayer(focusRing)
    }

    private func buildTitles() {
        for (layer, frame, size, color) in [(titleLayer, layout.title, 34.0, DisguiseLayout.orange), (subtitleLayer, layout.subtitle, 16.0, Color.black)] {
            layer.frame = frame
            layer.contents = .text(TextContent("", bold: true, fontSize: size, color: color, alignment: .center, lineLimit: 2))
            layer.isHidden = true
            layer.isUserInteractionEnabled = false
            layer.zPosition = 4
            root.addSublayer(layer)
        }
    }

    public override func handleKey(_ event: KeyEvent) -> Bool { handleDisguiseKey(event) }

    // MARK: Per step

    public override func update(dt: Double) {
        phaseTime += dt
        if let snapshot = feed?.take() { apply(snapshot) }
        updateBanner(dt: dt)
        if phase == .splash && phaseTime >= 0.6 { leaveSplash() }
        if let wheel {
            wheel.step(dt: dt)
            wheelLayer.rotation = wheel.angle
            for bubble in wheel.bubbles { views[bubble.id]?.bubble.position = bubble.item.center }
            if phase == .returning && wheel.springsAreNormal { phase = .wheel }
            if phase == .wheel, !pendingCostumes.isEmpty { addPendingCostumes() }
        }
        layoutIntroText()
        if let index = focusedIndex, let wheel, index < wheel.bubbles.count, let view = views[wheel.bubbles[index].id] {
            focusRing.position = view.bubble.position
            focusRing.isHidden = phase != .wheel && phase != .returning
        } else {
            focusRing.isHidden = true
        }
    }

    /// The data layer hands over costumes (a refresh from the server, say): new ones fly out from behind Scotch.
    public func receive(_ incoming: [Costume]) {
        for costume in incoming where costume.problem == nil && !costumes.contains(where: { $0.id == costume.id })
            && !pendingCostumes.contains(where: { $0.id == costume.id }) {
            pendingCostumes.append(costume)
        }
        if phase == .wheel { addPendingCostumes() }
    }

    func addPendingCostumes() {
        let arriving = pendingCostumes
        pendingCostumes = []
        for costume in arriving {
            costumes.append(costume)
            addBubble(for: costume)
        }
    }

    /// The motion to use for a spring, or a short cross-fade-length tween when motion is reduced.
    func motion(_ spring: Spring) -> Motion {
        settings.reduceMotion ? .tween(duration: 0.2, curve: .easeInEaseOut) : .spring(spring)
    }
}
