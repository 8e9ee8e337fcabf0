/// One wheel of a date or value picker, as iOS draws them: a column of equal rows that the finger drags, that
/// coasts on when let go (slowing like a `UIScrollView`, see `Decay`) and that always comes to rest with a row
/// exactly in the middle, pulled there by a spring.
///
/// The wheel is plain data stepped by its owner's fixed clock, so the same drags give the same frames. Its one
/// number is `offset`: points the rows have scrolled up, row `i` sitting in the middle at `offset == i·rowHeight`.
///
/// Where a release ends is decided when the finger lifts: the decay's resting place, x₀ + v₀ / (−1000·ln r), rounded
/// to the nearest row and held to the first and last. The wheel then coasts on its own velocity, and hands over to
/// a critically damped spring to that row once the coast would carry it less than one more row (or once it has
/// passed that row, which happens only at an end): so a slow flick creeps to its row and a hard one spins and
/// settles, with no jump in position or speed at the hand-over.
public struct PickerWheel: Sendable {
    /// How many rows the wheel holds (at least one).
    public let rowCount: Int
    /// The height of a row, in points.
    public let rowHeight: Double
    /// Points scrolled: row `i` is in the middle at `i · rowHeight`. Past either end while rubber-banding.
    public private(set) var offset: Double
    /// The rate the coast slows at.
    public var decay = Decay(decelerationRate: Decay.normal)
    /// The spring that brings a row to the middle: critically damped, so a row never bounces past the band.
    public var settleSpring = Spring(response: 0.3, dampingRatio: 1)
    /// The spring a coast meets when it reaches the first or last row still moving: stiff, so the wheel runs past
    /// its end by at most v / (ω₀·e) (v the speed there, ω₀ = 2π / 0.12 s: 0.23 pt per pt/s… about a row at
    /// 4 500 pt/s) and comes back.
    public var endSpring = Spring(response: 0.12, dampingRatio: 1)

    /// What the wheel is doing.
    public enum Phase: Sendable, Equatable {
        /// Still, a row in the middle.
        case resting
        /// Under the finger; `startOffset` is where the drag began.
        case dragging(startOffset: Double)
        /// Coasting after a release, on its way to `row`.
        case coasting(row: Int)
        /// Pulled by the spring to `row`.
        case settling(row: Int)
    }
    /// Whether the wheel is resting, under the finger, coasting or settling; changed only by the wheel's own methods.
    public private(set) var phase = Phase.resting
    private var motion: MotionState<Double>?

    /// A wheel of `rowCount` rows of `rowHeight` points, resting on `row` (held to the wheel's rows).
    public init(rowCount: Int, rowHeight: Double, row: Int = 0) {
        self.rowCount = max(rowCount, 1)
        self.rowHeight = max(rowHeight, 1)
        offset = 0
        offset = Double(clamped(row)) * self.rowHeight
    }

    /// The row nearest the middle now, held to the wheel's rows.
    public var centredRow: Int { clamped(Int((offset / rowHeight).rounded())) }

    /// The row the wheel is at or on its way to: what the picker's value is once it rests.
    public var row: Int {
        switch phase {
        case .coasting(let row), .settling(let row): return row
        case .resting, .dragging: return centredRow
        }
    }

    /// Whether the wheel moves by itself (coasting or settling).
    public var isMoving: Bool {
        switch phase {
        case .coasting, .settling: return true
        case .resting, .dragging: return false
        }
    }

    /// The largest offset a row can rest at.
    var maximumOffset: Double { Double(rowCount - 1) * rowHeight }

    func clamped(_ row: Int) -> Int { min(max(row, 0), rowCount - 1) }

    // MARK: The finger

    /// A finger lands: the wheel stops where it is, caught mid-coast as a `UIScrollView` is.
    public mutating func beginDrag() {
        motion = nil
        phase = .dragging(startOffset: offset)
    }

