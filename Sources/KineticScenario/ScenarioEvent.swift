import Foundation
import KineticCore
import KineticPlatform

/// One line of a scenario: a touch, a key, a gesture shorthand or a capture, at `at` seconds.
public struct ScenarioEvent: Codable, Equatable, Sendable {
    /// What an event does, one case per kind of event in `docs/scenarios.md`.
    public enum Action: Equatable, Sendable {
        /// One touch event: `"touch": "down" | "move" | "up" | "cancel"` with `id`, `x`, `y`.
        case touch(TouchEvent.Phase, id: Int, point: Point)
        /// A quick tap: down, and up 0.05 s later at the same place.
        case tap(id: Int, point: Point)
        /// A straight drag from `from` to `to` over `duration` seconds, one move per simulation step.
        case drag(id: Int, from: Point, to: Point, duration: Double)
        case key(String, isRepeat: Bool = false)
        /// Typed text, as the platform's text input delivers it: `"text": "Hello"`.
        case text(String)
        /// Sets the system clipboard's text, as another program's copy would, before a paste: `"clipboard": "text"`.
        case clipboard(String)
        /// An input method's composition in progress, shown underlined in the focused field: `"composition": "にほ"`;
        /// an empty string ends it. The composed text is committed with a `text` event, as SDL delivers it.
        case composition(String)
        /// The device shaken: `"shake": true`.
        case shake
        /// A mouse wheel's clicks or a trackpad's delta at a point: `"wheel": [dx, dy]` with `x`, `y`, and
        /// `"precise": true` for a trackpad. `dy > 0` is away from the person (towards the content's top).
        case wheel(delta: Vector, at: Point, precise: Bool)
        /// The pointer moving with no button down, for hover and the cursor: `"pointer": [x, y]`.
        case pointer(Point)
        /// A right-click: `"click": [x, y], "button": "right"` (a left click is a `tap`).
        case rightClick(Point)
        /// A middle click: a text field under it pastes the PRIMARY selection (what was last selected) there.
        case middleClick(Point)
        /// The window resized: `"resize": {"width": 1440, "height": 900}` in points. The stage and every screen lay out
        /// for the new size, and captures from then on are of it.
        case resize(Size)
        /// Writes `NAME.png` and `NAME.json`; with `every` and `until`, one capture each `every` seconds, named
        /// `NAME-000`, `NAME-001`, ….
        case capture(name: String, every: Double?, until: Double?)
    }

    /// When the event happens, in seconds of the scenario's time (≥ 0): at the first step at or after it.
    public var at: Double
    /// What happens then.
    public var action: Action

    /// An event from code, as the file's line `{"at": at, …}` would make it.
    public init(at: Double, _ action: Action) {
        self.at = at
        self.action = action
    }

    enum CodingKeys: String, CodingKey { case at, touch, id, x, y, tap, drag, from, to, duration, key, text, shake, capture, every, until, wheel, precise, pointer, click, button, `repeat`,
                                           clipboard, composition, resize }

