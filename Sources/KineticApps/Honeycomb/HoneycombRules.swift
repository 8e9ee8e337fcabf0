import KineticData
import KineticRuntime
import KineticCore

/// What can happen to the Honeycomb: a person's taps and keys, the menu, the data layer, the programmatic API,
/// and the screen telling that a morph has come to rest.
public enum HoneycombAction: Equatable, Sendable {
    case tapCategory(String)
    case tapCell(String)
    /// A tap on no cell: closes an open panel.
    case tapBackground
    /// The back hexagon or the menu's "Categories": to the category honeycomb, closing any panel.
    case back
    /// Esc: closes an open panel, else goes back, else leaves the app.
    case escape
    /// The morph's cells have reached their places.
    case morphFinished
    /// The menu or the API: straight to a category's grid (`nil`: the categories).
    case showCategory(String?)
    /// The data layer's snapshot: its categories, the problems it found in them (each logged), whether its refresh
    /// failed (then a banner says what shows), whether the categories are the saved download (else the bundled), the
    /// pictures it has (image URL → checked file), and those it did not get in time (fetched again, `picturesLanded`).
    case snapshotArrived(categories: [HoneycombNode], problems: [String], refreshFailed: Bool, showingSaved: Bool,
                         imageFiles: [String: String] = [:], latePictures: [String] = [])
    /// The screen is on the stage: the data layer is refreshed, once (`refresh`).
    case appeared
    /// Pictures that came late (image URL → checked file): their cells fill in.
    case picturesLanded([String: String])
    /// Problems the data layer found before the screen appeared (the bundled or saved nodes): each is logged.
    case startupProblems([String])
    /// A node's data changed (the API); matched by id, a category keeps its cells.
    case updateNode(HoneycombNode)
    case openPanel(String)
    case closePanel
    /// An arrow: the keyboard focus goes to the neighbouring hexagon that way from `from`, the hexagon that has it
    /// (or whose panel has it); from none, to the first hexagon.
    case moveFocus(HexNavigation.Direction, from: String?)
    /// Enter or Space on hexagon `id` (the one with the keyboard focus): opens it; with no hexagon focused, the focus
    /// goes to the first.
    case activate(String?)
    case learnMore
    /// A browser took the link (the program that opens links said so by its exit status).
    case linkOpened(String)
    /// The link could not be handed to a browser (none answered, or the run has none): `reason` says why.
    case linkNotOpened(String, reason: String)
    /// The link is no web address (`LinkRefused`): `reason` names what is wrong; it is neither opened nor copied.
    case linkRefused(String, reason: String)
    /// The screen appeared at this size: the layouts follow it.
    case resized(Size)
    /// The screen measured every cell's description at the panel's text width (cell id → height in points), for new
    /// data or a new size: an open panel grows or shrinks to its text.
    case panelTextMeasured([String: Double])
}

/// What the rules ask the outside world to do, through the environment: only what reaches the world (a link, the
/// log, a banner, leaving the app). How the layers move follows from the state (the screen's `follow(from:)`).
public enum HoneycombEffect: Equatable, Sendable {
    /// Open a Learn More link.
    case openLink(String)
    /// Esc at the top: hand the key to the shell (back to the gallery).
    case leave
    /// Write one whole line to the log.
    case log(String)
    /// Show a message in the banner along the bottom, which goes away by itself; said in the person's language.
    case showBanner(LocalizedMessage)
    /// Put text on the desktop's clipboard (a link no browser opened, for the person to paste where they like).
    case copyToClipboard(String)
    /// Refresh the data layer from the network: the snapshot comes back as `snapshotArrived`.
    case refresh
    /// Fetch again, in rounds, the pictures a refresh did not get in time, the category on screen first: each comes
    /// back as `picturesLanded` as it lands.
    case fetchLatePictures([String])
    /// The stage's keyboard focus goes to hexagon `id` once it shows: an arrow's neighbour, or (`fromAHexagonOnly`)
    /// where the hexagon with the focus went away (into a category's grid: its first cell; back: the category), so the
    /// focus never lands nowhere. The focus is the stage's: the rules only ask.
    case focusHexagon(String, fromAHexagonOnly: Bool)
}

