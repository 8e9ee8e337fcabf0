import XCTest
import KineticTestSupport
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticData

/// Random touches, drags and keys from a fixed seed: no crash, nothing non-finite, and no message ever lost: every
/// message is in exactly one list, and the count outside the bin changes only by delete (and undo).
final class MailboxFuzzTests: XCTestCase {
    func testTenThousandRandomTouchesAndKeysLoseNoMessage() throws {
        let seed = FuzzBudget.seed(default: 0x3A11B0)
        let tag = "seed 0x\(String(seed, radix: 16))"
        var input = FuzzInput(random: SeededGenerator(state: seed), keys: [.character("e"), .character("d"), .character("l"), .character("t"),
                                                                                .character("1"), .character("2"), .character("3"), .up, .down, .escape,
                                                                                .enter, .tab, .backspace, .character("c"), .left, .right,
                                                                                .pageDown, .home], dragStep: 120)
        let runner = try Mailbox.runner()
        let stage = runner.stage
        var screen = Mailbox.screen(of: runner)
        let all = Set(screen.state.messages.map(\.id))
        var states = Set<String>()
        var deletedBefore = 0
        for index in 0..<FuzzBudget.events {
            input.sendOne(to: stage, maximumWait: 20) { $0 != .escape || !["inbox", "later", "archive"].contains(stage.stateName) }
            if FuzzInput.returnToApp("mailbox", on: stage) {
                // A new Mailbox screen of a fresh-start run begins with every message in the Inbox again.
                screen = Mailbox.screen(of: runner)
                deletedBefore = screen.state.messages.filter { screen.state.placement(of: $0.id).list == .deleted }.count
            }
            if index % 97 == 0 { stage.sendShake() }
            // Steer now and then into the places random taps rarely find: the date picker, and the menu's shelves.
            // (Options opened by a key come ringed, so a random Enter often chooses at once: the picker is steered to
            // whenever the reschedule options show at a fifth of the events.)
            if index % 5 == 0, screen.state.options?.kind == .reschedule {
                screen.send(.options(.choose(.reschedule(.pickDate))))
                states.insert(stage.stateName)
            }
            // A click elsewhere takes the keyboard focus off the list, where E, L and T act on nothing: the options are
            // steered to as well, as the Later or List a person would choose.
            if index % 211 == 0, screen.state.options == nil, screen.state.compose == nil, screen.state.reading == nil,
               let first = screen.state.visibleMessages.first, !screen.state.placement(of: first.id).list.isWrittenHere {
                screen.send(.command(id: first.id, zone: index % 2 == 0 ? .later : .list))
                stage.run(for: 0.6)
                states.insert(stage.stateName)
                screen.send(.options(.dismiss))  // filed by the options' default, as a tap outside them does
            }
            if index % 301 == 0 {
                // Whatever is open is put away first (compose's draft not kept), so each shelf is reached in turn.
                if screen.state.options != nil { screen.send(.options(.dismiss)) }
                if screen.state.compose != nil { screen.send(.compose(.close)); screen.send(.compose(.deleteDraft)) }
                let shelves: [MailboxShelf] = [.trash, .sent, .drafts, .list(MailList.allCases[index % MailList.allCases.count])]
                screen.send(.openShelf(shelves[(index / 301) % shelves.count]))
            }
            if index % 53 == 0 || index % 301 == 0 { states.insert(stage.stateName) }
            if index % 10 == 0 {
                let dump = stage.dump()
                states.insert(dump.state)
                for layer in dump.layers {
                    XCTAssertTrue([layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height, layer.opacity].allSatisfy(\.isFinite),
                                  "\(layer.id) is not finite after event \(index), \(tag)")
                }
                let state = screen.state
                // The server's messages never appear or vanish; the person's own (sent, drafts) come and go as written.
                let own: [Placement.List] = [.sent, .draft]
                XCTAssertEqual(Set(state.messages.filter { !own.contains(state.placement(of: $0.id).list) }.map(\.id)), all,
                               "messages never appear or vanish, \(tag)")
                let lists = Placement.List.allCases.map { list in state.messages.filter { state.placement(of: $0.id).list == list }.count }
                XCTAssertEqual(lists.reduce(0, +), state.messages.count, "each message in exactly one list, \(tag)")
                XCTAssertEqual(Set(state.messages.map(\.id)).count, state.messages.count, "no message twice, \(tag)")
                let deleted = state.messages.filter { state.placement(of: $0.id).list == .deleted }.count
                XCTAssertLessThanOrEqual(abs(deleted - deletedBefore), 10, "only deletes and undos move messages to and from the bin")
                deletedBefore = deleted
                // The model first, the views after it: every row the screen keeps is of a message it lists (the model's,
                // and those filed but still sliding off, which keep their place until they have left), and every
                // message in view has its row.
                let shown = screen.listedMessages()
                XCTAssertTrue(Set(shown.map(\.id)).isSuperset(of: state.visibleMessages.map(\.id)), "the list drawn holds every shown message, \(tag)")
                XCTAssertLessThanOrEqual(shown.count - state.visibleMessages.count, screen.rows.values.filter(\.isSlidingOff).count, "only sliding rows hold a place, \(tag)")
                let stray = Set(screen.rows.keys).subtracting(shown.map(\.id))
                XCTAssertTrue(stray.isEmpty, "rows of messages not shown after event \(index): \(stray.sorted()) in \(dump.state), sliding \(stray.map { screen.rows[$0]?.isSlidingOff ?? false }), \(tag)")
                let top = screen.scroll.offset, bottom = screen.scroll.offset + screen.scroll.frame.bounds.height
                for (place, message) in shown.enumerated() where Double(place + 1) * MessageRowView.height > top && Double(place) * MessageRowView.height < bottom {
                    XCTAssertNotNil(screen.rows[message.id], "\(message.id), in view, has no row after event \(index), \(tag)")
                }
            }
        }
        XCTAssertTrue(states.isSuperset(of: ["inbox", "later", "archive"]), "\(states)")
        XCTAssertTrue(states.contains { $0.hasPrefix("options.") }, "\(states)")
        XCTAssertTrue(states.contains("picker") && states.contains { $0.hasPrefix("message.") } && states.contains { $0.hasPrefix("list.") }
                      && states.contains("trash"), "the picker, the reader and the shelves were reached: \(states)")
        // Undo, as often as there were actions, brings every message home.
        screen.send(.compose(.close))
        screen.send(.compose(.deleteDraft))  // if it asked: nothing written in the fuzz is kept
        if screen.state.options != nil { screen.send(.options(.dismiss)) }
        for _ in 0..<200 { screen.send(.undo) }
        stage.run(for: 2)
        // The person's own drafts and sent messages stay: undo is for what was done to the server's messages.
        XCTAssertEqual(screen.state.placements.filter { ![.draft, .sent].contains($0.value.list) }, [:], "undo brought everything back to the Inbox")
        XCTAssertEqual(stage.dump().layers.filter { $0.id.hasPrefix("row.") }.count, screen.rows.count, "every row kept is on stage, and no other")
        XCTAssertTrue(Set(screen.rows.keys).isSubset(of: Set(screen.state.visibleMessages.map(\.id))))
    }
}
