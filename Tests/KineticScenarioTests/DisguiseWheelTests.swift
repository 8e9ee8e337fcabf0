import XCTest
import KineticCore
import KineticScene
@testable import KineticApps
@testable import KineticScenario

/// The costume wheel: spokes, flicks, selection, deselection and arrivals, on six costumes.
final class DisguiseWheelTests: XCTestCase {
    private func capture(_ name: String, at time: Double) -> ScenarioEvent { ScenarioEvent(at: time, .capture(name: name, every: nil, until: nil)) }

    private func bubbleCenters(_ dump: SceneDump) -> [String: Point] {
        Dictionary(uniqueKeysWithValues: dump.layers.filter { $0.id.hasPrefix("bubble.") }.map { (String($0.id.dropFirst(7)), $0.frame.center) })
    }

    func testBubblesSitOnFiveSpokesWithThePointDown() throws {
        let dumps = try Disguise.play(Disguise.throughIntro + [capture("wheel", at: 7)])
        let dump = try XCTUnwrap(dumps["wheel"])
        let angle = try XCTUnwrap(dump.layer("wheel")).rotation
        XCTAssertEqual(angle, 0, accuracy: 1e-9)
        let centers = bubbleCenters(dump)
        XCTAssertEqual(centers["moustache"]!.distance(to: Disguise.spokeEnd(0, of: 2, wheelAngle: 0)), 0, accuracy: 1)
        XCTAssertEqual(centers["moustache"]!.x, 512, accuracy: 1, "the first spoke points straight down")
        XCTAssertEqual(centers["cowboy"]!.distance(to: Disguise.spokeEnd(1, of: 2, wheelAngle: 0)), 0, accuracy: 1, "no re-balancing")
    }

    func testAFlickKeepsTheFingersAngularVelocityThenCoastsToAStop() throws {
        let center = Disguise.layout.wheelCenter
        let from = Point(x: 760, y: 600), to = Point(x: 820, y: 380), duration = 0.15
        // The finger's angular velocity about the centre at release: ω = (r × v) / |r|².
        let r: Vector = to - center, v = (to - from) / duration
        let fingerOmega = r.cross(v) / (r.length * r.length)
        let release = 7.0 + duration
        let runner = try Disguise.runner(Disguise.throughIntro + [
            ScenarioEvent(at: 7.0, .drag(id: 1, from: from, to: to, duration: duration)),
            ScenarioEvent(at: release, .capture(name: "r0", every: nil, until: nil)),
            ScenarioEvent(at: release + 0.05, .capture(name: "r1", every: nil, until: nil)),
            ScenarioEvent(at: release, .capture(name: "coast", every: 0.25, until: release + 14)),
        ], costumes: Disguise.sixCostumes)
        let captures = try runner.run(outputDirectory: nil)
        func angle(_ name: String) -> Double { captures.first { $0.name == name }!.dump.layer("wheel")!.rotation }
        let omega = (angle("r1") - angle("r0")) / 0.05
        XCTAssertLessThan(fingerOmega, -1, "the test flick turns the wheel anticlockwise, briskly")
        XCTAssertEqual(omega, fingerOmega, accuracy: abs(fingerOmega) * 0.1)

        let angles = captures.filter { $0.name.hasPrefix("coast-") }.map { $0.dump.layer("wheel")!.rotation }
        let speeds = zip(angles, angles.dropFirst()).map { ($1 - $0) / 0.25 }
        for (earlier, later) in zip(speeds, speeds.dropFirst()) {
            XCTAssertLessThanOrEqual(later, 1e-9, "never reverses")
            XCTAssertLessThanOrEqual(abs(later), abs(earlier) + abs(fingerOmega) * 0.02, "slows steadily")
        }
        XCTAssertEqual(speeds.last!, 0, "comes to rest on its own")
        // No snap: at rest the wheel is wherever friction left it, not on a spoke angle.
        let spoke = 2 * Double.pi / 6
        let offSpoke = abs(remainder(angles.last!, spoke))
        XCTAssertGreaterThan(offSpoke, 0.01)
        for (name, center) in bubbleCenters(captures.last!.dump) {
            let index = Disguise.sixCostumes.firstIndex { $0.id == name }!
            XCTAssertEqual(center.distance(to: Disguise.spokeEnd(index, of: 6, wheelAngle: angles.last!)), 0, accuracy: 1, "\(name) rests on its spoke")
        }
    }

