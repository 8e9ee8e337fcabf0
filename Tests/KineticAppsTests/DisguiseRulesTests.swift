import XCTest
import KineticRuntime
import KineticData
import KineticCore
@testable import KineticApps
import KineticFixtures

/// Disguise-O-Rama's rules alone: state + action → state + effects, no layers, no physics, no disk.
final class DisguiseRulesTests: XCTestCase {
    private let six = ServedCostumes.withBundled
    /// The README: the splash shows for 0.6 s, and an arrow key turns the wheel at 1.5 rad/s. Tuned numbers: the
    /// screen sends them with each tick and key, so the rules never read the tuning.
    private let splash = 0.6, spin = 1.5

    private func tick(_ seconds: Double) -> DisguiseAction { .tick(seconds, splashDuration: splash) }
    private func key(_ key: DisguiseKey) -> DisguiseAction { .key(key, spin: spin) }

    @discardableResult
    private func apply(_ state: inout DisguiseState, _ actions: DisguiseAction...) -> [DisguiseEffect] {
        actions.flatMap { DisguiseRules.reduce(&state, $0) }
    }

    /// The catalogue is refreshed once the screen is on the stage, as an effect; a served intro order is used while the
    /// splash shows, and logged with the test's variant it names.
    func testTheCatalogueIsRefreshedOnAppearingAndAServedOrderIsLogged() {
        var s = DisguiseState(costumes: Array(six.prefix(2)))
        XCTAssertEqual(apply(&s, .appeared), [.refreshCatalogue])
        let order = [IntroPage.bundled[2], IntroPage.bundled[0]]
        XCTAssertEqual(apply(&s, .introOrdered(order, variant: "b")), [.log("disguise: the server orders the intro (variant b): costume, hello")])
        XCTAssertEqual(s.introPages.map(\.id), ["costume", "hello"], "the splash still shows: the served order is the intro")
        XCTAssertEqual(apply(&s, .introOrdered([])), [], "an order of no page changes nothing")
    }

    /// A first launch, as seed 000 (A)–(D) tells it: the splash, three intro pages moved on by the button, the
    /// intro remembered as seen, then every costume on the wheel.
    func testAFirstLaunchGoesThroughTheIntroToTheWheel() {
        var s = DisguiseState(costumes: Array(six.prefix(2)))
        XCTAssertEqual(s.stateName, "splash")
        // The README: the splash shows for 0.6 s. 0.5 s is still the splash; 0.1 s more and it leaves.
        apply(&s, tick(0.25), tick(0.25))
        XCTAssertEqual(s.stateName, "splash")
        apply(&s, tick(0.1))
        XCTAssertEqual(s.stateName, "splash.leaving")
        apply(&s, .tapIntroButton)
        XCTAssertEqual(s.stateName, "splash.leaving", "the button is not there yet")
        apply(&s, .splashLeft)
        XCTAssertEqual(s.stateName, "intro.1")
        XCTAssertEqual(apply(&s, .tapIntroButton), [])
        XCTAssertEqual(s.stateName, "intro.2")
        apply(&s, key(.space))
        XCTAssertEqual(s.stateName, "intro.3")
        XCTAssertEqual(apply(&s, key(.enter)), [.saveProgress(introCompleted: true)], "the last page's button ends the intro and remembers it")
        XCTAssertEqual(s.stateName, "intro.leaving")
        XCTAssertEqual(s.wheel, [], "the bubbles come out once the panels have gone")
        XCTAssertEqual(apply(&s, .introLeft), [.focusFirstCostume(fromACostumeOnly: false)],
                       "the wheel comes with the focus asked for on its first costume (issue #58: never nowhere)")
        XCTAssertEqual(s.stateName, "wheel")
        XCTAssertEqual(s.wheel, [six[0].id, six[1].id])
        apply(&s, .introLeft, .splashLeft)
        XCTAssertEqual(s.stateName, "wheel", "a late animation's end changes nothing")
    }

    func testOnceTheIntroIsSeenTheSplashGoesStraightToTheWheel() {
        var s = DisguiseState(costumes: six, introCompleted: true)
        apply(&s, key(.enter))
        XCTAssertEqual(s.stateName, "splash.leaving", "Enter skips the splash's wait")
        XCTAssertEqual(apply(&s, .splashLeft), [.focusFirstCostume(fromACostumeOnly: false)])
        XCTAssertEqual(s.stateName, "wheel")
        XCTAssertEqual(s.wheel, six.map(\.id))
    }

