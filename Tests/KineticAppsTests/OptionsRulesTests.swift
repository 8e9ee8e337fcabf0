import XCTest
import KineticData
@testable import KineticApps

/// The reschedule and list options alone, a child feature of the Mailbox: their whole state and the filing they ask of
/// it. Seed 002: Later's options file the message with the moment chosen, Pick Date asks for one in the grid's place,
/// the lists file it in the list, and a tap outside finishes the hide with the options' default.
final class OptionsRulesTests: XCTestCase {
    private let nine = Date(timeIntervalSince1970: 1_767_603_600)  // 2026-01-05 09:00 UTC
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private func reduce(_ options: inout MailboxState.Options?, _ action: OptionsAction) -> [OptionsOutcome] {
        OptionsRules.reduce(&options, action, now: nine, calendar: utc)
    }

    func testPickDateAsksForAMomentAfterNowAndCancelGoesBack() {
        var options: MailboxState.Options? = MailboxState.Options(kind: .reschedule, messageID: "m3")
        XCTAssertEqual(reduce(&options, .choose(.list(.toBuy))), [], "an option of the other sheet is not on offer")
        XCTAssertEqual(reduce(&options, .choose(.reschedule(.pickDate))), [])
        XCTAssertEqual(options?.kind, .date)
        XCTAssertEqual(reduce(&options, .choose(.reschedule(.tomorrow))), [], "the picker is asked, not the grid")
        XCTAssertEqual(reduce(&options, .schedule(nine)), [], "now is not later")
        XCTAssertEqual(reduce(&options, .cancelPicker), [])
        XCTAssertEqual(options?.kind, .reschedule)
        _ = reduce(&options, .choose(.reschedule(.pickDate)))
        XCTAssertEqual(reduce(&options, .dismiss), [], "a tap outside the picker cancels it")
        XCTAssertEqual(options?.kind, .reschedule)
        _ = reduce(&options, .choose(.reschedule(.pickDate)))
        let later = nine.addingTimeInterval(3600)
        XCTAssertEqual(reduce(&options, .schedule(later)), [.file(messageID: "m3", Placement(.later, RescheduleOption.pickDate.rawValue, until: later))])
    }

    func testAListOrTheDismissalFilesTheMessage() {
        var list: MailboxState.Options? = MailboxState.Options(kind: .list, messageID: "m1")
        XCTAssertEqual(reduce(&list, .choose(.list(.toBuy))), [.file(messageID: "m1", Placement(.list, MailList.toBuy.rawValue))])
        XCTAssertEqual(reduce(&list, .dismiss), [.file(messageID: "m1", Placement(.list, MailList.allCases[0].rawValue))],
                       "the seed's dismissal: the first list")
        var later: MailboxState.Options? = MailboxState.Options(kind: .reschedule, messageID: "m2")
        XCTAssertEqual(reduce(&later, .dismiss), [.file(messageID: "m2", Placement(.later, RescheduleOption.someday.rawValue))], "Someday")
        var none: MailboxState.Options?
        XCTAssertEqual(reduce(&none, .dismiss), [], "no options: nothing to file")
    }
}
