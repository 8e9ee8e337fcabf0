import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The Mailbox's own menu (`mailbox.menu`), under the content: the lists with their counts, the Trash, Sent, Drafts,
/// the named lists, the one setting, and the way back to the gallery. The content slides right to show it, following a
/// finger from the left edge; `mailbox.menu.shield` over the content closes it with a tap or drags it shut.
final class MailboxMenu {
    private let context: MailboxViewContext
    /// The menu's panel, under the content.
    let panel = Layer(identifier: "mailbox.menu")
    /// Over the content while the menu shows: a tap closes the menu, a drag drags it shut.
    let shield = Layer(identifier: "mailbox.menu.shield")
    /// 0 closed … 1 open: how far the content has slid right to show the menu (rubber-banded past either end).
    var progress = 0.0
    /// `progress` when the finger moving the menu went down.
    private var dragStart = 0.0

    init(context: MailboxViewContext) {
        self.context = context
        panel.anchorPoint = .zero
        panel.frame = Rect(x: 0, y: 0, width: MailboxViewContext.menuWidth, height: context.size.height)
        panel.backgroundColor = Palette.ink
        panel.isHidden = true
        shield.frame = Rect(origin: .zero, size: context.size)
        shield.zPosition = 9
        shield.isHidden = true
        shield.cursor = .arrow  // a click closes the menu: the shield is not a button
        panel.onWheel = { [weak self] in self?.scroll(with: $0) ?? false }
        rebuildItems()
    }

    /// The panel runs the stage's height, the shield covers it.
    func resize(to size: Size) {
        panel.frame.size.height = size.height
        shield.frame = Rect(origin: .zero, size: size)
        if !panel.isHidden { rebuildItems() }  // open: its rows fit the new height
    }

