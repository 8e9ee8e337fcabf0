import KineticCore
import KineticRuntime
import KineticScene

/// The grid's scrolling: with a panel open, a grid too tall for it and the panel together scrolls (the engine's
/// `ScrollView`: the finger, the wheel, a trackpad, Page Up/Down, Home/End), so every cell stays in reach.
///
/// The scroll view is clipped to the stage below the header (`clipTop`), so nothing ever slides under the back
/// hexagon or the grid's title. Its `content` holds the cells, the panel and its arrow in stage coordinates: at
/// offset 0 every layer is where `HoneycombTargets` puts it, and the range of offsets is the open panel's
/// `scrollRange` (0…0 with no panel). `grid.scroll` is the clip; its dump `value` is the offset in points.
final class HoneycombGridScroll {
    /// The top of the scrolling area: just under the header's back hexagon (its bottom is at 68 pt) and title.
    static let clipTop = 72.0

    /// The engine's scroll view, made with the component and laid out when the stage's size is known.
    private let scroll: ScrollView
    /// The layer in the scroll view that holds the cells, the panel and its arrow, in stage coordinates.
    let content = Layer()
    /// The placement the scroll range was last set for: only a new one scrolls.
    private var scrolledForPlacement: HoneycombGeometry.PanelPlacement?
    /// The cell the grid last scrolled into view for the keyboard's focus.
    private var focusScrolledTo: String?

    /// An empty scroll view on `field`, sized by `layout(size:)`.
    /// - Parameter animator: the animator to coast and spring with (the screen's, looked up when needed).
    init(in field: Layer, animator: @escaping () -> Animator) {
        scroll = ScrollView(identifier: "grid.scroll", frame: Rect(x: 0, y: Self.clipTop, width: 0, height: 1), animator: animator)
        scroll.content.addSublayer(content)
        scroll.frame.zPosition = 1
        field.addSublayer(scroll.frame)
    }

    /// Sizes the clip to the stage below the header, and the content to the stage.
    func layout(size: Size) {
        let top = Self.clipTop
        let clip = Rect(x: 0, y: top, width: size.width, height: max(size.height - top, 1))
        scroll.frame.frame = clip
        scroll.content.bounds = Rect(x: 0, y: 0, width: clip.width, height: clip.height)
        // The content's own coordinates are the stage's: the content layer starts at the clip's top.
        content.frame = Rect(x: 0, y: -top, width: size.width, height: size.height)
    }

    /// Takes scrolls only while a grid shows; gives the scroll view the range an open panel needs (none without one),
    /// and brings the offset home where the placement put the tapped cell and the panel in sight: the panel scrolls
    /// into view when it opens, and the grid goes home when it closes. Only when the placement changes: a focus
    /// moving or new data leaves the scroll be.
    func show(_ placement: HoneycombGeometry.PanelPlacement?, gridShows: Bool) {
        scroll.frame.isUserInteractionEnabled = gridShows
        guard placement != scrolledForPlacement || scroll.contentHeight == 0 else { return }
        scrolledForPlacement = placement
        let range = placement?.scrollRange ?? 0...0
        let visible = scroll.visibleHeight
        scroll.minimumOffset = range.lowerBound
        scroll.contentHeight = visible + range.upperBound
        scroll.scroll(to: 0)
    }

    /// One step of the scroll's clock, and its offset in the dump.
    func update(dt: Double) {
        scroll.update(dt: dt)
        let offset = (scroll.offset * 10).rounded() / 10
        let text = offset == 0 ? "0" : String(offset)
        if scroll.frame.value != text { scroll.frame.value = text }
    }

    /// Whether the scroll's indicator shows and will fade (the screen is not at rest until it has gone).
    var isIndicatorFading: Bool { scroll.isIndicatorFading }

    /// Scrolls the focused cell into view, once each time the focus moves to another cell (not every frame, which
    /// would fight a person scrolling away from it). `extent` gives a cell's top and bottom on stage at rest, `nil`
    /// for a focus that is no cell of the grid.
    func reveal(_ focus: String?, in gridArea: Rect, extent: (String) -> (top: Double, bottom: Double)?) {
        guard let focus, focus != focusScrolledTo else { return }
        focusScrolledTo = focus
        guard let extent = extent(focus) else { return }
        // In the content's coordinates (stage coordinates less the clip's top), with the grid area's margins.
        let top = extent.top - (gridArea.minY - Self.clipTop) - Self.clipTop
        let bottom = extent.bottom + (scroll.frame.frame.maxY - gridArea.maxY) - Self.clipTop
        scroll.scroll(toShow: top, bottom)
    }

    /// The keys that scroll the grid while it shows and has somewhere to scroll to; whether one was used.
    func handleKey(_ key: KeyEvent.Key, gridShows: Bool) -> Bool {
        guard gridShows, scroll.maximumOffset > scroll.minimumOffset else { return false }
        switch key {
        case .pageUp: scroll.page(.up)
        case .pageDown: scroll.page(.down)
        case .home: scroll.page(.top)
        case .end: scroll.page(.bottom)
        default: return false
        }
        return true
    }
}
