import KineticData
import KineticRuntime

/// What can happen to Disguise-O-Rama: time, the person's taps and keys, the menu, the data layer, and the screen
/// telling that an animation or the physics has come to rest.
public enum DisguiseAction: Equatable, Sendable {
    /// Simulated time passes (seconds), with how long the splash shows: a tuned number
    /// (`DisguiseTuning.splashDuration`), so it comes with the tick rather than from the rules.
    case tick(Double, splashDuration: Double)
    case tapIntroButton
    case tapBubble(String)
    case tapScotch
    /// A tap on the costume Scotch is wearing.
    case tapCostume(String)
    /// A key, with the speed (rad/s) at which an arrow turns the wheel by its one spoke: a tuned number
    /// (`DisguiseTuning.keySpin`), so it comes with the key rather than from the rules; `held` for a held key's repeat.
    case key(DisguiseKey, spin: Double, held: Bool = false)
    /// The next page of costumes (`forward`) or the one before, round and round: the page's bubbles go back behind
    /// Scotch and the other page's come out.
    case turnPage(forward: Bool)
    /// The menu's "Replay intro": the sequence starts again from the splash, as on a first launch.
    case replayIntro
    /// The person came back to the app in this run: no splash again; straight to the intro, or the wheel once seen.
    case skipSplash
    /// The splash's exit has finished moving.
    case splashLeft
    /// The intro's panels have left.
    case introLeft
    /// Every bubble is home and its spring stiff again.
    case wheelSettled
    /// Costumes handed over (the ones already known are ignored).
    case costumesArrived([Costume])
    /// The data layer's whole catalogue after a refresh: new costumes join, and costumes it no longer lists leave the
    /// wheel (the one worn comes off first). An empty catalogue removes nothing: a data layer with nothing at all
    /// failed, it did not decide.
    case catalogueChanged([Costume])
    /// Problems the data layer found, whether its refresh failed (and why), whether saved costumes from an earlier
    /// refresh are shown (else only the built-in ones are), and how many costumes were left out for their pictures.
    case catalogueProblems([String], refreshFailed: Bool, showingSaved: Bool, failure: RefreshFailure = .unreachable, leftOutForPictures: Int = 0)
    /// The wheel's physics could not be built.
    case wheelFailed(String)
    /// One costume's bubble could not join the wheel.
    case bubbleFailed(String, reason: String)
    /// A served order for the intro (seed 000 (B)): the pages it gives (and the test's variant it names, for the log),
    /// used if the intro has not begun yet, and from the next replay on.
    case introOrdered([IntroPage], variant: String? = nil)
    /// The screen is on the stage: the catalogue is refreshed from the network, once (`refreshCatalogue`).
    case appeared
    /// The saved progress was read as the screen appeared: whether the intro has been seen.
    case progressLoaded(introCompleted: Bool)
    /// Saving the progress (`DisguiseEffect.saveProgress`) failed, with the error: the intro shows again next time.
    case progressNotSaved(String)
    /// Moving the wheel's physics failed while doing what is named (turning the wheel, dropping the other bubbles…),
    /// with the error: the person sees that something went wrong.
    case wheelMotionFailed(while: String, error: String)
}

/// The keys the app answers, whatever the platform calls them.
public enum DisguiseKey: Equatable, Sendable {
    case enter, space, escape, left, right, pageUp, pageDown
}

/// What the rules ask the outside world to do, through the `DisguiseEnvironment` (the effect rule: nothing that only
/// moves layers is an effect; an arrow key's turn of the wheel is `DisguiseState.wheelTurn`).
public enum DisguiseEffect: Equatable, Sendable {
    /// Remember (on disk) whether the intro has been seen; a failure comes back as `.progressNotSaved`.
    case saveProgress(introCompleted: Bool)
    /// Refresh the catalogue from the network: what it found comes back as `catalogueProblems`, `catalogueChanged` and
    /// `introOrdered`.
    case refreshCatalogue
    /// A line for the log.
    case log(String)
    /// A banner that goes away by itself, said in the person's language where it shows.
    case showBanner(LocalizedMessage)
    /// The stage's keyboard focus goes to the wheel's first costume once it shows, as a list's first item takes the
    /// focus: on entering the wheel (`fromACostumeOnly` false), or when a page turns under a focused costume (true:
    /// a focus on another control, a page button clicked, stays there). The focus is the stage's; the rules only ask.
    case focusFirstCostume(fromACostumeOnly: Bool)
}

