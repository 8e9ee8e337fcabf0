import Foundation
import XCTest
import KineticCore
import KineticRuntime
import KineticScene
import KineticTestSupport

/// The engine's scroll view on its own: wheel clicks, a trackpad's stream, the finger's drag and flick, the ends'
/// rubber band, the page moves and the scroll indicator.
///
/// The view is 400 × 500 at the stage's top left over 2 000 pt of content, so it rests anywhere from offset 0 to
/// 2 000 − 500 = 1 500. Its content holds a row `row.N` every 100 pt, which shows where the content is on screen.
final class ScrollViewWidgetTests: WidgetTestCase {
    private let over = Point(x: 200, y: 250)
    private let maximum = 1_500.0
    /// The coast of a release at v pt/s: UIScrollView's normal rate keeps 0.998 of the speed a millisecond, so it
    /// rests v / (−1000 · ln 0.998) = v / 2.002 0027 further on (see `Decay`).
    private func coast(_ velocity: Double) -> Double { velocity / (-1000 * log(0.998)) }

    private func scrolling(contentHeight: Double = 2_000) -> (stage: Stage, host: WidgetHost, scroll: ScrollView) {
        var made: ScrollView?
        let (stage, host) = hosted { host, stage in
            let scroll = ScrollView(identifier: "list", frame: Rect(x: 0, y: 0, width: 400, height: 500), animator: { stage.animator })
            scroll.contentHeight = contentHeight
            for index in 0..<Int(contentHeight / 100) {
                scroll.content.addSublayer(Layer(identifier: "row.\(index)", frame: Rect(x: 0, y: Double(index) * 100, width: 400, height: 100)))
            }
            host.root.addSublayer(scroll.frame)
            host.onUpdate = { scroll.update(dt: $0) }
            host.rests = { !scroll.isIndicatorFading }
            made = scroll
        }
        return (stage, host, made!)  // built in didAppear, which `present` has run
    }

    func testEachWheelClickScrollsALineQuickClicksAddUpAndTheEndsHold() throws {
        let (stage, _, scroll) = scrolling()
        for _ in 0..<3 {
            XCTAssertTrue(wheel(stage, at: over, dy: -1), "the view under the pointer took it")
            stage.step()
        }
        stage.run(for: 1)
        // A click towards the person is one line, 48 pt (half a 96 pt row), down the content; each counts from where
        // the last was heading, so three quick ones make 144 however far the first had got.
        XCTAssertEqual(scroll.offset, 144, accuracy: 0.01)
        XCTAssertEqual(try layer(stage, "row.2").frame.y, 200 - 144, accuracy: 0.01, "the content moved up with it")
        wheel(stage, at: over, dy: 1)
        stage.run(for: 1)
        XCTAssertEqual(scroll.offset, 96, accuracy: 0.01, "one back")
        for _ in 0..<10 { wheel(stage, at: over, dy: 1) }  // 480 pt back: far past the top
        stage.run(for: 1)
        XCTAssertEqual(scroll.offset, 0, accuracy: 0.01, "never past the top")
        for _ in 0..<40 { wheel(stage, at: over, dy: -1) }  // 40 × 48 = 1 920 pt on: past the end at 1 500
        stage.run(for: 1.5)
        XCTAssertEqual(scroll.offset, maximum, accuracy: 0.01, "never past the end")
        XCTAssertEqual(try layer(stage, "row.19").frame.y, 400, accuracy: 0.01, "the last row sits at the bottom")
    }

    func testAWheelIsLeftAloneWhereThereIsNothingToScrollSidewaysOrOutsideTheView() throws {
        let (stage, _, scroll) = scrolling(contentHeight: 300)  // it all fits in 500
        XCTAssertFalse(wheel(stage, at: over, dy: -1), "nothing to scroll: left to the views behind")
        let (longStage, _, long) = scrolling()
        XCTAssertFalse(longStage.send(WheelEvent(location: over, delta: Vector(dx: 3, dy: 0), isPrecise: false, timestamp: 0)), "sideways")
        XCTAssertFalse(wheel(longStage, at: Point(x: 600, y: 250), dy: -1), "beside the view")
        stage.run(for: 1)
        longStage.run(for: 1)
        XCTAssertEqual(scroll.offset, 0)
        XCTAssertEqual(long.offset, 0)
    }