    func testSelectionDressesScotchAndTheOthersFallAndRestApart() throws {
        let runner = try Disguise.runner(Disguise.throughIntro + [
            ScenarioEvent(at: 7.0, .tap(id: 1, point: Disguise.spokeEnd(2, of: 6, wheelAngle: 0))),
            capture("a", at: 12), capture("b", at: 12.5),
        ], costumes: Disguise.sixCostumes)
        let captures = try runner.run(outputDirectory: nil)
        let dump = captures[0].dump, later = captures[1].dump
        let chosen = Disguise.sixCostumes[2]
        XCTAssertEqual(dump.state, "selected.\(chosen.id)")
        let worn = try XCTUnwrap(dump.layer("costume.\(chosen.id)"))
        // Scotch as he is drawn, and the costume placed on him by the README's rules.
        let expected = Disguise.wornFrame(chosen, onScotch: try XCTUnwrap(dump.layer("scotch")).frame.rect)
        XCTAssertTrue(worn.visible)
        XCTAssertEqual(worn.frame.x, expected.minX, accuracy: 1)
        XCTAssertEqual(worn.frame.y, expected.minY, accuracy: 1)
        XCTAssertEqual(worn.frame.width, expected.width, accuracy: 1)
        XCTAssertEqual(worn.frame.height, expected.height, accuracy: 1)
        XCTAssertEqual(dump.layer("title")?.text, chosen.title)
        XCTAssertEqual(dump.layer("subtitle")?.text, chosen.description)
        XCTAssertEqual(dump.layer("title")?.frame.center.x ?? 0, 512, accuracy: 1)
        XCTAssertEqual(dump.layer("ring.\(chosen.id)")?.visible, false, "the ring has grown off screen")

        let screen = Rect(x: 0, y: 0, width: 1024, height: 768)
        let radius = Disguise.layout.bubbleDiameter / 2
        let fallen = bubbleCenters(dump).filter { $0.key != chosen.id }
        XCTAssertEqual(fallen.count, 5)
        for (id, center) in fallen {
            XCTAssertTrue(screen.insetBy(dx: -1, dy: -1).contains(Rect(center: center, size: Size(width: 2 * radius, height: 2 * radius))), "\(id) left the screen")
            XCTAssertGreaterThan(center.y, 768 - 4 * radius, "\(id) lies low, on the floor or on others")
            XCTAssertEqual(center.distance(to: bubbleCenters(later)[id]!), 0, accuracy: 0.5, "\(id) is at rest")
            for (otherID, other) in fallen where otherID > id {
                XCTAssertGreaterThanOrEqual(center.distance(to: other), 2 * radius - 1, "\(id) overlaps \(otherID)")
            }
        }
    }

    func testDeselectionBringsEveryBubbleHomeAndRestoresTheSprings() throws {
        let runner = try Disguise.runner(Disguise.throughIntro + [
            ScenarioEvent(at: 7.0, .tap(id: 1, point: Disguise.spokeEnd(0, of: 6, wheelAngle: 0))),
            ScenarioEvent(at: 10.0, .tap(id: 1, point: Disguise.layout.wheelCenter)),
            capture("returning", at: 10.3), capture("home", at: 16),
        ], costumes: Disguise.sixCostumes)
        let captures = try runner.run(outputDirectory: nil)
        XCTAssertEqual(captures[0].dump.state, "wheel.returning")
        let dump = captures[1].dump
        XCTAssertEqual(dump.state, "wheel")
        let angle = try XCTUnwrap(dump.layer("wheel")).rotation
        for (index, costume) in Disguise.sixCostumes.enumerated() {
            let center = try XCTUnwrap(dump.layer("bubble.\(costume.id)")).frame.center
            XCTAssertEqual(center.distance(to: Disguise.spokeEnd(index, of: 6, wheelAngle: angle)), 0, accuracy: 1, "\(costume.id) is back on its spoke")
            XCTAssertEqual(dump.layer("costume.\(costume.id)")?.visible, false)
        }
        XCTAssertEqual(dump.layer("title")?.visible, false)
        XCTAssertEqual(dump.layer("subtitle")?.visible, false)
        XCTAssertEqual(dump.layer("ring.moustache")?.visible, true)
        let wheel = try XCTUnwrap(Disguise.screen(of: runner).wheel)
        XCTAssertTrue(wheel.springsAreNormal)
        for bubble in wheel.bubbles {
            XCTAssertEqual(bubble.attachment?.frequency, wheel.settings.bubbleSpring.frequency)
            XCTAssertEqual(bubble.attachment?.dampingRatio, wheel.settings.bubbleSpring.dampingRatio)
        }
    }

