import CAccessibility
import CSDL2
import Foundation
import KineticCore
import KineticPlatform
import KineticRuntime
import KineticScene
import Synchronization

/// Publishes the stage's accessibility tree over AT-SPI, through ATK's bridge on a GLib thread of its own (see
/// `Sources/CAccessibility`), and carries out what screen readers ask for on the window's own loop.
///
/// The bridge's thread answers the bus from its copy of the last tree, so the window never waits on a screen reader
/// and a resting window stays asleep: the tree is gathered again only when the scene changed (or a request was
/// carried out, or something was announced), and published only when it differs. A request (an action, an edit, a
/// focus) arrives on the bridge's thread; it is queued and the window is woken with an SDL event, and it runs in
/// the window's loop like any input.
final class AccessibilityBridge {
    private var ids: [String: Int32] = ["frame": 0]
    private var nextID: Int32 = 1
    private var published: AccessibilityNode?
    private var publishedFocus: Int32 = -1
    private var tree: AccessibilityTree?
    private var lastChanges: UInt64 = .max
    private var lastAnnouncement = 0
    private var lastOrigin: (Int32, Int32) = (0, 0)
    /// When the tree was last gathered (seconds, the window's clock), and whether a change since waits for its turn.
    private var lastGathered = -Double.infinity
    private var changeWaiting = false
    /// While the scene changes every frame (an animation), the tree is gathered at most this often: a screen reader
    /// needs the objects and their states, not every frame's positions, and the window's frame stays free of it.
    static let gatherInterval = 0.1

    /// Starts the bridge, or returns `nil` (saying why in the log) when there is no accessibility bus or
    /// `KINETIC_ACCESSIBILITY=0` asks for none.
    static func start() -> AccessibilityBridge? {
        let environment = ProcessInfo.processInfo.environment
        if environment["KINETIC_ACCESSIBILITY"] == "0" { return nil }
        // With no session bus, no screen reader can be listening, and asking would autolaunch a bus daemon of its own
        // that outlives the window (and ignores SIGTERM): one left behind by every run.
        guard Self.hasASessionBus(environment) else {
            Log.line("accessibility: no session bus (DBUS_SESSION_BUS_ADDRESS), so no screen reader can be listening; none is started")
            return nil
        }
        AccessibilityRequests.shared.wakeEventType = SDL_RegisterEvents(1)
        guard ka11y_start("kinetic", { id, kind, index, text in
            AccessibilityRequests.shared.add(.init(id: id, kind: kind, index: index, text: text.map { String(cString: $0) }))
        }) == 0 else {
            Log.line("accessibility: no accessibility bus answered; screen readers will not see this window")
            return nil
        }
        return AccessibilityBridge()
    }

    private init() {}

