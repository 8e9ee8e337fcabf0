import Foundation
import KineticCore
import KineticPlatform
import KineticRender

/// A script of timed input for one app, played on the fixed-step clock. See `docs/scenarios.md` for the format.
public struct Scenario: Codable, Equatable, Sendable {
    /// `gallery` or an app's id (`disguise`, `mailbox`, `honeycomb`).
    public var app: String
    /// The stage, in points; 1024×768 (iPad landscape) by default.
    public var size: Size
    /// Pixels per point of the captured frames.
    public var scale: Double
    /// Start as on a first launch, with no saved state.
    public var freshStart: Bool
    /// Whether springs, falls and slides become short cross-fades, as with the reduce-motion setting.
    public var reduceMotion: Bool
    /// Seconds to run; by default half a second after the last event.
    public var duration: Double?
    /// Frames per second of a `--gif`/`--mp4` recording.
    public var recordingFPS: Double
    /// The timed input and captures, in the order they happen at the same step.
    public var events: [ScenarioEvent]
    /// The content server the apps download from (its root, e.g. `http://127.0.0.1:8080/`); none keeps the run
    /// offline. Downloads are waited for at the step they start, so the run stays deterministic.
    public var contentURL: URL?
    /// How fast simulated time runs against the scenario's clock: 1 by default, ½ for slow motion (the app moves
    /// at half speed, so what 1× shows at t shows at 2t). Events and captures keep the scenario's times.
    public var speed: Double = 1

    /// A scenario from code, with the file format's defaults; it is not checked, as `decode(_:name:)` checks a file.
    public init(app: String = "gallery", size: Size = Size(width: 1024, height: 768), scale: Double = 1, freshStart: Bool = true,
                reduceMotion: Bool = false, duration: Double? = nil, recordingFPS: Double = 30, events: [ScenarioEvent] = [],
                contentURL: URL? = nil) {
        self.app = app
        self.size = size
        self.scale = scale
        self.freshStart = freshStart
        self.reduceMotion = reduceMotion
        self.duration = duration
        self.recordingFPS = recordingFPS
        self.events = events
        self.contentURL = contentURL
    }

    enum CodingKeys: String, CodingKey { case app, size, scale, freshStart, reduceMotion, duration, recordingFPS, events, contentURL, speed }

