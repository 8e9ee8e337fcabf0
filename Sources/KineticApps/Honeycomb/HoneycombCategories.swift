import Foundation
import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The category honeycomb: the logo in the middle and one hexagon per category (at most six) round it, which fly in
/// and assemble when the screen appears, burst or fly away in a morph into a grid, and are replaced when a refresh
/// changes the categories. A tap on a hexagon sends `.tapCategory` with the category it was made for.
final class HoneycombCategories {
    /// The logo's picture, in the app's bundled resources.
    static let bundledLogoFile = HoneycombResources.folder.appendingPathComponent("logo.svg").path
    /// The picture in the middle hexagon: the bundled logo, or the hosting app's own (an SVG or PNG file).
    private let logoFile: String

    /// Each category's hexagon, by category id.
    private(set) var views: [String: HexCellView] = [:]
    /// The logo's hexagon in the middle, made when the screen appears.
    private(set) var logo: HexCellView?
    /// Said in the middle of the stage when the data has no category at all (made only then).
    private var emptyNote: Layer?
    /// The logo's picture, in its hexagon's body.
    private var logoArt: Layer?
    /// The screen's field, where the hexagons sit.
    private let field: Layer
    private let motion: HoneycombMotion
    private let send: (HoneycombAction) -> Void

    init(field: Layer, motion: HoneycombMotion, logoFile: String, send: @escaping (HoneycombAction) -> Void) {
        self.field = field
        self.logoFile = logoFile
        self.motion = motion
        self.send = send
    }

    /// The hexagon of the node `id`, if it is a category's.
    func view(_ id: String) -> HexCellView? { views[id] }

