import XCTest
import KineticData
import KineticCore
import KineticRuntime
import KineticRender
import KineticScene
@testable import KineticApps
@testable import KineticScenario
import KineticTestSupport

/// Reading: a tap (or Enter) opens a message in the reader; Back, Esc or a drag from the left edge takes it away,
/// the release's direction deciding; opening clears the unread dot, and that is saved.
final class MailboxReaderTests: XCTestCase {
    private func open(_ stage: Stage, row: Int) {
        stage.tap(Point(x: 500, y: Mailbox.rowY(row)))
        stage.run(for: 1)
    }

    /// A 200-character sender (the most the data layer takes) and a 200-character subject are read whole (issue 36,
    /// item 21): wrapped to its box's width (Pango's layout, the one the renderer draws) the sender takes three lines
    /// or more; the subject starts below the sender's last line and the body below the subject's, the time beside the
    /// sender, and the sender's last line is drawn (ink in its band). A one-line header leaves the page as it was: the
    /// body 176 pt down.
    func testALongSenderAndSubjectAreShownWholeInTheReader() throws {
        func words(_ count: Int) -> String {
            let some = ["Montgomery", "Featherstonehaugh", "Office", "of", "Partnerships"]
            var text = ""
            while text.count < count { text += (text.isEmpty ? "" : " ") + some[text.count % some.count] }
            return String(text.prefix(count))
        }
        let sender = words(200), subject = words(200)
        XCTAssertEqual([sender.count, subject.count], [200, 200])
        let messages = [MailMessage(id: "long", sender: sender, subject: subject, snippet: "Hello", time: "9:41 AM", body: "Hello."),
                        MailMessage(id: "short", sender: "Ana Lima", subject: "Lunch", snippet: "Hi", time: "9:40 AM", body: "Hi.")]
        let runner = try Mailbox.runner(messages: messages, scale: 2)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        screen.send(.reader(.open("long")))
        stage.run(for: 1)
        let dump = stage.dump()
        let senderBox = try XCTUnwrap(dump.layer("reader.sender")).frame.rect, subjectBox = try XCTUnwrap(dump.layer("reader.subject")).frame.rect
        let time = try XCTUnwrap(dump.layer("reader.time")).frame.rect, body = try XCTUnwrap(dump.layer("reader.scroll")).frame.rect
        let measure = stage.textInput.measure
        let senderHeight = measure.size(of: TextContent(sender, bold: true, fontSize: 22), width: senderBox.width).height
        let subjectHeight = measure.size(of: TextContent(subject, bold: true, fontSize: 26), width: subjectBox.width).height
        let senderLine = measure.size(of: TextContent("M", bold: true, fontSize: 22), width: nil).height
        XCTAssertGreaterThanOrEqual(senderHeight, 3 * senderLine, "200 characters of 22 pt bold take three lines or more")
        XCTAssertGreaterThanOrEqual(subjectBox.minY, senderBox.minY + senderHeight - 0.5, "the subject starts below the sender's last line")
        XCTAssertGreaterThanOrEqual(body.minY, subjectBox.minY + subjectHeight - 0.5, "the body starts below the subject's last line")
        XCTAssertLessThanOrEqual(senderBox.maxX, time.minX, "the time beside the sender, not over it")
        XCTAssertGreaterThan(body.height, 200, "room left for the body")
        runner.renderer.render(stage.root)
        let image = PixelImage(runner.renderer)
        let lastLine = Rect(x: senderBox.minX, y: senderBox.minY + senderHeight - senderLine, width: senderBox.width, height: senderLine)
        let darkest = Contrast.strongest(in: image, rect: lastLine.insetBy(dx: 0, dy: 4), against: Point(x: senderBox.minX - 4, y: lastLine.midY), scale: 2)
        XCTAssertGreaterThan(darkest, 10, "the sender's last line is drawn (ink on white)")

        screen.send(.reader(.close))
        stage.run(for: 1)
        screen.send(.reader(.open("short")))
        stage.run(for: 1)
        XCTAssertEqual(try XCTUnwrap(stage.dump().layer("reader.scroll")).frame.y, 176, accuracy: 0.01, "a one-line header: the page as it was")
    }

