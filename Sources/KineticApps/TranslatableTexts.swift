import KineticRuntime

extension KineticApps {
    /// The texts made from data rather than written as `LocalizedText("key", "English")` in the code: the apps'
    /// names and summaries, the Mailbox's segments, options and lists, and the bundled intro's pages. With the texts
    /// the code writes out, they are every text a catalogue translates: the template (`kinetic.pot`) is made from
    /// both (`make pot`).
    package static var textsMadeFromData: [LocalizedText] {
        var made: [LocalizedText] = catalog.flatMap { [$0.title, $0.summary] }
        made += MailboxSegment.allCases.map(\.text) + RescheduleOption.allCases.map(\.text) + MailList.allCases.map(\.text)
        made += IntroPage.bundled.flatMap { DisguiseText.intro($0) }
        return made
    }
}
