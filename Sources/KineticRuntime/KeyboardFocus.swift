import KineticCore
import KineticScene

/// The stage's one keyboard focus, shared by every screen, sheet and menu that hands its keys to the engine: what can
/// take the focus, how Tab, the arrows, Home, End, Enter and Space move and use it, where it goes when what had it
/// leaves, and the one ring drawn around it.
///
/// **What can take the focus** is what a screen reader can act on: a shown layer whose `accessibility` is a control (a
/// button, menu item, list item, tab, link, radio button or entry), not disabled, and not inside a part hidden from
/// screen readers (a list under a sheet). So the keyboard reaches exactly what Orca offers, and the keyboard focus is
/// the accessibility focus: the focused layer carries `.focused` in its accessibility states and `focused` in dumps.
///
/// **Patterns** (WAI-ARIA's, as GTK4 follows them): a list, a menu or a tab list is one Tab stop; inside it ↑/↓ (a list,
/// a menu) or ←/→ (tabs) move, Home and End go to its ends, and in a menu a letter goes to the next item starting with
/// it. Elsewhere the arrows move to the nearest control that way on screen. Tab and Shift-Tab go through the stops in
/// reading order (the layer tree's, as drawn), round and round. Enter and Space do what a tap does: the control's
/// first accessibility action.
///
/// **Scopes**: a dialog or a menu that shows is a scope, the one drawn last the innermost. The focus stays inside it;
/// when a dialog opens (a menu: while the keyboard is in use), its first control (or its selected one) takes the focus;
/// when it goes, the focus returns to where it was when it came.
///
/// **Focus never lands nowhere**: when the focused control goes (a row filed, a card replaced), the focus moves to the
/// control that followed it in reading order, else the one before it.
///
/// **The ring shows while the keyboard is in use** (GTK's focus-visible): a key shows it, a touch or click hides it
/// without moving the focus.
public final class KeyboardFocus {
    /// The control with the focus, if any.
    public private(set) weak var focused: Layer?
    /// Whether the ring shows: the keyboard was used last.
    public private(set) var isVisible = false
    /// The open scopes, outermost first, each with the control that had the focus when it opened (`nil`: none had).
    private var scopes: [(scope: WeakLayer, returnTo: WeakLayer?)] = []
    /// The controls of the innermost scope as last seen, in reading order: where a control that went was.
    private var lastControls: [WeakLayer] = []
    /// Where the focus was among `lastControls` at the last settle: a focused control that went (and was freed) is
    /// still known by its place.
    private var lastFocusIndex: Int?
    /// Each list, menu or tab list's control that last had the focus: Tab enters the group there again.
    private var lastInGroup: [ObjectIdentifier: WeakLayer] = [:]
    /// The layer whose accessibility states the focus last marked.
    private weak var marked: Layer?
    /// The control that had the focus when everything went from under it (a dialog covering the list, before the dialog
    /// itself shows): the dialog that opens next gives the focus back to it when it closes.
    private weak var coveredFocus: Layer?
    /// The control an app asked for (`request(_:)`) that the keyboard cannot reach yet, found again at each settle.
    private var requested: (() -> Requested)?
    /// The one focus ring, drawn over everything but the tools: an accent line with a white one inside it, so it stands
    /// apart from a control of the accent's own colour (an orange Delete Draft) and shows on a dark menu alike.
    let ring = Layer(identifier: "focus")
    private let gap = Layer()
    /// How far out of the control the ring's accent line stands, and how far inside that the white line runs.
    static let ringOffset = 5.0, gapInset = 2.5

    /// The roles that take the focus.
    /// (`.text` only where it takes the focus on purpose: a document's body, with a `focus` of its own.)
    static let controlRoles: Set<Accessibility.Role> = [.button, .menuItem, .listItem, .pageTab, .link, .radioButton, .entry, .passwordText, .spinButton, .text]
    /// The roles whose controls share one Tab stop and move by arrows.
    static let groupRoles: Set<Accessibility.Role> = [.list, .menu, .pageTabList]
    /// The roles that keep the focus inside while they show.
    static let scopeRoles: Set<Accessibility.Role> = [.dialog, .menu]

