import XCTest
import KineticCore
import KineticRender
import KineticRuntime
import KineticScene
import KineticTestSupport
@testable import KineticApps
@testable import KineticScenario

/// Every piece of text the Mailbox shows, in each of its states, at least 4.5:1 against what is behind it (3:1 for
/// large text), WCAG 2.1, measured on frames rendered at 2×. Large is WCAG's 14 typographic points bold or 18
/// regular, 1/72 inch each, which are 18.67 and 24 CSS pixels (1/96 inch); Kinetic's points are pixels at 1×, like
/// CSS pixels, so its 15–17 pt bold labels are not large and need 4.5:1.
///
/// What is behind a text is read from the pixels too: the colour most of its box shows (glyphs cover a minority of
/// it). Text still fading in or out, or dimmed as disabled (WCAG exempts inactive controls), is left out, and so is
/// what a sheet or the reader covers: in those states only the sheet in front is read.
final class MailboxTextAuditTests: XCTestCase {
    private let scale = 2.0

    /// The texts on stage below their required contrast: "state: text 2.1:1 (needs 4.5)".
    private func failures(_ runner: ScenarioRunner, in state: String) -> [String] {
        let stage = runner.stage
        runner.renderer.render(stage.root)
        let image = PixelImage(runner.renderer)
        let bounds = Rect(x: 0, y: 0, width: Double(image.width) / scale, height: Double(image.height) / scale)
        var found: [String] = []
        var checked = 0
        func visit(_ layer: Layer) {
            // A disabled control's text (Send before there is an address) has no contrast requirement.
            if layer.accessibility?.states.contains(.disabled) == true { return }
            if case .text(let text) = layer.contents, !text.string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
               layer.isVisibleInTree, layer.opacityInTree > 0.95 {
                let rect = layer.frameInRoot
                if bounds.contains(rect.origin), bounds.contains(Point(x: rect.maxX, y: rect.maxY)), rect.width > 2, rect.height > 2 {
                    let behind = mostCommonColour(in: image, rect: rect)
                    let contrast = strongest(in: image, rect: rect, against: behind)
                    let needed = (text.bold && text.fontSize >= 14 * 96 / 72) || text.fontSize >= 18 * 96 / 72 ? 3.0 : 4.5
                    checked += 1
                    if contrast < needed {
                        found.append("\(state): \"\(text.string.prefix(30))\" \(String(format: "%.2f", contrast)):1 (needs \(needed))")
                    }
                }
            }
            for sublayer in layer.sublayers { visit(sublayer) }
        }
        visit(front(of: state).flatMap { stage.root.layer(withIdentifier: $0) } ?? stage.root)
        XCTAssertGreaterThan(checked, 0, "\(state): some text was measured")
        return found
    }

    /// The layer in front in `state`, whose text is what a person can read then; `nil` for the whole stage.
    private func front(of state: String) -> String? {
        if state.hasPrefix("message.") { return "reader" }
        if state.hasPrefix("options.") { return "options.panel" }
        return ["picker": "picker", "trash.confirm": "trash.confirm", "compose": "compose", "compose.confirm": "compose.confirm",
                "account": "account"][state]
    }

    private func mostCommonColour(in image: PixelImage, rect: Rect) -> Color {
        var counts: [String: (Int, Color)] = [:]
        for y in pixelRange(rect.minY, rect.maxY, limit: image.height) {
            for x in pixelRange(rect.minX, rect.maxX, limit: image.width) {
                let colour = Contrast.colour(in: image, x: x, y: y)
                counts[colour.hex, default: (0, colour)].0 += 1
            }
        }
        return counts.values.max { $0.0 < $1.0 }?.1 ?? .white
    }

    private func strongest(in image: PixelImage, rect: Rect, against back: Color) -> Double {
        var best = 1.0
        for y in pixelRange(rect.minY, rect.maxY, limit: image.height) {
            for x in pixelRange(rect.minX, rect.maxX, limit: image.width) {
                best = max(best, Contrast.colour(in: image, x: x, y: y).contrastRatio(with: back))
            }
        }
        return best
    }

    private func pixelRange(_ low: Double, _ high: Double, limit: Int) -> Range<Int> {
        let start = max(Int((low * scale).rounded(.down)), 0), end = min(Int((high * scale).rounded(.up)), limit)
        return start..<max(start, end)
    }

    func testEveryTextInEveryStateIsReadable() throws {
        let folder = Disguise.temporaryFolder()
        let runner = try Mailbox.runner(scale: scale, dataDirectory: folder)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        var all: [String] = []
        func look(_ action: MailboxAction?, wait: Double = 1.2) {
            if let action { screen.send(action) }
            stage.run(for: wait)
            all += failures(runner, in: stage.stateName)
        }
        stage.run(until: 0.3)
        look(nil)                                   // inbox
        look(.reader(.open("m02")))                   // reading
        look(.reader(.close))
        look(.setMenu(open: true))                  // the menu with its counts
        look(.setMenu(open: false))
        look(.command(id: "m03", zone: .later))     // the options
        look(.options(.choose(.reschedule(.tomorrow))))
        look(.selectSegment(.later))                // Later with when each comes back
        look(.selectSegment(.inbox))
        look(.command(id: "m04", zone: .delete))
        look(.openShelf(.trash))                    // the Trash and its Empty button
        look(.askToEmptyTrash)                      // its question
        look(.cancelEmptyTrash)
        look(.openShelf(.list(.toRead)))          // an empty list says what goes there
        look(.selectSegment(.inbox))
        look(.compose(.open))
        look(.compose(.edit(.to, "ana@example.org")))
        look(.compose(.edit(.subject, "Lunch")))
        look(.compose(.edit(.body, "Thursday?")))        // compose, Send enabled
        look(.compose(.close))                         // compose.confirm
        look(.compose(.saveDraft))
        look(.openShelf(.drafts))
        look(.account(.open))                     // Add Mail Account, Connect grey
        look(.account(.edit(.imap, "imaps://mail.example.org")))
        look(.account(.edit(.user, "ana@example.org")))
        look(.account(.edit(.password, "secret")))     // Connect enabled, the password as bullets
        look(.account(.connect))                       // refused (this run sets none up): the refusal in red
        XCTAssertEqual(all, [], "\n" + all.joined(separator: "\n"))
    }
}
