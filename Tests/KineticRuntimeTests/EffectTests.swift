import XCTest
import KineticCore
import KineticRuntime

/// Work that outlives a frame: effects that send actions back, timers on the stage's clock, cancellation by id, and the
/// end of everything when the store ends. The clock here is moved by hand; nothing waits on the wall clock.
final class EffectTests: XCTestCase {
    /// Rules that write down every action they see, and ask for work by name: `fetch` (two answers sent back),
    /// `wait(seconds)` (a timer), `sleepThenTick(seconds)` (a run that waits on the clock), `stop` (cancels both).
    private enum Recorder: AppRules {
        enum Action: Equatable, Sendable { case fetch, answer(Int), wait(Double), sleepThenTick(Double), tick, stop, listen, heard }
        enum Effect: Equatable { case fetch, wait(Double), sleepThenTick(Double), stop, listen }

        static func reduce(_ state: inout [String], _ action: Action) -> [Effect] {
            state.append("\(action)")
            switch action {
            case .fetch: return [.fetch]
            case .wait(let seconds): return [.wait(seconds)]
            case .sleepThenTick(let seconds): return [.sleepThenTick(seconds)]
            case .stop: return [.stop]
            case .listen: return [.listen]
            case .answer, .tick, .heard: return []
            }
        }
    }

    private enum Job: Hashable, Sendable { case fetch, timer, sleeper, listener }

