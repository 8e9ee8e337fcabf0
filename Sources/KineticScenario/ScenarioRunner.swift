import Foundation
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
import KineticPlatform

/// Plays a scenario headlessly on the fixed-step clock: input goes in at the step its time falls on, and
/// captures render the frame and dump the scene. The same scenario always gives the same dumps.
public final class ScenarioRunner {
    /// The scenario `run(outputDirectory:recorders:progress:)` plays.
    public let scenario: Scenario
    /// The stage the scenario's input goes to, showing the shell opened on the scenario's app (or the gallery).
    public let stage: Stage
    /// Draws the stage's frames for captures and recordings, at the stage's size (the scenario's, until a `resize`)
    /// and the scenario's scale.
    public private(set) var renderer: Renderer
    private let timeline: [TimedAction]
    /// The run's own data folder, when the runner made one (no `dataDirectory` was given): saved state and
    /// downloads of this run alone, removed by `removeOwnFolder()`.
    public let ownFolder: URL?
    /// How many bands every scenario composites with.
    public static let bands = 2
    /// The longest a step waits for the screens' downloads (each has its own, shorter, deadline).
    public static let backgroundWorkTimeout = 30.0

    /// A capture made during the run.
    public struct Capture {
        /// The capture's file name without its extension (`NAME-000` for a periodic one).
        public var name: String
        /// The scene as written to `NAME.json`.
        public var dump: SceneDump
    }

    enum Atom {
        case touch(TouchEvent.Phase, id: Int, point: Point)
        case key(String, isRepeat: Bool)
        case text(String)
        case clipboard(String)
        case composition(String)
        case shake
        case resize(Size)
        case wheel(delta: Vector, point: Point, precise: Bool)
        case pointer(Point)
        case rightClick(Point)
        case middleClick(Point)
        case capture(String)
    }

    struct TimedAction {
        var time: Double
        var order: Int
        var atom: Atom
    }

    /// - Parameters:
    ///   - scenario: the scenario to run: its app, stage size and scale, settings and timed events.
    ///   - entries: the apps that `scenario.app` may name.
    ///   - dataDirectory: where apps keep saved state for this run (a fresh temporary folder by default).
    ///   - contentURL: the content server, overriding the scenario's own `contentURL`.
    ///   - localization: the texts' languages (English by default, so that a run's frames do not depend on the
    ///     machine's locale; `kinetic play` passes the person's).
    ///   - layoutDirection: a way of reading other than the language's (`StageSettings.layoutDirectionOverride`).
    ///   - title: the side menu's title: Kinetic's, or a host app's own.
    ///   - offersGallery: whether the shell has Kinetic's gallery; a host app's has none and opens on its first entry.
    public convenience init(scenario: Scenario, entries: [AppEntry], dataDirectory: URL? = nil, contentURL: URL? = nil,
                            localization: Localization = .english, layoutDirection: LayoutDirection? = nil,
                            title: LocalizedText = EngineText.kinetic, offersGallery: Bool = true) throws {
        guard scenario.app == "gallery" || entries.contains(where: { $0.id == scenario.app }) else {
            throw ScenarioError.unknownApp(scenario.app, known: ["gallery"] + entries.map(\.id))
        }
        try self.init(scenario: scenario, dataDirectory: dataDirectory, contentURL: contentURL, localization: localization,
                      layoutDirection: layoutDirection) { _ in
            Shell(entries: entries, initialApp: scenario.app == "gallery" ? nil : scenario.app, title: title, offersGallery: offersGallery)
        }
    }

