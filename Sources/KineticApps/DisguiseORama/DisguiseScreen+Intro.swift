import KineticCatalog
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
        root.addSublayer(introButton)
        introOffset = 0
        topPanel.isHidden = true
        introButton.isHidden = true
    }

    /// Scrolls the page labels and keeps `intro.text` on the page being shown.
    func layoutIntroText() {
        introScroll.bounds.origin.x = introOffset
        let page = Int((introOffset / max(layout.size.width, 1)).rounded())
        for (index, label) in introLabels.enumerated() { label.identifier = index == page ? "intro.text" : nil }
    }

    /// (A): "Disguise" leaves off the top, "Rama" off the bottom, the O grows until it is off screen, and Scotch
    /// moves to his intro place (or, once the intro has been seen, straight to the wheel).
    func leaveSplash() {
        phase = .splashLeaving
        phaseTime = 0
        let introSeen = DisguiseProgress.load(from: settings.dataDirectory).introCompleted
        let target = introSeen ? layout.scotchOnWheel : layout.scotchInIntro
        let duration = settings.reduceMotion ? 0.2 : 0.8
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
            guard let self, self.phase == .splashLeaving else { return }
            for layer in [self.splashDisguise, self.splashO, self.splashRama] { layer.isHidden = true }
            if introSeen { self.enterWheel() } else { self.showIntro() }
        }
    }

    /// (B): the panels slide in (linearly, as the seed asks) with the first page.
    func showIntro() {
        phase = .intro(page: 0)
        phaseTime = 0
        topPanel.isHidden = false
        introButton.isHidden = false
        let shownTop = layout.topPanel.center, shownBottom = layout.bottomPanel.center
        if settings.reduceMotion {
            topPanel.position = shownTop
            introButton.position = shownBottom
            topPanel.opacity = 0
            introButton.opacity = 0
            animator.animate(topPanel, \.opacity, to: 1, with: .tween(duration: 0.2))
            animator.animate(introButton, \.opacity, to: 1, with: .tween(duration: 0.2))
        } else {
            animator.animate(topPanel, \.position, to: shownTop, with: .tween(duration: 0.45, curve: .linear))
            animator.animate(introButton, \.position, to: shownBottom, with: .tween(duration: 0.45, curve: .linear))
        }
    }

    /// (C): the button moves on a page, scrolling the text with a spring; after the last page the intro ends.
    func nextIntroPage() {
        guard case .intro(let page) = phase else { return }
        let next = page + 1
        guard next < introPages.count else {
            leaveIntro()
            return
        }
        phase = .intro(page: next)
        let target = Double(next) * layout.size.width
        if settings.reduceMotion {
            introOffset = target
            introLabels[next].opacity = 0
            animator.animate(introLabels[next], \.opacity, to: 1, with: .tween(duration: 0.2))
        } else {
            animator.animate(self, \.introOffset, to: target, with: .spring(Spring(response: 0.45, dampingRatio: 0.82)))
        }
        if case .text(var text) = introButton.contents {
            text.string = introPages[next].button
            introButton.contents = .text(text)
        }
    }

    /// (D): the panels slide out, Scotch scales to his wheel size, and the bubbles come in.
    func leaveIntro() {
        phase = .introLeaving
        phaseTime = 0
        DisguiseProgress(introCompleted: true).save(to: settings.dataDirectory)
        let target = layout.scotchOnWheel
        animator.animate(scotch, \.position, to: target.center, with: motion(Spring(response: 0.6, dampingRatio: 0.8)))
        animator.animate(scotch, \.scale, to: target.height / layout.scotchInIntro.height, with: motion(Spring(response: 0.6, dampingRatio: 0.8)))
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self, self.phase == .introLeaving else { return }
            self.topPanel.isHidden = true
            self.introButton.isHidden = true
            self.enterWheel()
        }
        if settings.reduceMotion {
            animator.animate(introButton, \.opacity, to: 0, with: .tween(duration: 0.2))
            animator.animate(topPanel, \.opacity, to: 0, with: .tween(duration: 0.2), completion: finish)
        } else {
            animator.animate(topPanel, \.position, to: Point(x: topPanel.position.x, y: -layout.topPanel.height / 2), with: .tween(duration: 0.4, curve: .linear))
            animator.animate(introButton, \.position, to: Point(x: introButton.position.x, y: layout.size.height + layout.bottomPanel.height / 2),
                             with: .tween(duration: 0.4, curve: .linear), completion: finish)
        }
    }

    /// The wheel is built and every costume's bubble springs out from behind Scotch to its spoke.
    func enterWheel() {
        phase = .wheel
        phaseTime = 0
        do {
            let built = try CostumeWheel(center: layout.wheelCenter, radius: layout.wheelRadius, bubbleRadius: layout.bubbleDiameter / 2,
                                         bounds: Rect(origin: .zero, size: layout.size))
            built.onError = { [weak self] error in self?.report(error, while: "moving the wheel") }
            wheel = built
        } catch {
            // No wheel: Scotch stands alone, and the person is told why.
            wheel = nil
            report(error, while: "building the costume wheel")
        }
        for costume in costumes { addBubble(for: costume) }
    }

    /// Makes a costume's layers and its bubble's body; the bubble starts at the centre, behind Scotch.
    func addBubble(for costume: Costume) {
        guard let wheel, views[costume.id] == nil else { return }
        let diameter = layout.bubbleDiameter
        let bubble = Layer(identifier: "bubble.\(costume.id)", frame: Rect(center: layout.wheelCenter, size: Size(width: diameter, height: diameter)))
        bubble.hitShape = .circle
        let disc = Layer(frame: Rect(x: 0, y: 0, width: diameter, height: diameter).insetBy(dx: diameter * 0.05, dy: diameter * 0.05))
        disc.contents = .shape(ShapeContent(path: .circle, fill: Color.white.withAlpha(0.92)))
        disc.isUserInteractionEnabled = false
        let ring = Layer(identifier: "ring.\(costume.id)", frame: Rect(x: 0, y: 0, width: diameter, height: diameter))
        ring.contents = image("ring.svg")
        ring.isUserInteractionEnabled = false
        let iconSide = diameter * 0.74
        let icon = Layer(identifier: "icon.\(costume.id)", frame: Rect(center: Point(x: diameter / 2 + costume.alignmentX * diameter, y: diameter / 2 + costume.alignmentY * diameter),
                                                                     size: Size(width: iconSide, height: iconSide)))
        icon.contents = .image(.file(costume.icon))
        icon.isUserInteractionEnabled = false
        bubble.addSublayer(disc)
        bubble.addSublayer(icon)
        bubble.addSublayer(ring)
        bubbleLayer.addSublayer(bubble)
        let worn = Layer(identifier: "costume.\(costume.id)", frame: costume.displayFrame(onScotch: layout.scotchOnWheel))
        worn.contents = .image(.file(costume.worn))
        worn.opacity = 0
        worn.isHidden = true
        worn.zPosition = 3.5
        root.addSublayer(worn)
        views[costume.id] = CostumeViews(costume: costume, bubble: bubble, disc: disc, ring: ring, icon: icon, worn: worn)
        do {
            try wheel.addBubble(id: costume.id)
            if settings.reduceMotion, let body = wheel.bubble(costume.id) {
                try body.item.setCenter(wheel.spokeEnd(body.spoke))
                bubble.opacity = 0
                animator.animate(bubble, \.opacity, to: 1, with: .tween(duration: 0.2))
            }
        } catch {
            problems.append("costume \(costume.id) could not join the wheel: \(error)")
        }
    }
}
