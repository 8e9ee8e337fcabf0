import CSDL2
import Foundation
import KineticPlatform

/// The window's own cost, measured when `KINETIC_REPORT_LATENCY=1` (`make bench-window`): for a drag, a wheel click and
/// a key, the time from the input event (as SDL stamped it on arrival from the display server) to the present of the
/// first frame that shows its effect; the time to upload each frame's damaged rectangles into the texture; and the
/// pace of frames while something moves (the time between presents, and how many a 60 Hz display would hold for a
/// second refresh). Printed to the log when the window closes.
///
/// A frame shows an input's effect when the scene changed between the input's arrival and the frame (the stage's
/// `sceneChanges`), not merely when it is the next frame: a pointer moving within a drag's slop changes nothing, and is
/// answered only by the frame that moves the row. An input followed by another of its kind before any change (that
/// slop, a key that does nothing) has no effect of its own: the later one is timed instead, and the earlier counted as
/// having none; so is one followed by an input of another kind before any change (a wheel click over a grid that
/// cannot scroll, then a key), and so has one the window came to rest after with the scene unchanged (a hover's change
/// seconds later is not its answer). While something else is already moving, the first changed frame is taken as the answer, which may
/// be early; the scripts send each input to a window at rest where they can.
struct WindowTimings {
    static var isOn: Bool { ProcessInfo.processInfo.environment["KINETIC_REPORT_LATENCY"] == "1" }

    /// What a person does that the report times.
    enum Input: String, CaseIterable {
        /// A button pressed, moved with or released (a mouse or a finger); plain pointer motion is not timed.
        case drag
        case wheel
        case key

        /// The kind of input `event` is, `nil` for anything else (a window event, the pointer moved with no button).
        init?(_ event: SDL_Event) {
            switch event.type {
            case SDL_MOUSEMOTION.rawValue:
                guard event.motion.state != 0 else { return nil }
                self = .drag
            case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
                self = .drag
            case SDL_MOUSEWHEEL.rawValue: self = .wheel
            case SDL_KEYDOWN.rawValue: self = .key
            default: return nil
            }
        }
    }

    /// An input not yet answered: its SDL timestamp (ms) and the scene's change count when it arrived.
    private struct Pending {
        let timestamp: UInt32
        let sceneChanges: UInt64
    }

    private var pending: [Input: Pending] = [:]
    private var latencies: [Input: [Double]] = [:]
    private var withoutEffect: [Input: Int] = [:]
    private var uploads: [Double] = []
    private var uploadedPixels: [Double] = []
    /// The performance counter at the last present since the window last rested, `nil` while it rests.
    private var lastMovingPresent: UInt64?
    /// When the timings began (the performance counter), for saying when the longest interval ended.
    private let began = SDL_GetPerformanceCounter()
    /// The longest interval's end, in seconds since `began`.
    private var longestEnded = 0.0
    /// The time between two presents with no rest between, in ms: a window's pace in motion. A frame that answers an
    /// input and rests again (a caret, a focus ring) has no neighbour, and is no interval.
    private var movingIntervals: [Double] = []

    /// The longest interval between two frames in motion that a 60 Hz display still shows as a new frame at each of its
    /// refreshes: one and a half refreshes. Longer, and a refresh shows the last frame again (a held, repeated frame).
    static let heldFrameMilliseconds = 1000.0 / 60 * 1.5

    /// An input arrived, before it is handled; `sceneChanges` is the stage's count then. Any input still waiting with
    /// the scene unchanged since it came had no effect of its own: what changes next is this one's doing.
    mutating func noteInput(_ input: Input, timestamp: UInt32, sceneChanges: UInt64) {
        for (kind, earlier) in pending where earlier.sceneChanges == sceneChanges {
            withoutEffect[kind, default: 0] += 1
            pending[kind] = nil
        }
        // The scene changed since an earlier one of this kind and no frame has shown it yet: that frame answers the earlier.
        if pending[input] != nil { return }
        pending[input] = Pending(timestamp: timestamp, sceneChanges: sceneChanges)
    }

    /// The window came to rest (it sleeps until an event) with the scene at `sceneChanges`: the time until its next
    /// frame is no frame's pace, and an input still waiting with the scene unchanged since it came had no effect (a
    /// later hover's change is not its answer).
    mutating func noteAtRest(sceneChanges: UInt64) {
        lastMovingPresent = nil
        for (kind, waiting) in pending where waiting.sceneChanges == sceneChanges {
            withoutEffect[kind, default: 0] += 1
            pending[kind] = nil
        }
    }

    mutating func noteUpload(milliseconds: Double, pixels: Int) {
        uploads.append(milliseconds)
        uploadedPixels.append(Double(pixels))
    }

    /// A frame was presented showing the scene at `sceneChanges`: every input waiting since before a change is
    /// answered, and a frame after another with no rest between is timed for the pace.
    mutating func notePresented(sceneChanges: UInt64) {
        let counter = SDL_GetPerformanceCounter()
        if let last = lastMovingPresent {
            let interval = Double(counter &- last) * 1000 / Double(SDL_GetPerformanceFrequency())
            if interval > movingIntervals.max() ?? 0 { longestEnded = Double(counter &- began) / Double(SDL_GetPerformanceFrequency()) }
            movingIntervals.append(interval)
        }
        lastMovingPresent = counter
        let now = SDL_GetTicks()
        for (input, waiting) in pending where waiting.sceneChanges != sceneChanges {
            latencies[input, default: []].append(Double(now &- waiting.timestamp))
            pending[input] = nil
        }
    }

    func report() {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(Int((Double(sorted.count - 1) * p).rounded()), sorted.count - 1)]
        }
        for input in Input.allCases {
            let times = latencies[input] ?? []
            Log.line(String(format: "window: %@ to the frame showing it p50 %.1f ms p99 %.1f ms over %d inputs (%d more had no effect of their own)",
                            input.rawValue as NSString, percentile(times, 0.5), percentile(times, 0.99), times.count, withoutEffect[input] ?? 0))
        }
        Log.line(String(format: "window: damaged-rectangle upload p50 %.3f ms p99 %.3f ms over %d frames (median %.2f Mpx)",
                        percentile(uploads, 0.5), percentile(uploads, 0.99), uploads.count, percentile(uploadedPixels, 0.5) / 1e6))
        let held = movingIntervals.filter { $0 > Self.heldFrameMilliseconds }
        Log.line(String(format: "window: frames in motion every p50 %.1f ms p99 %.1f ms over %d intervals; %d held past %.0f ms (a 60 Hz refresh repeated), the longest %.1f ms (ending %.1f s in)",
                        percentile(movingIntervals, 0.5), percentile(movingIntervals, 0.99), movingIntervals.count, held.count,
                        Self.heldFrameMilliseconds, movingIntervals.max() ?? 0, longestEnded))
    }
}
