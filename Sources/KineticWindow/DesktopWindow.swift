import CSDL2
import Foundation
import KineticCore
import KineticPlatform
import KineticRender
import KineticRuntime

/// Opens an SDL2 window on a stage and runs it: events in (`SDLInput`), fixed simulation steps (`StageClock`),
/// frames out at the display's rate (`WindowPresenter`).
///
/// The window opens at the stage's size (1024×768 points by default) and the stage follows it from then on: resized,
/// the stage takes the window's size in points and every screen lays out for it (`Stage.resize(to:)`), down to
/// `Stage.minimumSize`, below which it is scaled down and letterboxed. On a HiDPI display the renderer draws at the
/// drawable's pixel density. Mouse and touch become touches, keys
/// become key events. Closing the window, Ctrl-Q, or Escape that nothing else used (the shell's top level) quits.
public final class DesktopWindow {
    /// Why a window could not be opened or run: SDL's own error text.
    public enum WindowError: Error, CustomStringConvertible {
        case sdl(String)
        /// The SDL error text after "SDL: ", for the log.
        public var description: String { "SDL: \(self.message)" }
        var message: String { if case .sdl(let text) = self { return text }; return "" }
    }

    private let stage: Stage
    private let title: String
    private let windowClass: String?
    private let scale: Double?

    /// - Parameter stage: the stage the window shows and runs; it takes the window's size from then on.
    /// - Parameter title: the app's title: the X window's, and the start of the title screen readers are given.
    /// - Parameter windowClass: the name the desktop groups the window under (X11's WM_CLASS, Wayland's app id),
    ///   the installed launcher's desktop id (`org.kinetic.mailbox`), so a dock shows the window as that launcher's;
    ///   nil leaves SDL's default (the executable's name). A class set in the environment
    ///   (`SDL_VIDEO_X11_WMCLASS`, `SDL_VIDEO_WAYLAND_WMCLASS`) wins.
    /// - Parameter scale: window pixels per stage point where the windowing system gives none (`--scale`); `nil`
    ///   reads the desktop's (`DesktopScale`).
    public init(stage: Stage, title: String = "Kinetic", windowClass: String? = nil, scale: Double? = nil) {
        self.stage = stage
        self.title = title
        self.windowClass = windowClass
        self.scale = scale
        QuitOnSignal.leaveSignalsToKinetic()
    }

    /// The window's title for screen readers (the frame's name): the app's title and where the person is ("Kinetic —
    /// Mailbox — Inbox"), never a state name (a screen reader speaks every change of it). The X window keeps the app's
    /// title alone: SDL hands a title outside ASCII to X11 only in a UTF-8 locale, and setting one for the whole run
    /// (tried) left typed text out of the fields under Xvfb.
    private var windowTitle: String { stage.placeName.map { "\(title) — \($0)" } ?? title }