    /// The interpreter: each of the rules' effects as engine work.
    private static func perform(_ effect: Recorder.Effect) -> KineticRuntime.Effect<Recorder.Action> {
        switch effect {
        case .fetch:
            return .run(id: EffectID(Job.fetch)) { send in
                send(.answer(1))
                send(.answer(2))
            }
        case .wait(let seconds): return .after(seconds, send: .tick, id: EffectID(Job.timer))
        case .sleepThenTick(let seconds):
            return .run(id: EffectID(Job.sleeper)) { send, clock in
                do { try await clock.sleep(for: seconds) } catch { return }
                send(.tick)
            }
        case .stop: return .merge(.cancel(EffectID(Job.timer)), .cancel(EffectID(Job.sleeper)))
        case .listen:
            // Hears one word, then listens on until it is ended.
            return .listen(id: EffectID(Job.listener)) { send in
                send(.heard)
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) }
            }
        }
    }

    private let host = EffectHost(inbox: ActionInbox(), timers: StageTimers(), work: BackgroundWork())

    private func makeStore() -> Store<Recorder> {
        let store = Store<Recorder>([], perform: Self.perform)
        store.runEffects(on: host)
        return store
    }

    /// Waits for the runs to finish or to wait on the clock, then applies what they sent, as a stage's step does.
    private func settle() {
        XCTAssertTrue(host.work?.waitUntilIdle(timeout: 10) ?? true, "the runs settled")
        host.inbox.deliver()
    }

    func testARunsActionsArriveAtTheNextStepInTheOrderSent() {
        let store = makeStore()
        store.send(.fetch)
        XCTAssertEqual(store.state, ["fetch"], "nothing sent back is applied inside the action that asked for it")
        settle()
        XCTAssertEqual(store.state, ["fetch", "answer(1)", "answer(2)"])
    }

    func testATimerFiresWhenTheClockReachesItAndNotBefore() {
        let store = makeStore()
        store.send(.wait(30))
        host.timers.advance(by: 29.99)
        settle()
        XCTAssertEqual(store.state, ["wait(30.0)"])
        XCTAssertEqual(host.timers.secondsUntilNextDue ?? -1, 0.01, accuracy: 1e-9, "a resting window would sleep this long")
        host.timers.advance(by: 0.01)
        settle()
        XCTAssertEqual(store.state, ["wait(30.0)", "tick"])
        XCTAssertNil(host.timers.secondsUntilNextDue, "a fired timer leaves nothing to wake for")
    }

    func testATimerSetAgainUnderItsIdReplacesTheFirst() {
        let store = makeStore()
        store.send(.wait(10))
        host.timers.advance(by: 5)
        store.send(.wait(10))  // due at 15 now, not 10
        host.timers.advance(by: 6)
        settle()
        XCTAssertEqual(store.state.filter { $0 == "tick" }.count, 0)
        host.timers.advance(by: 4)
        settle()
        XCTAssertEqual(store.state.filter { $0 == "tick" }.count, 1, "one tick: the first timer was replaced, not added to")
        XCTAssertEqual(host.timers.count, 0)
    }

    func testCancelStopsATimerAndARunWaitingOnTheClock() {
        let store = makeStore()
        store.send(.wait(1))
        store.send(.sleepThenTick(1))
        settle()
        XCTAssertEqual(host.timers.count, 2, "the timer and the run's wait")
        store.send(.stop)
        settle()
        host.timers.advance(by: 2)
        settle()
        XCTAssertFalse(store.state.contains("tick"))
        XCTAssertEqual(host.timers.count, 0)
        XCTAssertEqual(store.effects.runningCount, 0)
    }

    func testARunWaitingOnTheClockIsNotWorkInProgressAndGoesOnWhenTheClockComes() {
        let store = makeStore()
        store.send(.sleepThenTick(60))
        // waitUntilIdle returns only once the run waits: a scenario's step does not wait a minute for it.
        settle()
        XCTAssertEqual(host.work?.count, 0)
        XCTAssertEqual(store.effects.runningCount, 1)
        host.timers.advance(by: 59)
        settle()
        XCTAssertEqual(store.state, ["sleepThenTick(60.0)"])
        host.timers.advance(by: 1)
        settle()
        XCTAssertEqual(store.state, ["sleepThenTick(60.0)", "tick"])
        XCTAssertEqual(store.effects.runningCount, 0)
    }

    func testEndingTheStoreEndsItsWorkAndDropsWhatItStillSends() {
        let store = makeStore()
        store.send(.sleepThenTick(5))
        store.send(.wait(5))
        settle()
        store.endEffects()
        host.timers.advance(by: 10)
        settle()
        XCTAssertEqual(store.state, ["sleepThenTick(5.0)", "wait(5.0)"])
        XCTAssertEqual(host.timers.count, 0)
        store.send(.fetch)
        settle()
        XCTAssertEqual(store.state.last, "fetch", "an ended store starts nothing new")
    }

    func testEffectsAskedForBeforeAHostStartOnceThereIsOne() {
        let store = Store<Recorder>([], perform: Self.perform)
        store.send(.fetch)
        store.send(.wait(1))
        XCTAssertEqual(host.timers.count, 0)
        store.runEffects(on: host)
        settle()
        XCTAssertEqual(store.state, ["fetch", "wait(1.0)", "answer(1)", "answer(2)"])
        host.timers.advance(by: 1)
        settle()
        XCTAssertEqual(store.state.last, "tick")
    }

    func testAnEffectsSendIsAppliedRightAfterItsAction() {
        let store = Store<Recorder>([]) { effect in effect == .fetch ? .send(.answer(7)) : .none }
        store.send(.fetch)
        XCTAssertEqual(store.state, ["fetch", "answer(7)"])
    }

    /// A child feature's rules are lifted into the parent's store: the child's effect, mapped, sends the parent's
    /// actions, at once and from its timer alike.
    private enum ParentRules: AppRules {
        enum Action: Equatable, Sendable { case child(Int) }
        static func reduce(_ state: inout [Action], _ action: Action) -> [Bool] {
            state.append(action)
            return state.count == 1 ? [true] : []
        }
    }

    func testAChildsEffectMapsIntoItsParentsActions() {
        let childEffect = KineticRuntime.Effect<Int>.merge(.send(1), .after(2, send: 3))
        let store = Store<ParentRules>([]) { _ in childEffect.map(ParentRules.Action.child) }
        store.runEffects(on: EffectHost(inbox: host.inbox, timers: host.timers, work: nil))
        store.send(.child(0))
        host.timers.advance(by: 2)
        host.inbox.deliver()
        XCTAssertEqual(store.state, [.child(0), .child(1), .child(3)])
    }

    /// On a stage whose time is its steps (headless), a timer fires at the step its time is reached, and what it sends
    /// is applied in that same step, before the screen's update.
    func testOnAHeadlessStageATimerFiresAtItsStep() {
        let stage = Stage(settings: StageSettings(dataDirectory: FileManager.default.temporaryDirectory))
        let store = Store<Recorder>([], perform: Self.perform)
        store.runEffects(on: stage.effectHost)
        store.send(.wait(0.5))
        for _ in 0..<59 { stage.step() }
        XCTAssertEqual(store.state, ["wait(0.5)"])
        stage.step()  // step 60: 0.5 s
        XCTAssertEqual(store.state, ["wait(0.5)", "tick"])
    }

    func testAListenerIsNotWorkInProgressAndEndsWithItsStore() {
        let store = makeStore()
        store.send(.listen)
        XCTAssertEqual(host.work?.count, 0, "a scenario does not wait for a watch that never ends by itself")
        var waited = 0
        while host.inbox.isEmpty, waited < 1000 {
            Thread.sleep(forTimeInterval: 0.01)
            waited += 1
        }
        host.inbox.deliver()
        XCTAssertEqual(store.state, ["listen", "heard"])
        XCTAssertEqual(store.effects.runningCount, 1)
        store.endEffects()
        XCTAssertEqual(store.effects.runningCount, 0)
    }
}