    /// The finger has moved `translation` points down since `beginDrag` (down shows earlier rows). Past either end
    /// the wheel follows less and less, rubber-banding over one wheel's height of `visibleHeight`.
    public mutating func drag(translation: Double, visibleHeight: Double) {
        guard case .dragging(let start) = phase else { return }
        offset = rubberBand(start - translation, range: 0...maximumOffset, dimension: max(visibleHeight, rowHeight))
    }

    /// The finger lifts moving `velocity` points per second (down positive, as the finger moves).
    public mutating func release(velocity: Double) {
        guard case .dragging = phase else { return }
        let wheelVelocity = -velocity
        let rest = decay.projectedValue(from: offset, initialVelocity: wheelVelocity)
        let target = clamped(Int((rest / rowHeight).rounded()))
        motion = MotionState(value: offset, velocity: wheelVelocity, target: rest, motion: .decay(decay))
        phase = .coasting(row: target)
        if shouldHandOver(velocity: wheelVelocity, to: target) || hasPassed(target, velocity: wheelVelocity) {
            settle(on: target, velocity: wheelVelocity)
        }
    }

    // MARK: Wheel clicks and keys

    /// Moves `rows` rows on (negative: back) from the row the wheel is heading for, with the spring; quick clicks add
    /// up. Held to the ends.
    public mutating func move(rows: Int) {
        let target = clamped(row.addingReportingOverflow(rows).overflow ? (rows < 0 ? 0 : rowCount - 1) : row + rows)
        settle(on: target, velocity: motion?.velocity ?? 0)
    }

    /// Goes to `row` (held to the wheel's rows): with the spring, or at once when `animated` is false.
    public mutating func select(row: Int, animated: Bool) {
        guard animated else {
            motion = nil
            offset = Double(clamped(row)) * rowHeight
            phase = .resting
            return
        }
        settle(on: clamped(row), velocity: motion?.velocity ?? 0)
    }

    // MARK: The clock

    /// Advances the wheel by `dt` seconds.
    public mutating func step(by dt: Double) {
        guard var running = motion else { return }
        let before = running
        running.step(by: dt)
        offset = running.value
        motion = running
        switch phase {
        case .coasting(let row):
            if hasPassed(row, velocity: running.velocity) {
                // It ran past an end within this step: meet the end's spring at the very moment it got there and spend
                // the rest of the step on it, so the overshoot does not depend on the frame rate.
                let reach = decay.time(toTravel: Double(row) * rowHeight - before.value, initialVelocity: before.velocity) ?? 0
                var probe = before
                probe.step(by: min(max(reach, 0), dt))
                offset = probe.value
                settle(on: row, velocity: probe.velocity, spring: endSpring)
                if dt - reach > 0 { step(by: dt - reach) }
            } else if running.isSettled || shouldHandOver(velocity: running.velocity, to: row) {
                settle(on: row, velocity: running.velocity)
            }
        case .settling:
            if running.isSettled {
                motion = nil
                phase = .resting
            }
        case .resting, .dragging:
            break
        }
    }

    /// Whether a coast at `velocity` should give way to the spring: it would go less than one more row.
    private func shouldHandOver(velocity: Double, to row: Int) -> Bool {
        abs(decay.projectedValue(from: 0.0, initialVelocity: velocity)) < rowHeight
    }

    /// Whether the wheel, at `value` moving at `velocity`, has gone past `row` and moves on away from it. Only a coast
    /// towards an end can: any other row is within half a row of where the coast stops, and the spring has it by then.
    private func hasPassed(_ row: Int, at value: Double? = nil, velocity: Double) -> Bool {
        let rowOffset = Double(row) * rowHeight, value = value ?? offset
        return velocity > 0 ? value > rowOffset : velocity < 0 ? value < rowOffset : false
    }

    private mutating func settle(on row: Int, velocity: Double, spring: Spring? = nil) {
        motion = MotionState(value: offset, velocity: velocity, target: Double(row) * rowHeight, motion: .spring(spring ?? settleSpring))
        phase = .settling(row: row)
    }
}