    /// A focus with nothing focused.
    public init() {
        ring.isUserInteractionEnabled = false
        gap.isUserInteractionEnabled = false
        ring.zPosition = 950
    }

    /// A key was pressed: the ring shows.
    func noteKey() { isVisible = true }

    /// A touch or click: the ring hides, the focus stays.
    func notePointer() { isVisible = false }

    /// Puts the focus on `layer` (or nowhere); an entry's own focus (a text field taking the keyboard) follows. A
    /// request still waiting (`request(_:)`) is dropped: the focus was put somewhere since.
    public func focus(_ layer: Layer?) {
        requested = nil
        coveredFocus = nil
        place(layer)
    }

    /// Puts the focus on `layer` as the engine's own rules move it (a scope opening or closing, a neighbour taking the
    /// place of a control that went), leaving an app's request waiting.
    private func place(_ layer: Layer?) {
        focused = layer
        if layer == nil { lastFocusIndex = nil }  // let go on purpose: no neighbour takes it at the next settle
        if let layer, let group = Self.group(of: layer, within: nil) { lastInGroup[ObjectIdentifier(group)] = WeakLayer(layer) }
        if let focus = layer?.accessibility?.focus, Accessibility.isTextField(layer?.accessibility?.role) { focus() }
    }

    /// What an app's request for the focus finds, each time it is looked at (see `request(_:)`).
    public enum Requested {
        /// The control to focus, once the keyboard can reach it.
        case control(Layer)
        /// Not yet made or shown (a row the list scrolls towards, a hexagon fading in): looked for again later.
        case notYet
        /// No longer wanted (its message or costume went): the request is dropped.
        case gone
    }

    /// Asks for the focus to go to the control `find` gives, as soon as the keyboard can reach it: at the end of this
    /// step, once the app's layers show what its state now says (the first costume of a wheel being built, a row the
    /// list scrolls into view), or later, while a scope that opened still holds the keyboard.
    ///
    /// This is how an app drives the one focus from its rules' effects, without keeping a copy of it: the app names what
    /// should have the focus, the engine holds it. A later `focus(_:)`, key or request replaces the request, and one
    /// that finds its control `gone` is dropped. While it waits, a focused control that goes hands the focus to nothing
    /// else, so a screen reader hears no passing stop.
    public func request(_ find: @escaping () -> Requested) {
        requested = find
    }

    /// As `request(_:)`, for a control that is there or gone (`nil`), never on its way.
    public func request(_ find: @escaping () -> Layer?) {
        requested = { find().map(Requested.control) ?? .gone }
    }

    /// Whether a scope open now (a menu, a dialog) gives the focus back to `layer` when it closes: the control the
    /// keyboard was on, and goes on from, once what covers it goes.
    public func returnsFocus(to layer: Layer) -> Bool {
        scopes.contains { $0.returnTo?.layer === layer }
    }

    /// The control Tab (`backwards`: Shift-Tab) would move the focus to from `control` among the stops of the innermost
    /// scope under `root`, for a screen that puts a control of its own in the Tab order beside another (the
    /// Honeycomb's Learn More after its open cell).
    public func stop(after control: Layer, backwards: Bool, under root: Layer) -> Layer? {
        let stops = stops(among: innermostScope(under: root).controls, focused: control)
        guard let index = stops.firstIndex(where: { $0 === control }), !stops.isEmpty else { return nil }
        return stops[(index + (backwards ? -1 : 1) + stops.count) % stops.count]
    }

    /// An open scope that would give the focus back to `old` when it closes gives it to `new` instead: the same thing
    /// made anew under a sheet (a list's rows rebuilt while the reader covers them).
    public func returnFocus(to new: Layer, insteadOf old: Layer) {
        for index in scopes.indices where scopes[index].returnTo?.layer === old { scopes[index].returnTo = WeakLayer(new) }
        if coveredFocus === old { coveredFocus = new }
    }

