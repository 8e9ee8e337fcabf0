import XCTest
@testable import KineticCore

/// Named motion parameters: always inside their ranges, bad values refused with their names, files read and written.
final class TuningTests: XCTestCase {
    private func sample() -> Tuning {
        Tuning(app: "demo", tunables: [Tunable("a.delay", group: "A", label: "Delay", unit: "s", range: 0...2, default: 0.5)]
            + Tunable.spring("a.spring", group: "A", label: "Spring", default: Spring(response: 0.4, dampingRatio: 0.7)))
    }

    func testValuesStartAtTheirDefaultsAndStayInRange() {
        var tuning = sample()
        XCTAssertEqual(tuning.values["a.delay"], 0.5)
        XCTAssertEqual(tuning.spring(named: "a.spring"), Spring(response: 0.4, dampingRatio: 0.7))
        XCTAssertNil(tuning.set("a.delay", to: 1.25))
        XCTAssertEqual(tuning.values["a.delay"], 1.25)
        XCTAssertEqual(tuning.set("a.delay", to: 3), "a.delay: 3.0 is outside 0.0…2.0; keeping 1.25")
        XCTAssertNotNil(tuning.set("a.delay", to: .nan))
        XCTAssertEqual(tuning.values["a.delay"], 1.25)
        XCTAssertEqual(tuning.set("b", to: 1), "b: no such tunable in demo")
        tuning.reset()
        XCTAssertEqual(tuning.values["a.delay"], 0.5)
    }

    func testAFileAppliesItsGoodValuesAndNamesEveryBadOne() {
        var tuning = sample()
        let file = #"{"app": "demo", "a.delay": 1, "a.spring.response": 9, "a.spring.dampingRatio": "soft", "a.other": 2, "a.spring.dampingRatio ": true}"#
        let problems = tuning.apply(json: Data(file.utf8))
        XCTAssertEqual(tuning.values["a.delay"], 1, "the good value applies")
        XCTAssertEqual(tuning.spring(named: "a.spring"), Spring(response: 0.4, dampingRatio: 0.7), "the bad ones keep the last good values")
        XCTAssertEqual(problems.count, 4, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("a.spring.response: 9.0 is outside") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("a.spring.dampingRatio: \"soft\" is not a number") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("a.other: no such tunable") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("true is not a number") }, "\(problems)")

        XCTAssertEqual(tuning.apply(json: Data("[1, 2]".utf8)).count, 1)
        XCTAssertEqual(tuning.apply(json: Data(#"{"app": "other", "a.delay": 2}"#.utf8)), ["it is for other, not demo; nothing changed"])
        XCTAssertEqual(tuning.values["a.delay"], 1)
    }

    func testTheWrittenFileReadsBackToTheSameValues() {
        var tuning = sample()
        tuning.set("a.delay", to: 0.75)
        var read = sample()
        XCTAssertEqual(read.apply(json: tuning.json()), [])
        XCTAssertEqual(read, tuning)
        let text = String(decoding: tuning.json(), as: UTF8.self)
        XCTAssertTrue(text.contains(#""app" : "demo""#), text)
        XCTAssertLessThan(text.range(of: "a.delay")!.lowerBound, text.range(of: "a.spring.dampingRatio")!.lowerBound, "keys sorted")
    }
}

/// A spring read from a tuning follows its two values as they change.
final class TuningSpringTests: XCTestCase {
    func testASpringFollowsItsValues() {
        var tuning = Tuning(app: "test", tunables: Tunable.spring("move", group: "Motion", label: "Move", default: Spring(response: 0.4, dampingRatio: 0.8)))
        XCTAssertEqual(tuning.spring(named: "move"), Spring(response: 0.4, dampingRatio: 0.8))
        XCTAssertNil(tuning.set("move.response", to: 1.25))
        XCTAssertNil(tuning.set("move.dampingRatio", to: 0.5))
        XCTAssertEqual(tuning.spring(named: "move"), Spring(response: 1.25, dampingRatio: 0.5))
        tuning.reset()
        XCTAssertEqual(tuning.spring(named: "move"), Spring(response: 0.4, dampingRatio: 0.8))
    }
}

/// A typed set of tunables: properties read by name in code, a table for the file and the panel.
final class TunableSetTests: XCTestCase {
    private struct Demo: TunableSet {
        static let app = "demo"
        var delay = 0.5
        var move = Spring(response: 0.4, dampingRatio: 0.7)
        static let table: [TunableField<Demo>] = [
            .number(\.delay, "a.delay", group: "A", label: "Delay", unit: "s", range: 0...2),
            .spring(\.move, "a.move", group: "A", label: "Move"),
        ]
    }

    func testTheTableNamesEveryPropertyWithItsDefault() {
        let tunables = Demo.tunables
        XCTAssertEqual(tunables.map(\.key), ["a.delay", "a.move.response", "a.move.dampingRatio"])
        XCTAssertEqual(tunables.map(\.defaultValue), [0.5, 0.4, 0.7])
        XCTAssertEqual(tunables.map(\.role), [.number, .springResponse(spring: "a.move"), .springDampingRatio(spring: "a.move")])
        XCTAssertEqual(Demo.defaults.values, ["a.delay": 0.5, "a.move.response": 0.4, "a.move.dampingRatio": 0.7])
    }

    func testAFileChangesTheTypedValues() {
        var named = Demo.defaults
        XCTAssertEqual(named.apply(json: Data(#"{"app": "demo", "a.delay": 1.5, "a.move.dampingRatio": 1}"#.utf8)), [])
        let typed = Demo(named)
        XCTAssertEqual(typed.delay, 1.5)
        XCTAssertEqual(typed.move, Spring(response: 0.4, dampingRatio: 1))
        XCTAssertEqual(typed.tuning, named, "back to the same named values")
    }

    func testANamedFormKeepsValuesInsideTheirRanges() {
        var typed = Demo()
        typed.delay = 7
        XCTAssertEqual(typed.tuning.values["a.delay"], 2, "clamped into 0…2 when named")
        typed.delay = .nan
        XCTAssertEqual(typed.tuning.values["a.delay"], 0.5, "a value that is not finite is the default")
    }

    func testATuningOfAnotherAppLeavesTheDefaults() {
        let other = Tuning(app: "other", tunables: [Tunable("b", group: "B", label: "B", range: 0...1, default: 1)])
        XCTAssertEqual(Demo(other), Demo())
    }
}

/// A tuning file's wrong values are named for what they are.
final class TuningFileValueTests: XCTestCase {
    func testEachWrongValueIsSaidAsWhatItIs() {
        var tuning = Tuning(app: "demo", tunables: ["a", "b", "c", "d"].map { Tunable($0, group: "G", label: $0, range: 0...1, default: 0.5) })
        let problems = tuning.apply(json: Data(#"{"a": 1e999, "b": [1], "c": {"x": 1}, "d": null}"#.utf8))
        XCTAssertEqual(problems.sorted(), ["a: a number out of range is not a number; keeping 0.5", "b: a list is not a number; keeping 0.5",
                                           "c: an object is not a number; keeping 0.5", "d: null is not a number; keeping 0.5"])
    }
}
