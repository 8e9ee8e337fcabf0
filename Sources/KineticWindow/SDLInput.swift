import CSDL2
import KineticCore
import KineticRuntime

/// Turns SDL's events into the stage's input: the left mouse button and fingers become touches stamped with the
/// time they really happened (`InputClock`), keys become key events, typed text is text. What concerns the window
/// itself (closing, resizing, being uncovered, a lost texture) comes back as a `WindowChange` for the loop.
struct SDLInput {
    /// What an event asks of the window rather than of the stage.
    enum WindowChange { case quit, resized, exposed, textureLost }

    private var mouseDown = false
    private var clock = InputClock()
    /// Mouse events SDL makes up from touches carry this device id; the touch itself is already handled.
    private let touchMouseID = UInt32.max

    /// Ties SDL's clock to the stage's, once a frame, before the frame's events are handled.
    mutating func anchor(to stage: Stage) {
        clock.anchor(platform: Double(SDL_GetTicks()) / 1000, stage: stage.time)
    }

    /// Hands `event` to `stage`, or returns what it asks of the window.
    mutating func handle(_ event: SDL_Event, stage: Stage, viewport: Viewport) -> WindowChange? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            return .resized
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue):
            stage.sendPointerLeft()
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue):
            stage.textInput.windowHasFocus = true
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue):
            stage.textInput.windowHasFocus = false
        case SDL_WINDOWEVENT:
            return .exposed  // uncovered, restored, moved to another display: show the last frame again
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return .textureLost
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_MIDDLE) && event.button.which != touchMouseID:
            stage.sendMiddleClick(at: viewport.point(windowX: event.button.x, windowY: event.button.y))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_RIGHT) && event.button.which != touchMouseID:
            stage.sendContextClick(at: viewport.point(windowX: event.button.x, windowY: event.button.y))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != touchMouseID:
            mouseDown = true
            stage.textInput.shiftHeld = UInt32(SDL_GetModState().rawValue) & UInt32(KMOD_SHIFT.rawValue) != 0
            stage.send(touch(0, .began, viewport.point(windowX: event.button.x, windowY: event.button.y), event.button.timestamp))
        case SDL_MOUSEMOTION where mouseDown && event.motion.which != touchMouseID:
            stage.send(touch(0, .moved, viewport.point(windowX: event.motion.x, windowY: event.motion.y), event.motion.timestamp))
        case SDL_MOUSEMOTION where event.motion.which != touchMouseID:
            stage.sendPointer(at: viewport.point(windowX: event.motion.x, windowY: event.motion.y))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && mouseDown && event.button.which != touchMouseID:
            mouseDown = false
            stage.send(touch(0, .ended, viewport.point(windowX: event.button.x, windowY: event.button.y), event.button.timestamp))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let phase: TouchEvent.Phase = event.type == SDL_FINGERDOWN.rawValue ? .began : event.type == SDL_FINGERUP.rawValue ? .ended : .moved
            let point = viewport.point(normalizedX: Double(event.tfinger.x), normalizedY: Double(event.tfinger.y))
            stage.send(touch(Int(truncatingIfNeeded: event.tfinger.fingerId) &+ 1, phase, point, event.tfinger.timestamp))
        case SDL_MOUSEWHEEL:
            stage.send(wheel(event.wheel, viewport: viewport))
        case SDL_KEYDOWN:
            return key(event.key, stage: stage)
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !text.isEmpty { stage.send(text: text) }
        case SDL_TEXTEDITING:
            // An input method's composition so far (empty when it was cancelled); the commit comes as SDL_TEXTINPUT.
            let text = withUnsafeBytes(of: event.edit.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            stage.send(composition: text)
        default:
            break
        }
        return nil
    }

    /// A touch or click at the stage time its event was really made (SDL stamps events in milliseconds).
    private mutating func touch(_ id: Int, _ phase: TouchEvent.Phase, _ point: Point, _ ticks: UInt32) -> TouchEvent {
        TouchEvent(id: id, phase: phase, location: point, timestamp: clock.stageTime(forPlatform: Double(ticks) / 1000))
    }

    /// A wheel's clicks or a trackpad's delta, at the pointer. SDL gives both as the same event: a mouse wheel in
    /// whole clicks, a trackpad in fractions, which is how the two are told apart; a flipped ("natural") direction
    /// is turned back so `dy > 0` is always away from the person.
    private mutating func wheel(_ wheel: SDL_MouseWheelEvent, viewport: Viewport) -> WheelEvent {
        let flip: Float = wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
        var dx = Double(wheel.preciseX * flip), dy = Double(wheel.preciseY * flip)
        // Shift turns a wheel that only goes up and down sideways, as desktop toolkits do (a positive wheel is towards
        // the content's start: up becomes left).
        if dx == 0, UInt32(SDL_GetModState().rawValue) & UInt32(KMOD_SHIFT.rawValue) != 0 { (dx, dy) = (dy, 0) }
        let isPrecise = dx != dx.rounded() || dy != dy.rounded()
        return WheelEvent(location: viewport.point(windowX: wheel.mouseX, windowY: wheel.mouseY), delta: Vector(dx: dx, dy: dy),
                          isPrecise: isPrecise, timestamp: clock.stageTime(forPlatform: Double(wheel.timestamp) / 1000))
    }

    /// A key press: Ctrl-Q quits; the keys the apps know go to the stage.
    private func key(_ key: SDL_KeyboardEvent, stage: Stage) -> WindowChange? {
        let symbol = Int(key.keysym.sym)
        let held = UInt32(key.keysym.mod)
        let control = held & UInt32(KMOD_CTRL.rawValue) != 0
        if control && symbol == Int(SDLK_q.rawValue) { return .quit }
        let f10 = symbol == Int(SDLK_F10.rawValue)
        let shiftF10 = f10 && held & UInt32(KMOD_SHIFT.rawValue) != 0
        guard let mapped = shiftF10 ? .contextMenu : f10 ? .appMenu : Self.keys[symbol] ?? ((33...126).contains(symbol) ? .character(String(UnicodeScalar(UInt8(symbol)))) : nil) else {
            return nil
        }
        var modifiers: KeyEvent.Modifiers = []
        if held & UInt32(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
        if control { modifiers.insert(.control) }
        if held & UInt32(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
        stage.send(KeyEvent(key: mapped, modifiers: modifiers, timestamp: stage.time, isRepeat: key.repeat != 0))
        return nil
    }

    /// SDL's key symbols for the named keys.
    private static let keys: [Int: KeyEvent.Key] = [
        Int(SDLK_LEFT.rawValue): .left, Int(SDLK_RIGHT.rawValue): .right, Int(SDLK_UP.rawValue): .up, Int(SDLK_DOWN.rawValue): .down,
        Int(SDLK_TAB.rawValue): .tab, Int(SDLK_RETURN.rawValue): .enter, Int(SDLK_KP_ENTER.rawValue): .enter,
        Int(SDLK_ESCAPE.rawValue): .escape, Int(SDLK_SPACE.rawValue): .space, Int(SDLK_BACKSPACE.rawValue): .backspace,
        Int(SDLK_DELETE.rawValue): .delete, Int(SDLK_PAGEUP.rawValue): .pageUp, Int(SDLK_PAGEDOWN.rawValue): .pageDown,
        Int(SDLK_HOME.rawValue): .home, Int(SDLK_END.rawValue): .end, Int(SDLK_APPLICATION.rawValue): .contextMenu,
    ]
}
