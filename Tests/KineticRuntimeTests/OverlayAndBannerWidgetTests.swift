import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The modal sheet (`Overlay`) on its own: it slides up over a dim with a spring, or fades in place with reduced
/// motion, and goes back the same way; a touch that misses the sheet lands on the dim.
///
/// The sheet is 400 × 300 and rests with its top left at (200, 300), so it sits on the 800 × 600 stage's bottom edge;
/// hidden, it waits just below that edge, at y = 600.
final class OverlayWidgetTests: WidgetTestCase {
    private let resting = Point(x: 200, y: 300)

    private func overlaid() -> (stage: Stage, overlay: Overlay) {
        var made: Overlay?
        let (stage, _) = hosted { host, _ in
            let sheet = Layer(identifier: "sheet", frame: Rect(x: 0, y: 0, width: 400, height: 300))
            made = Overlay(dimIdentifier: "dim", sheet: sheet, restingOrigin: self.resting, in: host.root, zPosition: 10)
        }
        return (stage, made!)  // built in didAppear, which `present` has run
    }

    func testItSlidesUpOverTheDimAndBackDownThenHides() throws {
        let (stage, overlay) = overlaid()
        XCTAssertFalse(try layer(stage, "sheet").visible)
        XCTAssertFalse(try layer(stage, "dim").visible)
        XCTAssertEqual(try layer(stage, "sheet").frame.y, 600, "waiting below the bottom edge")
        overlay.present(animator: stage.animator, reduceMotion: false)
        XCTAssertTrue(overlay.isPresented)
        stage.run(for: 0.1)
        let rising = try layer(stage, "sheet").frame.y
        XCTAssertTrue(rising < 600 && rising > 300, "on its way up: \(rising)")
        stage.run(for: 1.5)
        XCTAssertEqual(try layer(stage, "sheet").frame, DumpRect(Rect(x: 200, y: 300, width: 400, height: 300)))
        XCTAssertEqual(try layer(stage, "dim").opacity, 0.4, accuracy: 1e-9, "the dim at its 0.4")
        XCTAssertEqual(try layer(stage, "dim").frame, DumpRect(Rect(x: 0, y: 0, width: 800, height: 600)), "over everything behind")
        overlay.dismiss(animator: stage.animator, reduceMotion: false)
        stage.run(for: 1.5)
        XCTAssertFalse(try layer(stage, "sheet").visible, "hidden once down")
        XCTAssertFalse(try layer(stage, "dim").visible)
        XCTAssertEqual(try layer(stage, "sheet").frame.y, 600)
    }

    func testPresentingAgainWhileItLeavesTurnsItRound() throws {
        let (stage, overlay) = overlaid()
        overlay.present(animator: stage.animator, reduceMotion: false)
        stage.run(for: 1.5)
        overlay.dismiss(animator: stage.animator, reduceMotion: false)
        stage.run(for: 0.1)
        overlay.present(animator: stage.animator, reduceMotion: false)
        stage.run(for: 1.5)
        XCTAssertTrue(try layer(stage, "sheet").visible, "the dismissal's end did not hide it")
        XCTAssertTrue(try layer(stage, "dim").visible)
        XCTAssertEqual(try layer(stage, "sheet").frame.y, 300, accuracy: 0.01)
    }

    func testWithReducedMotionItFadesInPlace() throws {
        let (stage, overlay) = overlaid()
        overlay.present(animator: stage.animator, reduceMotion: true)
        XCTAssertEqual(try layer(stage, "sheet").frame.y, 300, "in place at once")
        stage.run(for: 0.1)  // half of its 0.2 s fade
        let fading = try layer(stage, "sheet").opacity
        XCTAssertTrue(fading > 0 && fading < 1, "part way: \(fading)")
        stage.run(for: 0.5)
        XCTAssertEqual(try layer(stage, "sheet").opacity, 1)
        XCTAssertEqual(try layer(stage, "sheet").frame.y, 300, "it never moved")
        overlay.dismiss(animator: stage.animator, reduceMotion: true)
        stage.run(for: 0.5)
        XCTAssertFalse(try layer(stage, "sheet").visible)
        XCTAssertEqual(try layer(stage, "sheet").frame.y, 600, "put back below the edge for the next time")
    }

    func testATouchThatMissesTheSheetLandsOnTheDim() throws {
        let (stage, overlay) = overlaid()
        var dimTaps = 0
        overlay.dim.gestureRecognizers = [TapRecognizer { _ in dimTaps += 1 }]
        overlay.present(animator: stage.animator, reduceMotion: false)
        stage.run(for: 1.5)
        stage.tap(Point(x: 400, y: 450))  // on the sheet
        XCTAssertEqual(dimTaps, 0)
        stage.tap(Point(x: 100, y: 100))  // above it
        XCTAssertEqual(dimTaps, 1)
    }
}

/// The banner on its own: a message along the bottom that fades in, stays `Banner.seconds` (4 s), fades out in 0.4 s
/// and hides; a control along the bottom pushes it up clear of it.
final class BannerWidgetTests: WidgetTestCase {
    private func bannered(clearOf control: Rect? = nil) -> (stage: Stage, banner: Banner) {
        let banner = Banner()
        let (stage, _) = hosted { host, stage in
            banner.add(to: host.root, size: stage.size, zPosition: 50, clearOf: control)
            host.onUpdate = { banner.update(dt: $0, animator: stage.animator) }
        }
        return (stage, banner)
    }

