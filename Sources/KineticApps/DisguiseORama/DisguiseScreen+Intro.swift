import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// The launch screen's exit, the intro's panels and pages, and the hand-over to the wheel (seed 000 (A)–(D)).
extension DisguiseScreen {
    func buildIntroPanels() {
        let panel = layout.topPanel, width = layout.size.width
        topPanel.frame = panel
        topPanel.position.y = -panel.height / 2
        topPanel.backgroundColor = .white
        topPanel.zPosition = 5
        topPanel.opacity = 1
        introScroll.frame = Rect(x: 0, y: 0, width: width, height: panel.height - DisguiseLayout.lineHeight)
        introScroll.masksToBounds = true
        introScroll.removeAllSublayers()
        introLabels = introPages.enumerated().map { index, page in
            let label = Layer(frame: Rect(x: Double(index) * width + 60, y: 20, width: width - 120, height: panel.height - DisguiseLayout.lineHeight - 40))
            label.contents = .text(TextContent(page.text, bold: true, fontSize: 16, color: .black, alignment: .center, centeredVertically: true))
            label.isUserInteractionEnabled = false
            introScroll.addSublayer(label)
            return label
        }
        topPanel.addSublayer(introScroll)
        let line = Layer(frame: Rect(x: 0, y: panel.height - DisguiseLayout.lineHeight, width: width, height: DisguiseLayout.lineHeight))
        line.contents = image("intro-line.svg")
        topPanel.addSublayer(line)
        root.addSublayer(topPanel)

        introButton.frame = layout.bottomPanel
        introButton.position.y = layout.size.height + layout.bottomPanel.height / 2
        introButton.backgroundColor = DisguiseLayout.orange
        introButton.zPosition = 5
        introButton.opacity = 1
        introButton.contents = .text(TextContent(introPages[0].button, bold: true, fontSize: 16, color: .white, alignment: .center, centeredVertically: true))
        introButton.gestureRecognizers = [TapRecognizer { [weak self] _ in
            self?.pressIntroButton()
        }]
        root.addSublayer(introButton)
        viewState.introOffset = 0
        topPanel.isHidden = true
        introButton.isHidden = true
    }

    /// The intro's button: turns the page now if it has settled, else once it has (see `pendingIntroPress`).
    func pressIntroButton() {
        if introPageIsSettled {
            send(.tapIntroButton)
        } else {
            viewState.pendingIntroPress = true
        }
    }

    /// Turns the page for a press that came while it was moving, once it has come to rest.
    func turnPendingIntroPage() {
        guard viewState.pendingIntroPress else { return }
        guard case .intro = state.phase else { viewState.pendingIntroPress = false; return }
        guard introPageIsSettled else { return }
        viewState.pendingIntroPress = false
        send(.tapIntroButton)
    }

    /// Whether the intro's page has scrolled into view (within 4 pt), so the button may turn it.
    var introPageIsSettled: Bool {
        guard case .intro(let page) = state.phase else { return true }
        return abs(viewState.introOffset - Double(page) * layout.size.width) <= 4
    }

    /// Scrolls the page labels and keeps `intro.text` on the page being shown.
    func layoutIntroText() {
        introScroll.bounds.origin.x = viewState.introOffset
        let page = Int((viewState.introOffset / max(layout.size.width, 1)).rounded())
        for (index, label) in introLabels.enumerated() { label.identifier = index == page ? "intro.text" : nil }
    }

    /// (A): "Disguise" leaves off the top, "Rama" off the bottom, the O grows until it is off screen, and Scotch
    /// moves to his intro place (or, once the intro has been seen, straight to the wheel).
    func leaveSplash() {
        let target = state.introCompleted ? layout.scotchOnWheel : layout.scotchInIntro
        let duration = settings.reduceMotion ? fade : motionTuning.splashExit
        let slide = Motion.tween(duration: duration, curve: .easeInEaseOut)
        if settings.reduceMotion {
            for layer in [splashDisguise, splashO, splashRama] { animator.animate(layer, \.opacity, to: 0, with: slide) }
        } else {
            animator.animate(splashDisguise, \.position, to: Point(x: splashDisguise.position.x, y: -splashDisguise.bounds.height), with: slide)
            animator.animate(splashRama, \.position, to: Point(x: splashRama.position.x, y: layout.size.height + splashRama.bounds.height), with: slide)
            // Off screen: the ring's inner radius (150 of 400 units) must pass the screen's far corners.
            let diagonal = (layout.size.width * layout.size.width + layout.size.height * layout.size.height).squareRoot()
            animator.animate(splashO, \.scale, to: diagonal / (splashO.bounds.width * 0.75) * 1.05, with: slide)
        }
        animator.animate(scotch, \.position, to: target.center, with: slide)
        animator.animate(scotch, \.scale, to: target.height / layout.scotchInIntro.height, with: slide) { [weak self] _ in
            guard let self, self.state.phase == .splashLeaving else { return }
            for layer in [self.splashDisguise, self.splashO, self.splashRama] { layer.isHidden = true }
            self.send(.splashLeft)
        }
    }

