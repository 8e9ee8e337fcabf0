import XCTest
import KineticRuntime

/// The store every app runs on: reduce, carry out each effect once, then report a change with the state before.
final class StoreTests: XCTestCase {
    /// A counter whose rules say what they did: `add` changes the state, `ping` only asks for an effect, `nothing`
    /// does neither, `addAndPing` both.
    private enum Counter: AppRules {
        enum Action { case add(Int), ping, nothing, addAndPing }
        enum Effect: Equatable { case pinged, added(Int) }

        static func reduce(_ state: inout Int, _ action: Action) -> [Effect] {
            switch action {
            case .add(let amount):
                state += amount
                return []
            case .ping:
                return [.pinged]
            case .nothing:
                return []
            case .addAndPing:
                state += 1
                return [.added(1), .pinged]
            }
        }
    }

    /// What the store told the outside, in order.
    private final class Record { var events: [String] = [] }

    private func store(_ record: Record) -> Store<Counter> {
        let store = Store<Counter>(0) {
            record.events.append("effect \($0)")
            return .none
        }
        store.follow { before in record.events.append("changed from \(before)") }
        return store
    }

    func testEachEffectRunsOnceAndBeforeTheChangeIsReported() {
        let record = Record(), store = store(record)
        let result = store.send(.addAndPing)
        XCTAssertEqual(record.events, ["effect added(1)", "effect pinged", "changed from 0"])
        XCTAssertEqual(result.effects, [.added(1), .pinged])
        XCTAssertTrue(result.stateChanged)
        XCTAssertEqual(result.before, 0)
        XCTAssertEqual(store.state, 1)
    }

    func testAnActionThatChangesNothingIsReportedAsSuch() {
        let record = Record(), store = store(record)
        let result = store.send(.nothing)
        XCTAssertFalse(result.didSomething)
        XCTAssertEqual(record.events, [], "no effect, no change reported")
        XCTAssertEqual(store.send(.add(0)).didSomething, false, "a change to the same value is no change")
    }

    func testAnEffectAloneCountsAsDoingSomethingWithoutAChange() {
        let record = Record(), store = store(record)
        let result = store.send(.ping)
        XCTAssertTrue(result.didSomething)
        XCTAssertFalse(result.stateChanged)
        XCTAssertEqual(record.events, ["effect pinged"])
    }

    func testChangesBeforeTheScreenFollowsAreNotReportedButKept() {
        let record = Record()
        let store = Store<Counter>(0) {
            record.events.append("effect \($0)")
            return .none
        }
        store.send(.add(2))
        XCTAssertEqual(record.events, [])
        store.follow { before in record.events.append("changed from \(before)") }
        store.send(.add(3))
        XCTAssertEqual(record.events, ["changed from 2"])
        XCTAssertEqual(store.state, 5)
    }

    /// An effect that fails and says so by sending an action (as a failed save does) must not have that action applied
    /// in the middle of the first: the first's change is reported first, then the second is applied and reported, so
    /// the screen follows one action at a time. Here `addAndPing` (0 → 1) makes its `pinged` effect send `add(10)`.
    func testAnActionSentWhileAnotherIsAppliedWaitsForIt() {
        let record = Record()
        let store = Store<Counter>(0)
        store.performEffects { [unowned store] effect in
            record.events.append("effect \(effect)")
            if effect == .pinged { store.send(.add(10)) }
            return .none
        }
        store.follow { before in record.events.append("changed from \(before) to \(store.state)") }
        let result = store.send(.addAndPing)
        XCTAssertEqual(record.events, ["effect added(1)", "effect pinged", "changed from 0 to 1", "changed from 1 to 11"])
        XCTAssertEqual(result.before, 0, "the sender is told what its own action did")
        XCTAssertEqual(store.state, 11)
    }
}
