import CSDL2
import Foundation
import KineticPlatform

/// The window's own cost, measured when `KINETIC_REPORT_LATENCY=1` (`make bench-window`): the time from an input event
/// (as SDL stamped it on arrival from the display server) to the present of the first frame drawn after it, and the
/// time to upload each frame's damaged rectangles into the texture. Printed to the log when the window closes.
struct WindowTimings {
    static var isOn: Bool { ProcessInfo.processInfo.environment["KINETIC_REPORT_LATENCY"] == "1" }

    /// The SDL timestamp (ms) of the oldest input not yet answered by a presented frame.
    private var pendingInput: UInt32?
    private var latencies: [Double] = []
    private var uploads: [Double] = []
    private var uploadedPixels: [Double] = []

    /// An input event arrived (mouse, key, wheel, touch): the next presented frame answers it.
    mutating func noteInput(timestamp: UInt32) {
        if pendingInput == nil { pendingInput = timestamp }
    }

    mutating func noteUpload(milliseconds: Double, pixels: Int) {
        uploads.append(milliseconds)
        uploadedPixels.append(Double(pixels))
    }

    /// A frame was presented: the input waiting, if any, is answered now.
    mutating func notePresented() {
        guard let input = pendingInput else { return }
        latencies.append(Double(SDL_GetTicks() &- input))
        pendingInput = nil
    }

    func report() {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(Int((Double(sorted.count - 1) * p).rounded()), sorted.count - 1)]
        }
        Log.line(String(format: "window: input to frame presented p50 %.1f ms p99 %.1f ms over %d inputs; damaged-rectangle upload p50 %.3f ms p99 %.3f ms over %d frames (median %.2f Mpx)",
                        percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.count,
                        percentile(uploads, 0.5), percentile(uploads, 0.99), uploads.count, percentile(uploadedPixels, 0.5) / 1e6))
    }
}
