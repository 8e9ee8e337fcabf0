import XCTest
import KineticData
import KineticCore
import KineticRuntime
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Disguise-O-Rama where a person taps fast, the network is down or the server changes its mind (issue "at its
/// edges"): each test drives the stage step by step and checks every frame that matters.
final class DisguiseEdgeTests: XCTestCase {
    /// Six costumes, through the intro, at rest on the wheel (7 s in).
    private func onTheWheel(costumes: [Costume] = Disguise.sixCostumes) throws -> (runner: ScenarioRunner, stage: Stage, screen: DisguiseScreen) {
        let runner = try Disguise.runner([], costumes: costumes, duration: 0)
        let stage = runner.stage
        for time in [2.0, 2.4, 2.8] {
            stage.run(until: time)
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
        }
        stage.run(until: 7)
        return (runner, stage, Disguise.screen(of: runner))
    }

    private func frame(_ stage: Stage, _ id: String) -> Rect? { stage.dump().layer(id)?.frame.rect }
    private func visible(_ stage: Stage, _ id: String) -> Bool { stage.dump().layer(id)?.visible ?? false }

    func testTheBannerNeverCoversTheIntroButtonOrABubbleAndSaysWhatIsShown() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage, screen = Disguise.screen(of: runner)
        stage.run(until: 2)
        XCTAssertEqual(stage.stateName, "intro.1")
        screen.send(.catalogueProblems([], refreshFailed: true, showingSaved: false))
        stage.run(for: 0.5)
        let banner = try XCTUnwrap(stage.dump().layer("banner"))
        XCTAssertTrue(banner.visible)
        XCTAssertEqual(banner.text, "Couldn’t reach the costume server — showing the built-in costumes", "nothing was saved on a first launch")
        let button = try XCTUnwrap(frame(stage, "intro.button"))
        XCTAssertFalse(banner.frame.rect.intersects(button), "banner \(banner.frame.rect) over the button \(button)")

        let (_, wheelStage, wheelScreen) = try onTheWheel()
        wheelScreen.send(.catalogueProblems([], refreshFailed: true, showingSaved: true))
        wheelStage.run(for: 0.5)
        let shown = try XCTUnwrap(wheelStage.dump().layer("banner"))
        XCTAssertEqual(shown.text, "Couldn’t reach the costume server — showing the costumes saved last time")
        for bubble in wheelStage.dump().layers where bubble.id.hasPrefix("bubble.") {
            XCTAssertFalse(shown.frame.rect.intersects(bubble.frame.rect), "banner over \(bubble.id)")
        }
        XCTAssertTrue(Rect(origin: .zero, size: wheelStage.size).contains(shown.frame.rect), "on the stage")
    }

    /// With the server down at launch (the problem arrives 0.1 s in, on the splash), the banner waits while the
    /// splash's wordmarks fill the stage and fly off across it: no frame of the splash shows it. It shows, with the
    /// same words, once the intro is in, clear of the intro's button.
    func testABannerRaisedOnTheSplashWaitsForTheIntro() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage, screen = Disguise.screen(of: runner)
        stage.run(until: 0.1)
        XCTAssertEqual(stage.stateName, "splash")
        screen.send(.catalogueProblems([], refreshFailed: true, showingSaved: false))
        var splashFrames = 0
        while stage.stateName.hasPrefix("splash"), stage.time < 4 {
            stage.step()
            splashFrames += 1
            let banner = stage.dump().layer("banner")
            XCTAssertFalse(banner?.visible == true && (banner?.opacity ?? 0) > 0.01, "a banner over the splash at \(stage.time)")
        }
        XCTAssertGreaterThan(splashFrames, 60)
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "intro.1")
        let banner = try XCTUnwrap(stage.dump().layer("banner"))
        XCTAssertTrue(banner.visible && banner.opacity > 0.9, "shown once the splash left")
        XCTAssertEqual(banner.text, "Couldn’t reach the costume server — showing the built-in costumes")
        XCTAssertFalse(banner.frame.rect.intersects(try XCTUnwrap(frame(stage, "intro.button"))))
    }

    /// "Everywhere, a drag from the left edge opens the menu" (docs/using.md): on the wheel, a quick drag from x = 4
    /// (inside the 24 pt edge band) to 300 opens the shell's menu and leaves the wheel where it was, though the
    /// wheel's own drag covers the whole screen.
    func testADragFromTheLeftEdgeOpensTheMenuNotTheWheel() throws {
        let (_, stage, _) = try onTheWheel()
        let angle = try XCTUnwrap(stage.dump().layer("wheel")).rotation
        // A fast drag, as a mouse sends it: one move takes it from the edge most of the way.
        stage.send(TouchEvent(id: 1, phase: .began, location: Point(x: 4, y: 380), timestamp: stage.time))
        stage.run(for: 0.05)
        stage.send(TouchEvent(id: 1, phase: .moved, location: Point(x: 200, y: 386), timestamp: stage.time))
        stage.run(for: 0.05)
        stage.send(TouchEvent(id: 1, phase: .moved, location: Point(x: 300, y: 390), timestamp: stage.time))
        stage.send(TouchEvent(id: 1, phase: .ended, location: Point(x: 300, y: 390), timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "menu")
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("wheel")).rotation, angle, accuracy: 1e-6, "the wheel did not turn")
    }

    /// A served title of 120 characters with nowhere to break, worn: the title and description stay clear of the ☰
    /// button (12…56 pt, the shell's), centred on the stage.
    func testALongUnbreakableTitleStaysClearOfTheMenuButton() throws {
        var costumes = Disguise.sixCostumes
        costumes[1].title = String(repeating: "W", count: 120)
        let (_, stage, screen) = try onTheWheel(costumes: costumes)
        screen.send(.tapBubble(costumes[1].id))
        stage.run(for: 1.5)
        let button = Rect(x: 12, y: 12, width: 44, height: 44)
        for id in ["title", "subtitle"] {
            let frame = try XCTUnwrap(self.frame(stage, id))
            XCTAssertFalse(frame.intersects(button), "\(id) \(frame) under the ☰ button")
            XCTAssertEqual(frame.midX, 512, accuracy: 0.5, id)
        }
    }

    /// A catalogue of 30 costumes, more than the wheel's 12 spokes: every one can be reached. The page control at the
    /// top right says "1 of 3"; a click on › brings the next twelve out from behind Scotch ("2 of 3"), then the last
    /// six ("3 of 3"), and the three pages between them show all thirty, each once, every bubble whole on the stage.
    /// With one page (six costumes) the control does not show.
    func testEveryCostumeOfABigCatalogueIsReachedPageByPage() throws {
        let thirty = (0..<30).map { index -> Costume in
            var costume = Disguise.sixCostumes[index % 6]
            costume.id = "c\(index)"
            costume.title = "Costume \(index)"
            return costume
        }
        let (_, stage, _) = try onTheWheel(costumes: thirty)
        var seen: [String] = []
        for page in 1...3 {
            let dump = stage.dump()
            XCTAssertEqual(dump.layer("pages.label")?.text, "\(page) of 3")
            let bubbles = dump.layers.filter { $0.id.hasPrefix("bubble.") && $0.visible && $0.opacity > 0.5 }
            XCTAssertEqual(bubbles.count, page < 3 ? 12 : 6, "page \(page)")
            for bubble in bubbles {
                XCTAssertTrue(Rect(origin: .zero, size: stage.size).contains(bubble.frame.rect), "\(bubble.id) whole on the stage")
            }
            seen += bubbles.map { String($0.id.dropFirst("bubble.".count)) }
            stage.tap(try XCTUnwrap(dump.layer("pages.next")).frame.center)
            stage.run(for: 3)
        }
        XCTAssertEqual(seen.sorted(), thirty.map(\.id).sorted(), "each costume once")
        let (_, few, _) = try onTheWheel()
        XCTAssertEqual(few.dump().layer("pages")?.visible, false, "one page: no page control")
    }

    /// With a costume worn, Scotch takes clicks on himself, not on the empty corners of his box: a click 6% in from
    /// his box's top-left corner (beside his head, where `scotch.svg` draws nothing) changes nothing, and neither does
    /// the pointer there (no hand, nothing hovered); a click on his belly, the middle of his box 70% down, takes the
    /// costume off.
    func testScotchTakesClicksOnHimselfNotTheCornersOfHisBox() throws {
        let (_, stage, screen) = try onTheWheel()
        screen.send(.tapBubble("moustache"))
        stage.run(for: 2)
        XCTAssertEqual(stage.stateName, "selected.moustache")
        let box = try XCTUnwrap(frame(stage, "scotch"))
        let corner = Point(x: box.minX + box.width * 0.06, y: box.minY + box.height * 0.06)
        stage.sendPointer(at: corner)
        stage.step()
        XCTAssertNotEqual(stage.dump().layer("scotch")?.hovered, true, "the pointer beside his head is not over him")
        stage.tap(corner)
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "selected.moustache", "a click beside his head does nothing")
        stage.tap(Point(x: box.midX, y: box.minY + box.height * 0.7))
        stage.run(for: 0.5)
        XCTAssertNotEqual(stage.stateName, "selected.moustache", "a click on his belly takes the costume off")
    }

    func testLongTitlesWrapToTwoLinesAndNeverOverlapEachOtherOrScotch() throws {
        var costumes = Disguise.sixCostumes
        costumes[1].title = String(repeating: "The Extraordinarily Long-Named Costume ", count: 6)
        costumes[1].description = String(repeating: "A description that goes on and on, as a server may send. ", count: 12)
        let (_, stage, screen) = try onTheWheel(costumes: costumes)
        screen.send(.tapBubble(costumes[1].id))
        stage.run(for: 1.5)
        let title = try XCTUnwrap(frame(stage, "title")), subtitle = try XCTUnwrap(frame(stage, "subtitle"))
        let scotch = try XCTUnwrap(frame(stage, "scotch"))
        XCTAssertLessThanOrEqual(title.maxY, subtitle.minY, "the description starts under the title")
        XCTAssertLessThan(subtitle.maxY, scotch.minY, "and ends above Scotch")
        // Two lines at most: a line is at most 1.5 em (the fonts' ascent, descent and gap), so two lines of 34 pt text
        // take at most 104 pt, two of 16 pt 50; more than one line each, since the text is far longer than a line.
        XCTAssertLessThanOrEqual(title.height, 2 * 1.5 * 34 + 2)
        XCTAssertGreaterThan(title.height, 1.5 * 34)
        XCTAssertLessThanOrEqual(subtitle.height, 2 * 1.5 * 16 + 2)
        XCTAssertGreaterThan(subtitle.height, 1.5 * 16)
    }

    func testEscWithNothingToTakeOffStaysAndComingBackSkipsTheSplash() throws {
        let (runner, stage, screen) = try onTheWheel()
        screen.send(.tapBubble(Disguise.sixCostumes[0].id))
        stage.run(for: 1)
        stage.send(KeyEvent(key: .escape, timestamp: stage.time))
        stage.run(for: 2)
        stage.send(KeyEvent(key: .escape, timestamp: stage.time))
        stage.run(for: 0.5)
        XCTAssertTrue(["wheel", "wheel.returning"].contains(stage.stateName), "still in the app: \(stage.stateName)")
        let shell = try XCTUnwrap(runner.stage.screen as? Shell)
        shell.show(nil)
        shell.show(KineticApps.catalog.first { $0.id == "disguise" })
        stage.step()
        XCTAssertEqual(stage.stateName, "wheel", "back on the wheel at once, no splash")
        XCTAssertFalse(visible(stage, "splash.o"))
        XCTAssertEqual(visible(stage, "menu.button"), true)
    }

    func testTheMenuButtonStaysOffTheSplashAndTheIntro() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        stage.step()
        XCTAssertFalse(visible(stage, "menu.button"), "splash")
        stage.run(until: 2)
        XCTAssertEqual(stage.stateName, "intro.1")
        XCTAssertFalse(visible(stage, "menu.button"), "intro")
        for time in [2.0, 2.4, 2.8] { stage.run(until: time); stage.send(KeyEvent(key: .enter, timestamp: stage.time)) }
        stage.run(until: 7)
        XCTAssertTrue(visible(stage, "menu.button"), "wheel")
    }

    /// A double-click on the intro's button (two clicks 0.15 s apart, under GTK's 0.4 s) is one press: the second page
    /// comes and stays to be read, a second later still there. So is a held Enter: its repeats turn no page.
    func testADoubleClickOrAHeldEnterTurnsOnePage() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage
        stage.run(until: 2)
        XCTAssertEqual(stage.stateName, "intro.1")
        let button = try XCTUnwrap(frame(stage, "intro.button")).center
        for _ in 0..<2 {
            stage.send(stage.touch(1, .began, at: button))
            stage.run(for: 0.05)
            stage.send(stage.touch(1, .ended, at: button))
            stage.run(for: 0.1)
        }
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "intro.2", "one page on, and it stays")
        stage.send(KeyEvent(scenarioName: "enter", timestamp: stage.time))
        for _ in 0..<10 {
            stage.run(for: 0.033)
            var held = KeyEvent(scenarioName: "enter", timestamp: stage.time)
            held.isRepeat = true
            stage.send(held)
        }
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "intro.3", "a held Enter is one press")
    }

    func testQuickClicksOnTheIntroButtonLetEveryPageSettleBeforeTheNext() throws {
        let runner = try Disguise.runner([], costumes: Disguise.sixCostumes, duration: 0)
        let stage = runner.stage, screen = Disguise.screen(of: runner)
        stage.run(until: 2)
        let button = try XCTUnwrap(frame(stage, "intro.button")).center
        let width = stage.size.width
        // Clicks 80 ms apart for five seconds. Each time the page turns, the page it leaves must have been in place
        // (its text within 4 pt of where it rests) on the step before.
        var pagesSeen = [stage.stateName]
        /// Does `change` (a step, or a touch that may turn the page at once) and checks the page it turned from.
        func watch(_ change: () -> Void) {
            let stateBefore = stage.stateName, offsetBefore = screen.viewState.intro.offset
            change()
            guard stage.stateName != stateBefore else { return }
            pagesSeen.append(stage.stateName)
            if stateBefore.hasPrefix("intro."), let page = Int(stateBefore.dropFirst(6)) {
                XCTAssertEqual(offsetBefore, Double(page - 1) * width, accuracy: 4, "page \(page) was in place before it turned")
            }
        }
        var next = stage.time
        while stage.time < 7 {
            if stage.time >= next {
                stage.send(stage.touch(1, .began, at: button))
                watch { stage.step() }
                watch { stage.send(stage.touch(1, .ended, at: button)) }
                next += 0.08
            }
            watch { stage.step() }
        }
        XCTAssertEqual(Array(pagesSeen.prefix(4)), ["intro.1", "intro.2", "intro.3", "intro.leaving"], "no page skipped, no press lost")
    }

    func testTheWornBubbleIsOutOfReachAndATapThereActsAsAnywhere() throws {
        let (_, stage, screen) = try onTheWheel()
        let worn = Disguise.sixCostumes[2].id
        let spot = try XCTUnwrap(frame(stage, "bubble.\(worn)")).center
        try XCTUnwrap(screen.wheel).release(angularVelocity: 2)  // chosen while the wheel coasts
        screen.send(.tapBubble(worn))
        stage.run(for: 0.1)
        let wornBody = try XCTUnwrap(screen.wheel?.bubble(worn)).item
        let heldAt = wornBody.center
        stage.run(for: 1.4)
        XCTAssertGreaterThan(abs(try XCTUnwrap(screen.wheel).angle), 0.5, "the wheel coasted on")
        XCTAssertEqual(wornBody.center.distance(to: heldAt), 0, accuracy: 0.01, "the worn bubble is out of the physics: it did not circle with it")
        XCTAssertFalse(visible(stage, "bubble.\(worn)"), "the worn bubble is not drawn")
        stage.tap(spot)
        stage.run(for: 0.2)
        XCTAssertEqual(stage.stateName, "selected.\(worn)", "a tap where it was is a tap on empty stage: nothing happens")
        stage.tap(Point(x: 60, y: 400))
        stage.run(for: 0.2)
        XCTAssertEqual(stage.stateName, "selected.\(worn)", "as anywhere else")
    }

    func testTitlesAlwaysComeInFromTheRightAndTheRingNeverShrinksThroughItsIcon() throws {
        let (_, stage, screen) = try onTheWheel()
        let first = Disguise.sixCostumes[0].id, second = Disguise.sixCostumes[1].id
        screen.send(.tapBubble(first))
        stage.run(for: 1.5)
        screen.send(.tapScotch)
        var smallestRingOverIcon = Double.infinity
        for _ in 0..<Int(0.15 * 120) {  // the titles are half-way out when the next costume is chosen
            stage.step()
            if let ring = frame(stage, "ring.\(first)"), let icon = frame(stage, "icon.\(first)") { smallestRingOverIcon = min(smallestRingOverIcon, ring.width / icon.width) }
        }
        let out = try XCTUnwrap(frame(stage, "title")).minX
        XCTAssertLessThan(out, 40, "the title was on its way out to the left")
        stage.run(upTo: 3) { stage.stateName == "wheel" }
        screen.send(.tapBubble(second))
        var leftmost = Double.infinity
        for _ in 0..<120 {
            stage.step()
            if let title = frame(stage, "title"), visible(stage, "title") { leftmost = min(leftmost, title.minX) }
        }
        XCTAssertGreaterThanOrEqual(leftmost, 40 - 0.5, "never left of its place")
        screen.send(.tapScotch)
        for _ in 0..<240 {
            stage.step()
            if let ring = frame(stage, "ring.\(second)"), let icon = frame(stage, "icon.\(second)") { smallestRingOverIcon = min(smallestRingOverIcon, ring.width / icon.width) }
        }
        XCTAssertGreaterThanOrEqual(smallestRingOverIcon, 1, "the ring was never smaller than its icon")
    }

    func testEveryBubbleStaysInsideTheStageThroughAHardFlickAndAFall() throws {
        let (_, stage, screen) = try onTheWheel()
        let bounds = Rect(origin: .zero, size: stage.size).insetBy(dx: -0.5, dy: -0.5)
        func check(_ moment: String) {
            for bubble in stage.dump().layers where bubble.id.hasPrefix("bubble.") && bubble.visible {
                XCTAssertTrue(bounds.contains(bubble.frame.rect), "\(bubble.id) at \(bubble.frame.rect) \(moment)")
            }
        }
        // The hardest flick a finger gives: round the wheel's rim in a twentieth of a second.
        let centre = Disguise.layout.wheelCenter
        stage.send(stage.touch(1, .began, at: Point(x: centre.x + 300, y: centre.y)))
        for step in 1...6 {
            stage.step()
            let angle = Double(step) * 0.5
            stage.send(stage.touch(1, .moved, at: Point(x: centre.x + 300 * cos(angle), y: centre.y + 300 * sin(angle))))
        }
        stage.send(stage.touch(1, .ended, at: Point(x: centre.x + 300 * cos(3), y: centre.y + 300 * sin(3))))
        for _ in 0..<(120 * 3) { stage.step(); check("while spinning") }
        screen.send(.tapBubble(Disguise.sixCostumes[0].id))
        for _ in 0..<(120 * 4) { stage.step(); check("while falling") }
    }

    func testACostumeTheServerDroppedLeavesTheWheelAndComesOffFirst() throws {
        let (_, stage, screen) = try onTheWheel()
        let dropped = Disguise.sixCostumes[3].id
        screen.send(.tapBubble(dropped))
        stage.run(for: 1.5)
        screen.send(.catalogueChanged(Disguise.sixCostumes.filter { $0.id != dropped }))
        stage.step()
        XCTAssertEqual(stage.stateName, "wheel.returning", "taken off first")
        stage.run(for: 6)
        XCTAssertNil(stage.dump().layer("bubble.\(dropped)"), "its bubble has left")
        XCTAssertFalse(screen.state.costumes.contains { $0.id == dropped })
        screen.send(.tapBubble(dropped))
        XCTAssertFalse(stage.stateName.hasPrefix("selected"), "and it can't be worn")
        // The five left re-space on five spokes (72° apart), worked out from the seed's formula.
        let angle = try XCTUnwrap(stage.dump().layer("wheel")).rotation
        for (index, costume) in Disguise.sixCostumes.filter({ $0.id != dropped }).enumerated() {
            let centre = try XCTUnwrap(frame(stage, "bubble.\(costume.id)")).center
            XCTAssertEqual(centre.distance(to: Disguise.spokeEnd(index, of: 5, wheelAngle: angle)), 0, accuracy: 1.5, costume.id)
        }
    }

    func testAFallenBubbleCanBeDraggedAndThrownAndGoesHomeOnDeselect() throws {
        let (_, stage, screen) = try onTheWheel()
        let worn = Disguise.sixCostumes[0].id, thrown = Disguise.sixCostumes[4].id
        screen.send(.tapBubble(worn))
        stage.run(for: 4)  // the others have fallen and come to rest
        let resting = try XCTUnwrap(frame(stage, "bubble.\(thrown)")).center
        XCTAssertGreaterThan(resting.y, stage.size.height - 200, "on the floor")
        // Picked up and swung 300 pt up in a quarter of a second, then let go.
        stage.send(stage.touch(1, .began, at: resting))
        let steps = 30
        for step in 1...steps {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: resting.x, y: resting.y - 300 * Double(step) / Double(steps))))
        }
        let lifted = try XCTUnwrap(frame(stage, "bubble.\(thrown)")).center
        XCTAssertLessThan(lifted.y, resting.y - 150, "it followed the finger")
        stage.send(stage.touch(1, .ended, at: Point(x: resting.x, y: resting.y - 300)))
        stage.run(for: 0.05)
        let flying = try XCTUnwrap(frame(stage, "bubble.\(thrown)")).center
        XCTAssertLessThan(flying.y, lifted.y, "thrown: it flies on upwards after the finger let go")
        XCTAssertEqual(stage.stateName, "selected.\(worn)", "a drag is not a tap: the costume stays on")
        stage.run(for: 5)
        XCTAssertGreaterThan(try XCTUnwrap(frame(stage, "bubble.\(thrown)")).center.y, stage.size.height - 200, "fallen again")
        screen.send(.tapScotch)
        stage.run(for: 8)
        let angle = try XCTUnwrap(stage.dump().layer("wheel")).rotation
        XCTAssertEqual(try XCTUnwrap(frame(stage, "bubble.\(thrown)")).center.distance(to: Disguise.spokeEnd(4, of: 6, wheelAngle: angle)), 0,
                       accuracy: 1.5, "home on its spoke")
    }
}
