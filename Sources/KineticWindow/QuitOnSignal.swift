import CSDL2
import Dispatch
import Foundation

/// SIGTERM and SIGINT (the session ending, a service manager stopping the app, Ctrl-C in a terminal) close the window
/// at once, resting or not, as its close button does.
///
/// SDL's own handlers only note the signal for the next look at the event queue, which a window at rest makes once a
/// minute: a `kill` took up to 60 s. Here SDL is told to leave the signals alone, and each one pushes SDL's quit
/// event, which wakes the waiting window.
final class QuitOnSignal {
    /// The signals handled.
    private static let signals = [SIGTERM, SIGINT]
    /// One source per signal, on a queue of their own.
    private var sources: [DispatchSourceSignal] = []

    /// Tells SDL not to install its handlers: called before `SDL_Init`.
    static func leaveSignalsToKinetic() {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    }

    /// Handles the signals until `stop()`.
    static func start() -> QuitOnSignal {
        let handler = QuitOnSignal()
        for number in signals {
            // Ignored as a signal, so that only the dispatch source sees it (a handler would end the process first).
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                _ = SDL_PushEvent(&quit)  // thread-safe; wakes SDL_WaitEventTimeout
            }
            source.resume()
            handler.sources.append(source)
        }
        return handler
    }

    /// Stops handling: the signals do what they do by default again.
    func stop() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
