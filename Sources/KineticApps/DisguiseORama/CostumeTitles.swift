import KineticData
import KineticCore
import KineticScene

/// The worn costume's title and description at the top (seed 001: the title bold 34 in the accent colour, the
/// description bold 16 in black). They slide in from the right as a costume is chosen, always, and out to the left
/// as it is taken off.
final class CostumeTitles {
    private let title = Layer(identifier: "title")
    private let subtitle = Layer(identifier: "subtitle")

    init() {
        for layer in [title, subtitle] {
            layer.isUserInteractionEnabled = false
            layer.zPosition = 4
        }
    }

    /// Empty and hidden on `root`, where `layout` has them.
    func layOut(_ layout: DisguiseLayout, in root: Layer) {
        for (layer, frame, size, color) in [(title, layout.title, 34.0, DisguiseLayout.orange), (subtitle, layout.subtitle, 16.0, Color.black)] {
            layer.frame = frame
            layer.contents = .text(TextContent("", bold: true, fontSize: size, color: color, alignment: .center, lineLimit: 2))
            layer.isHidden = true
            root.addSublayer(layer)
        }
    }

    /// Where the description ends (the banner sits under it while a costume is worn).
    var bottom: Double { subtitle.frame.maxY }

    /// `costume`'s title and description slide in from the right (fade in when motion is reduced).
    func show(_ costume: Costume, measure: TextMeasuring, _ moves: DisguiseMotion) {
        layOut(title: costume.title, subtitle: costume.description, measure: measure, moves.layout)
        let size = moves.layout.size
        for layer in [title, subtitle] {
            // A slide out still under way (a quick choose after a deselect) must not carry the title in from the left.
            moves.animator.stop(layer, \.position)
            layer.isHidden = false
            let shown = Point(x: size.width / 2, y: layer.position.y)
            if moves.reduceMotion {
                layer.position = shown
                layer.opacity = 0
                moves.animator.animate(layer, \.opacity, to: 1, with: .tween(duration: moves.fade))
            } else {
                layer.opacity = 1
                // Seed 001: set x to the screen's width, then ease out to x = 0.
                layer.position.x = size.width + layer.bounds.width / 2
                moves.animator.animate(layer, \.position, to: shown, with: .tween(duration: moves.tuning.selectTitleSlide, curve: .easeOut))
            }
        }
    }

    /// The worn costume's titles in place at once (the screen was laid out again at a new size).
    func showAtOnce(_ costume: Costume, measure: TextMeasuring, _ layout: DisguiseLayout) {
        layOut(title: costume.title, subtitle: costume.description, measure: measure, layout)
        for layer in [title, subtitle] {
            layer.isHidden = false
            layer.opacity = 1
            layer.position.x = layout.size.width / 2
        }
    }

    /// The titles slide out to the left (fade out when motion is reduced) and hide.
    func hide(_ moves: DisguiseMotion) {
        for layer in [title, subtitle] {
            let hide: (Bool) -> Void = { [weak layer] finished in if finished { layer?.isHidden = true } }
            if moves.reduceMotion {
                moves.animator.animate(layer, \.opacity, to: 0, with: .tween(duration: moves.fade), completion: hide)
            } else {
                // Seed 001: ease out until the right edge is at 0.
                moves.animator.animate(layer, \.position, to: Point(x: -layer.bounds.width / 2, y: layer.position.y),
                                       with: .tween(duration: moves.tuning.deselectTitleSlide, curve: .easeOut), completion: hide)
            }
        }
    }

    /// Each laid out from its measured text: wrapped to at most two lines (then an ellipsis), the description
    /// starting 6 pt under the title's last line, so however long the server's text is they never run into each
    /// other or reach down to Scotch.
    private func layOut(title: String, subtitle: String, measure: TextMeasuring, _ layout: DisguiseLayout) {
        var top = layout.title.minY
        for (layer, text) in [(self.title, title), (self.subtitle, subtitle)] {
            guard case .text(var content) = layer.contents else { continue }
            content.string = text
            content.lineLimit = 2
            let lineHeight = measure.caretRect(at: 0, in: content, width: layout.title.width).height
            let height = min(measure.size(of: content, width: layout.title.width).height, 2 * lineHeight) + 2
            layer.contents = .text(content)
            layer.bounds = Rect(x: 0, y: 0, width: layout.title.width, height: height)
            layer.position.y = top + height / 2
            top += height + 6
        }
    }

    /// The titles to a screen reader while a costume is worn: the title as a heading, the description as text.
    func describe(worn: Bool) {
        for layer in [title, subtitle] {
            guard case .text(let text) = layer.contents, !text.string.isEmpty, worn else {
                layer.accessibility = nil
                continue
            }
            layer.accessibility = Accessibility(role: layer === title ? .heading : .label, name: text.string, exposesText: true)
        }
    }
}