    func testItSitsCentredFortyPointsAboveTheBottomOrTwelveAboveAControlThere() throws {
        let (stage, _) = bannered()
        // 460 × 40 centred on (400, 600 − 40).
        XCTAssertEqual(try layer(stage, "banner").frame, DumpRect(Rect(x: 170, y: 540, width: 460, height: 40)))
        // A control at y 530–570 overlaps it: the banner's bottom goes 12 pt above the control's top, at 518.
        let (pushed, _) = bannered(clearOf: Rect(x: 350, y: 530, width: 100, height: 40))
        XCTAssertEqual(try layer(pushed, "banner").frame, DumpRect(Rect(x: 170, y: 478, width: 460, height: 40)))
        // One beside it, clear of the banner, leaves it where it was.
        let (beside, _) = bannered(clearOf: Rect(x: 20, y: 530, width: 100, height: 40))
        XCTAssertEqual(try layer(beside, "banner").frame.y, 540)
    }

    func testAMessageFadesInStaysFourSecondsThenFadesAndHides() throws {
        let (stage, banner) = bannered()
        XCTAssertFalse(try layer(stage, "banner").visible)
        banner.show("Couldn’t update costumes", animator: stage.animator)
        XCTAssertEqual(try layer(stage, "banner").text, "Couldn’t update costumes")
        stage.run(for: 0.1)
        let fadingIn = try layer(stage, "banner").opacity
        XCTAssertTrue(fadingIn > 0 && fadingIn < 1, "part way through its 0.25 s fade: \(fadingIn)")
        stage.run(for: 3.7)  // 3.8 s
        XCTAssertEqual(try layer(stage, "banner").opacity, 1)
        XCTAssertTrue(banner.isCounting)
        stage.run(for: 0.7)  // 4.5 s: past 4 s and the 0.4 s fade
        XCTAssertFalse(try layer(stage, "banner").visible)
        XCTAssertFalse(banner.isCounting)
    }

    func testANewMessageStartsTheFourSecondsAgain() throws {
        let (stage, banner) = bannered()
        banner.show("First", animator: stage.animator)
        stage.run(for: 3)
        banner.show("Second", animator: stage.animator)
        stage.run(for: 3.8)  // 6.8 s after the first, 3.8 s after the second
        XCTAssertEqual(try layer(stage, "banner").text, "Second")
        XCTAssertTrue(try layer(stage, "banner").visible)
        stage.run(for: 0.7)
        XCTAssertFalse(try layer(stage, "banner").visible)
    }

    /// A long message (issue #54, item 8): the banner grows to the lines it needs, three at most, upward from where
    /// it sits; longer still, it keeps its start and its end; and it stays a third of a second more for each word past
    /// the ninth, twelve seconds at most.
    func testALongMessageTakesTheLinesItNeedsAndStaysLonger() throws {
        let (stage, banner) = bannered()
        let measure = stage.textInput.measure
        let sentence = "The mail server did not send “Rent for December”: the connection closed before its answer, so it is not sent again"
        XCTAssertEqual(sentence.split(separator: " ").count, 21)
        banner.show(sentence, animator: stage.animator, measure: measure)
        let frame = try layer(stage, "banner").frame
        XCTAssertEqual(try layer(stage, "banner").text, sentence, "whole: it fits three lines of 420 pt")
        XCTAssertGreaterThan(frame.height, 40, "more than one line")
        XCTAssertEqual(frame.y + frame.height, 580, "its bottom stays 20 pt above the screen's")
        XCTAssertEqual(Banner.seconds(for: sentence), 8, "1 + 21 / 3")
        stage.run(for: 7.8)
        XCTAssertEqual(try layer(stage, "banner").opacity, 1, "still showing at 7.8 s")
        stage.run(for: 0.7)
        XCTAssertFalse(try layer(stage, "banner").visible)

        let essay = (1...200).map { "word\($0)" }.joined(separator: " ") + " so it is not sent again"
        banner.show(essay, animator: stage.animator, measure: measure)
        let shown = try XCTUnwrap(try layer(stage, "banner").text)
        XCTAssertTrue(shown.hasPrefix("word1 word2") && shown.hasSuffix("so it is not sent again") && shown.contains("…"), shown)
        XCTAssertLessThanOrEqual(try layer(stage, "banner").frame.height, 3 * 20 + 20, "three lines at most")
        XCTAssertEqual(Banner.seconds(for: essay), 12, "at most")
    }

    /// A held banner shows nothing; let go, it shows the last message that waited, for the whole four seconds from then.
    func testAHeldBannerShowsTheLastMessageOnceLetGo() throws {
        let (stage, banner) = bannered()
        banner.hold(true, animator: stage.animator)
        banner.show("First", animator: stage.animator)
        banner.show("Second", animator: stage.animator)
        stage.run(for: 5)
        XCTAssertFalse(try layer(stage, "banner").visible, "held")
        banner.hold(false, animator: stage.animator)
        stage.run(for: 3.8)
        XCTAssertEqual(try layer(stage, "banner").text, "Second")
        XCTAssertEqual(try layer(stage, "banner").opacity, 1)
        stage.run(for: 0.7)
        XCTAssertFalse(try layer(stage, "banner").visible)
        banner.hold(true, animator: stage.animator)
        banner.hold(false, animator: stage.animator)
        stage.run(for: 0.3)
        XCTAssertFalse(try layer(stage, "banner").visible, "nothing waited: nothing shows")
    }
}