    /// Whether an app's request for the focus waits for its control (see `request(_:)`).
    public var hasRequest: Bool { requested != nil }

    // MARK: Keys

    /// Moves or uses the focus for `event` within the innermost scope under `root`; returns whether the key was used.
    func handle(_ event: KeyEvent, root: Layer) -> Bool {
        let (scope, controls) = innermostScope(under: root)
        guard !controls.isEmpty else { return false }
        guard let focused, controls.contains(where: { $0 === focused }) else {
            // Nothing focused yet: Tab, Shift-Tab or an arrow starts at the first stop (the last for Shift-Tab).
            switch event.key {
            case .tab, .up, .down, .left, .right:
                let stops = stops(among: controls, focused: nil)
                focus(event.key == .tab && event.modifiers.contains(.shift) ? stops.last : stops.first)
                return true
            default:
                return false
            }
        }
        let group = Self.group(of: focused, within: scope)
        switch event.key {
        case .tab:
            let stops = stops(among: controls, focused: focused)
            guard let index = stops.firstIndex(where: { $0 === focused }) else { return false }
            let step = event.modifiers.contains(.shift) ? -1 : 1
            focus(stops[(index + step + stops.count) % stops.count])
        case .enter, .space:
            if let action = focused.accessibility?.actions.first { action.perform() } else { focused.accessibility?.focus?() }
        case .up, .down, .left, .right:
            // Along a group's own axis the arrow moves inside it; across it (↓ from the tabs), to the nearest control.
            if let group, let used = moveInGroup(group, by: event.key, controls: controls) { return used }
            guard let next = Self.nearest(to: focused, going: event.key, among: controls) else { return true }
            focus(next)
        case .home, .end:
            guard let group else { return false }
            let members = controls.filter { Self.group(of: $0, within: scope) === group }
            focus(event.key == .home ? members.first : members.last)
        case .character(let letter) where group?.accessibility?.role == .menu:
            let members = controls.filter { Self.group(of: $0, within: scope) === group }
            guard let index = members.firstIndex(where: { $0 === focused }) else { return false }
            let after = members[(index + 1)...] + members[...index]
            guard let match = after.first(where: { $0.accessibility?.name.lowercased().hasPrefix(letter.lowercased()) == true }) else { return false }
            focus(match)
        default:
            return false
        }
        return true
    }

    /// An arrow inside a list or menu (↑/↓) or a tab list (←/→): the neighbour that way, stopping at the ends; `nil`
    /// for an arrow across the group (←/→ in a list), which is not the group's.
    private func moveInGroup(_ group: Layer, by key: KeyEvent.Key, controls: [Layer]) -> Bool? {
        let across = group.accessibility?.role == .pageTabList
        let backward: Bool
        switch (key, across) {
        case (.up, false), (.left, true): backward = true
        case (.down, false), (.right, true): backward = false
        case (.left, false) where group.accessibility?.role == .menu, (.right, false) where group.accessibility?.role == .menu:
            return true  // a menu keeps it
        default: return nil
        }
        let members = controls.filter { Self.group(of: $0, within: nil) === group }
        guard let index = members.firstIndex(where: { $0 === focused }) else { return false }
        let next = index + (backward ? -1 : 1)
        if members.indices.contains(next) { focus(members[next]) }
        return true
    }

    // MARK: Each step

