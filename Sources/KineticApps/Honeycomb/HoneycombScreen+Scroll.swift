import KineticCore
import KineticRuntime
import KineticScene

/// The grid's scrolling: with a panel open, a grid too tall for it and the panel together scrolls (the engine's
/// `ScrollView`: the finger, the wheel, a trackpad, Page Up/Down, Home/End), so every cell stays in reach.
///
/// The scroll view is clipped to the stage below the header (`gridClipTop`), so nothing ever slides under the back
/// hexagon or the grid's title. Its content holds the cells, the panel and its arrow in stage coordinates: at offset
/// 0 every layer is where `HoneycombTargets` puts it, and the range of offsets is the open panel's `scrollRange`
/// (0…0 with no panel). `grid.scroll` is the clip; its dump `value` is the offset in points.
extension HoneycombScreen {
    /// The top of the scrolling area: just under the header's back hexagon (its bottom is at 68 pt) and title.
    static let gridClipTop = 72.0

    func buildGridScroll(size: Size) {
        let top = Self.gridClipTop
        let scroll = ScrollView(identifier: "grid.scroll", frame: Rect(x: 0, y: top, width: size.width, height: max(size.height - top, 1)),
                                animator: { [unowned self] in self.animator })
        // The content's own coordinates are the stage's: the content layer starts at the clip's top.
        gridContent.frame = Rect(x: 0, y: -top, width: size.width, height: size.height)
        scroll.content.addSublayer(gridContent)
        scroll.frame.zPosition = 1
        field.addSublayer(scroll.frame)
        gridScroll = scroll
        syncGridScroll(nil)
    }

    /// Gives the scroll view the range an open panel needs (none without one), and brings the offset home where the
    /// placement put the tapped cell and the panel in sight: the panel scrolls into view when it opens, and the grid
    /// goes home when it closes. Only when the placement changes: a focus moving or new data leaves the scroll be.
    func syncGridScroll(_ placement: HoneycombGeometry.PanelPlacement?) {
        guard let gridScroll else { return }
        gridScroll.frame.isUserInteractionEnabled = state.shownCategory != nil
        guard placement != viewState.scrolledForPlacement || gridScroll.contentHeight == 0 else { return }
        viewState.scrolledForPlacement = placement
        let range = placement?.scrollRange ?? 0...0
        let visible = gridScroll.visibleHeight
        gridScroll.minimumOffset = range.lowerBound
        gridScroll.contentHeight = visible + range.upperBound
        gridScroll.scroll(to: 0)
    }

    /// One step of the scroll's clock, and its offset in the dump.
    func updateGridScroll(dt: Double) {
        guard let gridScroll else { return }
        gridScroll.update(dt: dt)
        let offset = (gridScroll.offset * 10).rounded() / 10
        let text = offset == 0 ? "0" : String(offset)
        if gridScroll.frame.value != text { gridScroll.frame.value = text }
    }

    /// Scrolls the focused cell into view, once each time the focus moves to another cell (not every frame, which
    /// would fight a person scrolling away from it).
    func scrollFocusIntoView() {
        guard let gridScroll, let focus = state.focus, focus != viewState.focusScrolledTo else { return }
        viewState.focusScrolledTo = focus
        guard let target = targets.cells[focus], let view = cellViews[focus] else { return }
        let radius = view.container.bounds.height / 2
        let area = geometry.gridArea
        // In the content's coordinates (stage coordinates less the clip's top), with the grid area's margins.
        let top = target.centre.y - radius - (area.minY - Self.gridClipTop) - Self.gridClipTop
        let bottom = target.centre.y + radius + (gridScroll.frame.frame.maxY - area.maxY) - Self.gridClipTop
        gridScroll.scroll(toShow: top, bottom)
    }

    /// The keys that scroll the grid; whether one was used.
    func handleGridScrollKey(_ key: KeyEvent.Key) -> Bool {
        guard let gridScroll, state.shownCategory != nil, gridScroll.maximumOffset > gridScroll.minimumOffset else { return false }
        switch key {
        case .pageUp: gridScroll.page(.up)
        case .pageDown: gridScroll.page(.down)
        case .home: gridScroll.page(.top)
        case .end: gridScroll.page(.bottom)
        default: return false
        }
        return true
    }
}