    /// Issue #55, item 4: a text the reader was given only the start of says so where it stops, in the person's
    /// language; the files it carries are in rows of their own below (`ReaderAttachments`), not in the text.
    func testATextGivenOnlyInPartSaysHowMuchMoreThereIs() {
        var message = MailMessage(id: "long", sender: "Ana", subject: "Minutes", snippet: "", time: "", body: "It began well")
        message.charactersLeftOut = 12_345
        message.attachments = [MailAttachment(name: "minutes.pdf", size: 2048)]
        let english = MailboxReader.shownText(of: message, Localization.english)
        XCTAssertEqual(english, "It began well …\n\nThe message goes on for 12345 more characters, too long to show here.")
        message.charactersLeftOut = 0
        XCTAssertFalse(MailboxReader.shownText(of: message, Localization.english).contains("goes on"), "a whole text says nothing")
    }

    func testATapOpensTheMessageClearsItsDotAndThatIsSaved() throws {
        let folder = Disguise.temporaryFolder()
        let runner = try Mailbox.runner(dataDirectory: folder)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        let message = try XCTUnwrap(screen.state.messages.first { $0.id == "m02" })
        XCTAssertTrue(message.unread, "the bundled m02 comes unread")
        XCTAssertEqual(Mailbox.layer(stage, "message.m02.unread")?.visible, true)
        open(stage, row: 1)
        XCTAssertEqual(stage.stateName, "message.m02")
        let dump = stage.dump()
        XCTAssertEqual(dump.layer("reader")?.visible, true)
        XCTAssertEqual(dump.layer("reader")?.frame.x ?? -1, 0, accuracy: 0.5, "slid all the way in")
        XCTAssertEqual(dump.layer("reader.sender")?.text, message.sender)
        XCTAssertEqual(dump.layer("reader.subject")?.text, message.subject)
        XCTAssertEqual(dump.layer("reader.body")?.text, message.text)
        XCTAssertEqual(Mailbox.layer(stage, "message.m02.unread")?.visible, false, "read now")
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox")
        XCTAssertEqual(stage.dump().layer("reader")?.visible, false)

        // A second launch on the same data: still read.
        let again = try Mailbox.runner(freshStart: false, dataDirectory: folder)
        again.stage.run(until: 0.3)
        XCTAssertEqual(Mailbox.layer(again.stage, "message.m02.unread")?.visible, false, "the cleared dot was saved")
        XCTAssertEqual(Mailbox.layer(again.stage, "message.m01.unread")?.visible, true, "the others keep theirs")
    }

    func testADragFromTheLeftEdgeTakesThePageAwayOrLetsItBackByItsDirection() throws {
        let (_, stage, _) = try Mailbox.opened()
        open(stage, row: 0)
        XCTAssertEqual(stage.stateName, "message.m01")
        // Out: right, still moving right when let go.
        func drag(through xs: [Double]) {
            stage.send(stage.touch(1, .began, at: Point(x: 3, y: 400)))
            for x in xs { stage.step(); stage.send(stage.touch(1, .moved, at: Point(x: x, y: 400))) }
            stage.send(stage.touch(1, .ended, at: Point(x: xs.last!, y: 400)))  // xs is never empty here
        }
        drag(through: stride(from: 20.0, through: 400, by: 20).map { $0 })
        let mid = try XCTUnwrap(stage.dump().layer("reader")).frame.x
        stage.run(for: 1)
        XCTAssertGreaterThan(mid, 100, "the page followed the finger")
        XCTAssertEqual(stage.stateName, "inbox")
        // Back in: out to 400 pt, then back towards the edge before letting go.
        open(stage, row: 0)
        drag(through: stride(from: 20.0, through: 400, by: 20).map { $0 } + stride(from: 380.0, through: 200, by: -20).map { $0 })
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "message.m01", "the last direction was back: the page stays")
        XCTAssertEqual(stage.dump().layer("reader")?.frame.x ?? -1, 0, accuracy: 0.5)
    }

    func testTheReadersActionsActOnTheMessageAndReplyQuotesIt() throws {
        let (_, stage, screen) = try Mailbox.opened()
        open(stage, row: 2)
        let message = try XCTUnwrap(screen.state.messages.first { $0.id == "m03" })
        stage.send(KeyEvent(scenarioName: "r", timestamp: stage.time))
        stage.step()
        let compose = try XCTUnwrap(screen.state.compose)
        // Issue #40: To is the sender's address (the bundled message gives it), so Send can send.
        XCTAssertEqual(compose.to, "marcus.webb@example.org")
        XCTAssertTrue(compose.canSend)
        // One "Re: ", as mail clients do: a subject that already has it keeps it as it is.
        XCTAssertEqual(compose.subject, message.subject.hasPrefix("Re: ") ? message.subject : "Re: \(message.subject)")
        XCTAssertTrue(compose.subject.hasPrefix("Re: ") && !compose.subject.hasPrefix("Re: Re: "))
        XCTAssertTrue(compose.body.contains("> \(message.text.split(separator: "\n").first ?? "")"), compose.body)
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        XCTAssertEqual(stage.stateName, "compose.confirm", "the quote is something written: Cancel asks")
        screen.send(.compose(.deleteDraft))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "message.m03", "back in the reader")
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "reader.action.archive")).frame.center)
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.placement(of: "m03").list, .archive)
        XCTAssertEqual(stage.stateName, "inbox", "filing closes the reader")
    }
}