    /// Reads one event object: its action key decides the kind (looked for in a fixed order when there are several); an
    /// unknown touch phase or button, a point that is not `[x, y]`, or no action key at all is refused with the reason.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        at = try c.decode(Double.self, forKey: .at)
        let id = try c.decodeIfPresent(Int.self, forKey: .id) ?? 1
        if let phase = try c.decodeIfPresent(String.self, forKey: .touch) {
            let phases: [String: TouchEvent.Phase] = ["down": .began, "move": .moved, "up": .ended, "cancel": .cancelled]
            guard let touchPhase = phases[phase] else {
                throw DecodingError.dataCorruptedError(forKey: .touch, in: c, debugDescription: "unknown touch \"\(phase)\" (use down, move, up or cancel)")
            }
            action = .touch(touchPhase, id: id, point: Point(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y)))
        } else if let point = try c.decodeIfPresent([Double].self, forKey: .tap) {
            action = .tap(id: id, point: try Self.point(point, key: .tap, in: c))
        } else if c.contains(.drag) || c.contains(.from) {
            let from = try Self.point(try c.decode([Double].self, forKey: .from), key: .from, in: c)
            let to = try Self.point(try c.decode([Double].self, forKey: .to), key: .to, in: c)
            action = .drag(id: id, from: from, to: to, duration: try c.decodeIfPresent(Double.self, forKey: .duration) ?? 0.25)
        } else if let key = try c.decodeIfPresent(String.self, forKey: .key) {
            action = .key(key, isRepeat: try c.decodeIfPresent(Bool.self, forKey: .repeat) ?? false)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .text) {
            action = .text(text)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .clipboard) {
            action = .clipboard(text)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .composition) {
            action = .composition(text)
        } else if c.contains(.shake) {
            action = .shake
        } else if let point = try c.decodeIfPresent([Double].self, forKey: .click) {
            let place = try Self.point(point, key: .click, in: c)
            switch try c.decodeIfPresent(String.self, forKey: .button) ?? "left" {
            case "left": action = .tap(id: c.contains(.id) ? id : TouchEvent.mouseID, point: place)  // a click is the mouse's
            case "right": action = .rightClick(place)
            case "middle": action = .middleClick(place)
            case let other: throw DecodingError.dataCorruptedError(forKey: .button, in: c, debugDescription: "unknown button \"\(other)\" (use left, middle or right)")
            }
        } else if let point = try c.decodeIfPresent([Double].self, forKey: .pointer) {
            action = .pointer(try Self.point(point, key: .pointer, in: c))
        } else if let delta = try c.decodeIfPresent([Double].self, forKey: .wheel) {
            let d = try Self.point(delta, key: .wheel, in: c)
            action = .wheel(delta: Vector(dx: d.x, dy: d.y), at: Point(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y)),
                            precise: try c.decodeIfPresent(Bool.self, forKey: .precise) ?? false)
        } else if let size = try c.decodeIfPresent(Size.self, forKey: .resize) {
            action = .resize(size)
        } else if let name = try c.decodeIfPresent(String.self, forKey: .capture) {
            action = .capture(name: name, every: try c.decodeIfPresent(Double.self, forKey: .every), until: try c.decodeIfPresent(Double.self, forKey: .until))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "an event needs one of touch, tap, drag (from/to), key, text, clipboard, composition, shake, wheel, pointer, click, resize or capture"))
        }
    }

    private static func point(_ values: [Double], key: CodingKeys, in c: KeyedDecodingContainer<CodingKeys>) throws -> Point {
        guard values.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "a point is [x, y]")
        }
        return Point(x: values[0], y: values[1])
    }

    /// Writes the event in the file's form (`docs/scenarios.md`), with the shorthand it was made as.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(at, forKey: .at)
        switch action {
        case .touch(let phase, let id, let point):
            let names: [TouchEvent.Phase: String] = [.began: "down", .moved: "move", .ended: "up", .cancelled: "cancel"]
            try c.encode(names[phase], forKey: .touch)
            try c.encode(id, forKey: .id)
            try c.encode(point.x, forKey: .x)
            try c.encode(point.y, forKey: .y)
        case .tap(let id, let point):
            try c.encode([point.x, point.y], forKey: .tap)
            try c.encode(id, forKey: .id)
        case .drag(let id, let from, let to, let duration):
            try c.encode(id, forKey: .id)
            try c.encode([from.x, from.y], forKey: .from)
            try c.encode([to.x, to.y], forKey: .to)
            try c.encode(duration, forKey: .duration)
        case .key(let key, let isRepeat):
            try c.encode(key, forKey: .key)
            if isRepeat { try c.encode(true, forKey: .repeat) }
        case .text(let text):
            try c.encode(text, forKey: .text)
        case .clipboard(let text):
            try c.encode(text, forKey: .clipboard)
        case .composition(let text):
            try c.encode(text, forKey: .composition)
        case .shake:
            try c.encode(true, forKey: .shake)
        case .pointer(let point):
            try c.encode([point.x, point.y], forKey: .pointer)
        case .rightClick(let point):
            try c.encode([point.x, point.y], forKey: .click)
            try c.encode("right", forKey: .button)
        case .middleClick(let point):
            try c.encode([point.x, point.y], forKey: .click)
            try c.encode("middle", forKey: .button)
        case .wheel(let delta, let point, let precise):
            try c.encode([delta.dx, delta.dy], forKey: .wheel)
            try c.encode(point.x, forKey: .x)
            try c.encode(point.y, forKey: .y)
            try c.encode(precise, forKey: .precise)
        case .resize(let size):
            try c.encode(size, forKey: .resize)
        case .capture(let name, let every, let until):
            try c.encode(name, forKey: .capture)
            try c.encodeIfPresent(every, forKey: .every)
            try c.encodeIfPresent(until, forKey: .until)
        }
    }

    /// When the event's last effect happens.
    var endTime: Double {
        switch action {
        case .tap: return at + 0.05
        case .drag(_, _, _, let duration): return at + duration
        case .capture(_, _, let until): return max(at, until ?? at)
        default: return at
        }
    }

    /// What is wrong with the event's values, if anything.
    var problem: String? {
        guard at.isFinite, at >= 0 else { return "at must be a time of 0 seconds or more, got \(at)" }
        switch action {
        case .touch(_, _, let p), .tap(_, let p):
            return p.isWithinInputReach ? nil : "the point must be within ±\(Int(Point.inputReach)) points of the origin, got \(p)"
        case .drag(_, let from, let to, let duration):
            if !from.isWithinInputReach || !to.isWithinInputReach {
                return "drag points must be within ±\(Int(Point.inputReach)) points of the origin, got \(from) to \(to)"
            }
            return duration.isFinite && duration > 0 && duration <= 60 ? nil : "drag duration must be in (0, 60] seconds, got \(duration)"
        case .key(let name, _):
            return KeyEvent.problem(scenarioName: name)
        case .shake:
            return nil
        case .resize:
            return nil  // its size is checked with the scenario's scale (`Scenario.sizeProblem`)
        case .pointer(let point), .rightClick(let point), .middleClick(let point):
            return point.isWithinInputReach ? nil : "the point must be within ±\(Int(Point.inputReach)) points of the origin, got \(point)"
        case .wheel(let delta, let point, _):
            guard point.isWithinInputReach else { return "the point must be within ±\(Int(Point.inputReach)) points of the origin, got \(point)" }
            return delta.isFinite && abs(delta.dx) <= 1000 && abs(delta.dy) <= 1000 ? nil : "a wheel's delta must be within ±1000, got \(delta)"
        case .text(let text), .clipboard(let text), .composition(let text):
            return text.count <= 10_000 ? nil : "text is longer than 10,000 characters"
        case .capture(let name, let every, let until):
            // A control character (a NUL, an escape) would be printed one way and cut or written another by the file system.
            if name.isEmpty || name.contains("/") || name.hasPrefix(".") || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "capture name \"\(Log.printable(name, limit: 200))\" must be a plain file name, without control characters"
            }
            if let every, !(every.isFinite && every >= 1.0 / 120) { return "every must be at least 1/120 s, got \(every)" }
            if let until, !(until.isFinite && until >= at) { return "until must be at or after at" }
            if (every == nil) != (until == nil) { return "a periodic capture needs both every and until" }
            return nil
        }
    }
}