    /// The menu's rows anew, with the counts now.
    func rebuildItems() {
        let state = context.state, width = MailboxViewContext.menuWidth
        panel.removeAllSublayers()
        // The title on a band of the menu's ink, over the rows that scroll under it when they overflow.
        let band = Layer(identifier: "mailbox.menu.top", frame: Rect(x: 0, y: 0, width: width, height: Self.rowsTop - 2))
        band.backgroundColor = Palette.ink
        band.zPosition = 1
        band.addSublayer(Typography.label(nil, context.texts(MailboxText.mailbox), frame: Rect(x: 28, y: 72, width: 240, height: 36), size: 28, bold: true, color: .white))
        panel.addSublayer(band)
        var y = 130.0
        for segment in [MailboxSegment.inbox, .later, .archive] {
            let row = Layer(identifier: "mailbox.menu.\(segment.rawValue)", frame: Rect(x: 0, y: y, width: width, height: 52))
            // Each row carries its count, as Trash, Sent, Drafts and the lists do, so the menu reads as one list. The
            // Inbox's is what waits to be read, as mail clients count it; every other entry counts what is in it.
            let count = segment == .inbox ? state.unreadInInbox : state.count(filedIn: segment.list)
            let title = "\(context.texts(segment.text))   \(count)"
            row.addSublayer(Typography.label("menu.item.\(segment.rawValue)", title, frame: Rect(x: 28, y: 14, width: 240, height: 26), size: 20, bold: true, color: .white))
            row.gestureRecognizers = [TapRecognizer { [weak context] _ in
                context?.send(.selectSegment(segment))
                context?.send(.setMenu(open: false))
            }]
            panel.addSublayer(row)
            y += 52
        }
        y = addShelfRow(.trash, title: "\(context.texts(MailboxShelf.trash.text))   \(state.count(filedIn: .deleted))", y: y, size: 20, bold: true, indent: 28, height: 46)
        y = addShelfRow(.sent, title: "\(context.texts(MailboxShelf.sent.text))   \(state.count(filedIn: .sent))", y: y, size: 20, bold: true, indent: 28, height: 46)
        y = addShelfRow(.drafts, title: "\(context.texts(MailboxShelf.drafts.text))   \(state.count(filedIn: .draft))", y: y, size: 20, bold: true, indent: 28, height: 46)
        panel.addSublayer(Typography.label("mailbox.menu.lists", context.texts(MailboxText.lists), frame: Rect(x: 28, y: y + 14, width: 240, height: 24), size: 17, bold: true, color: Palette.mutedOnInk))
        y += 44
        let counts = state.listCounts
        for list in MailList.allCases {
            y = addShelfRow(.list(list), title: "\(context.texts(list.text))   \(counts[list] ?? 0)", y: y, size: 17, bold: false, indent: 40, height: 32)
        }
        // The mail server's other folders, as it names them.
        let folders = state.folderCounts
        if !folders.isEmpty {
            panel.addSublayer(Typography.label("mailbox.menu.folders", context.texts(MailboxText.folders), frame: Rect(x: 28, y: y + 14, width: 240, height: 24), size: 17, bold: true, color: Palette.mutedOnInk))
            y += 44
            for (folder, count) in folders {
                let shelf = MailboxShelf.folder(folder)
                y = addShelfRow(shelf, title: "\(shelf.name(in: context.texts))   \(count)", y: y, size: 17, bold: false, indent: 40, height: 32)
            }
        }
        let setting = Layer(identifier: "mailbox.menu.settings", frame: Rect(x: 0, y: y + 20, width: width, height: 64))
        setting.addSublayer(Typography.label(nil, context.texts(MailboxText.settings), frame: Rect(x: 28, y: 0, width: 240, height: 24), size: 17, bold: true, color: Palette.mutedOnInk))
        setting.addSublayer(Typography.label(nil, context.texts(state.decideOnProjection ? MailboxText.flickDecidesOn : MailboxText.flickDecidesOff), frame: Rect(x: 40, y: 30, width: 250, height: 24),
                                             size: 16, color: .white))
        setting.gestureRecognizers = [TapRecognizer { [weak self] _ in
            guard let self else { return }
            self.context.send(.setDecideOnProjection(!self.context.state.decideOnProjection))
            self.rebuildItems()
        }]
        panel.addSublayer(setting)
        // Add Mail Account, where this run can set one up (`kinetic run`, `kinetic play`): the account sheet.
        var galleryTop = y + 100
        if context.canSetUpAccounts {
            let account = Layer(identifier: "mailbox.menu.account", frame: Rect(x: 0, y: y + 84, width: width, height: 32))
            account.addSublayer(Typography.label("menu.item.account", context.texts(MailboxText.addMailAccount), frame: Rect(x: 40, y: 4, width: 250, height: 24),
                                                 size: 16, color: .white))
            account.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(.account(.open)) }]
            panel.addSublayer(account)
            galleryTop = y + 120
        }
        let gallery = Layer(identifier: "mailbox.menu.gallery", frame: Rect(x: 0, y: galleryTop, width: width, height: 52))
        // The arrow points to where the gallery is, the leading side: right in a right-to-left layout (an arrow is not
        // mirrored by the text's direction, as a chevron is).
        let arrow = context.layoutDirection == .rightToLeft ? "→ " : "← "
        gallery.addSublayer(Typography.label(nil, arrow + context.texts(MailboxText.gallery), frame: Rect(x: 28, y: 14, width: 240, height: 26), size: 20, bold: true, color: .white))
        gallery.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.leaveApp() }]
        panel.addSublayer(gallery)
        fitRows(into: context.size.height)
        describe()
    }

    /// On a stage too short for every row (600 pt tall, the least), the rows under the title close up evenly, so the
    /// setting, Add Mail Account and the way back to the gallery stay in sight; no closer than `closest` of their spacing.
    /// Rows that still do not fit (a server with many folders) scroll under the title: by the wheel or a trackpad over
    /// the menu, and to the row the keyboard is on (`reveal`).
    private func fitRows(into height: Double) {
        let top = Self.rowsTop
        let rows = panel.sublayers.filter { $0.frame.minY >= top }
        scrollingRows = []
        defer { scroll(by: 0) }
        guard let last = rows.max(by: { $0.frame.minY < $1.frame.minY }), last.frame.maxY > height - 8, last.frame.minY > top else { return }
        let factor = max((height - 8 - last.frame.height - top) / (last.frame.minY - top), Self.closest)
        for row in rows { row.frame.origin.y = top + (row.frame.minY - top) * factor }
        // Each row ends where the next begins, so a click low on one never lands on the next (the later row is hit
        // first); its label moves up by half what the row lost, so it stays centred in the row (and inside the focus
        // ring drawn round it).
        let ordered = rows.sorted { $0.frame.minY < $1.frame.minY }
        for (row, next) in zip(ordered, ordered.dropFirst()) where row.frame.maxY > next.frame.minY {
            let lost = row.frame.maxY - next.frame.minY
            row.frame.size.height = next.frame.minY - row.frame.minY
            for label in row.sublayers { label.frame.origin.y = max(label.frame.minY - lost / 2, 0) }
        }
        scrollingRows = ordered.map { ($0, $0.frame.minY) }
    }

    /// Where the rows under the title start.
    private static let rowsTop = 130.0
    /// How close the rows may close up, as a share of their spacing: a list's 32 pt row still holds its 22 pt label
    /// (and every row fits a 600 pt stage, the least); rows past that scroll.
    private static let closest = 0.69
    /// The rows under the title, with where each is unscrolled, while they overflow the stage; empty when they fit.
    private var scrollingRows: [(row: Layer, top: Double)] = []
    /// How far the overflowing rows are scrolled up, in points.
    private var scrolled = 0.0

    /// How far the rows can scroll: what overflows the stage's foot.
    private var overflow: Double {
        guard let last = scrollingRows.last else { return 0 }
        return max(last.top + last.row.frame.height - (context.size.height - 8), 0)
    }

    /// Scrolls the overflowing rows by `points` (up for more than 0), within their overflow; a row scrolled up goes
    /// under the title's band (which a click there hits), still reached by the keyboard, which scrolls it back.
    /// Whether anything moved.
    @discardableResult
    private func scroll(by points: Double) -> Bool {
        let before = scrolled
        scrolled = min(max(scrolled + points, 0), overflow)
        for (row, top) in scrollingRows { row.frame.origin.y = top - scrolled }
        return scrolled != before
    }

    /// The wheel over the menu: a click is a 48 pt line, as the list's.
    private func scroll(with wheel: WheelEvent) -> Bool {
        scroll(by: -wheel.delta.dy * 48)
    }

    /// The keyboard's focus moved onto `control`: a menu row out of sight scrolls into it.
    func reveal(_ control: Layer?) {
        guard let control, let top = scrollingRows.first(where: { $0.row === control })?.top else { return }
        let bottom = context.size.height - 8
        if top - scrolled < Self.rowsTop {
            scroll(by: top - scrolled - Self.rowsTop)
        } else if top - scrolled + control.frame.height > bottom {
            scroll(by: top - scrolled + control.frame.height - bottom)
        }
    }

    /// A menu row that opens the Trash or a named list (`mailbox.menu.trash`, `mailbox.menu.list.to-read`, …), its label
    /// `menu.item.trash`, `menu.item.to-read` (its text carries the count).
    private func addShelfRow(_ shelf: MailboxShelf, title: String, y: Double, size: Double, bold: Bool, indent: Double, height: Double) -> Double {
        let row = Layer(identifier: "mailbox.menu.\(shelf.slug)", frame: Rect(x: 0, y: y, width: MailboxViewContext.menuWidth, height: height))
        let item = "menu.item." + {
            switch shelf {
            case .list(let list): return list.rawValue
            default: return shelf.slug
            }
        }()
        row.addSublayer(Typography.label(item, title, frame: Rect(x: indent, y: (height - size * 1.3) / 2, width: 240, height: size * 1.3), size: size, bold: bold, color: .white))
        row.gestureRecognizers = [TapRecognizer { [weak context] _ in context?.send(.openShelf(shelf)) }]
        panel.addSublayer(row)
        return y + height
    }

    /// The content follows the finger; on release the finger's direction decides: revealing keeps revealing, hiding
    /// keeps hiding (a slow release goes by where the content is).
    func handlePan(_ pan: PanRecognizer) {
        switch pan.state {
        case .began:
            context.animator.stop(self, \MailboxMenu.progress)
            dragStart = progress
            rebuildItems()
        case .changed:
            progress = rubberBand(dragStart + pan.translation.dx / MailboxViewContext.menuWidth, range: 0...1, dimension: 1)
            panel.isHidden = false
        case .ended, .cancelled:
            let velocity = pan.velocity.dx / MailboxViewContext.menuWidth
            let open = abs(velocity) > context.tuning.menuFlickSpeed ? velocity > 0 : progress > 0.5
            context.send(.setMenu(open: open))
            animate(open: open, velocity: velocity)
        default:
            break
        }
    }

    /// Springs the menu open or shut (a fade of the content's slide with reduced motion), from `velocity` in menu
    /// widths per second.
    func animate(open: Bool, velocity: Double) {
        if open { rebuildItems() }
        // On its way out the menu is offered to no one: the keyboard goes back to the list at once.
        panel.accessibilityElementsHidden = !open
        let motion = context.motion(spring: context.tuning.menuSpring, fade: context.tuning.reducedMotionMenuFade)
        context.animator.animate(self, \MailboxMenu.progress, to: open ? 1 : 0, with: motion, initialVelocity: velocity)
    }

    /// Each step: the content slides to `progress`, and the menu and the shield show while it is open at all.
    func place(content: Layer) {
        content.position.x = MailboxViewContext.menuWidth * min(max(progress, 0), 1.05)
        panel.isHidden = progress <= 0.001
        shield.isHidden = progress <= 0.001
    }

    /// The menu as a menu, each row a menu item named by its text ("Trash, 3"); the list that shows is the selected
    /// one, where the keyboard's focus starts when the menu opens.
    func describe() {
        let state = context.state
        let showing = "mailbox.menu." + (state.shelf?.slug ?? state.segment.rawValue)
        panel.accessibility = Accessibility(role: .menu, name: context.texts(MailboxText.mailbox))
        let names = spokenNames(state)
        for row in panel.sublayers where row.identifier?.hasPrefix("mailbox.menu.") == true && !row.gestureRecognizers.isEmpty {
            guard let identifier = row.identifier, let name = names[identifier] else { continue }
            row.accessibility = Accessibility(role: .menuItem, name: name,
                                              states: identifier == showing ? [.selected] : [], actions: [.tapping(row, named: "click")])
        }
    }

    /// Each row's name for a screen reader, by its layer's identifier, from the state (never read back from the drawn
    /// text): the list and its count (the Inbox's as unread, by the language's plural rule), the setting and its value,
    /// Add Mail Account, and the gallery (without the arrow drawn before it).
    private func spokenNames(_ state: MailboxState) -> [String: String] {
        let texts = context.texts
        var names: [String: String] = [:]
        for segment in [MailboxSegment.inbox, .later, .archive] {
            let count = segment == .inbox ? texts(MailboxText.unreadCount, count: state.unreadInInbox) : String(state.count(filedIn: segment.list))
            names["mailbox.menu.\(segment.rawValue)"] = "\(texts(segment.text)), \(count)"
        }
        let counts = state.listCounts
        let shelves: [(MailboxShelf, Int)] = [(.trash, state.count(filedIn: .deleted)), (.sent, state.count(filedIn: .sent)), (.drafts, state.count(filedIn: .draft))]
            + MailList.allCases.map { (.list($0), counts[$0] ?? 0) }
        for (shelf, count) in shelves + state.folderCounts.map({ (MailboxShelf.folder($0.folder), $0.count) }) {
            names["mailbox.menu.\(shelf.slug)"] = "\(shelf.name(in: texts)), \(count)"
        }
        names["mailbox.menu.settings"] = "\(texts(MailboxText.settings)), \(texts(state.decideOnProjection ? MailboxText.flickDecidesOn : MailboxText.flickDecidesOff))"
        names["mailbox.menu.account"] = texts(MailboxText.addMailAccount)
        names["mailbox.menu.gallery"] = texts(MailboxText.gallery)
        return names
    }
}
