import Foundation
import KineticCore
import KineticScene

/// What the person or the scenario chose for this run, handed to every screen.
public struct StageSettings: Sendable, Equatable {
    /// Springs, falls and slides become short cross-fades.
    public var reduceMotion: Bool
    /// Start as on a first launch, ignoring saved state.
    public var freshStart: Bool
    /// Where apps keep their saved state: always given, by the executable (`$XDG_DATA_HOME/kinetic`), a scenario (a
    /// folder of its own) or a test, so nothing writes into a person's real data by default.
    public var dataDirectory: URL
    /// Where apps cache downloads (`$XDG_CACHE_HOME/kinetic` by default); `nil` with no network.
    public var cacheDirectory: URL?
    /// The costume catalogue to refresh from; `nil` falls back to the content server's, if `contentURL` is set.
    public var catalogURL: URL?
    /// The content server's root (`http://127.0.0.1:8080/`); every app finds its documents under it. `nil`, with
    /// no `catalogURL` either, keeps the apps offline (scenarios, tests).
    public var contentURL: URL?
    /// The calendar date when the stage's time began, for apps that show or schedule dates (the Mailbox's Later):
    /// `nil` on a desktop, where the system clock and time zone are used; a scenario fixes it (and UTC), so that the
    /// same run gives the same dates on any machine at any hour.
    public var fixedStartDate: Date?
    /// The texts in the person's languages (English unless the edge found a catalogue for them, see `Localization`).
    public var localization = Localization.english
    /// A way of reading set apart from the language (a test's mirrored run, a designer checking a layout); `nil`: the
    /// language's.
    public var layoutDirectionOverride: LayoutDirection?
    /// Which way the stage reads: the override's, else the language's (`Localization.layoutDirection`).
    public var layoutDirection: LayoutDirection { layoutDirectionOverride ?? localization.layoutDirection }

    /// Settings for one run; only the data folder must be given, so nothing writes into a person's real data by
    /// default.
    public init(reduceMotion: Bool = false, freshStart: Bool = false, dataDirectory: URL,
                cacheDirectory: URL? = nil, catalogURL: URL? = nil, contentURL: URL? = nil, fixedStartDate: Date? = nil) {
        self.reduceMotion = reduceMotion
        self.freshStart = freshStart
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
        self.catalogURL = catalogURL
        self.contentURL = contentURL
        self.fixedStartDate = fixedStartDate
    }

    /// The date now: the fixed start plus `stageTime` seconds, or the system clock.
    public func date(atStageTime stageTime: Double) -> Date {
        fixedStartDate.map { $0.addingTimeInterval(stageTime) } ?? Date()
    }

    /// The calendar dates are worked out in: Gregorian, in UTC for a fixed start, else in the system's time zone.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = fixedStartDate == nil ? .current : TimeZone(identifier: "UTC") ?? .current
        calendar.locale = fixedStartDate == nil ? .current : Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// What scenarios fix the start at: Monday 5 January 2026, 09:00 UTC.
    public static let scenarioStartDate = Date(timeIntervalSince1970: 1_767_603_600)

    /// A document on the content server, or `nil` when there is none.
    public func document(_ path: String) -> URL? {
        guard let contentURL else { return nil }
        let base = contentURL.absoluteString.hasSuffix("/") ? contentURL : contentURL.appendingPathComponent("")
        return URL(string: path, relativeTo: base)?.absoluteURL
    }
}