    /// Keeps the focus where it can be after the scene changed: follows scopes opening and closing, moves off a
    /// control that went, marks the focused layer, and places the ring.
    func settle(root: Layer) {
        let (scope, controls) = innermostScope(under: root)
        followScopes(to: scope, root: root, controls: controls)
        if let find = requested {
            // After the scopes had their say (a dialog that closed gives the focus back), the app's request has the last.
            switch find() {
            case .control(let wanted): if controls.contains(where: { $0 === wanted }) { focus(wanted) }
            case .notYet: break
            case .gone: requested = nil
            }
        }
        if let focused, !controls.contains(where: { $0 === focused }) {
            if requested != nil {
                // The control asked for is on its way: nothing else takes the focus meanwhile.
                self.focused = nil
                lastFocusIndex = nil
            } else {
                let next = neighbour(at: lastControls.firstIndex { $0.layer === focused } ?? lastFocusIndex, among: controls)
                if next == nil { coveredFocus = focused }  // nothing left to go to: covered, for a dialog on its way
                place(next)
            }
        } else if focused == nil, requested == nil, let index = lastFocusIndex {
            place(neighbour(at: index, among: controls))  // it went, and nothing holds it any more
        }
        lastControls = controls.map(WeakLayer.init)
        lastFocusIndex = focused.flatMap { focused in controls.firstIndex { $0 === focused } }
        mark()
        placeRing(in: root)
    }

    /// Lets go of everything: no control focused or marked, no ring, no scope remembered (the screen no longer hands
    /// its keys to the focus).
    func release() {
        focused = nil
        requested = nil
        scopes = []
        lastControls = []
        lastFocusIndex = nil
        mark()
        if ring.superlayer != nil { ring.removeFromSuperlayer() }
    }

    private func followScopes(to scope: Layer, root: Layer, controls: [Layer]) {
        if scopes.isEmpty || scopes[0].scope.layer !== root { scopes = [(WeakLayer(root), nil)] }
        if scopes.last?.scope.layer === scope { return }
        if let open = scopes.firstIndex(where: { $0.scope.layer === scope }) {
            // Inner scopes closed: the focus returns to where it was when the first of them opened.
            // Nothing had it then: nothing has it now (the screen's keys go on from where they were).
            let returnTo = scopes[open + 1].returnTo
            scopes.removeSubrange((open + 1)...)
            if let returnTo, let layer = returnTo.layer, controls.contains(where: { $0 === layer }) {
                place(layer)
            } else if returnTo == nil {
                place(nil)
            } else if focused != nil {
                place(stops(among: controls, focused: nil).first)
            }
        } else {
            scopes.removeAll { $0.scope.layer == nil || !($0.scope.layer?.isVisibleInTree ?? false) }
            if scopes.isEmpty { scopes = [(WeakLayer(root), nil)] }
            scopes.append((WeakLayer(scope), (focused ?? coveredFocus).map(WeakLayer.init)))
            coveredFocus = nil
            // A dialog takes the focus as it opens, however it was opened, as a GTK dialog's default control does: a
            // screen reader then says the dialog, its text and the control (the ring still waits for a key). A menu
            // opened by the pointer leaves the focus where it was.
            if isVisible || focused != nil || scope.accessibility?.role == .dialog {
                // Its selected control; else a document's text in it (opening a document puts the focus in it, as
                // mail programs do with an opened message); else its first stop.
                let selected = controls.first { $0.accessibility?.states.contains(.selected) == true }
                let document = controls.first { $0.accessibility?.role == .text }
                place(selected ?? document ?? stops(among: controls, focused: nil).first)
            }
        }
    }

    /// The control that followed the one at `index` when last seen, still there; else the nearest one before it; else,
    /// when all of them were made anew, the one now at the same place; else the first stop.
    private func neighbour(at index: Int?, among controls: [Layer]) -> Layer? {
        let present = { (layer: Layer?) in layer.flatMap { candidate in controls.first { $0 === candidate } } }
        if let index, lastControls.indices.contains(index) {
            for later in lastControls[(index + 1)...] { if let found = present(later.layer) { return found } }
            for earlier in lastControls[..<index].reversed() { if let found = present(earlier.layer) { return found } }
            // Every control was made anew (a menu rebuilt with new counts): the one at the same place.
            if !controls.isEmpty { return controls[min(index, controls.count - 1)] }
        }
        return stops(among: controls, focused: nil).first
    }