    /// Whether a session bus is named (`DBUS_SESSION_BUS_ADDRESS`) or sits where systemd puts it (`$XDG_RUNTIME_DIR/bus`).
    static func hasASessionBus(_ environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty, address != "disabled:" { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        var status = stat()
        return stat(runtime + "/bus", &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    deinit { ka11y_stop() }

    /// The window gained or lost the keyboard focus: the frame becomes active or not for screen readers, which
    /// follow the focus only inside the active window (Orca drops every other focus event).
    func windowFocusChanged(hasFocus: Bool) {
        ka11y_set_window_active(hasFocus ? 1 : 0)
    }

    /// How long a key waits for the screen reader's answer before the window acts on it anyway, in milliseconds: Orca
    /// answers within a few; a screen reader that hangs costs each key this much, never the key itself.
    static let keyAnswerTimeout: Int32 = 400

    /// Offers an X key event (an `SDL_SYSWMEVENT`'s message) to the screen reader's key listeners, before the window
    /// acts on the key, as GTK does: Orca hears every key (key echo, its review keys) and consumes its own commands
    /// (Insert+…), which the app must then not act on. Returns `nil` for a message that is no key event; else whether
    /// the key was consumed and whether it was a press.
    func offerKey(_ message: UnsafeMutablePointer<SDL_SysWMmsg>?) -> (consumed: Bool, isPress: Bool)? {
        var isRelease: Int32 = 0, state: UInt32 = 0, keycode: UInt32 = 0
        var keysym: UInt = 0, time: UInt = 0
        var text = [CChar](repeating: 0, count: 64)
        guard kinetic_x11_key(message, &isRelease, &state, &keysym, &keycode, &time, &text, Int32(text.count)) == 1 else { return nil }
        // X keysyms and times are 29 and 32 bits wide: kept whole by truncating the platform's `unsigned long`.
        let consumed = text.withUnsafeBufferPointer { buffer in
            var event = KA11yKeyEvent(is_release: isRelease, state: state, keysym: UInt32(truncatingIfNeeded: keysym), keycode: keycode,
                                      time: UInt32(truncatingIfNeeded: time), string: buffer.baseAddress)
            return ka11y_key_event(&event, Self.keyAnswerTimeout) == 1
        }
        if isRelease == 0 { keyPressedSinceGathering = true }
        return (consumed, isRelease == 0)
    }

    /// A key was pressed since the tree was last gathered: the next gathering is at once, so a typed character is one
    /// insertion of its own that the screen reader can tie to its key (Orca echoes it only then), as GTK reports it.
    private var keyPressedSinceGathering = false

    /// Carries out the requests that came in since the last look; returns whether there were any.
    func performRequests() -> Bool {
        let requests = AccessibilityRequests.shared.takeAll()
        guard !requests.isEmpty, let tree else { return !requests.isEmpty }
        for request in requests {
            guard let key = ids.first(where: { $0.value == request.id })?.key else { continue }
            switch request.kind {
            case Int32(KA11Y_REQUEST_ACTION):
                if let actions = tree.actions[key], actions.indices.contains(Int(request.index)) { actions[Int(request.index)]() }
            case Int32(KA11Y_REQUEST_SET_TEXT):
                if let text = request.text { tree.textSetters[key]?(text) }
            case Int32(KA11Y_REQUEST_GRAB_FOCUS):
                tree.focusers[key]?()
            case Int32(KA11Y_REQUEST_SET_VALUE):
                if let value = request.text.flatMap(Double.init), value.isFinite { tree.valueSetters[key]?(value) }
            default:
                break  // a caret moved from outside: the field keeps its own
            }
        }
        lastChanges = .max  // look again after what the requests did
        return true
    }

    /// Seconds until a change that waits for its turn is due (the window wakes for it even at rest), or `nil`.
    func secondsUntilDue(now: Double) -> Double? {
        changeWaiting ? max(lastGathered + Self.gatherInterval - now, 0) : nil
    }

    /// Gathers the tree again if the scene changed (at most every `gatherInterval` while it keeps changing; a request
    /// or an announcement at once), and publishes it if it differs from the last one; the frame is named `title`.
    func publishIfChanged(_ stage: Stage, title: String, viewport: Viewport, window: OpaquePointer, now: Double) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        let changes = stage.sceneChanges.changes, announced = stage.announcement?.serial ?? 0
        let moved = (x, y) != lastOrigin
        guard changes != lastChanges || announced != lastAnnouncement || moved else { return }
        let urgent = announced != lastAnnouncement || lastChanges == .max || keyPressedSinceGathering
        if !urgent, now - lastGathered < Self.gatherInterval {
            changeWaiting = true
            return
        }
        changeWaiting = false
        keyPressedSinceGathering = false
        lastGathered = now
        lastChanges = changes
        lastAnnouncement = announced
        lastOrigin = (x, y)
        let measure = stage.textInput.measure
        let gathered = AccessibilityTree(root: stage.root, title: title, size: stage.size, announcement: stage.announcement,
                                         lineLayout: { [lineCache] content, width in lineCache.lines(of: content, width: width, measure: measure) },
                                         fit: { measure.fitted($0, in: $1) })
        tree = gathered
        let focus = gathered.focusedKey.map(id(for:)) ?? -1
        var root = gathered.root
        // A control that had the focus and left with the change that moved it (or with the focus going nowhere, as a
        // sheet is on its way) is kept a while (see `keepingCoveredFocus`): until the focus lands, then a second more,
        // as a screen reader, busy speaking, may ask the old focus where it was a while after the event.
        let focusKey = gathered.focusedKey
        if let previous = published, Self.keepingCoveredFocus(of: previous, in: root, focusedKey: focusKey) != nil {
            covered = (previous, focusKey, now + (focusKey == nil ? Self.coveredFocusWait : Self.coveredFocusSeconds))
        }
        if var kept = covered, now < kept.until, let keeping = Self.keepingCoveredFocus(of: kept.tree, in: root, focusedKey: focusKey),
           kept.newFocus == nil || kept.newFocus == focusKey {
            if kept.newFocus == nil, focusKey != nil { (kept.newFocus, kept.until) = (focusKey, now + Self.coveredFocusSeconds) }
            covered = kept
            root = keeping
            // Published again without it once its time is over.
            changeWaiting = true
            lastChanges = changes &+ 1
        } else {
            covered = nil
        }
        guard root != published || focus != publishedFocus || moved else { return }
        publish(root, focus: focus, viewport: viewport, origin: (x, y))
        published = root
        publishedFocus = focus
    }

    /// How long a covered focus is kept (`keepingCoveredFocus`) once the focus landed elsewhere, in seconds.
    static let coveredFocusSeconds = 1.0
    /// How long it is kept at most while the focus is nowhere (a sheet on its way), in seconds.
    static let coveredFocusWait = 3.0
    /// The tree a covered focus is kept from, the focus that covered it, and until when.
    private var covered: (tree: AccessibilityNode, newFocus: String?, until: Double)?

    /// `root` with the control that had the focus in `previous` kept where it was, for a moment, when it left the tree
    /// with the change that moved the focus (to another control, or nowhere while a sheet is on its way): a screen
    /// reader asks the old focus where it was as it speaks the new one, and one already gone from its parent it takes
    /// for a "zombie" and speaks the new one without its context (Orca said "Later today." for the Reschedule menu's
    /// first option, the rows under the menu gone a step before it showed). `nil` when there is nothing to keep.
    static func keepingCoveredFocus(of previous: AccessibilityNode?, in root: AccessibilityNode, focusedKey: String?) -> AccessibilityNode? {
        guard let previous, let oldKey = previous.all.first(where: { $0.states.contains(.focused) })?.key, oldKey != focusedKey,
              root.first(key: oldKey) == nil, let path = previous.path(to: oldKey) else { return nil }
        // The old focus goes back with the ancestors that left with it (the list it was in), each holding only the next
        // one down, under the nearest ancestor still in the tree, at the place it had there.
        guard let anchor = path.lastIndex(where: { root.first(key: $0.node.key) != nil }), anchor + 1 < path.count else { return nil }
        var kept = path[path.count - 1].node
        kept.states.remove(.focused)
        for step in path[(anchor + 1)..<(path.count - 1)].reversed() {
            var ancestor = step.node
            ancestor.children = [kept]
            kept = ancestor
        }
        var result = root
        return result.insert(kept, under: path[anchor].node.key, at: path[anchor + 1].index) ? result : nil
    }

    private let lineCache = LineCache()

    private func id(for key: String) -> Int32 {
        if let id = ids[key] { return id }
        let id = nextID
        nextID &+= 1
        ids[key] = id
        return id
    }

    /// Flattens the tree, parents before children, and hands it to the bridge (which copies every string).
    private func publish(_ root: AccessibilityNode, focus: Int32, viewport: Viewport, origin: (Int32, Int32)) {
        var flat: [(node: AccessibilityNode, parent: Int32)] = []
        func add(_ node: AccessibilityNode, parent: Int32) {
            let index = Int32(flat.count)
            flat.append((node, parent))
            for child in node.children { add(child, parent: index) }
        }
        add(root, parent: -1)
        var strings: [UnsafeMutablePointer<CChar>] = []
        var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
        var lineArrays: [(UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Double>)] = []
        func c(_ string: String) -> UnsafePointer<CChar> {
            let copy = strdup(string) ?? strdup("")!  // strdup of "" fails only when memory is gone
            strings.append(copy)
            return UnsafePointer(copy)
        }
        var nodes: [KA11yNode] = []
        for (node, parent) in flat {
            let rect = node.key == "frame" ? SDL_Rect(x: 0, y: 0, w: Int32(max(viewport.windowSize.width, 1)), h: Int32(max(viewport.windowSize.height, 1)))
                : viewport.windowRect(node.frame, clampedToWindow: false)
            let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(node.actions.count, 1))
            for (index, name) in node.actions.enumerated() { names[index] = c(name) }
            arrays.append(names)
            var item = KA11yNode()
            item.id = id(for: node.key)
            item.parent = parent
            item.role = c(node.role.rawValue)
            item.name = c(node.name)
            item.description = c(node.description)
            item.states = node.states.rawValue
            item.x = Double(origin.0 + rect.x)
            item.y = Double(origin.1 + rect.y)
            item.width = Double(rect.w)
            item.height = Double(rect.h)
            item.action_count = Int32(node.actions.count)
            item.action_names = UnsafePointer(names)
            if let text = node.text {
                item.is_text = 1
                item.text = c(text)
                item.caret = Self.characters(in: text, upTo: node.caret)
                item.selection_start = Self.characters(in: text, upTo: node.selection.lowerBound)
                item.selection_end = Self.characters(in: text, upTo: node.selection.upperBound)
                if !node.lines.isEmpty {
                    let starts = UnsafeMutablePointer<Int32>.allocate(capacity: node.lines.count)
                    let boxes = UnsafeMutablePointer<Double>.allocate(capacity: 4 * node.lines.count)
                    let characterStarts = Self.characters(in: text, at: node.lines.map(\.range.lowerBound))
                    for (index, line) in node.lines.enumerated() {
                        let box = viewport.windowRect(line.frame, clampedToWindow: false)
                        starts[index] = characterStarts[index]
                        (boxes + 4 * index).update(from: [Double(origin.0 + box.x), Double(origin.1 + box.y), Double(box.w), Double(box.h)], count: 4)
                    }
                    lineArrays.append((starts, boxes))
                    item.line_count = Int32(node.lines.count)
                    item.line_starts = UnsafePointer(starts)
                    item.line_boxes = UnsafePointer(boxes)
                }
            }
            if let value = node.value {
                item.has_value = 1
                item.value_current = value.current
                item.value_minimum = value.minimum
                item.value_maximum = value.maximum
                item.value_text = c(value.text)
            }
            item.not_showing = node.isShowing ? 0 : 1
            if node.isLive { item.live = c("polite") }
            item.announcement = Int32(truncatingIfNeeded: node.announcement)
            nodes.append(item)
        }
        nodes.withUnsafeBufferPointer { buffer in ka11y_publish(buffer.baseAddress, Int32(buffer.count), focus) }
        for string in strings { free(string) }
        for array in arrays { array.deallocate() }
        for (starts, boxes) in lineArrays {
            starts.deallocate()
            boxes.deallocate()
        }
    }

    /// Ascending UTF-16 offsets as AT-SPI counts them, in one pass over the text: a long message's lines would take
    /// a pass each one by one.
    static func characters(in text: String, at utf16Offsets: [Int]) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(utf16Offsets.count)
        var utf16 = 0, characters: Int32 = 0
        var scalars = text.unicodeScalars.makeIterator()
        for offset in utf16Offsets {
            while utf16 < offset, let scalar = scalars.next() {
                utf16 += scalar.utf16.count
                characters += 1
            }
            result.append(characters)
        }
        return result
    }

