import KineticCore
import KineticScene

/// Presents a layer over a screen, as a modal sheet: a dim over everything behind, and the sheet sliding up from
/// below the bottom edge with a spring (or, with reduced motion, appearing in place with a short fade). Dismissing
/// plays it backwards and hides both when done. Presenting again before a dismissal has finished turns it round from
/// where it is.
public final class Overlay {
    /// The dim behind the sheet; it takes the touches that miss the sheet (add a recognizer to dismiss on them).
    public let dim: Layer
    /// The presented layer; its anchor is its top-left corner.
    public let sheet: Layer
    /// Where the sheet's top-left corner rests while presented.
    public var restingOrigin: Point
    /// Whether the sheet is presented or on its way in; false from the moment a dismissal starts.
    public private(set) var isPresented = false
    /// How dark the dim gets.
    public var dimOpacity = 0.4

    /// Adds `dim` and `sheet` to `container` at `zPosition` (the sheet just above the dim), hidden.
    public init(dimIdentifier: String?, sheet: Layer, restingOrigin: Point, in container: Layer, zPosition: Double) {
        dim = Layer(identifier: dimIdentifier, frame: Rect(origin: .zero, size: container.bounds.size))
        dim.backgroundColor = .black
        dim.opacity = 0
        dim.isHidden = true
        dim.zPosition = zPosition
        self.sheet = sheet
        self.restingOrigin = restingOrigin
        sheet.anchorPoint = .zero
        sheet.position = Point(x: restingOrigin.x, y: container.bounds.height)
        sheet.isHidden = true
        sheet.zPosition = zPosition + 0.5
        container.addSublayer(dim)
        container.addSublayer(sheet)
    }

    /// The container was resized to `size`: the dim covers it, and the sheet rests at `restingOrigin` from now on. A
    /// presented sheet at rest moves there at once; one on its way keeps its spring, retargeted; a hidden one waits
    /// below the new bottom edge.
    public func resize(to size: Size, restingOrigin: Point, animator: Animator) {
        dim.frame = Rect(origin: .zero, size: size)
        self.restingOrigin = restingOrigin
        if !isPresented {
            if sheet.isHidden { sheet.position = Point(x: restingOrigin.x, y: size.height) }
        } else if animator.isAnimating(sheet, \.position) {
            animator.animate(sheet, \.position, to: restingOrigin, with: .spring(response: 0.4, dampingRatio: 0.85))
        } else {
            sheet.position = restingOrigin
        }
    }

    /// Slides the sheet up over the dimmed screen.
    public func present(animator: Animator, reduceMotion: Bool) {
        isPresented = true
        dim.isHidden = false
        sheet.isHidden = false
        animator.animate(dim, \.opacity, to: dimOpacity, with: .tween(duration: 0.25))
        if reduceMotion {
            animator.stop(sheet, \.position)
            sheet.position = restingOrigin
            if sheet.opacity > 0.99 { sheet.opacity = 0 }
            animator.animate(sheet, \.opacity, to: 1, with: .tween(duration: 0.2))
        } else {
            sheet.opacity = 1
            animator.animate(sheet, \.position, to: restingOrigin, with: .spring(response: 0.4, dampingRatio: 0.85))
        }
    }

    /// Slides the sheet back down and takes the dim away.
    public func dismiss(animator: Animator, reduceMotion: Bool) {
        isPresented = false
        let below = Point(x: restingOrigin.x, y: (dim.superlayer?.bounds.height ?? 768))
        animator.animate(dim, \.opacity, to: 0, with: .tween(duration: 0.25)) { [weak self] finished in
            if finished, self?.isPresented == false { self?.dim.isHidden = true }
        }
        if reduceMotion {
            animator.animate(sheet, \.opacity, to: 0, with: .tween(duration: 0.15)) { [weak self] finished in
                guard finished, let self, !self.isPresented else { return }
                self.sheet.isHidden = true
                self.sheet.position = below
            }
        } else {
            animator.animate(sheet, \.position, to: below, with: .spring(response: 0.35, dampingRatio: 1)) { [weak self] finished in
                if finished, self?.isPresented == false { self?.sheet.isHidden = true }
            }
        }
    }
}