    /// A runner of `scenario` on a screen of the caller's own, made by `makeScreen` with the run's settings: a host's
    /// navigation (a `ScreenHost`) as its window would show it. The scenario's `app` is not read.
    /// - Parameters:
    ///   - scenario: the scenario to run: its stage size and scale, settings and timed events.
    ///   - dataDirectory: where the screens keep saved state for this run (a fresh temporary folder by default).
    ///   - contentURL: the content server, overriding the scenario's own `contentURL`.
    ///   - localization: the texts' languages (English by default).
    ///   - layoutDirection: a way of reading other than the language's.
    ///   - makeScreen: the screen presented on the stage, made once its settings are known.
    public init(scenario: Scenario, dataDirectory: URL? = nil, contentURL: URL? = nil, localization: Localization = .english,
                layoutDirection: LayoutDirection? = nil, makeScreen: (StageSettings) -> Screen) throws {
        self.scenario = scenario
        let folder = dataDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-scenario-\(UUID().uuidString)")
        ownFolder = dataDirectory == nil ? folder : nil
        // Saved data and downloads are the run's own: a fresh temporary folder unless one is given.
        var settings = StageSettings(reduceMotion: scenario.reduceMotion, freshStart: scenario.freshStart, dataDirectory: folder,
                                     cacheDirectory: folder.appendingPathComponent("cache", isDirectory: true),
                                     contentURL: contentURL ?? scenario.contentURL, fixedStartDate: StageSettings.scenarioStartDate)
        settings.localization = localization
        settings.layoutDirectionOverride = layoutDirection
        stage = Stage(size: scenario.size, settings: settings)
        stage.textInput.measure = PangoTextMeasure()
        stage.present(makeScreen(settings))
        // A fixed number of bands, so that a scenario's frames are the same bytes on every machine.
        renderer = try Renderer(pointSize: scenario.size, scale: scenario.scale, bands: ScenarioRunner.bands)
        timeline = ScenarioRunner.expand(scenario.events)
    }

    /// Turns shorthands (tap, drag, periodic capture) into single timed actions, in a stable order.
    static func expand(_ events: [ScenarioEvent]) -> [TimedAction] {
        var actions: [TimedAction] = []
        func add(_ time: Double, _ atom: Atom) { actions.append(TimedAction(time: time, order: actions.count, atom: atom)) }
        for event in events {
            switch event.action {
            case .touch(let phase, let id, let point):
                add(event.at, .touch(phase, id: id, point: point))
            case .tap(let id, let point):
                add(event.at, .touch(.began, id: id, point: point))
                add(event.at + 0.05, .touch(.ended, id: id, point: point))
            case .drag(let id, let from, let to, let duration):
                add(event.at, .touch(.began, id: id, point: from))
                let steps = max(Int((duration / Stage.stepDuration).rounded()), 1)
                for step in 1...steps {
                    let fraction = Double(step) / Double(steps)
                    add(event.at + duration * fraction, .touch(.moved, id: id, point: interpolate(from: from, to: to, fraction: fraction)))
                }
                add(event.at + duration, .touch(.ended, id: id, point: to))
            case .key(let key, let isRepeat):
                add(event.at, .key(key, isRepeat: isRepeat))
            case .text(let text):
                add(event.at, .text(text))
            case .clipboard(let text):
                add(event.at, .clipboard(text))
            case .composition(let text):
                add(event.at, .composition(text))
            case .shake:
                add(event.at, .shake)
            case .resize(let size):
                add(event.at, .resize(size))
            case .wheel(let delta, let point, let precise):
                add(event.at, .wheel(delta: delta, point: point, precise: precise))
            case .pointer(let point):
                add(event.at, .pointer(point))
            case .rightClick(let point):
                add(event.at, .rightClick(point))
            case .middleClick(let point):
                add(event.at, .middleClick(point))
            case .capture(let name, let every, let until):
                if let every, let until {
                    var index = 0
                    while event.at + Double(index) * every <= until + 1e-9 {
                        add(event.at + Double(index) * every, .capture(String(format: "%@-%03d", name, index)))
                        index += 1
                    }
                } else {
                    add(event.at, .capture(name))
                }
            }
        }
        return actions.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
    }