    /// Seed 000 (E): a tapped bubble dresses Scotch; tapping a different item, or the selected costume, reverts.
    /// Thirty costumes, more than the wheel's twelve spokes: the wheel shows them twelve at a time, 0–11, 12–23, then
    /// the last six, 24–29, and round again; Page Up goes back round to the last page. Every costume is on a page.
    /// The page stays while a costume is worn (its turn is not taken then) and through a departure.
    func testABigCatalogueIsShownAPageAtATime() {
        let thirty = (0..<30).map { index -> Costume in
            var costume = six[index % six.count]
            costume.id = "c\(index)"
            return costume
        }
        func ids(_ range: Range<Int>) -> [String] { range.map { "c\($0)" } }
        var s = DisguiseState(costumes: thirty, introCompleted: true)
        apply(&s, tick(0.7), .splashLeft)
        XCTAssertEqual(s.stateName, "wheel")
        XCTAssertEqual(s.pageCount, 3)
        XCTAssertEqual(s.wheel, ids(0..<12))
        XCTAssertEqual(apply(&s, .turnPage(forward: true)), [.focusFirstCostume(fromACostumeOnly: true)],
                       "a focused costume's page turned: the new page's first has the focus; a page button's stays")
        XCTAssertEqual(s.wheel, ids(12..<24))
        apply(&s, key(.pageDown))
        XCTAssertEqual(s.wheel, ids(24..<30))
        apply(&s, .turnPage(forward: true))
        XCTAssertEqual(s.wheel, ids(0..<12), "round again")
        apply(&s, key(.pageUp))
        XCTAssertEqual(s.wheel, ids(24..<30), "back round to the last page")
        apply(&s, .tapBubble("c25"))
        XCTAssertEqual(s.stateName, "selected.c25")
        apply(&s, .turnPage(forward: true))
        XCTAssertEqual(s.wheel, ids(24..<30), "no page turns while a costume is worn")
        apply(&s, .tapScotch, .wheelSettled)
        // The server drops c0…c5: 24 costumes are left, two pages; the third page, which showed, is gone, so the last
        // one shows: c18…c29.
        apply(&s, .catalogueChanged(Array(thirty.dropFirst(6))))
        XCTAssertEqual(s.pageCount, 2)
        XCTAssertEqual(s.page, 1, "the last page, which is still there")
        XCTAssertEqual(s.wheel, ids(18..<30))
    }

    /// The banner says what is true: a server not reached, one that answered with an error, one whose catalogue can't
    /// be read; and, when the refresh went well but costumes were left out for their pictures, how many.
    func testTheBannerSaysWhatWentWrong() {
        var s = DisguiseState(costumes: six)
        func banner(_ action: DisguiseAction) -> [String] {
            DisguiseRules.reduce(&s, action).compactMap { if case .showBanner(let message) = $0 { return message.english } else { return nil } }
        }
        XCTAssertEqual(banner(.catalogueProblems(["x"], refreshFailed: true, showingSaved: false, failure: .unreachable)),
                       ["Couldn’t reach the costume server — showing the built-in costumes"])
        XCTAssertEqual(banner(.catalogueProblems(["x"], refreshFailed: true, showingSaved: true, failure: .serverError)),
                       ["The costume server answered with an error — showing the costumes saved last time"])
        XCTAssertEqual(banner(.catalogueProblems(["x"], refreshFailed: true, showingSaved: false, failure: .unreadableDocument)),
                       ["The costume server’s catalogue can’t be read — showing the built-in costumes"])
        XCTAssertEqual(banner(.catalogueProblems(["a", "b"], refreshFailed: false, showingSaved: false, leftOutForPictures: 2)),
                       ["2 new costumes left out: their pictures couldn’t be loaded"])
        XCTAssertEqual(banner(.catalogueProblems(["a"], refreshFailed: false, showingSaved: false, leftOutForPictures: 1)),
                       ["1 new costume left out: its pictures couldn’t be loaded"])
        XCTAssertEqual(banner(.catalogueProblems(["a"], refreshFailed: false, showingSaved: false)), [], "a problem the person need not act on: logged only")
    }