    /// Reads the file's keys, taking the defaults of `docs/scenarios.md` for missing ones; refuses a `contentURL` that
    /// is not http(s). The values' ranges are checked by `decode(_:name:)`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        app = try c.decodeIfPresent(String.self, forKey: .app) ?? "gallery"
        size = try c.decodeIfPresent(Size.self, forKey: .size) ?? Size(width: 1024, height: 768)
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        freshStart = try c.decodeIfPresent(Bool.self, forKey: .freshStart) ?? true
        reduceMotion = try c.decodeIfPresent(Bool.self, forKey: .reduceMotion) ?? false
        duration = try c.decodeIfPresent(Double.self, forKey: .duration)
        recordingFPS = try c.decodeIfPresent(Double.self, forKey: .recordingFPS) ?? 30
        events = []
        if try c.contains(.events) && !c.decodeNil(forKey: .events) {
            var list = try c.nestedUnkeyedContainer(forKey: .events)
            // Counted before any event is decoded, so a million of them cost no more than the refusal.
            if let count = list.count, count > Scenario.maximumEvents {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "\(count) events, more than the \(Scenario.maximumEvents) a scenario may hold")
            }
            while !list.isAtEnd { events.append(try list.decode(ScenarioEvent.self)) }
        }
        speed = try c.decodeIfPresent(Double.self, forKey: .speed) ?? 1
        if let text = try c.decodeIfPresent(String.self, forKey: .contentURL) {
            switch WebAddress.http(text) {
            case .success(let url): contentURL = url
            case .failure(let refusal): throw DecodingError.dataCorruptedError(forKey: .contentURL, in: c, debugDescription: "\(refusal)")
            }
        }
    }

    /// Reads and checks a scenario file.
    /// - Throws: `ScenarioError` naming the file and what is wrong in it.
    public static func load(from url: URL) throws -> Scenario {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ScenarioError.unreadable(file: url.path, reason: "there is no such file")
        }
        guard !isFolder.boolValue else { throw ScenarioError.unreadable(file: url.path, reason: "it is a folder, not a scenario file") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            let reason = FileManager.default.isReadableFile(atPath: url.path)
                ? "it is not a file that can be read whole (a device or a pipe)" : "this user may not read it"
            throw ScenarioError.unreadable(file: url.path, reason: reason)
        }
        guard !data.isEmpty else { throw ScenarioError.malformed(file: url.path, reason: "the file is empty") }
        return try decode(data, name: url.path)
    }

    /// Parses and checks scenario JSON; `name` is used in error messages.
    public static func decode(_ data: Data, name: String) throws -> Scenario {
        let scenario: Scenario
        do {
            scenario = try JSONDecoder().decode(Scenario.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && context.underlyingError == nil {
            throw ScenarioError.malformed(file: name, reason: ErrorWords.notJSON(data))  // the decoder said only "not valid JSON"
        } catch let error as DecodingError {
            throw ScenarioError.malformed(file: name, reason: ScenarioError.describe(error))
        } catch {
            throw ScenarioError.malformed(file: name, reason: ErrorWords.sentence(error))
        }
        try scenario.validate(name: name)
        return scenario
    }

    /// What is wrong with a stage of `size` points drawn at `scale`, if anything: the scenario's own size and every
    /// `resize` are held to the same bounds (64 to 8192 points a side, within the renderer's pixels).
    static func sizeProblem(_ size: Size, scale: Double) -> String? {
        guard size.width.isFinite, size.height.isFinite, size.width >= 64, size.height >= 64, size.width <= 8192, size.height <= 8192 else {
            return "size must be between 64 and 8192 points a side, got \(size)"
        }
        let limit = Double(Renderer.maximumPixelsASide)
        guard size.width * scale <= limit, size.height * scale <= limit else {
            return "size × scale must be at most \(Renderer.maximumPixelsASide) pixels a side, got \(size.width * scale)×\(size.height * scale)"
        }
        return nil
    }

    func validate(name: String) throws {
        func fail(_ reason: String) throws -> Never { throw ScenarioError.malformed(file: name, reason: reason) }
        guard scale.isFinite, scale >= 0.25, scale <= 4 else { try fail("scale must be between 0.25 and 4, got \(scale)") }
        if let reason = Self.sizeProblem(size, scale: scale) { try fail(reason) }
        guard recordingFPS.isFinite, recordingFPS >= 1, recordingFPS <= 120 else { try fail("recordingFPS must be between 1 and 120, got \(recordingFPS)") }
        if let duration, !(duration.isFinite && duration >= 0 && duration <= 600) { try fail("duration must be between 0 and 600 seconds, got \(duration)") }
        guard speed.isFinite, speed >= 0.01, speed <= 4 else { try fail("speed must be between 0.01 and 4, got \(speed)") }
        var captures = 0.0
        for (index, event) in events.enumerated() {
            if case .capture(_, let every?, let until?) = event.action, every > 0 { captures += ((until - event.at) / every).rounded(.down) + 1 }
            if case .capture(_, nil, _) = event.action { captures += 1 }
            if let reason = event.problem { try fail("events[\(index)]: \(reason)") }
            if case .resize(let newSize) = event.action, let reason = Self.sizeProblem(newSize, scale: scale) { try fail("events[\(index)]: \(reason)") }
            // The duration's cap holds for the events too: one at 1e9 s would keep a run stepping for ever.
            if event.endTime > 600 { try fail("events[\(index)]: ends at \(event.endTime) s, past the 600 s a scenario may run") }
        }
        // Each capture keeps its dump (and writes a PNG): a run makes at most this many.
        guard captures <= Double(Scenario.maximumCaptures) else {
            try fail("the captures come to \(Int(saturating: captures)), more than the \(Scenario.maximumCaptures) a scenario may make")
        }
    }

    /// The most events one scenario may hold: far more than 600 s of input by hand (60 a second for ten minutes is
    /// 36,000), and few enough that a scenario's memory stays bounded (a million events ran at 387 MB).
    public static let maximumEvents = 50_000

    /// The most captures one scenario may make.
    public static let maximumCaptures = 2_000

    /// Seconds the scenario runs for.
    public var effectiveDuration: Double {
        duration ?? ((events.map(\.endTime).max() ?? 0) + 0.5)
    }
}

/// Why a scenario could not be played.
public enum ScenarioError: Error, CustomStringConvertible, Equatable {
    case unreadable(file: String, reason: String)
    case malformed(file: String, reason: String)
    case unknownApp(String, known: [String])
    case recorder(String)

    /// One line for the person running the scenario, naming the file and what is wrong.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "cannot read scenario \(file): \(reason)"
        case .malformed(let file, let reason): return "scenario \(file) is malformed: \(reason)"
        case .unknownApp(let app, let known): return "unknown app \"\(app)\"; known: \(known.joined(separator: ", "))"
        case .recorder(let reason): return "recording failed: \(reason)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return parts.isEmpty ? "top level" : String(parts.drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context):
            // The parser's own error says what was not JSON; without one the value was JSON and the sentence is whole.
            guard let underlying = context.underlyingError else { return "\(path(context)): \(context.debugDescription)" }
            return context.codingPath.isEmpty ? "not valid JSON: \(ErrorWords.sentence(underlying))" : "\(path(context)): \(ErrorWords.sentence(underlying))"
        case .keyNotFound(let key, let context): return "\(path(context)): missing key \"\(key.stringValue)\""
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), found null"
        @unknown default: return "\(error)"
        }
    }
}