    func testANewCostumeComesOutFromBehindScotchToItsSpoke() throws {
        let runner = try Disguise.runner(Disguise.throughIntro, costumes: Array(Disguise.sixCostumes.prefix(5)), duration: 7)
        try runner.run(outputDirectory: nil)
        let screen = Disguise.screen(of: runner)
        screen.receive([Disguise.sixCostumes[5]])
        runner.stage.step()
        let arrived = try XCTUnwrap(runner.stage.dump().layer("bubble.disco"))
        XCTAssertEqual(arrived.frame.center.distance(to: Disguise.layout.wheelCenter), 0, accuracy: 2, "starts at the centre")
        let bubbleZ = runner.stage.root.layer(withIdentifier: "bubbles")!.zPosition
        XCTAssertLessThan(bubbleZ, runner.stage.root.layer(withIdentifier: "scotch")!.zPosition, "behind Scotch")
        var distances: [Double] = []
        for _ in 0..<(120 * 6) {
            runner.stage.step()
            let dump = runner.stage.dump()
            distances.append(dump.layer("bubble.disco")!.frame.center.distance(to: Disguise.layout.wheelCenter))
        }
        XCTAssertGreaterThan(distances[60], 20, "it moves out, not teleports")
        XCTAssertLessThan(distances[0], distances[60])
        let dump = runner.stage.dump()
        let angle = dump.layer("wheel")!.rotation
        for (index, costume) in Disguise.sixCostumes.enumerated() {
            XCTAssertEqual(dump.layer("bubble.\(costume.id)")!.frame.center.distance(to: Disguise.spokeEnd(index, of: 6, wheelAngle: angle)), 0, accuracy: 1,
                           "with six costumes, six even spokes")
        }
    }

    func testTheKeyboardSpinsFocusesSelectsAndDeselects() throws {
        let dumps = try Disguise.play(Disguise.throughIntro + [
            ScenarioEvent(at: 6.0, .key("tab")),  // from the first costume, where the wheel came with the focus, to the second
            capture("focused", at: 6.2),
            ScenarioEvent(at: 6.3, .key("enter")), capture("selected", at: 8),
            ScenarioEvent(at: 8.1, .key("space")), capture("back", at: 14),
            ScenarioEvent(at: 14.1, .key("right")), capture("spun", at: 17),
            ScenarioEvent(at: 17.1, .key("left")), ScenarioEvent(at: 17.15, .key("left")), capture("back2", at: 20),
        ], costumes: Disguise.sixCostumes)
        let focus = try XCTUnwrap(dumps["focused"]?.layer("focus"))
        XCTAssertTrue(focus.visible)
        XCTAssertEqual(focus.frame.center.distance(to: dumps["focused"]!.layer("bubble.cowboy")!.frame.center), 0, accuracy: 1)
        XCTAssertEqual(dumps["selected"]?.state, "selected.cowboy")
        XCTAssertEqual(dumps["back"]?.state, "wheel")
        let back = try XCTUnwrap(dumps["back"]?.layer("wheel")).rotation
        let spoke = 2 * Double.pi / 6  // six costumes: six spokes
        XCTAssertEqual(back.truncatingRemainder(dividingBy: spoke), 0, accuracy: 0.002, "the wheel rests on a spoke")
        XCTAssertEqual(dumps["spun"]!.layer("wheel")!.rotation - back, spoke, accuracy: 0.002, "→ turns the wheel clockwise by one spoke, 60°")
        XCTAssertEqual(dumps["back2"]!.layer("wheel")!.rotation - back, -spoke, accuracy: 0.002, "two quick ← add up: two spokes back")
    }

    /// A mouse wheel and a trackpad turn the costume wheel as the arrows do: a click towards the person (dy = −1) one
    /// spoke forward (60° with six costumes), two clicks away two spokes back; a trackpad's stream of 0.3 units at a time
    /// turns a spoke only once a whole unit (48 pt) has gone by: four deltas (1.2 units) one spoke, the rest kept.
    func testAMouseWheelOrATrackpadTurnsTheWheelASpokeAtATime() throws {
        let point = Point(x: 512, y: 600)
        let dumps = try Disguise.play(Disguise.throughIntro + [
            capture("rest", at: 7),
            ScenarioEvent(at: 7.1, .wheel(delta: Vector(dx: 0, dy: -1), at: point, precise: false)), capture("forward", at: 10),
            ScenarioEvent(at: 10.1, .wheel(delta: Vector(dx: 0, dy: 1), at: point, precise: false)),
            ScenarioEvent(at: 10.15, .wheel(delta: Vector(dx: 0, dy: 1), at: point, precise: false)), capture("back", at: 13),
            ScenarioEvent(at: 13.1, .wheel(delta: Vector(dx: 0, dy: -0.3), at: point, precise: true)),
            ScenarioEvent(at: 13.12, .wheel(delta: Vector(dx: 0, dy: -0.3), at: point, precise: true)),
            ScenarioEvent(at: 13.14, .wheel(delta: Vector(dx: 0, dy: -0.3), at: point, precise: true)), capture("not-yet", at: 14),
            ScenarioEvent(at: 14.1, .wheel(delta: Vector(dx: 0, dy: -0.3), at: point, precise: true)), capture("trackpad", at: 17),
        ], costumes: Disguise.sixCostumes)
        func angle(_ name: String) throws -> Double { try XCTUnwrap(dumps[name]?.layer("wheel")).rotation }
        let spoke = 2 * Double.pi / 6
        let rest = try angle("rest")
        XCTAssertEqual(try angle("forward") - rest, spoke, accuracy: 0.002, "a click towards the person: one spoke, as →")
        XCTAssertEqual(try angle("back") - rest, -spoke, accuracy: 0.002, "two clicks away: two spokes back")
        XCTAssertEqual(try angle("not-yet") - rest, -spoke, accuracy: 0.002, "0.9 of a unit: no spoke yet")
        XCTAssertEqual(try angle("trackpad") - rest, 0, accuracy: 0.002, "1.2 units: one spoke forward")
    }