    /// Coming back to the app: the wordmark is not shown again, and Scotch stands where the intro or the wheel has him.
    func placeWithoutSplash() {
        for layer in [splashDisguise, splashO, splashRama] { layer.isHidden = true }
        let target = state.introCompleted ? layout.scotchOnWheel : layout.scotchInIntro
        scotch.position = target.center
        scotch.scale = target.height / layout.scotchInIntro.height
    }

    /// The banner goes where it covers nothing a person needs next: over the intro's button it would hide the button,
    /// so it sits just above it; on the wheel it sits at the top, clear of the top bubble, or under the worn
    /// costume's title and description.
    func placeBanner() {
        let height = banner.layer.bounds.height
        let centreY: Double
        switch state.phase {
        case .splash, .splashLeaving, .intro, .introLeaving:
            centreY = layout.bottomPanel.minY - 12 - height / 2
        case .selected:
            centreY = max(subtitleLayer.frame.maxY, layout.subtitle.maxY) + 12 + height / 2
        case .wheel, .returning:
            centreY = 12 + height / 2
        }
        banner.layer.position = Point(x: layout.size.width / 2, y: centreY)
    }

    /// (B): the panels slide in (linearly, as the seed asks) with the first page.
    func showIntro() {
        topPanel.isHidden = false
        introButton.isHidden = false
        let shownTop = layout.topPanel.center, shownBottom = layout.bottomPanel.center
        if settings.reduceMotion {
            topPanel.position = shownTop
            introButton.position = shownBottom
            topPanel.opacity = 0
            introButton.opacity = 0
            animator.animate(topPanel, \.opacity, to: 1, with: .tween(duration: fade))
            animator.animate(introButton, \.opacity, to: 1, with: .tween(duration: fade))
        } else {
            animator.animate(topPanel, \.position, to: shownTop, with: .tween(duration: motionTuning.introPanelSlide, curve: .linear))
            animator.animate(introButton, \.position, to: shownBottom, with: .tween(duration: motionTuning.introPanelSlide, curve: .linear))
        }
    }

    /// (C): the button has moved on a page: the text scrolls there with a spring, and the button takes the page's title.
    func scrollIntro(to page: Int) {
        guard introPages.indices.contains(page) else { return }
        let target = Double(page) * layout.size.width
        if settings.reduceMotion {
            viewState.introOffset = target
            introLabels[page].opacity = 0
            animator.animate(introLabels[page], \.opacity, to: 1, with: .tween(duration: fade))
        } else {
            animator.animate(self, \.viewState.introOffset, to: target, with: .spring(motionTuning.introPageSpring))
        }
        if case .text(var text) = introButton.contents {
            text.string = introPages[page].button
            introButton.contents = .text(text)
        }
    }

    /// (D): the panels slide out, Scotch scales to his wheel size, and the bubbles come in.
    func leaveIntro() {
        let target = layout.scotchOnWheel
        animator.animate(scotch, \.position, to: target.center, with: motion(motionTuning.introScotchSpring))
        animator.animate(scotch, \.scale, to: target.height / layout.scotchInIntro.height, with: motion(motionTuning.introScotchSpring))
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self, self.state.phase == .introLeaving else { return }
            self.topPanel.isHidden = true
            self.introButton.isHidden = true
            self.send(.introLeft)
        }
        if settings.reduceMotion {
            animator.animate(introButton, \.opacity, to: 0, with: .tween(duration: fade))
            animator.animate(topPanel, \.opacity, to: 0, with: .tween(duration: fade), completion: finish)
        } else {
            animator.animate(topPanel, \.position, to: Point(x: topPanel.position.x, y: -layout.topPanel.height / 2), with: .tween(duration: motionTuning.introPanelExit, curve: .linear))
            animator.animate(introButton, \.position, to: Point(x: introButton.position.x, y: layout.size.height + layout.bottomPanel.height / 2),
                             with: .tween(duration: motionTuning.introPanelExit, curve: .linear), completion: finish)
        }
    }
}