/// The Honeycomb's rules: state + action → new state + effects. Pure, so tests drive it without rendering.
public enum HoneycombRules: AppRules {
    /// What the banner says when a refresh failed: the cells saved last time when they are what shows, else the
    /// built-in ones (a first launch has nothing saved).
    public static func refreshFailedMessage(showingSaved: Bool) -> LocalizedMessage {
        LocalizedMessage(HoneycombText.refreshFailed, ["showing": .text(showingSaved ? HoneycombText.showingSaved : HoneycombText.showingBuiltIn)])
    }

    /// Applies one action: changes `state` and returns the effects (a link to open, a log line, a banner, leaving the
    /// app) for the screen's environment to carry out, in order.
    public static func reduce(_ state: inout HoneycombState, _ action: HoneycombAction) -> [HoneycombEffect] {
        apply(&state, action)
    }

    private static func apply(_ state: inout HoneycombState, _ action: HoneycombAction) -> [HoneycombEffect] {
        switch action {
        case .resized(let size):
            state.size = size
        case .panelTextMeasured(let heights):
            state.panelTextHeights = heights
        case .tapCategory(let id):
            guard state.categories.contains(where: { $0.id == id }) else { return [] }
            switch state.phase {
            case .categories, .morph(id, forward: false):
                return enter(&state, id)
            default:
                break
            }
        case .tapCell(let id):
            guard case .grid(let category) = state.phase, state.node(category)?.children.contains(where: { $0.id == id }) == true else { return [] }
            state.openCell = state.openCell == id ? nil : id
        case .tapBackground, .closePanel:
            state.openCell = nil
        case .back:
            return goBack(&state)
        case .escape:
            if state.openCell != nil {
                state.openCell = nil
            } else if state.phase == .categories {
                return [.leave]
            } else {
                return goBack(&state)
            }
        case .morphFinished:
            switch state.phase {
            case .morph(let id, true): state.phase = .grid(category: id)
            case .morph(_, false): state.phase = .categories
            default: break
            }
        case .showCategory(let id):
            guard let id else { return goBack(&state) }
            guard state.categories.contains(where: { $0.id == id }) else { return [] }
            if state.phase == .grid(category: id) { state.openCell = nil } else { return enter(&state, id) }
        case .snapshotArrived(let categories, let problems, let refreshFailed, let showingSaved, let imageFiles, let latePictures):
            arrive(&state, categories)
            state.imageFiles = imageFiles
            state.snapshotsArrived += 1
            return problems.map(logLine) + (refreshFailed ? [.showBanner(refreshFailedMessage(showingSaved: showingSaved))] : [])
                + (latePictures.isEmpty ? [] : [.fetchLatePictures(latePictures)])
        case .appeared:
            return [.refresh]
        case .picturesLanded(let files):
            state.imageFiles.merge(files) { _, new in new }
        case .startupProblems(let problems):
            return problems.map(logLine)
        case .updateNode(let node):
            for index in state.categories.indices {
                if state.categories[index].id == node.id {
                    let children = state.categories[index].children
                    state.categories[index] = node
                    state.categories[index].children = children
                }
                for cell in state.categories[index].children.indices where state.categories[index].children[cell].id == node.id {
                    state.categories[index].children[cell] = node
                    state.categories[index].children[cell].children = []
                }
            }
        case .openPanel(let id):
            guard case .grid(let category) = state.phase, state.node(category)?.children.contains(where: { $0.id == id }) == true else { return [] }
            state.openCell = id
        case .moveFocus(let direction, let from):
            return neighbour(of: from, going: direction, in: state).map { [.focusHexagon($0, fromAHexagonOnly: false)] } ?? []
        case .activate(let id):
            guard let id else { return apply(&state, .moveFocus(.right, from: nil)) }
            switch state.phase {
            case .categories: return apply(&state, .tapCategory(id))
            case .grid: return apply(&state, .tapCell(id))
            case .morph: break
            }
        case .learnMore:
            // The banner waits for the answer (`linkOpened` or `linkNotOpened`): it never says a browser opened a link
            // none did.
            if let open = state.openCell, let link = state.node(open)?.detail.learnMore { return [.openLink(link)] }
        case .linkOpened(let link):
            return [.showBanner(LocalizedMessage(HoneycombText.openedLink, ["link": .verbatim(link)]))]
        case .linkRefused(_, let reason):
            return [.log("honeycomb: Learn More: \(reason); not opened")]
        case .linkNotOpened(let link, let reason):
            // Said, and the link handed over another way: on the clipboard, to paste into a browser.
            return [.log("honeycomb: Learn More: no browser opened \(link) (\(reason)); copied it to the clipboard"),
                    .copyToClipboard(link), .showBanner(noBrowserMessage(link))]
        }
        return []
    }