/// Later means later: a rescheduled message waits in Later showing when it comes back, and when that moment passes
/// (the scenario's clock: Monday 5 January 2026, 09:00 UTC, plus its time) it returns to the top of the Inbox, unread.
final class MailboxLaterTests: XCTestCase {
    func testARescheduledMessageComesBackToTheTopOfTheInboxWhenItsMomentComes() throws {
        let folder = Disguise.temporaryFolder()
        let runner = try Mailbox.runner(dataDirectory: folder)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        stage.tap(Point(x: 500, y: Mailbox.rowY(4)))  // m05, read first: its dot clears
        stage.run(for: 1)
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(Mailbox.layer(stage, "message.m05.unread")?.visible, false)
        screen.send(.command(id: "m05", zone: .later))
        stage.run(for: 1)
        screen.send(.options(.choose(.reschedule(.laterToday))))
        stage.run(for: 1.5)
        let until = try XCTUnwrap(screen.state.placement(of: "m05").until)
        let start = try XCTUnwrap(StageSettings.scenarioStartDate as Date?)
        XCTAssertEqual(until.timeIntervalSince(start), 3 * 3600, accuracy: 5, "three hours after it was chosen (a few seconds in)")
        screen.send(.selectSegment(.later))
        stage.run(for: 1)
        XCTAssertEqual(Mailbox.layer(stage, "message.m05.time")?.text, "Today 12:00", "the Later list says when it comes back")
        screen.send(.selectSegment(.inbox))
        stage.run(for: 1)
        XCTAssertFalse(screen.state.visibleMessages.contains { $0.id == "m05" })

        screen.send(.clock(until.addingTimeInterval(1), calendar: Mailbox.utc))
        stage.run(for: 1.5)
        XCTAssertEqual(screen.state.visibleMessages.first?.id, "m05", "back at the top of the Inbox")
        XCTAssertEqual(Mailbox.layer(stage, "row.m05")?.frame.y ?? -1, Mailbox.navHeight, accuracy: 0.5, "its row opened at the top")
        XCTAssertEqual(Mailbox.layer(stage, "message.m05.unread")?.visible, true, "marked unread")
        // After a relaunch it is still in the Inbox, at the top and unread (the issue's "it stays there").
        let again = try Mailbox.runner(freshStart: false, dataDirectory: folder)
        again.stage.run(until: 0.3)
        let relaunched = Mailbox.screen(of: again).state
        XCTAssertEqual(relaunched.placement(of: "m05").list, .inbox, "and that was saved")
        XCTAssertEqual(relaunched.visibleMessages.first?.id, "m05", "still at the top")
        XCTAssertEqual(Mailbox.layer(again.stage, "message.m05.unread")?.visible, true, "still unread")
    }
}