    /// The focused layer says so, to dumps and to screen readers; the one marked before no longer does.
    private func mark() {
        if marked !== focused {
            if let old = marked {
                old.hasKeyboardFocus = false
                old.accessibility?.states.remove(.focused)
            }
            marked = focused
        }
        guard let focused else { return }
        if !focused.hasKeyboardFocus { focused.hasKeyboardFocus = true }
        if focused.accessibility?.states.contains(.focused) == false { focused.accessibility?.states.insert(.focused) }
    }

    private func placeRing(in root: Layer) {
        guard isVisible, let focused, !Accessibility.isTextField(focused.accessibility?.role) else {
            if ring.superlayer != nil { ring.removeFromSuperlayer() }
            return
        }
        if ring.superlayer !== root {
            root.addSublayer(ring)
            if gap.superlayer !== ring { ring.addSublayer(gap) }
        }
        let control = focused.frameInRoot
        // Outside the control, unless that would leave the window (a message row as wide as it): then just inside.
        let outside = control.insetBy(dx: -Self.ringOffset, dy: -Self.ringOffset)
        let fitsOutside = outside.minX >= root.bounds.minX && outside.maxX <= root.bounds.maxX
            && outside.minY >= root.bounds.minY && outside.maxY <= root.bounds.maxY
        let offset = fitsOutside ? Self.ringOffset : -Self.ringInset
        let frame = fitsOutside ? outside : control.insetBy(dx: Self.ringInset, dy: Self.ringInset)
        if ring.frame != frame {
            ring.frame = frame
            gap.frame = Rect(origin: .zero, size: frame.size).insetBy(dx: Self.gapInset, dy: Self.gapInset)
        }
        let (outline, inner) = Self.ringPaths(for: focused, offset: offset)
        let shape = ShapeContent(path: outline, stroke: focused.focusRingColor ?? Palette.accent, lineWidth: 3)
        if ring.contents != .shape(shape) {
            ring.contents = .shape(shape)
            gap.contents = .shape(ShapeContent(path: inner, stroke: .white, lineWidth: 2))
        }
    }

    /// How far inside a control that fills the window's width the ring runs.
    static let ringInset = 3.0

    /// The ring's outline round `control`, `offset` points out from it, and its white line's: the control's own
    /// `focusRingPath` (a hexagon, a circle), else its rounding (a card's 18 pt corners get 23 pt), else 6 pt corners.
    static func ringPaths(for control: Layer, offset: Double) -> (ShapeContent.Path, ShapeContent.Path) {
        if let path = control.focusRingPath { return (path, path) }
        var radius = control.cornerRadius
        if case .shape(let shape) = control.contents, case .roundedRect(let own) = shape.path { radius = max(radius, own) }
        let outer = radius > 0 ? max(radius + offset, 4) : 6
        return (.roundedRect(cornerRadius: outer), .roundedRect(cornerRadius: max(outer - gapInset, 2)))
    }

    // MARK: The tree

    /// The innermost scope under `root` and its controls, in reading order: of the shown dialogs and menus that hold a
    /// control, one that has just opened (the last such in drawing order), else the one that opened last; else `root`.
    /// By opening, not by drawing alone: a menu that a page slides aside to show (the Mailbox's, under its reader) is
    /// drawn below the page, yet it is where the keys go.
    func innermostScope(under root: Layer) -> (scope: Layer, controls: [Layer]) {
        var shown: [(scope: Layer, controls: [Layer])] = []
        func visit(_ layer: Layer) {
            guard !layer.isHidden, layer.opacity > 0.001, !layer.accessibilityElementsHidden else { return }
            if let role = layer.accessibility?.role, Self.scopeRoles.contains(role) {
                let controls = Self.controls(under: layer)
                if !controls.isEmpty { shown.append((layer, controls)) }
            }
            for sublayer in layer.sublayersInDrawingOrder { visit(sublayer) }
        }
        visit(root)
        let opened = { (scope: Layer) in self.scopes.lastIndex { $0.scope.layer === scope } }
        if let new = shown.last(where: { opened($0.scope) == nil }) { return new }
        if let latest = shown.max(by: { (opened($0.scope) ?? -1) < (opened($1.scope) ?? -1) }) { return latest }
        return (root, Self.controls(under: root))
    }