    /// A UTF-16 offset as AT-SPI counts: in Unicode characters (code points).
    static func characters(in text: String, upTo utf16Offset: Int) -> Int32 {
        let offset = min(max(utf16Offset, 0), text.utf16.count)
        let index = String.Index(utf16Offset: offset, in: text)
        return Int32(clamping: text.unicodeScalars[..<index].count)
    }
}

/// What screen readers asked for, from the bridge's thread to the window's: a locked queue, and an SDL event that
/// wakes the window.
final class AccessibilityRequests: Sendable {
    struct Request: Sendable {
        var id: Int32
        var kind: Int32
        var index: Int32
        var text: String?
    }

    static let shared = AccessibilityRequests()
    /// The requests not yet taken, and the SDL event that wakes the window (registered when the bridge starts;
    /// before, nothing is woken), under one lock: the bridge's thread adds, the window's takes.
    private let waiting = Mutex<(requests: [Request], wakeEventType: UInt32)>(([], UInt32.max))

    /// The SDL event that wakes the window; `UInt32.max` until the bridge registers one.
    var wakeEventType: UInt32 {
        get { waiting.withLock { $0.wakeEventType } }
        set { waiting.withLock { $0.wakeEventType = newValue } }
    }

    func add(_ request: Request) {
        let type = waiting.withLock { state in
            state.requests.append(request)
            return state.wakeEventType
        }
        guard type != UInt32.max else { return }
        var wake = SDL_Event()
        wake.type = type
        _ = SDL_PushEvent(&wake)  // a full queue drops the wake only: the request waits for the next event
    }

