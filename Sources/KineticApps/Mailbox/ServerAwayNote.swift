import KineticData
import KineticCore
import KineticRuntime
import KineticScene

/// `mailbox.offline` (its words `mailbox.offline.text`): a strip under the bar for as long as the mail server does not answer (`ServerSyncState.reach`),
/// "Offline: <the server's words>", dark on pale amber; the list moves down to make room, so no row hides under it.
/// A screen reader hears once that the server can't be reached and that what is done here is kept, and once that it is
/// back; the strip itself is a status bar it can find again. Made the first time a server is away, so a Mailbox whose
/// server always answers has no such layer.
final class ServerAwayNote {
    private let context: MailboxViewContext
    /// The strip, once a server has been away.
    private(set) var layer: Layer?
    /// What the strip says now (`nil`: hidden).
    private var shown: String?

    /// The strip's height, in points: one line of 15 pt text.
    static let height = 32.0
    /// The strip's colour: pale amber, on which the ink-coloured text reads at better than 12:1.
    static let background = Color(red8: 0xFF, green8: 0xF1, blue8: 0xC7)

    init(context: MailboxViewContext) {
        self.context = context
    }

    /// How far the list starts below the bar: the strip's height while it shows.
    var listTopInset: Double { shown == nil ? 0 : Self.height }

    /// Shows the strip while `reach` is away (in `container`, made on first need), hides it otherwise; returns whether
    /// it came or went, so the list makes room or takes it back. Screen readers hear the change.
    @discardableResult
    func show(_ reach: ServerReach, problem: MailProblem?, from before: ServerReach, in container: Layer, announce: (String) -> Void) -> Bool {
        let texts = context.texts
        var words: String?
        // Its kind known, in the person's language; else in the words it came with.
        if case .away(let reason) = reach { words = problem.map { MailProblemWords.sentence($0, texts) } ?? Self.shortened(reason) }
        guard words != shown else { return false }
        let cameOrWent = (words == nil) != (shown == nil)
        shown = words
        if let words {
            let strip = layer ?? makeLayer(in: container)
            strip.isHidden = false
            let line = texts(MailboxText.offline, ["reason": words])
            strip.sublayers.first?.contents = .text(TextContent(line, fontSize: 15, color: Palette.ink, lineLimit: 1, minimumScale: 0.8))
            strip.accessibility = Accessibility(role: .statusBar, name: line)
            if case .away = before {} else { announce(texts(MailboxText.offlineSaid, ["reason": words])) }
        } else {
            layer?.isHidden = true
            layer?.accessibility = nil
            if case .away = before { announce(texts(MailboxText.offlineEnded)) }
        }
        return cameOrWent
    }

    /// Along the bar's foot, the stage's width.
    func resize(to size: Size) {
        layer?.frame = Rect(x: 0, y: MailboxViewContext.navHeight, width: size.width, height: Self.height)
        layer?.sublayers.first?.frame = Rect(x: 16, y: 6, width: max(size.width - 32, 1), height: 20)
    }

    private func makeLayer(in container: Layer) -> Layer {
        let strip = Layer(identifier: "mailbox.offline")
        strip.backgroundColor = Self.background
        strip.zPosition = 2  // with the bar: under the reader, the options and the sheets
        strip.isUserInteractionEnabled = false
        strip.addSublayer(Typography.label("mailbox.offline.text", "", frame: .zero, size: 15, color: Palette.ink, lineLimit: 1))
        container.addSublayer(strip)
        layer = strip
        resize(to: context.size)
        return strip
    }

    /// The server's words, one line of them at most, capped: a server sends what it likes.
    static func shortened(_ reason: String) -> String {
        let words = reason.hasPrefix("mail server: ") ? String(reason.dropFirst("mail server: ".count)) : reason
        let line = words.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return String(line.prefix(200))
    }
}