/// Disguise-O-Rama's rules (seed 000 and seed 001): state + action → new state + effects. Pure, so tests drive the
/// whole sequence without rendering, and the screen only animates the changes.
public enum DisguiseRules: AppRules {
    /// What a failed refresh says: what is true about the server (not reached, an error, a catalogue that can't be read)
    /// and about what the wheel shows.
    static func refreshFailedMessage(showingSaved: Bool, failure: RefreshFailure = .unreachable) -> LocalizedMessage {
        let what: LocalizedText
        switch failure {
        case .unreachable: what = DisguiseText.serverUnreachable
        case .serverError: what = DisguiseText.serverError
        case .unreadableDocument: what = DisguiseText.catalogueUnreadable
        }
        return LocalizedMessage(what, ["showing": .text(showingSaved ? DisguiseText.showingSaved : DisguiseText.showingBuiltIn)])
    }

    /// What a refresh that left costumes out for their pictures says (a 404, a broken image).
    static func leftOutMessage(_ count: Int) -> LocalizedMessage {
        LocalizedMessage(DisguiseText.leftOut, count: count)
    }

    /// What a failure while doing something says: a log line naming it (in English, for whoever reads the log), and a
    /// banner telling the person that the wheel went wrong.
    static func failure(while doing: String, error: String) -> [DisguiseEffect] {
        [.log("disguise: \(doing): \(error)"), .showBanner(LocalizedMessage(DisguiseText.wheelWentWrong))]
    }

    /// Moves the sequence on by one action: changes `state` and returns the effects (a save, a banner, a log line)
    /// for the screen's environment to carry out, in order.
    public static func reduce(_ state: inout DisguiseState, _ action: DisguiseAction) -> [DisguiseEffect] {
        switch action {
        case .progressLoaded(let completed):
            state.introCompleted = completed
        case .tick(let seconds, let splashDuration):
            if state.phase == .splash {
                state.splashTime += seconds
                if state.splashTime >= splashDuration { state.phase = .splashLeaving }
            }
            if state.phase == .wheel { joinPending(&state) }
        case .tapIntroButton:
            return nextPage(&state)
        case .tapBubble(let id):
            if state.wheelIsInteractive {
                select(&state, id)
            } else if case .selected = state.phase {
                state.phase = .returning
            }
        case .tapScotch, .tapCostume:
            if case .selected = state.phase { state.phase = .returning }
        case .key(let key, let spin, let held):
            return press(&state, key, spin: spin, held: held)
        case .turnPage(let forward):
            guard state.phase == .wheel, state.pageCount > 1, !state.wheelUnavailable else { return [] }
            state.page = (state.page + (forward ? 1 : state.pageCount - 1)) % state.pageCount
            state.wheel = state.costumeIDs(onPage: state.page)
            return [.focusFirstCostume(fromACostumeOnly: true)]
        case .replayIntro:
            state.phase = .splash
            state.splashTime = 0
            state.launch += 1
            state.introCompleted = false
            state.introPages = state.servedIntroPages ?? IntroPage.bundled
            state.wheel = []
            state.page = 0
            state.wheelUnavailable = false
            return [.saveProgress(introCompleted: false)]
        case .skipSplash:
            guard state.phase == .splash else { return [] }
            if state.introCompleted { return enterWheel(&state) }
            state.phase = .intro(page: 0)
        case .splashLeft:
            guard state.phase == .splashLeaving else { return [] }
            if state.introCompleted { return enterWheel(&state) }
            state.phase = .intro(page: 0)
        case .introLeft:
            guard state.phase == .introLeaving else { return [] }
            return enterWheel(&state)
        case .introOrdered(let pages, let variant):
            guard !pages.isEmpty else { return [] }
            state.servedIntroPages = pages
            if state.phase == .splash || state.phase == .splashLeaving { state.introPages = pages }
            return [.log("disguise: the server orders the intro\(variant.map { " (variant \($0))" } ?? ""): " + pages.map(\.id).joined(separator: ", "))]
        case .appeared:
            return [.refreshCatalogue]
        case .wheelSettled:
            guard state.phase == .returning else { return [] }
            state.phase = .wheel
            joinPending(&state)
        case .costumesArrived(let incoming):
            for costume in incoming where costume.problem == nil && state.costume(costume.id) == nil
                && !state.pendingCostumes.contains(where: { $0.id == costume.id }) {
                state.pendingCostumes.append(costume)
            }
            if state.phase == .wheel { joinPending(&state) }
        case .catalogueChanged(let catalogue):
            var effects = reduce(&state, .costumesArrived(catalogue))
            guard !catalogue.isEmpty else { return effects }
            let offered = Set(catalogue.map(\.id))
            let gone = state.costumes.map(\.id).filter { !offered.contains($0) }
            guard !gone.isEmpty else { return effects }
            if case .selected(let worn) = state.phase, gone.contains(worn) { state.phase = .returning }
            state.costumes.removeAll { gone.contains($0.id) }
            state.wheel.removeAll { gone.contains($0) }
            // The page stays, unless it is gone; on a whole wheel at rest, the costumes after it move up into its room.
            state.page = min(state.page, state.pageCount - 1)
            if state.phase == .wheel, !state.wheelUnavailable { state.wheel = state.costumeIDs(onPage: state.page) }
            effects += gone.map { .log("costume \($0) is no longer offered by the server: it leaves the wheel") }
            return effects
        case .catalogueProblems(let problems, let refreshFailed, let showingSaved, let failure, let leftOut):
            let logged = problems.map { DisguiseEffect.log($0) }
            if refreshFailed { return logged + [.showBanner(refreshFailedMessage(showingSaved: showingSaved, failure: failure))] }
            return logged + (leftOut > 0 ? [.showBanner(leftOutMessage(leftOut))] : [])
        case .wheelFailed(let reason):
            // No wheel: Scotch stands alone, and the person is told why.
            state.wheelUnavailable = true
            state.wheel = []
            return failure(while: "building the costume wheel", error: reason)
        case .bubbleFailed(let id, let reason):
            state.wheel.removeAll { $0 == id }
            return [.log("costume \(id) could not join the wheel: \(reason)")]
        case .progressNotSaved(let error):
            return [.log("could not save Disguise-O-Rama progress: \(error)")]
        case .wheelMotionFailed(let doing, let error):
            return failure(while: doing, error: error)
        }
        return []
    }