    func testTappingDressesAndAnyItemUndresses() {
        for undress in [DisguiseAction.tapBubble(six[1].id), .tapBubble(six[0].id), .tapScotch, .tapCostume(six[0].id), key(.escape), key(.space)] {
            var s = onTheWheel()
            apply(&s, .tapBubble(six[0].id))
            XCTAssertEqual(s.stateName, "selected.\(six[0].id)")
            apply(&s, undress)
            XCTAssertEqual(s.stateName, "wheel.returning", "\(undress)")
            apply(&s, .wheelSettled)
            XCTAssertEqual(s.stateName, "wheel", "\(undress)")
        }
        var s = onTheWheel()
        apply(&s, .tapBubble("nobody"), .tapScotch, .tapCostume(six[0].id))
        XCTAssertEqual(s.stateName, "wheel", "an unknown bubble, Scotch or a costume not worn do nothing on the wheel")
        apply(&s, .tapBubble(six[2].id), .wheelSettled)
        XCTAssertEqual(s.stateName, "selected.\(six[2].id)", "only a returning wheel settles")
    }

    func testABubbleMayBeChosenWhileTheOthersAreStillReturning() {
        var s = onTheWheel()
        apply(&s, .tapBubble(six[0].id), .tapScotch, .tapBubble(six[3].id))
        XCTAssertEqual(s.stateName, "selected.\(six[3].id)")
    }

    /// Arrivals join a whole wheel at once; while a costume is worn they wait for the wheel to settle. Known ones
    /// and ones with a problem never join.
    func testCostumesArrivingJoinAWholeWheel() {
        var s = DisguiseState(costumes: Array(six.prefix(2)), introCompleted: true)
        var broken = six[5]
        broken.id = "not an id!"
        apply(&s, .costumesArrived([six[0], six[2], broken]))
        XCTAssertEqual(s.wheel, [], "no wheel during the splash")
        apply(&s, key(.enter), .splashLeft)
        XCTAssertEqual(s.wheel, [six[0].id, six[1].id], "the wheel starts with what was known")
        apply(&s, tick(1.0 / 120))
        XCTAssertEqual(s.wheel, [six[0].id, six[1].id, six[2].id], "the arrival joins on the next step")
        apply(&s, .tapBubble(six[1].id), .costumesArrived([six[3]]))
        XCTAssertEqual(s.wheel.count, 3, "a costume is worn: the arrival waits")
        apply(&s, tick(1), .tapScotch, tick(1))
        XCTAssertEqual(s.wheel.count, 3, "the bubbles are still returning")
        apply(&s, .wheelSettled)
        XCTAssertEqual(s.wheel.last, six[3].id)
        apply(&s, .costumesArrived(six))
        XCTAssertEqual(s.wheel, [six[0], six[1], six[2], six[3], six[4], six[5]].map(\.id), "each id once, in order of arrival")
    }

    func testKeysSpinMoveTheFocusAndChoose() {
        var s = onTheWheel()
        XCTAssertEqual(apply(&s, key(.left)), [], "a turn only moves layers: it is no effect")
        XCTAssertEqual(s.wheelTurn, DisguiseState.WheelTurn(spokes: -1, speed: spin, serial: 1), "one spoke back")
        apply(&s, key(.right))
        XCTAssertEqual(s.wheelTurn, DisguiseState.WheelTurn(spokes: 1, speed: spin, serial: 2), "one spoke on")
        let once = s
        apply(&s, key(.right))
        XCTAssertNotEqual(s, once, "the same turn again is another change")
        XCTAssertEqual(s.wheelTurn, DisguiseState.WheelTurn(spokes: 1, speed: spin, serial: 3))
        XCTAssertEqual(apply(&s, key(.enter)), [], "Enter with no costume focused wears the first (a focused one's Enter is its own Choose, the screen's)")
        XCTAssertEqual(s.stateName, "selected.\(six[0].id)")
        apply(&s, key(.escape), .wheelSettled, .tapBubble(six[1].id))
        XCTAssertEqual(s.stateName, "selected.\(six[1].id)")
        var unused = onTheWheel()
        XCTAssertEqual(apply(&unused, key(.escape)), [])
        XCTAssertEqual(unused, onTheWheel(), "Esc on the wheel is not the app's: it goes to the shell")
    }

    func testReplayingTheIntroStartsAgainAndForgetsItWasSeen() {
        var s = onTheWheel()
        apply(&s, .tapBubble(six[0].id))
        XCTAssertEqual(apply(&s, .replayIntro), [.saveProgress(introCompleted: false)])
        XCTAssertEqual(s.stateName, "splash")
        XCTAssertEqual(s.wheel, [])
        XCTAssertFalse(s.introCompleted)
        XCTAssertEqual(s.costumes.count, 6, "the costumes are kept")
        apply(&s, tick(0.6), .splashLeft)
        XCTAssertEqual(s.stateName, "intro.1")
    }

