import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// How the screen follows the state: it lays the stage out for a launch, plays each change of phase on its
/// components (seed 000 (A)–(E)), and hands them the state.
extension DisguiseScreen {
    /// Lays the launch screen out again, for the splash: every component's layers, anew, on an empty stage.
    func buildLayers() {
        // The components' texts, in the person's languages.
        let texts = settings.localization
        intro.texts = texts
        wheelView.texts = texts
        scotch.texts = texts
        pages.texts = texts
        for layer in root.sublayers { animator.stopAll(of: layer) }
        animator.stopAll(of: intro)
        root.removeAllSublayers()
        root.backgroundColor = DisguiseLayout.background
        splash.layOut(layout, in: root)
        scotch.layOut(layout, in: root)
        wheelView.layOut(layout, in: root)
        intro.pages = state.introPages
        intro.layOut(layout, in: root)
        titles.layOut(layout, in: root)
        pages.layOut(layout, in: root)
        banner.add(to: root, size: layout.size, zPosition: 7)
        banner.place(in: layout.size, width: 640)  // wide enough for the refresh message on one line
        placeBanner()
        show()
    }

    /// Animates what changed between two states: each change of phase has its own animation, bubbles join and leave
    /// the wheel for costumes that reached it or left it, and an arrow key's turn starts.
    /// Where the stage's keyboard focus is on costume `id`'s `from` layer, on Scotch or on no costume at all, it goes to
    /// its `to` layer once that can take it (a control elsewhere, the menu's button, keeps it).
    private func handFocus(from: KeyPath<(bubble: Layer, worn: Layer), Layer>, to: KeyPath<(bubble: Layer, worn: Layer), Layer>, of id: String) {
        guard let focus = stage?.keyboardFocus, let layers = wheelView.layers(of: id) else { return }
        let focused = focus.focused
        guard focused == nil || focused === layers[keyPath: from] || focused === scotch.layer
                || wheelView.costume(inBubble: focused) != nil else { return }
        focus.request { [weak self] in
            guard let self, let now = self.wheelView.layers(of: id) else { return .gone }
            return .control(now[keyPath: to])
        }
    }

    func follow(from before: DisguiseState) {
        if state.launch != before.launch {
            buildLayers()
            return
        }
        if state.introPages != before.introPages {
            // A served order arrived before the intro began: its pages are laid out in place of the bundled ones.
            intro.pages = state.introPages
            intro.layOut(layout, in: root)
        }
        if state.phase != before.phase {
            if before.phase == .splash, state.phase != .splashLeaving { placeWithoutSplash() }
            defer { placeBanner() }
            scotch.showCursor(for: state.phase)
            wheelView.changePhase(from: before.phase, to: state.phase, reduceMotion: settings.reduceMotion)
            switch (before.phase, state.phase) {
            case (_, .splashLeaving): leaveSplash()
            case (_, .intro(let page)) where page == 0: intro.slideIn(moves)
            case (_, .intro(let page)):
                intro.scroll(to: page, moves)
                // The button keeps the focus and only its name changes: the new page's words are said as they show
                // (the first page's are said with the dialog as it opens).
                if intro.pages.indices.contains(page) {
                    stage?.announce(DisguiseText.intro(intro.pages[page], settings.localization).text)
                }
            case (_, .introLeaving): leaveIntro()
            case (.splashLeaving, .wheel), (.introLeaving, .wheel), (.splash, .wheel): wheelView.enter(state, moves)
            case (_, .selected(let id)):
                // The keyboard goes with the costume onto Scotch: its "Take off" button has the focus while it is worn.
                handFocus(from: \.bubble, to: \.worn, of: id)
                if let costume = wheelView.select(id, among: state.wheel, moves) {
                    titles.show(costume, measure: requiredStage.textInput.measure, moves)
                    // What a sighted person sees at once (Scotch in the costume, its title) is said to a screen reader.
                    stage?.announce(settings.localization(DisguiseText.isWearing, ["costume": costume.title]))
                }
            case (.selected(let id), .returning):
                handFocus(from: \.worn, to: \.bubble, of: id)  // and back to its bubble when it is taken off
                if wheelView.deselect(id, among: state.wheel, moves) {
                    titles.hide(moves)
                    let texts = settings.localization
                    let title = state.costumes.first { $0.id == id }?.title ?? texts(DisguiseText.theCostume)
                    stage?.announce(texts(DisguiseText.tookOff, ["costume": title]))
                }
            default: break
            }
        }
        if state.wheel != before.wheel {
            wheelView.addBubbles(state, moves)
            wheelView.removeBubbles(before.wheel.filter { !state.wheel.contains($0) }, moves)
        }
        if state.wheelTurn != before.wheelTurn, let turn = state.wheelTurn { wheelView.turn(turn) }
        show()
    }

    /// Hands the components the state: what input and the focus ring go by, and what a screen reader is told.
    private func show() {
        intro.show(state)
        wheelView.show(state)
        scotch.describe(state)
        pages.show(state)
        titles.describe(worn: { if case .selected = state.phase { return true } else { return false } }())
    }

    /// (A): the wordmark leaves, and Scotch moves to his intro place (or, once the intro has been seen, straight to
    /// the wheel).
    private func leaveSplash() {
        let target = state.introCompleted ? layout.scotchOnWheel : layout.scotchInIntro
        let slide = Motion.tween(duration: settings.reduceMotion ? motionTuning.reducedMotionFade : motionTuning.splashExit, curve: .easeInEaseOut)
        let moves = self.moves
        splash.leave(with: slide, moves)
        scotch.move(to: target, with: slide, moves) { [weak self] _ in
            guard let self, self.state.phase == .splashLeaving else { return }
            self.splash.hide()
            self.send(.splashLeft)
        }
    }

    /// Coming back to the app: the wordmark is not shown again, and Scotch stands where the intro or the wheel has him.
    func placeWithoutSplash() {
        splash.hide()
        scotch.place(at: state.introCompleted ? layout.scotchOnWheel : layout.scotchInIntro, layout)
    }

    /// (D): the panels slide out, Scotch scales to his wheel size, and the bubbles come in once the panels are gone.
    private func leaveIntro() {
        let moves = self.moves
        scotch.move(to: layout.scotchOnWheel, with: moves.motion(motionTuning.introScotchSpring), moves)
        intro.slideOut(moves) { [weak self] _ in
            guard let self, self.state.phase == .introLeaving else { return }
            self.intro.hide()
            self.send(.introLeft)
        }
    }

    /// The banner goes where it covers nothing a person needs next: on the splash it waits (see `Banner.hold`); over
    /// the intro's button it would hide the button,
    /// so it sits just above it; on the wheel it sits at the top, clear of the top bubble, or under the worn
    /// costume's title and description.
    func placeBanner() {
        // The splash's wordmarks fill the stage and fly off across it: a message raised then waits for the intro.
        let onSplash = state.phase == .splash || state.phase == .splashLeaving
        if banner.isHeld != onSplash { banner.hold(onSplash, animator: animator) }
        let height = banner.layer.bounds.height
        let centreY: Double
        switch state.phase {
        case .splash, .splashLeaving, .intro, .introLeaving:
            centreY = layout.bottomPanel.minY - 12 - height / 2
        case .selected:
            centreY = max(titles.bottom, layout.subtitle.maxY) + 12 + height / 2
        case .wheel, .returning:
            centreY = 12 + height / 2
        }
        banner.layer.position = Point(x: layout.size.width / 2, y: centreY)
    }
}
