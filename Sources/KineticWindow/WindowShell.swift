import CSDL2
import Foundation
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
import KineticPlatform

/// Opens an SDL2 window on a stage and runs it: events in, fixed simulation steps, frames out at the display's rate.
///
/// The stage keeps its logical size (1024×768 points by default) and is scaled, letterboxed, to fill the window;
/// on a HiDPI display the renderer draws at the drawable's pixel density. Mouse and touch become touches, keys
/// become key events. Closing the window, Ctrl-Q, or Escape that nothing else used (the shell's top level) quits.
public final class WindowShell {
    public enum WindowError: Error, CustomStringConvertible {
        case sdl(String)
        public var description: String { "SDL: \(self.message)" }
        var message: String { if case .sdl(let text) = self { return text }; return "" }
    }

    private let stage: Stage
    private let title: String

    public init(stage: Stage, title: String = "Kinetic") {
        self.stage = stage
        self.title = title
    }

    /// Runs until the person quits. With `maximumSeconds`, it also stops after that much real time.
    public func run(maximumSeconds: Double? = nil) throws {
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw WindowError.sdl(String(cString: SDL_GetError())) }
        defer { SDL_Quit() }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(stage.size.width), Int32(stage.size.height), flags) else {
            throw WindowError.sdl(String(cString: SDL_GetError()))
        }
        defer { SDL_DestroyWindow(window) }
        guard let sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw WindowError.sdl(String(cString: SDL_GetError()))
        }
        defer { SDL_DestroyRenderer(sdlRenderer) }

        var viewport = Viewport(stageSize: stage.size, window: window, renderer: sdlRenderer)
        var frameRenderer = Renderer(pointSize: stage.size, scale: viewport.pixelsPerPoint)
        var texture = makeTexture(sdlRenderer, frameRenderer)
        var mouseDown = false
        let start = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var reportedErrors = 0
        var inputClock = InputClock()
        /// A touch or click at the stage time its event was really made (SDL stamps events in milliseconds).
        func touch(_ id: Int, _ phase: TouchEvent.Phase, _ point: Point, _ ticks: UInt32) -> TouchEvent {
            TouchEvent(id: id, phase: phase, location: point, timestamp: inputClock.stageTime(forPlatform: Double(ticks) / 1000))
        }
        // Mouse events SDL makes up from touches carry this device id; the touch itself is already handled.
        let touchMouseID = UInt32.max

        // A background job (a download) that finishes while the window rests wakes it with an event of its own.
        let wakeEventType = SDL_RegisterEvents(1)
        if wakeEventType != UInt32.max {
            stage.backgroundWork.onFinish {
                var wake = SDL_Event()
                wake.type = wakeEventType
                _ = SDL_PushEvent(&wake)
            }
        }
        defer { stage.backgroundWork.onFinish {} }
        /// The scene version last drawn into the texture, and whether the window must be shown again.
        var drawnScene: UInt64?
        var needsPresent = true
        /// Set when the texture's contents may have been lost (the graphics device was reset): all of it is sent again.
        var textureLost = false

        func handle(_ event: SDL_Event) {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                stage.quitRequested = true
            case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
                viewport = Viewport(stageSize: stage.size, window: window, renderer: sdlRenderer)
                if abs(viewport.pixelsPerPoint - frameRenderer.scale) > 0.01 {
                    frameRenderer = Renderer(pointSize: stage.size, scale: viewport.pixelsPerPoint)
                    SDL_DestroyTexture(texture)
                    texture = makeTexture(sdlRenderer, frameRenderer)
                    drawnScene = nil
                }
                needsPresent = true
            case SDL_WINDOWEVENT:
                // Uncovered, restored, moved to another display: show the last frame again.
                needsPresent = true
            case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
                textureLost = true
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != touchMouseID:
                mouseDown = true
                stage.send(touch(0, .began, viewport.point(windowX: event.button.x, windowY: event.button.y), event.button.timestamp))
            case SDL_MOUSEMOTION where mouseDown && event.motion.which != touchMouseID:
                stage.send(touch(0, .moved, viewport.point(windowX: event.motion.x, windowY: event.motion.y), event.motion.timestamp))
            case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && mouseDown && event.button.which != touchMouseID:
                mouseDown = false
                stage.send(touch(0, .ended, viewport.point(windowX: event.button.x, windowY: event.button.y), event.button.timestamp))
            case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
                let phase: TouchEvent.Phase = event.type == SDL_FINGERDOWN.rawValue ? .began : event.type == SDL_FINGERUP.rawValue ? .ended : .moved
                let point = viewport.point(normalizedX: Double(event.tfinger.x), normalizedY: Double(event.tfinger.y))
                stage.send(touch(Int(truncatingIfNeeded: event.tfinger.fingerId) &+ 1, phase, point, event.tfinger.timestamp))
            case SDL_KEYDOWN:
                handleKey(event.key)
            case SDL_TEXTINPUT:
                let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !text.isEmpty { stage.send(text: text) }
            default:
                break
            }
        }
        func clock() -> Double { Double(SDL_GetPerformanceCounter() - start) / frequency }
        // For `make bench-idle`: the wall-clock time of the first frame on screen, to measure a cold start.
        var reportFirstFrame = ProcessInfo.processInfo.environment["KINETIC_REPORT_FIRST_FRAME"] == "1"

        /// Simulated time owed to the stage: wall time × the speed (S), not counted while paused (P) or resting, and
        /// at most a quarter second's worth after a stall.
        var stageClock = StageClock(maximumOwed: 0.25)
        var lastClock = clock()
        /// When the tuning files were last looked at; with tuning on, a resting window still wakes four times a second.
        var lastTuningPoll = -1.0
        let restTimeout: Int32 = stage.tuningFiles == nil ? 1000 : 250

        while !stage.quitRequested {
            if let maximumSeconds, clock() > maximumSeconds { break }
            let speed = stage.motion.speed
            let holding = stage.motion.isPaused && stage.motion.pendingSingleSteps == 0
            if (stage.isAtRest || holding) && !needsPresent {
                // Nothing moves (or the clock is held): sleep until an event arrives (input, a finished download, the
                // window uncovered). The wait is in the kernel and costs no CPU; the time spent is not simulated.
                let timeout = maximumSeconds.map { Int32(max(($0 - clock()) * 1000, 1)) } ?? 1000
                _ = SDL_WaitEventTimeout(nil, min(timeout, restTimeout))
                lastClock = clock()
                stageClock.resumeAfterRest()
            } else if !holding {
                // Moving: sleep until the next step is due, unless an event comes first.
                let due = stageClock.secondsUntilNextStep(speed: speed)
                if due > 0.001 { _ = SDL_WaitEventTimeout(nil, Int32(due * 1000)) }
            }
            let now = clock()
            if stage.tuningFiles != nil, now - lastTuningPoll >= 0.25 {
                stage.pollTuning()
                lastTuningPoll = now
            }
            inputClock.anchor(platform: Double(SDL_GetTicks()) / 1000, stage: stage.time)
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 { handle(event) }

            stageClock.advance(stage, by: now - lastClock)
            lastClock = now

            // Draw only when a layer changed since the last frame, recomposite only what changed, and present only when
            // something new is to be seen.
            if textureLost {
                frameRenderer.withPixels { pixels in _ = SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(frameRenderer.stride)) }
                textureLost = false
                needsPresent = true
            }
            if drawnScene != stage.sceneChanges.changes {
                frameRenderer.render(stage.root)
                drawnScene = stage.sceneChanges.changes
                if frameRenderer.assetErrors.count > reportedErrors {
                    for error in frameRenderer.assetErrors[reportedErrors...] { Log.line("\(error)") }
                    reportedErrors = frameRenderer.assetErrors.count
                }
                // Only the rectangles the renderer recomposited go to the texture.
                let stride = frameRenderer.stride
                frameRenderer.withPixels { pixels in
                    for damage in frameRenderer.lastDamage {
                        var rect = SDL_Rect(x: Int32(damage.x), y: Int32(damage.y), w: Int32(damage.width), h: Int32(damage.height))
                        _ = SDL_UpdateTexture(texture, &rect, pixels.baseAddress! + damage.y * stride + damage.x * 4, Int32(stride))
                    }
                }
                if !frameRenderer.lastDamage.isEmpty { needsPresent = true }
            }
            if needsPresent {
                SDL_SetRenderDrawColor(sdlRenderer, 0, 0, 0, 255)
                SDL_RenderClear(sdlRenderer)
                var destination = viewport.destination
                SDL_RenderCopy(sdlRenderer, texture, nil, &destination)
                SDL_RenderPresent(sdlRenderer)
                needsPresent = false
                if reportFirstFrame {
                    Log.line(String(format: "first frame presented at %.3f", Date().timeIntervalSince1970))
                    reportFirstFrame = false
                }
            }
        }
        SDL_DestroyTexture(texture)
    }

    private func handleKey(_ key: SDL_KeyboardEvent) {
        let symbol = Int(key.keysym.sym)
        let control = (UInt32(key.keysym.mod) & UInt32(KMOD_CTRL.rawValue)) != 0
        if control && symbol == Int(SDLK_q.rawValue) {
            stage.quitRequested = true
            return
        }
        let mapped: KeyEvent.Key?
        switch symbol {
        case Int(SDLK_LEFT.rawValue): mapped = .left
        case Int(SDLK_RIGHT.rawValue): mapped = .right
        case Int(SDLK_UP.rawValue): mapped = .up
        case Int(SDLK_DOWN.rawValue): mapped = .down
        case Int(SDLK_TAB.rawValue): mapped = .tab
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): mapped = .enter
        case Int(SDLK_ESCAPE.rawValue): mapped = .escape
        case Int(SDLK_SPACE.rawValue): mapped = .space
        case Int(SDLK_BACKSPACE.rawValue): mapped = .backspace
        case Int(SDLK_DELETE.rawValue): mapped = .delete
        case 33...126: mapped = .character(String(UnicodeScalar(UInt8(symbol))))
        default: mapped = nil
        }
        guard let mapped else { return }
        var modifiers: KeyEvent.Modifiers = []
        if (UInt32(key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0 { modifiers.insert(.shift) }
        if control { modifiers.insert(.control) }
        if (UInt32(key.keysym.mod) & UInt32(KMOD_ALT.rawValue)) != 0 { modifiers.insert(.alt) }
        stage.send(KeyEvent(key: mapped, modifiers: modifiers, timestamp: stage.time))
    }

    private func makeTexture(_ renderer: OpaquePointer, _ frame: Renderer) -> OpaquePointer {
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                          Int32(frame.pixelWidth), Int32(frame.pixelHeight))
    }
}

