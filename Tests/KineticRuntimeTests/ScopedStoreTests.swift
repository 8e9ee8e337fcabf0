import XCTest
import KineticRuntime

/// A child feature's scope of its parent's store: it reads only its own state and sends only its own actions, which
/// reach the parent's rules wrapped in the parent's case.
final class ScopedStoreTests: XCTestCase {
    private struct Parent: Equatable { var count = 0; var note = "" }
    private enum NoteAction: Equatable, Sendable { case write(String), clear }
    private enum ParentAction: Equatable, Sendable { case increment, note(NoteAction) }
    private enum ParentRules: AppRules {
        static func reduce(_ state: inout Parent, _ action: ParentAction) -> [Never] {
            switch action {
            case .increment: state.count += 1
            case .note(.write(let text)): state.note += text
            case .note(.clear): state.note = ""
            }
            return []
        }
    }

    func testAScopeReadsItsStateAndSendsItsActionsThroughTheParent() {
        let store = Store<ParentRules>(Parent())
        let note = store.scope(state: \.note, action: ParentAction.note)
        note.send(.write("milk"))
        note.send(.write(", eggs"))
        XCTAssertEqual(note.state, "milk, eggs")
        XCTAssertEqual(store.state, Parent(count: 0, note: "milk, eggs"), "the parent's state is where the child's lives")
        store.send(.increment)
        XCTAssertEqual(note.state, "milk, eggs", "the parent's other actions are not the child's")
        let length = note.scope(state: \.count, action: { (_: Void) in NoteAction.clear })
        XCTAssertEqual(length.state, 10)
        length.send(())
        XCTAssertEqual(store.state, Parent(count: 1, note: ""), "a grandchild's action reaches the parent through the child's case")
    }

    func testAScopeThatOutlivesItsStoreKeepsTheLastStateAndSendsNothing() {
        var store: Store<ParentRules>? = Store<ParentRules>(Parent())
        let note = store!.scope(state: \.note, action: ParentAction.note)
        note.send(.write("kept"))
        XCTAssertEqual(note.state, "kept")
        weak var gone = store
        store = nil
        XCTAssertNil(gone, "the scope does not keep its store")
        note.send(.write(" more"))
        XCTAssertEqual(note.state, "kept")
    }
}
