import KineticCore
import KineticRuntime

/// Drives a headless `Stage` for the tests, whatever is on it (an engine widget, an app, the shell): steps of the
/// one fixed-step clock, a tap, and where an identified layer is. Every test target steps a stage the same way, so a
/// test reads as what a person did ("tap, then wait 0.4 s") rather than as the clock's arithmetic.
extension Stage {
    /// Steps until `time` seconds of simulated time (the clock's fixed steps; the last one may pass it by less than
    /// one step).
    package func run(until time: Double) {
        while self.time < time - 1e-9 { step() }
    }

    /// Steps for `seconds` more of simulated time.
    package func run(for seconds: Double) { run(until: time + seconds) }

    /// Steps until `condition` holds, for at most `limit` seconds of simulated time; returns whether it held.
    @discardableResult
    package func run(upTo limit: Double, until condition: () -> Bool) -> Bool {
        let end = time + limit
        while time < end {
            if condition() { return true }
            step()
        }
        return condition()
    }

    /// A finger down and up at `point` one step apart: a tap as a person's quickest touch gives it.
    package func tap(_ point: Point) {
        send(touch(1, .began, at: point))
        step()
        send(touch(1, .ended, at: point))
    }

    /// A finger down at `start`, moved by `offset` evenly over `seconds` (one move per step), then lifted there: a
    /// drag, or a flick when quick, whose release velocity is `offset / seconds`.
    package func drag(from start: Point, by offset: Vector, over seconds: Double) {
        send(touch(1, .began, at: start))
        let steps = max(Int((seconds / Stage.stepDuration).rounded()), 1)
        for step in 1...steps {
            self.step()
            let done = Double(step) / Double(steps)
            send(touch(1, .moved, at: Point(x: start.x + offset.dx * done, y: start.y + offset.dy * done)))
        }
        send(touch(1, .ended, at: Point(x: start.x + offset.dx, y: start.y + offset.dy)))
    }

    /// The on-screen centre of the layer identified `identifier`, or nil when no layer has that identifier.
    package func centre(of identifier: String) -> Point? { dump().layer(identifier)?.frame.center }
}