    /// What the banner says when no browser opened `link`: that none answered, and that the link is on the clipboard.
    public static func noBrowserMessage(_ link: String) -> LocalizedMessage { LocalizedMessage(HoneycombText.noBrowser, ["link": .verbatim(link)]) }

    /// A problem the data layer found, as the log says it.
    private static func logLine(_ problem: String) -> HoneycombEffect { .log("honeycomb: \(problem)") }

    /// New data: what no longer exists closes (the grid of a category that went, the panel of a cell that went); the
    /// rest stays as it is. (A focused hexagon that went hands the focus on, as any control that goes does.)
    private static func arrive(_ state: inout HoneycombState, _ categories: [HoneycombNode]) {
        state.categories = categories
        if let shown = currentCategoryID(state), !categories.contains(where: { $0.id == shown }) {
            state.phase = .categories
        }
        if let open = state.openCell, state.shownCategory?.children.contains(where: { $0.id == open }) != true { state.openCell = nil }
    }

    /// Into a category's grid. Where a hexagon had the focus (the category chosen) it goes on to the grid's first cell,
    /// as another Mailbox list starts on its first message, so the ring never lands nowhere.
    private static func enter(_ state: inout HoneycombState, _ id: String) -> [HoneycombEffect] {
        state.phase = .morph(category: id, forward: true)
        state.openCell = nil
        return state.gridCellRows.first?.first.map { [.focusHexagon($0.id, fromAHexagonOnly: true)] } ?? []
    }

    /// Back to the categories; a cell that had the focus hands it to the category it belongs to.
    private static func goBack(_ state: inout HoneycombState) -> [HoneycombEffect] {
        state.openCell = nil
        switch state.phase {
        case .grid(let id), .morph(let id, true):
            state.phase = .morph(category: id, forward: false)
            return [.focusHexagon(id, fromAHexagonOnly: true)]
        default:
            return []
        }
    }

    private static func currentCategoryID(_ state: HoneycombState) -> String? {
        switch state.phase {
        case .categories: return nil
        case .morph(let id, _), .grid(let id): return id
        }
    }

    /// The hexagon neighbouring `from` that way (`nil` at an edge); from no hexagon, or one not shown, the first.
    private static func neighbour(of from: String?, going direction: HexNavigation.Direction, in state: HoneycombState) -> String? {
        let rows = state.focusRows
        guard let first = rows.first(where: { !$0.isEmpty })?.first else { return nil }
        guard let from,
              let row = rows.firstIndex(where: { $0.contains { $0.id == from } }),
              let column = rows[row].firstIndex(where: { $0.id == from }) else {
            return first.id
        }
        return HexNavigation.neighbour(of: (row, column), in: rows.map { $0.map(\.centre) }, direction).map { rows[$0.row][$0.column].id }
    }
}