/// Where the stage sits in the window: scaled uniformly to fit, centred, in drawable pixels.
struct Viewport {
    let stageSize: Size
    /// Drawable pixels per stage point.
    let pixelsPerPoint: Double
    let destination: SDL_Rect
    /// Window coordinates (what mouse events use) per drawable pixel.
    let windowPerPixel: Double
    let windowSize: Size

    init(stageSize: Size, window: OpaquePointer, renderer: OpaquePointer) {
        var windowW: Int32 = 0, windowH: Int32 = 0, pixelW: Int32 = 0, pixelH: Int32 = 0
        SDL_GetWindowSize(window, &windowW, &windowH)
        SDL_GetRendererOutputSize(renderer, &pixelW, &pixelH)
        self.stageSize = stageSize
        windowSize = Size(width: Double(max(windowW, 1)), height: Double(max(windowH, 1)))
        windowPerPixel = Double(max(windowW, 1)) / Double(max(pixelW, 1))
        let fit = min(Double(pixelW) / stageSize.width, Double(pixelH) / stageSize.height)
        pixelsPerPoint = max(fit, 0.1)
        let width = stageSize.width * pixelsPerPoint, height = stageSize.height * pixelsPerPoint
        destination = SDL_Rect(x: Int32((Double(pixelW) - width) / 2), y: Int32((Double(pixelH) - height) / 2),
                               w: Int32(width.rounded()), h: Int32(height.rounded()))
    }

    func point(windowX: Int32, windowY: Int32) -> Point {
        let pixelX = Double(windowX) / windowPerPixel, pixelY = Double(windowY) / windowPerPixel
        return Point(x: (pixelX - Double(destination.x)) / pixelsPerPoint, y: (pixelY - Double(destination.y)) / pixelsPerPoint)
    }

    func point(normalizedX: Double, normalizedY: Double) -> Point {
        point(windowX: Int32(normalizedX * windowSize.width), windowY: Int32(normalizedY * windowSize.height))
    }
}