    func testATrackpadStreamMovesTheContentOneToOneThenCoastsOnItsVelocity() throws {
        let (stage, _, scroll) = scrolling()
        // Each delta of −0.25 is 0.25 × 48 = 12 pt on. Five, one step (1/120 s) apart, are one stream.
        for delta in 1...5 {
            wheel(stage, at: over, dy: -0.25, precise: true)
            XCTAssertEqual(scroll.offset, 12 * Double(delta), accuracy: 1e-9, "at each delta, exactly where the fingers put it, whatever it coasted since")
            stage.step()
        }
        // The stream's velocity: the first delta counts as a 1/60 s frame's, 12 × 60 = 720 pt/s; each later one is
        // averaged half and half with 12 pt / (1/120 s) = 1 440: 1 080, 1 260, 1 350, 1 395. The last delta put the
        // content at 60, and it coasts on from there at 1 395 pt/s.
        let expected = 60 + coast(1_395)  // ≈ 756.80
        stage.run(for: 8)
        XCTAssertEqual(scroll.offset, expected, accuracy: 0.05)
        XCTAssertFalse(scroll.isMoving)
    }

    func testADragMovesTheContentWithTheFingerAndAFlickCoastsOn() throws {
        let (stage, _, scroll) = scrolling()
        // 200 pt up, 5 pt a step, then held still and lifted: the content followed the finger exactly, and stays.
        drag(stage, from: Point(x: 200, y: 400), by: Vector(dx: 0, dy: -200), steps: 40, hold: 0.2)
        XCTAssertEqual(scroll.offset, 200, accuracy: 1e-9)
        stage.run(for: 1)
        XCTAssertEqual(scroll.offset, 200, accuracy: 1e-9, "a release at no speed leaves it where it is")
        // 100 pt up in 20 steps, lifted while moving: 5 pt / (1/120 s) = 600 pt/s, from 300 on.
        drag(stage, from: Point(x: 200, y: 400), by: Vector(dx: 0, dy: -100), steps: 20)
        XCTAssertTrue(scroll.isMoving)
        stage.run(for: 8)
        XCTAssertEqual(scroll.offset, 300 + coast(600), accuracy: 0.05, "≈ 599.70")
    }

    func testADragPastTheTopRubberBandsAndSpringsBack() throws {
        let (stage, _, scroll) = scrolling()
        let start = Point(x: 200, y: 100)
        stage.send(stage.touch(1, .began, at: start))
        for step in 1...40 {
            stage.step()
            stage.send(stage.touch(1, .moved, at: Point(x: 200, y: 100 + 5 * Double(step))))
        }
        // 200 pt past the top shows as UIScrollView's band, (1 − 1 / (200 · 0.55 / 500 + 1)) · 500 = 90.16 pt.
        XCTAssertEqual(scroll.offset, -(1 - 1 / (200 * 0.55 / 500 + 1)) * 500, accuracy: 1e-9)
        stage.run(for: 0.2)
        stage.send(stage.touch(1, .ended, at: Point(x: 200, y: 300)))
        stage.run(for: 2)
        XCTAssertEqual(scroll.offset, 0, accuracy: 0.01, "back to the top")
    }

    func testPagesAndShowingARangeSpringWithinTheEnds() throws {
        let (stage, _, scroll) = scrolling()
        scroll.scroll(toShow: 100, 200)
        XCTAssertFalse(scroll.isMoving, "already in view: nothing moves")
        scroll.scroll(toShow: 900, 1_000)
        stage.run(for: 1)
        XCTAssertEqual(scroll.offset, 500, accuracy: 0.01, "the range's bottom at the view's: 1 000 − 500")
        let page = 500 - 48.0  // the view's height less a line of overlap
        let moves: [(ScrollView.PageMove, Double)] = [(.down, 500 + page), (.up, 500), (.bottom, maximum), (.down, maximum), (.top, 0), (.up, 0)]
        for (move, expected) in moves {
            scroll.page(move)
            stage.run(for: 1.5)
            XCTAssertEqual(scroll.offset, expected, accuracy: 0.01, "\(move)")
        }
    }