    /// Keys: Enter/Space leave the splash and turn the intro's pages; ←/→ turn the wheel by a spoke at `spin` rad/s;
    /// Enter with no costume focused wears the first (a focused one is the stage's keyboard focus's, whose Enter is the
    /// costume's own Choose); Esc/Space take it off. A key the phase has no use for is not used
    /// (no change and no effect), so the shell may take it (Esc back to the gallery).
    private static func press(_ state: inout DisguiseState, _ key: DisguiseKey, spin: Double, held: Bool) -> [DisguiseEffect] {
        switch (state.phase, key) {
        case (.splash, .enter), (.splash, .space):
            state.phase = .splashLeaving
        case (.intro, .enter), (.intro, .space):
            return nextPage(&state)
        case (.selected, .escape), (.selected, .space):
            state.phase = .returning
        case (.wheel, .left), (.returning, .left):
            turn(&state, spokes: -1, speed: spin, held: held)
        case (.wheel, .right), (.returning, .right):
            turn(&state, spokes: 1, speed: spin, held: held)
        case (.wheel, .pageDown), (.wheel, .pageUp):
            return reduce(&state, .turnPage(forward: key == .pageDown))
        case (.wheel, .enter), (.returning, .enter):
            guard !state.wheel.isEmpty else { return [] }
            select(&state, state.wheel[0])
        default:
            break
        }
        return []
    }

    /// The intro's button: the next page, or after the last the intro ends (and is remembered as seen).
    private static func nextPage(_ state: inout DisguiseState) -> [DisguiseEffect] {
        guard case .intro(let page) = state.phase else { return [] }
        if page + 1 < state.introPages.count {
            state.phase = .intro(page: page + 1)
            return []
        }
        state.phase = .introLeaving
        state.introCompleted = true
        return [.saveProgress(introCompleted: true)]
    }

    /// Names the turn in the state with the next serial number, so the screen starts it even when it equals the last.
    private static func turn(_ state: inout DisguiseState, spokes: Int, speed: Double, held: Bool) {
        state.wheelTurn = DisguiseState.WheelTurn(spokes: spokes, speed: speed, serial: (state.wheelTurn?.serial ?? 0) + 1, held: held)
    }

    private static func select(_ state: inout DisguiseState, _ id: String) {
        guard state.wheelIsInteractive, state.wheel.contains(id) else { return }
        state.phase = .selected(id)
    }

    /// The page's costumes take a spoke each; arrivals wait for the next whole wheel. The focus lands on the wheel's
    /// first costume, never nowhere: a screen reader says the list and the costume, and keys act on it at once (its
    /// ring waits for a key).
    private static func enterWheel(_ state: inout DisguiseState) -> [DisguiseEffect] {
        state.phase = .wheel
        state.page = min(state.page, state.pageCount - 1)
        if !state.wheelUnavailable { state.wheel = state.costumeIDs(onPage: state.page) }
        return state.wheel.isEmpty ? [] : [.focusFirstCostume(fromACostumeOnly: false)]
    }

    /// Arrivals join the costumes after the known ones, and the page that shows takes those that fit on it.
    private static func joinPending(_ state: inout DisguiseState) {
        guard !state.pendingCostumes.isEmpty else { return }
        state.costumes += state.pendingCostumes
        if !state.wheelUnavailable { state.wheel = state.costumeIDs(onPage: state.page) }
        state.pendingCostumes = []
    }
}