    func testADragThatOutlivesItsPhaseStillLetsGoOfTheWheel() throws {
        // Enter chooses a costume in the middle of a drag; after deselection the wheel must coast freely again.
        let runner = try Disguise.runner(Disguise.throughIntro + [
            ScenarioEvent(at: 7.0, .touch(.began, id: 1, point: Point(x: 760, y: 600))),
            ScenarioEvent(at: 7.1, .touch(.moved, id: 1, point: Point(x: 800, y: 500))),
            ScenarioEvent(at: 7.15, .key("enter")),
            ScenarioEvent(at: 7.2, .touch(.moved, id: 1, point: Point(x: 820, y: 420))),
            ScenarioEvent(at: 7.3, .touch(.ended, id: 1, point: Point(x: 820, y: 400))),
            ScenarioEvent(at: 9.0, .key("space")),
            ScenarioEvent(at: 9.2, .key("right")),
            capture("a", at: 9.3), capture("b", at: 9.6),
        ], costumes: Disguise.sixCostumes)
        let captures = try runner.run(outputDirectory: nil)
        let turned = captures[1].dump.layer("wheel")!.rotation - captures[0].dump.layer("wheel")!.rotation
        XCTAssertGreaterThan(turned, 0.2, "→ spins the wheel: it is not held by the finished drag")
    }

    func testReducedMotionFadesInsteadOfFalling() throws {
        let dumps = try Disguise.play(Disguise.throughIntro + [
            capture("before", at: 6.5),
            ScenarioEvent(at: 7.0, .tap(id: 1, point: Disguise.spokeEnd(0, of: 6, wheelAngle: 0))),
            capture("selected", at: 8),
        ], costumes: Disguise.sixCostumes, reduceMotion: true)
        let before = try XCTUnwrap(dumps["before"]), selected = try XCTUnwrap(dumps["selected"])
        XCTAssertEqual(selected.state, "selected.moustache")
        for costume in Disguise.sixCostumes.dropFirst() {
            let then = before.layer("bubble.\(costume.id)")!, now = selected.layer("bubble.\(costume.id)")!
            XCTAssertEqual(now.frame.center.distance(to: then.frame.center), 0, accuracy: 1, "\(costume.id) did not fall")
            XCTAssertFalse(now.visible, "\(costume.id) faded out")
        }
        XCTAssertEqual(selected.layer("title")?.frame.center.x ?? 0, 512, accuracy: 1)
    }

    /// → held for two seconds: the keyboard's repeats (after half a second, 30 a second: 45 of them) come far faster
    /// than spokes go by (one spoke of six, 60°, at the key's 1.5 rad/s takes 0.7 s), so queued they would turn the
    /// wheel for some 35 seconds more. Each repeat aims at the first spoke a quarter of a spoke or more ahead: when the
    /// key comes up the wheel stops at most a spoke and a quarter on, on a spoke.
    func testAHeldArrowStopsWithinASpokeOfWhereTheWheelIsWhenItComesUp() throws {
        let repeats = (0..<45).map { ScenarioEvent(at: 7.5 + Double($0) / 30, .key("right", isRepeat: true)) }
        let dumps = try Disguise.play(Disguise.throughIntro + [capture("before", at: 6.9), ScenarioEvent(at: 7.0, .key("right"))] + repeats
            + [capture("up", at: 9.0), capture("rest", at: 14)], costumes: Disguise.sixCostumes)
        let spoke = 2 * Double.pi / 6
        let before = try XCTUnwrap(dumps["before"]?.layer("wheel")).rotation
        let up = try XCTUnwrap(dumps["up"]?.layer("wheel")).rotation, rest = try XCTUnwrap(dumps["rest"]?.layer("wheel")).rotation
        XCTAssertGreaterThan(up - before, spoke, "it turned while the key was held")
        XCTAssertGreaterThanOrEqual(rest - up, 0)
        XCTAssertLessThanOrEqual(rest - up, 1.25 * spoke + 0.002, "it stopped within a spoke and a quarter of where it was when the key came up")
        let spokes = (rest - before) / spoke
        XCTAssertEqual(spokes, spokes.rounded(), accuracy: 0.002, "on a spoke")
    }
}