    /// Runs until the person quits. With `maximumSeconds`, it also stops after that much real time.
    /// - Throws: `WindowError` when there is no display to open a window on (SDL would otherwise fall back to a
    ///   driver that shows nothing, and the program would wait for ever), or SDL cannot make the window.
    public func run(maximumSeconds: Double? = nil) throws {
        if let windowClass {  // read by SDL when it makes the window
            setenv("SDL_VIDEO_X11_WMCLASS", windowClass, 0)
            setenv("SDL_VIDEO_WAYLAND_WMCLASS", windowClass, 0)
        }
        // Mesa's shader cache maps a file in ~/.cache and dies of SIGBUS when that disk is full, before a word can be
        // said; SDL's renderer has a handful of small shaders, compiled in a moment. So no cache, unless asked for.
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 0)
        // With no session bus, the libraries that ask for one (SDL's input methods, GSettings, the screen readers'
        // bridge) would each autolaunch a bus daemon that outlives the window: none is to be started.
        if !AccessibilityBridge.hasASessionBus(ProcessInfo.processInfo.environment) { setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 1) }
        try Self.requireADisplayNamed()
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw WindowError.sdl(String(cString: SDL_GetError())) }
        defer { SDL_Quit() }
        try Self.requireADisplay()
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(stage.size.width), Int32(stage.size.height), flags) else {
            throw WindowError.sdl(String(cString: SDL_GetError()))
        }
        defer { SDL_DestroyWindow(window) }
        // The desktop's scale, read once the window is on its display (Xft.dpi is the display's): the window takes
        // the stage's size at it before it shows.
        let desktopScale = Self.desktopScale(flag: scale, window: window)
        if desktopScale.factor != 1 {
            SDL_SetWindowSize(window, Int32((stage.size.width * desktopScale.factor).rounded()), Int32((stage.size.height * desktopScale.factor).rounded()))
            SDL_SetWindowPosition(window, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK))
            Log.logger.info("window: scale \(desktopScale.factor) (from \(desktopScale.source))")
        }
        SDL_ShowWindow(window)
        guard let sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw WindowError.sdl(String(cString: SDL_GetError()))
        }
        defer { SDL_DestroyRenderer(sdlRenderer) }
        if WindowTimings.isOn {
            // Which of SDL's renderers presents, and whether it waits for the display's refresh: the report's context.
            var info = SDL_RendererInfo()
            if SDL_GetRendererInfo(sdlRenderer, &info) == 0, let name = info.name {
                let vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
                Log.line("window: presented by SDL's \(String(cString: name)) renderer\(vsync ? ", at the display's refresh (vsync)" : ", without vsync")")
            }
        }
        let presenter = try WindowPresenter(window: window, renderer: sdlRenderer, stage: stage, desktopScale: desktopScale.factor)
        useTheDesktopForText()
        wakeOnFinishedWork()
        let signals = QuitOnSignal.start()
        defer { signals.stop() }
        defer {
            stage.backgroundWork.onFinish {}
            stage.inbox.wakeOnArrival(nil)
        }
        // Screen readers: the stage's accessibility tree over AT-SPI, when an accessibility bus answers.
        let accessibility = AccessibilityBridge.start()
        accessibility?.windowFocusChanged(hasFocus: SDL_GetWindowFlags(window) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0)
        if accessibility != nil { ScreenReaderKeys.enable() }
        try loop(presenter, window: window, accessibility: accessibility, maximumSeconds: maximumSeconds)
    }

    /// The scale `flag` asks for, else the desktop's: `GDK_SCALE`, else the X server's `Xft.dpi` (`DesktopScale`).
    private static func desktopScale(flag: Double?, window: OpaquePointer) -> DesktopScale {
        var resources = [CChar](repeating: 0, count: 65_536)
        let dpi = kinetic_x11_resources(window, &resources, Int32(resources.count)) == 1
            ? DesktopScale.xftDPI(inResources: String(cString: resources)) : nil
        return DesktopScale.resolve(flag: flag, environment: ProcessInfo.processInfo.environment, xftDPI: dpi)
    }

    /// SDL's drivers that show nothing a person can see: with one of these and nobody asking for it, there is no display.
    private static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// Refuses, before SDL starts, to look for a display when none is named (no `DISPLAY`, no `WAYLAND_DISPLAY`, no
    /// `SDL_VIDEODRIVER`): SDL would try its Wayland driver, and libwayland would print a line of its own
    /// ("XDG_RUNTIME_DIR is invalid or not set") before Kinetic's sentence.
    private static func requireADisplayNamed() throws {
        let environment = ProcessInfo.processInfo.environment
        guard ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].allSatisfy({ environment[$0]?.isEmpty ?? true }) else { return }
        throw WindowError.sdl("no display to open a window on: neither DISPLAY nor WAYLAND_DISPLAY is set; "
                              + "kinetic play runs a scenario without one")
    }

    /// Refuses to run on a driver that shows nothing, unless `SDL_VIDEODRIVER` asked for it.
    private static func requireADisplay() throws {
        let environment = ProcessInfo.processInfo.environment
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        guard invisibleDrivers.contains(driver), environment["SDL_VIDEODRIVER"] == nil else { return }
        let display = environment["DISPLAY"].map { "DISPLAY=\($0) has no X server answering" }
            ?? environment["WAYLAND_DISPLAY"].map { "WAYLAND_DISPLAY=\($0) has no compositor answering" }
            ?? "neither DISPLAY nor WAYLAND_DISPLAY is set"
        throw WindowError.sdl("no display to open a window on: \(display) (SDL fell back to its \(driver) driver); "
                              + "kinetic play runs a scenario without one")
    }

    /// Text fields lay out with Pango, copy and paste through the desktop's clipboard, and blink by the wall clock
    /// (the stage's time stands still while the window rests).
    private func useTheDesktopForText() {
        stage.textInput.measure = PangoTextMeasure()
        stage.textInput.clipboard = SDLClipboard()
        stage.textInput.primarySelection = SDLClipboard(primary: true)
        let start = SDL_GetPerformanceCounter(), frequency = Double(SDL_GetPerformanceFrequency())
        stage.textInput.clock = { Double(SDL_GetPerformanceCounter() &- start) / frequency }
    }

    /// Tells the input method where the caret is, so its candidate window opens beside it; only when it moved.
    private func placeInputMethod(_ presenter: WindowPresenter, last: inout SDL_Rect?) {
        guard let caret = stage.textInput.caretRectOnStage else { return }
        var rect = presenter.viewport.windowRect(caret)
        if let last, last.x == rect.x, last.y == rect.y, last.w == rect.w, last.h == rect.h { return }
        SDL_SetTextInputRect(&rect)
        last = rect
    }

    /// A background job (a download) that finishes, or an action sent back by asynchronous work, wakes a resting window
    /// with an event of its own.
    private func wakeOnFinishedWork() {
        let wakeEventType = SDL_RegisterEvents(1)
        guard wakeEventType != UInt32.max else {
            Log.line("SDL_RegisterEvents failed: \(String(cString: SDL_GetError())); finished downloads show at the next input")
            return
        }
        let wake: @Sendable () -> Void = {
            var wake = SDL_Event()
            wake.type = wakeEventType
            if SDL_PushEvent(&wake) < 0 { Log.line("SDL_PushEvent failed: \(String(cString: SDL_GetError()))") }
        }
        stage.backgroundWork.onFinish(wake)
        stage.inbox.wakeOnArrival(wake)
    }

    /// Events, steps and frames until the person quits: sleeps in `SDL_WaitEventTimeout` while the stage rests or
    /// until the next step is due, so a still window costs no CPU.
    private func loop(_ presenter: WindowPresenter, window: OpaquePointer, accessibility: AccessibilityBridge?, maximumSeconds: Double?) throws {
        let start = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        func clock() -> Double { Double(SDL_GetPerformanceCounter() - start) / frequency }
        var input = SDLInput()
        var screenReaderKeys = ScreenReaderKeys()
        // For `make bench-idle`: the wall-clock time of the first frame on screen, to measure a cold start.
        var reportFirstFrame = ProcessInfo.processInfo.environment["KINETIC_REPORT_FIRST_FRAME"] == "1"
        /// Simulated time owed to the stage: wall time × the speed (S), not counted while paused (P) or resting, and
        /// at most a quarter second's worth after a stall.
        var stageClock = StageClock(maximumOwed: 0.25)
        var lastClock = clock()
        /// When the tuning files were last looked at; with tuning on, a resting window still wakes four times a second.
        var lastTuningPoll = -1.0
        // A resting window wakes for an event, a timer of the screens' (the stage's clock), a caret's blink or the screen
        // reader; this is only a safety net, once a minute. With tuning files it looks at them four times a second.
        let restTimeout: Int32 = stage.tuningFiles == nil ? 60_000 : 250
        var inputMethodRect: SDL_Rect?
        var timings = WindowTimings.isOn ? WindowTimings() : nil
        defer { timings?.report() }
        // The screens' timers run on the wall clock: one comes due while the window rests, and wakes it.
        stage.timeSource = .owner
        let timersStart = stage.timers.now

        while !stage.quitRequested {
            if let maximumSeconds, clock() > maximumSeconds { break }
            let speed = stage.motion.speed
            let holding = stage.motion.isPaused && stage.motion.pendingSingleSteps == 0
            if (stage.isAtRest || holding) && !presenter.needsPresent && !presenter.needsAnotherFrame {
                // Nothing moves (or the clock is held): sleep until an event arrives (input, a finished download, the
                // window uncovered). The wait is in the kernel and costs no CPU; the time spent is not simulated.
                let timeout = maximumSeconds.map { Int32(max(($0 - clock()) * 1000, 1)) } ?? restTimeout
                // A blinking caret wakes the window when it turns on or off: one step draws it, then the window rests again.
                let blink = stage.textInput.secondsUntilCaretBlinks.map { Int32(max($0 * 1000, 1).rounded(.up)) } ?? restTimeout
                // A change the screen reader has not heard yet is due soon: wake for it.
                let heard = accessibility?.secondsUntilDue(now: clock()).map { Int32(max($0 * 1000, 1).rounded(.up)) } ?? restTimeout
                // A screen's timer (the next mail check, a retry) comes due: wake for it, and only for it.
                let timer = stage.timers.secondsUntilNextDue.map { Int32(min(max($0 * 1000, 1).rounded(.up), 3_600_000)) } ?? restTimeout
                timings?.noteAtRest(sceneChanges: stage.sceneChanges.changes)
                _ = SDL_WaitEventTimeout(nil, min(timeout, restTimeout, blink, heard, timer))  // 0 is a timeout or an error: either way, look again
                lastClock = clock()
                stageClock.resumeAfterRest()
            } else if !holding {
                // Moving: sleep until the next step is due, unless an event comes first.
                let due = stageClock.secondsUntilNextStep(speed: speed)
                if due > 0.001 { _ = SDL_WaitEventTimeout(nil, Int32(due * 1000)) }
            }
            let now = clock()
            // Timers that came due post their actions; the step below applies them.
            stage.timers.advance(to: timersStart + now)
            if stage.tuningFiles != nil, now - lastTuningPoll >= 0.25 {
                stage.pollTuning()
                lastTuningPoll = now
            }
            input.anchor(to: stage)
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                if let accessibility, screenReaderKeys.takes(event, bridge: accessibility) { continue }
                if timings != nil, let kind = WindowTimings.Input(event) {
                    timings?.noteInput(kind, timestamp: event.common.timestamp, sceneChanges: stage.sceneChanges.changes)
                }
                if event.type == SDL_WINDOWEVENT.rawValue, let accessibility {
                    if event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue) { accessibility.windowFocusChanged(hasFocus: true) }
                    if event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue) { accessibility.windowFocusChanged(hasFocus: false) }
                }
                switch input.handle(event, stage: stage, viewport: presenter.viewport) {
                case .quit?: stage.quitRequested = true
                case .resized?: try presenter.windowResized(stage)
                case .exposed?: presenter.windowExposed()
                case .textureLost?: presenter.textureWasLost()
                case nil: break
                }
            }
            _ = accessibility?.performRequests()
            stageClock.advance(stage, by: now - lastClock)
            lastClock = now
            presenter.showCursor(stage.cursor)
            placeInputMethod(presenter, last: &inputMethodRect)
            let uploadsBefore = presenter.uploadedFrames
            presenter.draw(stage)
            if timings != nil, presenter.uploadedFrames != uploadsBefore {
                timings?.noteUpload(milliseconds: presenter.lastUploadMilliseconds, pixels: presenter.lastUploadPixels)
            }
            accessibility?.publishIfChanged(stage, title: windowTitle, viewport: presenter.viewport, window: window, now: clock())
            let presented = presenter.presentIfNeeded()
            if presented { timings?.notePresented(sceneChanges: stage.sceneChanges.changes) }
            if presented, reportFirstFrame {
                Log.line(String(format: "first frame presented at %.3f", Date().timeIntervalSince1970))
                reportFirstFrame = false
            }
        }
    }

}