    /// The logo and one hexagon per category, made anew: they start scattered off stage and fly in, staggered, into
    /// the honeycomb.
    func assemble(_ categories: [HoneycombNode], geometry: HoneycombGeometry) {
        for view in views.values { motion.remove(view) }
        if let logo { motion.remove(logo) }
        views = [:]
        let radius = geometry.flower.circumradius
        let logoView = HexCellView(id: "logo", identifier: "category.logo", radius: radius, withImage: false)
        logoView.body.contents = .shape(ShapeContent(path: .hexagon(pointyTop: true), fill: .white, stroke: Palette.ink.withAlpha(0.1), lineWidth: 1))
        let art = Layer(frame: Rect(center: Point(x: radius, y: radius), size: Size(width: radius * 1.1, height: radius * 1.1)))
        art.contents = .image(.file(logoFile))
        art.isUserInteractionEnabled = false
        logoView.body.insertSublayer(art, at: 0)
        logoArt = art
        logoView.container.isUserInteractionEnabled = false
        logoView.container.position = geometry.logoCentre
        field.addSublayer(logoView.container)
        self.logo = logoView
        makeViews(categories, geometry: geometry, assemble: true)
        logoView.container.scale = motion.reduceMotion ? 1 : 0.2
        logoView.container.opacity = 0
        for (index, category) in categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
            guard let view = views[category.id] else { continue }
            let home = geometry.categoryCentre(index)
            // Each flies in on its own delay and its own spring (a little livelier each), from its own side, and
            // locks into the honeycomb: the seed's "transformer" assembly.
            let tuning = motion.tuning
            var spring = tuning.cellSpring
            spring.response *= 1 - 0.04 * Double(index)
            spring.dampingRatio = max(spring.dampingRatio - 0.03 * Double(index), 0.55)
            motion.schedule(view, after: tuning.assembleDelay + tuning.assembleStagger * Double(index), to: CellTarget(centre: home, scale: 1, opacity: 1),
                            spring: spring)
        }
    }

    /// The categories changed under the screen (a refresh added, dropped or renamed some): the old hexagons fade
    /// away, and new ones, each carrying its own category's tap, fade in where the state puts them. A tap then always
    /// acts on the hexagon that was tapped.
    func replace(with categories: [HoneycombNode], geometry: HoneycombGeometry) {
        for view in views.values {
            let layer = view.container
            layer.identifier = nil  // gone from dumps and the accessibility tree at once; its picture fades
            layer.isUserInteractionEnabled = false
            motion.cancelWaitingMove(of: "category.\(view.id)")
            motion.fadeAway(view)
        }
        views = [:]
        makeViews(categories, geometry: geometry, assemble: false)
        for view in views.values { view.container.opacity = 0 }
        showEmptyNote(categories.isEmpty, geometry: geometry)
    }

    /// The run's texts (set by the screen).
    var texts = Localization.english

    /// Says so while the data has no category at all, and takes the note away once it has. The logo stays in the
    /// middle of the stage alone, so the note sits under it, clear of its hexagon (it used to be drawn across the
    /// stage's middle, where the logo covered half of it).
    func showEmptyNote(_ empty: Bool, geometry: HoneycombGeometry) {
        guard empty else {
            emptyNote?.removeFromSuperlayer()
            emptyNote = nil
            return
        }
        guard emptyNote == nil else { return }
        let logoBottom = geometry.logoCentre.y + geometry.flower.circumradius
        let note = Layer(identifier: "honeycomb.empty", frame: Rect(x: 40, y: logoBottom + 24, width: max(field.bounds.width - 80, 40), height: 56))
        note.contents = .text(TextContent(texts(HoneycombText.noCategories), fontSize: 20, color: Palette.ink, alignment: .center))
        note.isUserInteractionEnabled = false
        note.accessibility = Accessibility(role: .label, name: texts(HoneycombText.noCategories))
        field.addSublayer(note)
        emptyNote = note
    }

    /// Moves every hexagon towards its target, in the state's order (so animations start in the same order in every
    /// process). With `holdingEntrance`, hexagons whose entrance flight waits its turn keep waiting.
    func move(_ categories: [HoneycombNode], to targets: HoneycombTargets, holdingEntrance: Bool) {
        for category in categories {
            guard let view = views[category.id], let target = targets.categories[category.id] else { continue }
            if holdingEntrance, motion.isWaiting(view.container.identifier) { continue }
            motion.move(view, to: target)
        }
        if let logo { motion.move(logo, to: targets.logo) }
    }

    /// The stage was resized: every hexagon takes the new honeycomb's size and is put at its target at once, and the
    /// note (when there is no category) moves under the logo.
    func resize(to targets: HoneycombTargets, geometry: HoneycombGeometry) {
        let radius = geometry.flower.circumradius
        for (id, view) in views {
            view.resize(radius: radius)
            view.titleScale = geometry.textScale
            if let target = targets.categories[id] { motion.place(view, at: target) }
        }
        if let logo {
            logo.resize(radius: radius)
            logoArt?.frame = Rect(center: Point(x: radius, y: radius), size: Size(width: radius * 1.1, height: radius * 1.1))
            motion.place(logo, at: targets.logo)
        }
        let logoBottom = geometry.logoCentre.y + radius
        emptyNote?.frame = Rect(x: 40, y: logoBottom + 24, width: max(field.bounds.width - 80, 40), height: 56)
    }

    /// Fills every hexagon from its category again (new data, or the API changed one).
    func refresh(_ categories: [HoneycombNode]) {
        for category in categories { views[category.id]?.configure(category, imageFile: nil, titleSize: 22) }
    }

    /// Whether every hexagon and the logo show as their targets say.
    func haveArrived(at targets: HoneycombTargets) -> Bool {
        for (id, target) in targets.categories { if let view = views[id], !view.hasArrived(at: target) { return false } }
        if let logo, !logo.hasArrived(at: targets.logo) { return false }
        return true
    }

    /// The categories as buttons with their place in the honeycomb's rows; the logo is not one.
    func describe(_ state: HoneycombState) {
        for (index, category) in state.categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
            guard let view = views[category.id] else { continue }
            let place = HoneycombGeometry.flowerSlots.enumerated().lazy.compactMap { row, slots in slots.firstIndex(of: index).map { (row + 1, $0 + 1) } }.first
            view.describe(category, place: place, in: state, texts: texts) { [send] in send(.tapCategory(category.id)) }
        }
        logo?.container.accessibility = nil
    }

    /// One hexagon per category (at most six), at its place round the logo; with `assemble`, away and faded, to
    /// fly in.
    private func makeViews(_ categories: [HoneycombNode], geometry: HoneycombGeometry, assemble: Bool) {
        let radius = geometry.flower.circumradius
        for (index, category) in categories.prefix(HoneycombDocument.maximumCategories).enumerated() {
            let view = HexCellView(id: category.id, identifier: "category.\(category.id)", radius: radius, withImage: false)
            view.titleScale = geometry.textScale
            view.configure(category, imageFile: nil, titleSize: 22)
            motion.attachPress(to: view) { [send] in send(.tapCategory(category.id)) }
            let home = geometry.categoryCentre(index)
            view.container.position = home
            if assemble && !motion.reduceMotion {
                let away = (home - geometry.logoCentre).normalized * 700
                view.container.position = home + away
                view.container.scale = 0.6
                view.container.opacity = 0
            } else if assemble {
                view.container.opacity = 0
            }
            field.addSublayer(view.container)
            views[category.id] = view
        }
    }
}