    /// Runs the whole scenario.
    /// - Parameters:
    ///   - outputDirectory: where captures are written (`NAME.png`, `NAME.json`); nothing is written when `nil`.
    ///   - recorders: each receives a frame every 1/`recordingFPS` seconds.
    ///   - progress: told the fraction done, now and then.
    @discardableResult
    public func run(outputDirectory: URL?, recorders: [FrameRecorder] = [], progress: ((Double) -> Void)? = nil) throws -> [Capture] {
        if let outputDirectory { try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true) }
        let totalSteps = Int((scenario.effectiveDuration / Stage.stepDuration).rounded(.up))
        let stepsPerRecordedFrame = max(Int((1 / scenario.recordingFPS / Stage.stepDuration).rounded()), 1)
        var captures: [Capture] = []
        var next = 0
        // Each scenario step lets a step's worth of time pass, at the scenario's speed and the stage's own (S, P, .).
        var clock = StageClock()
        for step in 0...totalSteps {
            stage.backgroundWork.waitUntilIdle(timeout: ScenarioRunner.backgroundWorkTimeout)
            let now = Double(step) * Stage.stepDuration
            while next < timeline.count, timeline[next].time <= now + 1e-9 {
                switch timeline[next].atom {
                case .touch(let phase, let id, let point):
                    stage.send(stage.touch(id, phase, at: point))
                case .key(let name, let isRepeat):
                    // A key that types delivers its text next, as a keyboard does through the platform's text input.
                    var key = KeyEvent(scenarioName: name, timestamp: stage.time)
                    key.isRepeat = isRepeat
                    stage.send(key)
                    if let typed = key.typedText { stage.send(text: typed) }
                case .clipboard(let text):
                    stage.textInput.clipboard.setText(text)
                case .composition(let text):
                    stage.send(composition: text)
                case .text(let text):
                    stage.send(text: text)
                case .shake:
                    stage.sendShake()
                case .resize(let size):
                    try resize(to: size)
                case .wheel(let delta, let point, let precise):
                    stage.send(WheelEvent(location: point, delta: delta, isPrecise: precise, timestamp: stage.time))
                case .pointer(let point):
                    stage.sendPointer(at: point)
                case .rightClick(let point):
                    stage.sendContextClick(at: point)
                case .middleClick(let point):
                    stage.sendMiddleClick(at: point)
                case .capture(let name):
                    captures.append(try capture(name, into: outputDirectory))
                }
                next += 1
            }
            if !recorders.isEmpty, step % stepsPerRecordedFrame == 0 {
                // A recording's frames follow one another as a window's do, with the same raster budget.
                renderer.render(stage.root, rasterBudget: Renderer.rasterBudgetPixels)
                for recorder in recorders { try recorder.append(renderer) }
            }
            if step % 30 == 0 { progress?(Double(step) / Double(max(totalSteps, 1))) }
            guard step < totalSteps else { continue }
            clock.advance(stage, by: Stage.stepDuration, speed: scenario.speed)
        }
        progress?(1)
        return captures
    }

    /// The window resized: the stage lays out for `size`, and frames are drawn at it from now on (a recording, whose
    /// frames are all one size, stops with the reason at its next frame).
    private func resize(to size: Size) throws {
        stage.resize(to: size)
        guard renderer.pointSize != stage.size else { return }
        renderer = try Renderer(pointSize: stage.size, scale: scenario.scale, bands: ScenarioRunner.bands)
    }

    /// Removes the run's own data folder (saved state and downloads), if the runner made one.
    /// - Throws: the file system's reason, when the folder is there and cannot be removed.
    public func removeOwnFolder() throws {
        guard let ownFolder, FileManager.default.fileExists(atPath: ownFolder.path) else { return }
        try FileManager.default.removeItem(at: ownFolder)
    }

    /// Called at each capture with its name, the stage as it is then: a test's look at the live layers (their text's
    /// font and frame), beyond what a dump writes.
    public var onCapture: ((String) -> Void)?

    private func capture(_ name: String, into directory: URL?) throws -> Capture {
        onCapture?(name)
        let dump = stage.dump()
        if let directory {
            renderer.render(stage.root)  // no raster budget: a capture is final
            try renderer.writePNG(to: directory.appendingPathComponent("\(name).png"))
            try AtomicFile.write(try dump.jsonData(), to: directory.appendingPathComponent("\(name).json"))
        }
        return Capture(name: name, dump: dump)
    }
}
