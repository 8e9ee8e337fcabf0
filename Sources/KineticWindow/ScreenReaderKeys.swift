import CSDL2

/// The window's keys, offered to the screen reader before the app sees them (GTK's order): every X key press and
/// release reaches the screen reader's listeners as an `SDL_SYSWMEVENT`, which SDL queues just before the key's own
/// `SDL_KEYDOWN` and `SDL_TEXTINPUT`; a press the screen reader consumed (an Orca command) is then kept from the app,
/// its key and its text both, so Insert+T tells the time and files no message.
struct ScreenReaderKeys {
    /// The last key press was consumed: its key and text events, which follow it, are dropped.
    private var pressConsumed = false

    /// Turns on the X events SDL hands over only when asked (they cost nothing while no screen reader bridge runs).
    static func enable() { SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE) }

    /// Whether `event` is the screen reader's alone: the X event itself (offered to `bridge` here), or the key and text
    /// events of a press it consumed. Everything else goes on to the app.
    mutating func takes(_ event: SDL_Event, bridge: AccessibilityBridge) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_SYSWMEVENT:
            if let offered = bridge.offerKey(event.syswm.msg), offered.isPress { pressConsumed = offered.consumed }
            return true
        case SDL_KEYDOWN, SDL_TEXTINPUT, SDL_TEXTEDITING:
            return pressConsumed
        default:
            return false
        }
    }
}