    /// Every control under `layer` that can take the focus now, in reading order.
    static func controls(under layer: Layer) -> [Layer] {
        var found: [Layer] = []
        func visit(_ layer: Layer) {
            guard !layer.isHidden, layer.opacity > 0.001, !layer.accessibilityElementsHidden else { return }
            if isControl(layer) { found.append(layer) }
            for sublayer in layer.sublayersInDrawingOrder { visit(sublayer) }
        }
        visit(layer)
        return found
    }

    static func isControl(_ layer: Layer) -> Bool {
        guard let accessibility = layer.accessibility, controlRoles.contains(accessibility.role), !accessibility.states.contains(.disabled) else { return false }
        return !accessibility.actions.isEmpty || accessibility.focus != nil
    }

    /// The list, menu or tab list `layer` belongs to, below `scope` (a menu that is the scope is its own group).
    static func group(of layer: Layer, within scope: Layer?) -> Layer? {
        var current = layer.superlayer
        while let candidate = current {
            if let role = candidate.accessibility?.role, groupRoles.contains(role) { return candidate }
            if candidate === scope { return nil }
            current = candidate.superlayer
        }
        return nil
    }

    /// The Tab stops among `controls`: each ungrouped control, and one per group: its focused control, else the one
    /// that last had the focus, else its selected, else its first control. A transient control (Undo) is none, unless
    /// it has the focus.
    func stops(among controls: [Layer], focused: Layer?) -> [Layer] {
        var stops: [Layer] = []
        func preferred(_ control: Layer, in group: Layer) -> Bool {
            control === focused || lastInGroup[ObjectIdentifier(group)]?.layer === control
        }
        var groupsSeen: [ObjectIdentifier: Int] = [:]
        for control in controls where control === focused || control.accessibility?.isTransient != true {
            guard let group = Self.group(of: control, within: nil) else {
                stops.append(control)
                continue
            }
            let key = ObjectIdentifier(group)
            if let index = groupsSeen[key] {
                let current = stops[index]
                let better = preferred(control, in: group)
                    || (!preferred(current, in: group) && control.accessibility?.states.contains(.selected) == true
                        && current.accessibility?.states.contains(.selected) != true)
                if better { stops[index] = control }
            } else {
                groupsSeen[key] = stops.count
                stops.append(control)
            }
        }
        return stops
    }

    /// The control nearest to `from` in the arrow's direction, among those wholly beyond its edge that way, by the
    /// distance between their centres with a sideways step weighing twice a straight one; `nil` when there is none.
    static func nearest(to from: Layer, going key: KeyEvent.Key, among controls: [Layer]) -> Layer? {
        let start = from.frameInRoot
        let origin = Point(x: start.midX, y: start.midY)
        var best: (layer: Layer, cost: Double)?
        for control in controls where control !== from {
            let frame = control.frameInRoot
            let dx = frame.midX - origin.x, dy = frame.midY - origin.y
            let (along, aside): (Double, Double)
            let beyond: Bool
            switch key {
            case .right: (along, aside, beyond) = (dx, dy, frame.minX >= start.maxX - 0.5)
            case .left: (along, aside, beyond) = (-dx, dy, frame.maxX <= start.minX + 0.5)
            case .down: (along, aside, beyond) = (dy, dx, frame.minY >= start.maxY - 0.5)
            case .up: (along, aside, beyond) = (-dy, dx, frame.maxY <= start.minY + 0.5)
            default: return nil
            }
            guard beyond, along > 0.5 else { continue }
            let cost = along + 2 * abs(aside)
            if cost < best?.cost ?? .infinity { best = (control, cost) }
        }
        return best?.layer
    }
}

/// A layer held weakly, for lists of layers that may go away.
struct WeakLayer {
    weak var layer: Layer?
    init(_ layer: Layer?) { self.layer = layer }
}