    func testAWheelThatCannotBeBuiltIsSaidAndLeavesScotchAlone() {
        var s = DisguiseState(costumes: six, introCompleted: true)
        apply(&s, key(.enter), .splashLeft)
        let effects = apply(&s, .wheelFailed("no memory"))
        XCTAssertTrue(effects.contains(.log("disguise: building the costume wheel: no memory")), "\(effects)")
        XCTAssertTrue(effects.contains { if case .showBanner = $0 { return true } else { return false } })
        apply(&s, .costumesArrived([ServedCostumes.withBundled[0]]), tick(1), key(.enter))
        XCTAssertEqual(s.wheel, [])
        XCTAssertEqual(s.stateName, "wheel", "nothing to choose")
        var one = onTheWheel()
        XCTAssertEqual(apply(&one, .bubbleFailed(six[2].id, reason: "bad")), [.log("costume \(six[2].id) could not join the wheel: bad")])
        XCTAssertFalse(one.wheel.contains(six[2].id))
    }

    func testAFailedRefreshIsLoggedAndShown() {
        var s = onTheWheel()
        XCTAssertEqual(inEnglish(apply(&s, .catalogueProblems(["a bad costume"], refreshFailed: true, showingSaved: true))),
                       inEnglish([.log("a bad costume")]) + ["banner: Couldn’t reach the costume server — showing the costumes saved last time"])
        XCTAssertEqual(inEnglish(apply(&s, .catalogueProblems([], refreshFailed: true, showingSaved: false))),
                       ["banner: Couldn’t reach the costume server — showing the built-in costumes"], "only what is true")
        XCTAssertEqual(apply(&s, .catalogueProblems([], refreshFailed: false, showingSaved: true)), [])
    }

    func testACatalogueThatNoLongerListsACostumeTakesItOffTheWheel() {
        var s = onTheWheel()
        let worn = s.wheel[1]
        _ = apply(&s, .tapBubble(worn))
        let effects = apply(&s, .catalogueChanged(s.costumes.filter { $0.id != worn }))
        XCTAssertEqual(s.phase, .returning, "the costume worn comes off")
        XCTAssertFalse(s.wheel.contains(worn))
        XCTAssertFalse(s.costumes.contains { $0.id == worn })
        XCTAssertEqual(effects.count, 1, "one log line: \(effects)")
        let before = s
        _ = apply(&s, .catalogueChanged([]))
        XCTAssertEqual(s, before, "an empty catalogue is a failure, not a decision: nothing leaves")
    }

    /// Tuned numbers come with the action: a longer splash keeps it up, a faster key turns faster.
    func testTunedNumbersComeWithTheirActions() {
        var s = DisguiseState(costumes: six)
        apply(&s, .tick(1, splashDuration: 2))
        XCTAssertEqual(s.stateName, "splash", "1 s of a 2 s splash")
        apply(&s, .tick(1, splashDuration: 2))
        XCTAssertEqual(s.stateName, "splash.leaving")
        var wheel = onTheWheel()
        apply(&wheel, .key(.right, spin: 3))
        XCTAssertEqual(wheel.wheelTurn?.speed, 3)
        var splashing = DisguiseState(costumes: six)
        apply(&splashing, .key(.left, spin: 3))
        XCTAssertNil(splashing.wheelTurn, "no wheel to turn on the splash")
    }

    /// A failed effect comes back as an action naming what failed, and the rules say what is logged and shown.
    func testFailuresAreLoggedAndShown() {
        var s = onTheWheel()
        XCTAssertEqual(apply(&s, .progressNotSaved("disk full")), [.log("could not save Disguise-O-Rama progress: disk full")],
                       "a lost save only means the intro shows again: logged, no banner")
        XCTAssertEqual(inEnglish(apply(&s, .wheelMotionFailed(while: "turning the wheel", error: "diverged"))),
                       inEnglish([.log("disguise: turning the wheel: diverged")]) + ["banner: Something went wrong with the costume wheel — see the log"])
        XCTAssertEqual(s, onTheWheel(), "a failure changes nothing")
    }

    private func onTheWheel() -> DisguiseState {
        var s = DisguiseState(costumes: six, introCompleted: true)
        apply(&s, key(.enter), .splashLeft)
        return s
    }
}

/// The effects as a person and the log read them: each banner in English (its words are the catalogue's source).
private func inEnglish(_ effects: [DisguiseEffect]) -> [String] {
    effects.map { if case .showBanner(let message) = $0 { return "banner: \(message.english)" } else { return "\($0)" } }
}
