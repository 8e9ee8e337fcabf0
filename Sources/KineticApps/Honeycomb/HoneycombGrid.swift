import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The shown category's grid of cells: they grow out of the category's place, nearest first, shrink back into it,
/// and give way to another grid's cells. A tap on a cell sends `.tapCell` with the cell it was made for.
final class HoneycombGrid {
    /// The cells on stage, by cell id.
    private(set) var views: [String: HexCellView] = [:]
    /// Which category the cells on stage belong to.
    private var category: String?
    /// `grid.empty`: what the grid area says when the shown category has no cells, rather than a blank stage.
    private let emptyNote = Layer(identifier: "grid.empty")
    /// Where the cells sit: the grid's scrolling content, in stage coordinates.
    private let content: Layer
    private let motion: HoneycombMotion
    private let send: (HoneycombAction) -> Void

    /// The run's texts (set by the screen).
    var texts = Localization.english

    init(in content: Layer, motion: HoneycombMotion, send: @escaping (HoneycombAction) -> Void) {
        self.content = content
        self.motion = motion
        self.send = send
        emptyNote.opacity = 0
        emptyNote.isUserInteractionEnabled = false
        content.addSublayer(emptyNote)
    }

    /// Says, in the middle of the grid area (`area`, below the header's back hexagon and title), that `empty` has no
    /// cells; with `nil` the note fades away.
    func showEmptyNote(for empty: HoneycombNode?, in area: Rect) {
        if let empty {
            let message = texts(HoneycombText.emptyCategory, ["category": empty.title])
            emptyNote.frame = Rect(x: area.minX + 16, y: area.midY - 28, width: max(area.width - 32, 16), height: 56)
            emptyNote.contents = .text(TextContent(message, fontSize: 20, color: Palette.ink, alignment: .center, centeredVertically: true))
            emptyNote.accessibility = Accessibility(role: .label, name: message)
        } else {
            emptyNote.accessibility = nil
        }
        motion.fade(emptyNote, to: empty == nil ? 0 : 1)
    }

    /// The cell `id`'s hexagon, if it is on stage.
    func view(_ id: String) -> HexCellView? { views[id] }

    /// Makes sure the cells on stage are `shown`'s: another category's go (fading where they are when `fadeOthers`),
    /// and a cell new to the stage starts as a seed at `origin` (inside the category it grows out of).
    /// How much larger titles are drawn on this stage (`HoneycombGeometry.textScale`).
    var titleScale = 1.0

    func prepare(_ shown: HoneycombNode, radius: Double, origin: Point, fadeOthers: Bool, imageFiles: [String: String]) {
        if fadeOthers { fadeOut() }
        if category != shown.id {
            removeAll()
            category = shown.id
        }
        let wanted = Set(shown.children.map(\.id))
        for (id, view) in views where !wanted.contains(id) {
            motion.remove(view)
            views[id] = nil
        }
        for cell in shown.children where views[cell.id] == nil {
            let view = HexCellView(id: cell.id, identifier: "cell.\(cell.id)", radius: radius, withImage: true)
            view.titleScale = titleScale
            view.configure(cell, imageFile: cell.image.flatMap { imageFiles[$0] }, titleSize: 13)
            motion.attachPress(to: view) { [send] in send(.tapCell(cell.id)) }
            view.container.position = origin
            view.container.scale = HoneycombTargets.seedScale
            view.container.opacity = 0
            content.addSublayer(view.container)
            views[cell.id] = view
        }
    }

    /// Moves every cell towards its target; as a morph into the grid begins (`entering`), they grow out staggered,
    /// nearest to the origin first.
    func move(to targets: HoneycombTargets, entering: Bool) {
        let farthest = targets.cells.values.map { $0.centre.distance(to: targets.origin) }.max() ?? 1
        for (id, target) in targets.cells.sorted(by: { $0.key < $1.key }) {
            guard let view = views[id] else { continue }
            if entering && !motion.reduceMotion {
                motion.schedule(view, after: motion.tuning.morphStagger * target.centre.distance(to: targets.origin) / max(farthest, 1), to: target)
            } else {
                motion.move(view, to: target)
            }
        }
    }

    /// The stage was resized: every cell takes the new grid's size (`radius`) and is put at its target at once.
    func resize(to targets: HoneycombTargets, radius: Double) {
        for (id, view) in views.sorted(by: { $0.key < $1.key }) {
            view.resize(radius: radius)
            view.titleScale = titleScale
            if let target = targets.cells[id] { motion.place(view, at: target) }
        }
    }

    /// Takes every cell off the stage at once (back on the categories, the cells that shrank into theirs are done with).
    func removeAll() {
        for view in views.values { motion.remove(view) }
        forget()
    }

    /// Fills the cells on stage from their nodes again (new data, or the API changed one).
    func refresh(_ categories: [HoneycombNode], imageFiles: [String: String]) {
        for category in categories where category.id == self.category {
            for cell in category.children {
                views[cell.id]?.configure(cell, imageFile: cell.image.flatMap { imageFiles[$0] }, titleSize: 13)
            }
        }
    }

    /// Whether every cell on stage shows as its target says.
    func haveArrived(at targets: HoneycombTargets) -> Bool {
        for (id, target) in targets.cells { if let view = views[id], !view.hasArrived(at: target) { return false } }
        return true
    }

    /// The cells as buttons with their place in the grid's rows.
    func describe(_ state: HoneycombState, geometry: HoneycombGeometry) {
        guard let shown = state.shownCategory else { return }
        let layout = geometry.grid(count: shown.children.count)
        for (index, cell) in shown.children.enumerated() {
            guard let view = views[cell.id] else { continue }
            let place = layout.position(ofCellAt: index).map { ($0.row + 1, $0.column + 1) }
            view.describe(cell, place: place, in: state, texts: texts) { [send] in send(.tapCell(cell.id)) }
        }
    }

    /// Whether any cell is on stage.
    var isEmpty: Bool { views.isEmpty }

    /// Cells of a grid being replaced by another's (or whose category new data dropped) fade where they are, then go;
    /// they take no more touches from now on.
    func fadeOut() {
        for view in views.values { view.container.isUserInteractionEnabled = false }
        for view in views.values { motion.fadeAway(view) }
        forget()
    }

    private func forget() {
        views = [:]
        category = nil
    }
}