/// Compose that sends: Send is enabled only with valid addresses in To; sending slides the sheet away and files the
/// message in Sent, which a second launch still has.
final class MailboxSendTests: XCTestCase {
    func testSendNeedsAValidAddressAndFilesTheMessageInSent() throws {
        let folder = Disguise.temporaryFolder()
        let runner = try Mailbox.runner(dataDirectory: folder)
        let stage = runner.stage, screen = Mailbox.screen(of: runner)
        stage.run(until: 0.3)
        stage.send(KeyEvent(scenarioName: "c", timestamp: stage.time))
        stage.run(for: 1)
        stage.send(text: "ana@example")
        stage.step()
        let send = try XCTUnwrap(Mailbox.layer(stage, "compose.send"))
        XCTAssertEqual(send.color, "#E8E8E8", "greyed: not an address yet")
        stage.tap(send.frame.center)
        stage.run(for: 0.5)
        XCTAssertEqual(stage.stateName, "compose", "nothing sent")
        stage.send(text: ".org")
        stage.send(KeyEvent(scenarioName: "tab", timestamp: stage.time))
        stage.send(text: "Lunch")
        stage.send(KeyEvent(scenarioName: "tab", timestamp: stage.time))
        stage.send(text: "Noon?")
        stage.step()
        XCTAssertEqual(Mailbox.layer(stage, "compose.send")?.color, "#217BB8", "enabled")
        stage.send(KeyEvent(scenarioName: "ctrl+enter", timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox", "the sheet left")
        XCTAssertEqual(screen.state.compose, nil)
        screen.send(.openShelf(.sent))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "sent")
        let sent = try XCTUnwrap(screen.state.visibleMessages.first)
        XCTAssertEqual(sent.subject, "Lunch")
        XCTAssertEqual(sent.text, "Noon?")
        XCTAssertTrue(sent.sender.contains("ana@example.org"))
        let again = try Mailbox.runner(freshStart: false, dataDirectory: folder)
        again.stage.run(until: 0.3)
        let kept = Mailbox.screen(of: again).state
        XCTAssertEqual(kept.messages.filter { kept.placement(of: $0.id).list == .sent }.map(\.subject), ["Lunch"], "kept across launches")
    }
}

/// Cancel with something written asks Save Draft / Delete Draft / Keep Editing; a saved draft is listed in Drafts and
/// reopens where it was left; sent from there, it leaves Drafts for Sent.
final class MailboxDraftTests: XCTestCase {
    func testCancelAsksAndADraftIsKeptReopenedAndSent() throws {
        let (_, stage, screen) = try Mailbox.opened()
        stage.send(KeyEvent(scenarioName: "c", timestamp: stage.time))
        stage.run(for: 1)
        stage.send(text: "bo@example.org")
        stage.send(KeyEvent(scenarioName: "tab", timestamp: stage.time))
        stage.send(text: "Plans")
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))  // leaves the field
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))  // Cancel, with something written
        stage.step()
        XCTAssertEqual(stage.stateName, "compose.confirm")
        XCTAssertEqual(Mailbox.layer(stage, "compose.confirm")?.visible, true)
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.step()
        XCTAssertEqual(stage.stateName, "compose", "Keep Editing")
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "compose.cancel")).frame.center)
        stage.step()
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "compose.confirm.save")).frame.center)
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "inbox")
        screen.send(.openShelf(.drafts))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "drafts")
        XCTAssertEqual(screen.state.visibleMessages.map(\.subject), ["Plans"])
        stage.tap(Point(x: 500, y: Mailbox.rowY(0)))
        stage.run(for: 1)
        XCTAssertEqual(stage.stateName, "compose", "the draft reopens")
        XCTAssertEqual(stage.dump().layer("compose.to")?.text, "bo@example.org")
        XCTAssertEqual(stage.dump().layer("compose.subject")?.text, "Plans")
        stage.send(KeyEvent(scenarioName: "ctrl+enter", timestamp: stage.time))
        stage.run(for: 1)
        XCTAssertTrue(screen.state.messages.filter { screen.state.placement(of: $0.id).list == .draft }.isEmpty, "sent: no longer a draft")
        XCTAssertEqual(screen.state.messages.filter { screen.state.placement(of: $0.id).list == .sent }.map(\.subject), ["Plans"])

        // Delete Draft throws away what was written.
        stage.send(KeyEvent(scenarioName: "c", timestamp: stage.time))
        stage.run(for: 1)
        stage.send(text: "gone@example.org")
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.send(KeyEvent(scenarioName: "escape", timestamp: stage.time))
        stage.step()
        stage.tap(try XCTUnwrap(Mailbox.layer(stage, "compose.confirm.delete")).frame.center)
        stage.run(for: 1)
        XCTAssertEqual(screen.state.compose, nil)
        XCTAssertTrue(screen.state.messages.filter { screen.state.placement(of: $0.id).list == .draft }.isEmpty)
    }
}