    func takeAll() -> [Request] {
        waiting.withLock { state in
            defer { state.requests.removeAll() }
            return state.requests
        }
    }
}

/// The laid-out lines of the texts a screen reader reads, remembered by text and width: a long message is laid out
/// once, not each time the tree is gathered while the screen moves. Holds the last few texts only.
final class LineCache {
    private struct Key: Hashable {
        var content: TextContent
        var width: Double
    }
    private var remembered: [Key: [TextLineBox]] = [:]
    private var order: [Key] = []
    /// How many texts are remembered: a screen shows a handful that expose text.
    static let capacity = 16

    func lines(of content: TextContent, width: Double, measure: TextMeasuring) -> [TextLineBox] {
        let key = Key(content: content, width: width)
        if let lines = remembered[key] { return lines }
        let lines = measure.lines(of: content, width: width)
        remembered[key] = lines
        order.append(key)
        if order.count > Self.capacity { remembered[order.removeFirst()] = nil }
        return lines
    }
}

extension AccessibilityNode {
    /// The nodes from this one down to the node with `key`, each with its index among its parent's children (0 for
    /// this one); `nil` when no node has it.
    func path(to key: String) -> [(node: AccessibilityNode, index: Int)]? {
        if self.key == key { return [(self, 0)] }
        for (index, child) in children.enumerated() {
            if let below = child.path(to: key) { return [(self, 0), (below[0].node, index)] + below.dropFirst() }
        }
        return nil
    }

    /// Puts `node` among the children of the node with `parentKey`, at `index` (or last); returns whether that node
    /// was found.
    mutating func insert(_ node: AccessibilityNode, under parentKey: String, at index: Int) -> Bool {
        if key == parentKey {
            children.insert(node, at: min(max(index, 0), children.count))
            return true
        }
        for position in children.indices where children[position].insert(node, under: parentKey, at: index) { return true }
        return false
    }
}
