/// Shares touches among recognizers so that exactly one claims each touch.
///
/// When a touch lands, the owner hands the arena the recognizers along the touch's path (innermost layer's
/// first). Every event of the touch goes to each of them still in the running; the first to claim it
/// (a pan that moved far enough, a tap that lifted in place) wins, and the others fail. When the touch ends,
/// they all reset.
public final class GestureArena {
    private var contenders: [Int: [GestureRecognizer]] = [:]
    private var winners: [Int: GestureRecognizer] = [:]

    public init() {}

    /// The recognizer that claimed `touchID`, if one has.
    public func winner(of touchID: Int) -> GestureRecognizer? { winners[touchID] }

    /// Whether any touch is down.
    public var hasActiveTouches: Bool { !contenders.isEmpty }

    /// Starts a touch with the recognizers that may claim it.
    public func begin(_ event: TouchEvent, recognizers: [GestureRecognizer]) {
        let free = recognizers.filter { $0.isEnabled && $0.touchID == nil }
        contenders[event.id] = free
        dispatch(event)
    }

    /// Feeds a moved, ended or cancelled event of a touch begun earlier.
    public func dispatch(_ event: TouchEvent) {
        guard let list = contenders[event.id] else { return }
        if let winner = winners[event.id] {
            winner.handle(event)
        } else {
            for recognizer in list where recognizer.state != .failed {
                recognizer.handle(event)
                if recognizer.state.hasClaimed {
                    winners[event.id] = recognizer
                    for other in list where other !== recognizer {
                        other.fail()
                        if event.phase != .ended && event.phase != .cancelled {
                            other.handle(TouchEvent(id: event.id, phase: .cancelled, location: event.location, timestamp: event.timestamp))
                        }
                    }
                    break
                }
            }
        }
        if event.phase == .ended || event.phase == .cancelled {
            for recognizer in list { recognizer.reset() }
            contenders[event.id] = nil
            winners[event.id] = nil
        }
    }

    /// Lets time-based recognizers of every live touch act.
    public func tick(time: Double) {
        // Sorted, so that the outcome never depends on the dictionary's hashing seed.
        for id in contenders.keys.sorted() where winners[id] == nil {
            guard let list = contenders[id] else { continue }
            for recognizer in list where recognizer.state == .possible {
                recognizer.tick(time: time)
                if recognizer.state.hasClaimed {
                    winners[id] = recognizer
                    for other in list where other !== recognizer { other.fail() }
                    break
                }
            }
        }
    }
}
