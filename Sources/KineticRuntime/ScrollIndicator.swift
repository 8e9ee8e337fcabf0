import KineticCore
import KineticScene

/// The thin bar along a scroll view's right edge that shows where the content is, as iOS draws it: it appears when
/// the content moves, stays while it moves and a moment after, then fades. It can be dragged (the content follows,
/// the whole bar's travel standing for the whole content), which a person with a mouse and no wheel needs; so it
/// also shows while the pointer is over the scroll view, as a desktop's overlay scroll bars do, and fades the same
/// way once the pointer leaves.
///
/// The scroll view's owner calls `update(dt:)` once a step (with `ScrollView.update`); the fade runs on that clock,
/// so it costs no animation and a resting list stays at rest once the bar is gone.
final class ScrollIndicator {
    /// Seconds the bar stays after the content stops, then seconds it takes to fade.
    static let hold = 0.8, fade = 0.3
    /// The bar's width and the strip, wider, that a pointer can grab it by (points).
    static let width = 5.0, grabWidth = 18.0
    /// The shortest the bar gets, so it can always be seen and grabbed (points).
    static let shortest = 36.0

    /// The grab strip (hit area) holding the bar; `NAME.indicator` in dumps for a scroll view named `NAME`.
    let track: Layer
    let bar = Layer()
    private var lastOffset: Double?
    private var holdLeft = 0.0
    /// Whether the pointer is over the scroll view (its frame tells, through `Layer.onPointerWithin`).
    var pointerIsOver = false

    init(identifier: String?) {
        track = Layer(identifier: identifier.map { "\($0).indicator" })
        track.zPosition = 10
        track.opacity = 0
        bar.backgroundColor = Palette.ink.withAlpha(0.5)
        bar.cornerRadius = Self.width / 2
        bar.isUserInteractionEnabled = false
        track.addSublayer(bar)
    }

    /// Whether the bar shows and will fade (its moment after the motion counting down, or fading): the stage must
    /// keep stepping until it is gone. A bar held by a resting pointer changes nothing until the pointer moves.
    var isFading: Bool { track.opacity > 0.001 && !(pointerIsOver && track.opacity == 1) }

    /// Places the bar for `offset` in content of `contentHeight` seen through `visibleHeight` (points), below
    /// `top`, in a frame `frameWidth` wide; shows it while the offset changes and fades it after.
    func update(dt: Double, offset: Double, contentHeight: Double, visibleHeight: Double, top: Double, frameWidth: Double) {
        let maximum = max(contentHeight - visibleHeight, 0)
        guard maximum > 0.5, visibleHeight > 0 else {
            if track.opacity != 0 { track.opacity = 0 }
            lastOffset = offset
            return
        }
        if pointerIsOver || lastOffset.map({ abs(offset - $0) > 0.01 }) == true {
            holdLeft = Self.hold
            if track.opacity != 1 { track.opacity = 1 }
        } else if track.opacity > 0 {
            if holdLeft > 0 { holdLeft -= dt } else { track.opacity = max(track.opacity - dt / Self.fade, 0) }
        }
        lastOffset = offset
        guard track.opacity > 0 else { return }
        // Past an end the bar shortens, as the content rubber-bands.
        let overshoot = offset < 0 ? -offset : max(offset - maximum, 0)
        let length = max(visibleHeight * visibleHeight / contentHeight - overshoot, Self.shortest)
        let fraction = min(max(offset / maximum, 0), 1)
        let frame = Rect(x: frameWidth - Self.grabWidth, y: top, width: Self.grabWidth, height: visibleHeight)
        if track.frame != frame { track.frame = frame }
        let barFrame = Rect(x: Self.grabWidth - Self.width - 3, y: fraction * (visibleHeight - length), width: Self.width, height: length)
        if bar.frame != barFrame { bar.frame = barFrame }
    }

    /// The offset a drag of the bar to `y` (in the track, points) stands for.
    func offset(forBarAt y: Double, contentHeight: Double, visibleHeight: Double) -> Double {
        let maximum = max(contentHeight - visibleHeight, 0)
        let travel = max(visibleHeight - bar.bounds.height, 1)
        return min(max(y / travel, 0), 1) * maximum
    }
}
