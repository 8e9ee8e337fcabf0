/// Shares touches among recognizers so that one claims each touch (with any partners it recognizes
/// simultaneously with).
///
/// When a touch lands, the owner hands the arena the recognizers along the touch's path (innermost layer's first);
/// any that say they are offered first (`isOfferedFirst`) go before the rest.
/// Every event of the touch goes to each of them still in the running; the first to claim it (a pan that moved far
/// enough, a tap that lifted in place) wins, and the others fail, except its simultaneous partners, which go on
/// receiving the touch. A claim held back by `requireToFail` waits: it wins once its requirements have failed, and
/// fails if one of them claims. Every recognizer follows a single touch, so a requirement that has not claimed by the
/// time the touch ends counts as failed. When the touch ends, they all reset.
public final class GestureArena {
    private var contenders: [Int: [GestureRecognizer]] = [:]
    private var winners: [Int: [GestureRecognizer]] = [:]
    /// The live touches' ids, ascending: the order `tick` visits them in, so that the outcome never depends on the
    /// dictionary's hashing seed (kept sorted as touches come and go, so a tick sorts and allocates nothing).
    private var liveTouches: [Int] = []

    /// An arena with no touches yet; a stage keeps one and feeds it every touch that lands on it.
    public init() { liveTouches.reserveCapacity(8) }

    /// The recognizer that claimed `touchID`, if one has.
    public func winner(of touchID: Int) -> GestureRecognizer? { winners[touchID]?.first }

    /// Whether any touch is down.
    public var hasActiveTouches: Bool { !contenders.isEmpty }

    /// Starts a touch with the recognizers that may claim it.
    public func begin(_ event: TouchEvent, recognizers: [GestureRecognizer]) {
        // Those offered first (a window-wide gesture), then the rest innermost first; each group keeps its order.
        let free = recognizers.filter { $0.isEnabled && $0.touchID == nil && $0.isOfferedFirst }
            + recognizers.filter { $0.isEnabled && $0.touchID == nil && !$0.isOfferedFirst }
        contenders[event.id] = free
        if !liveTouches.contains(event.id) { liveTouches.insert(event.id, at: liveTouches.firstIndex { $0 > event.id } ?? liveTouches.endIndex) }
        dispatch(event)
    }

    /// Feeds a moved, ended or cancelled event of a touch begun earlier.
    public func dispatch(_ event: TouchEvent) {
        guard let list = contenders[event.id] else { return }
        let ending = event.phase == .ended || event.phase == .cancelled
        if let group = winners[event.id] {
            for recognizer in group where recognizer.state != .failed { recognizer.handle(event) }
        } else {
            for recognizer in list where recognizer.state != .failed {
                recognizer.handle(event)
                if recognizer.state.hasClaimed && !recognizer.isWaitingForFailures {
                    settle(recognizer, of: list, touch: event.id, event: ending ? nil : event)
                    break
                }
            }
            if winners[event.id] == nil { releaseWaiting(list, touch: event.id, touchEnded: ending, event: ending ? nil : event) }
        }
        if ending {
            for recognizer in list { recognizer.reset() }
            contenders[event.id] = nil
            winners[event.id] = nil
            liveTouches.removeAll { $0 == event.id }
        }
    }

    /// Lets time-based recognizers of every live touch act.
    public func tick(time: Double) {
        for id in liveTouches where winners[id] == nil {
            guard let list = contenders[id] else { continue }
            for recognizer in list where recognizer.state == .possible {
                recognizer.tick(time: time)
                if recognizer.state.hasClaimed && !recognizer.isWaitingForFailures {
                    settle(recognizer, of: list, touch: id, event: nil)
                    break
                }
            }
            if winners[id] == nil { releaseWaiting(list, touch: id, touchEnded: false, event: nil) }
        }
    }

    /// `winner` takes the touch with its simultaneous partners; every other contender fails (and, while the touch
    /// goes on, is told it was cancelled).
    private func settle(_ winner: GestureRecognizer, of list: [GestureRecognizer], touch: Int, event: TouchEvent?) {
        var group = [winner]
        for other in list where other !== winner {
            if winner.simultaneousPartners.contains(where: { $0 === other }) && other.state != .failed {
                group.append(other)
                continue
            }
            other.fail()
            if let event {
                other.handle(TouchEvent(id: event.id, phase: .cancelled, location: event.location, timestamp: event.timestamp))
            }
        }
        winners[touch] = group
    }

    /// A held-back claim wins once none of its requirements can still claim the touch.
    private func releaseWaiting(_ list: [GestureRecognizer], touch: Int, touchEnded: Bool, event: TouchEvent?) {
        for recognizer in list where recognizer.isWaitingForFailures {
            let pending = recognizer.failureRequirements.filter { required in list.contains { $0 === required } && required.state != .failed }
            if pending.isEmpty || (touchEnded && pending.allSatisfy { !$0.state.hasClaimed }) {
                settle(recognizer, of: list, touch: touch, event: event)
                recognizer.releaseHeldClaim()
                return
            }
        }
    }
}