    func testTheIndicatorShowsWhileTheContentMovesFadesAfterAndCanBeDragged() throws {
        let (stage, host, scroll) = scrolling()
        XCTAssertFalse(try layer(stage, "list.indicator").visible, "hidden at rest")
        wheel(stage, at: over, dy: -1)
        stage.run(for: 0.1)
        let track = try layer(stage, "list.indicator")
        XCTAssertTrue(track.visible, "shown while the content moves")
        // The grab strip: 18 pt wide along the view's right edge, as tall as the view.
        XCTAssertEqual(track.frame, DumpRect(Rect(x: 400 - 18, y: 0, width: 18, height: 500)))
        XCTAssertFalse(host.isAtRest, "a showing bar keeps the stage stepping")
        XCTAssertTrue(stage.run(upTo: 2) { !scroll.isMoving })
        stage.run(for: 0.5)
        XCTAssertTrue(try layer(stage, "list.indicator").visible, "still there half a second after it stopped (it stays 0.8 s)")
        stage.run(for: 0.7)  // 1.2 s: past the 0.8 s it stays and the 0.3 s fade
        XCTAssertFalse(try layer(stage, "list.indicator").visible, "faded")
        XCTAssertFalse(scroll.isIndicatorFading)
        XCTAssertTrue(stage.isAtRest)

        // Dragged: a wheel click back to the top shows the bar again, at the top of its track. It is 500² / 2 000 =
        // 125 pt long and travels 500 − 125 = 375 pt, which stand for the whole content: 1 500 / 375 = 4 pt of content a
        // point, so 75 pt down the track is 300 pt down the content.
        wheel(stage, at: over, dy: 1)
        XCTAssertTrue(stage.run(upTo: 2) { !scroll.isMoving })
        stage.step()
        XCTAssertEqual(scroll.offset, 0, accuracy: 1e-9)
        XCTAssertTrue(try layer(stage, "list.indicator").visible)
        drag(stage, from: Point(x: 391, y: 50), by: Vector(dx: 0, dy: 75), steps: 15, hold: 0.1)
        XCTAssertEqual(scroll.offset, 300, accuracy: 0.01)
        drag(stage, from: Point(x: 391, y: 120), by: Vector(dx: 0, dy: 600), steps: 30, hold: 0.1)
        XCTAssertEqual(scroll.offset, maximum, accuracy: 0.01, "the bar held at the track's bottom: the content's end")
    }

    /// The desktop's overlay scroll bar: with nothing moving, a mouse must have something to grab. The pointer over
    /// the view shows the bar at once, where the content is (offset 0: the top of its track, 500² / 2 000 = 125 pt
    /// long), and it stays however long the pointer rests there, the stage at rest meanwhile, so the bar can be
    /// dragged with nothing moved first. Once the pointer leaves, it stays 0.8 s and fades in 0.3 s, as after a
    /// scroll. Content that fits shows no bar, pointer or not.
    func testThePointerOverTheViewShowsTheBarUntilItLeaves() throws {
        let (stage, _, scroll) = scrolling()
        stage.run(for: 0.5)
        XCTAssertFalse(try layer(stage, "list.indicator").visible, "hidden before the pointer comes")
        stage.sendPointer(at: Point(x: 200, y: 250))
        stage.step()
        let track = try layer(stage, "list.indicator")
        XCTAssertTrue(track.visible, "shown at once under the pointer")
        XCTAssertEqual(track.opacity, 1)
        XCTAssertEqual(track.frame, DumpRect(Rect(x: 400 - 18, y: 0, width: 18, height: 500)))
        XCTAssertEqual(scroll.offset, 0, "nothing moved")
        stage.run(for: 5)
        XCTAssertEqual(try layer(stage, "list.indicator").opacity, 1, "held while the pointer rests over the view")
        XCTAssertTrue(stage.isAtRest, "a bar held by a resting pointer costs no steps")
        drag(stage, from: Point(x: 391, y: 50), by: Vector(dx: 0, dy: 75), steps: 15, hold: 0.1)
        XCTAssertEqual(scroll.offset, 300, accuracy: 0.01, "grabbed and dragged with nothing moved first: 75 pt of track is 300 of content")
        stage.sendPointer(at: Point(x: 600, y: 250))  // off the view, still on the stage
        stage.run(for: 0.5)
        XCTAssertTrue(try layer(stage, "list.indicator").visible, "still there half a second after the pointer left")
        XCTAssertFalse(stage.isAtRest, "a fading bar keeps the stage stepping")
        stage.run(for: 0.7)
        XCTAssertFalse(try layer(stage, "list.indicator").visible, "faded 1.1 s after the pointer left")
        stage.sendPointer(at: Point(x: 100, y: 420))
        stage.step()
        XCTAssertTrue(try layer(stage, "list.indicator").visible, "back when the pointer comes back")
        stage.sendPointerLeft()
        stage.run(for: 1.2)
        XCTAssertFalse(try layer(stage, "list.indicator").visible, "and gone when it leaves the window")

        let (short, _, _) = scrolling(contentHeight: 300)
        short.sendPointer(at: Point(x: 200, y: 150))
        short.run(for: 0.5)
        XCTAssertFalse(try layer(short, "list.indicator").visible, "nothing to scroll: no bar")
    }
}
