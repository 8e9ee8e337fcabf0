/// One motion parameter a designer may change while the app runs: its key in the tuning file, where it is shown,
/// the range it may take and its default.
public struct Tunable: Equatable, Sendable {
    /// The name in the tuning file, e.g. `wheel.keySpin`; a spring's two halves end in `.response` and `.dampingRatio`.
    public var key: String
    /// The group it is shown in (the part of the app it moves).
    public var group: String
    /// What it is, in a few words.
    public var label: String
    /// Its unit: `s`, `Hz`, `pt`, `rad/s`, … or empty for a ratio.
    public var unit: String
    /// The values it may take, in `unit`; a value set outside it is refused.
    public var range: ClosedRange<Double>
    /// The value it has until a designer changes it, held inside `range`.
    public var defaultValue: Double
    /// Whether it is a number on its own or one half of a spring (the panel draws a spring's curve under its pair).
    public var role = Role.number

    /// What a tunable is part of.
    public enum Role: Equatable, Sendable {
        case number
        /// The response (seconds) of the spring named so.
        case springResponse(spring: String)
        /// The damping ratio of the spring named so.
        case springDampingRatio(spring: String)
    }

    /// A tunable of `key`, shown under `group` as `label` in `unit`, taking values in `range`; it starts at
    /// `defaultValue`, clamped into the range.
    public init(_ key: String, group: String, label: String, unit: String = "", range: ClosedRange<Double>, default defaultValue: Double) {
        self.key = key
        self.group = group
        self.label = label
        self.unit = unit
        self.range = range
        self.defaultValue = min(max(defaultValue, range.lowerBound), range.upperBound)
    }

    /// A spring as two tunables, `key.response` (seconds) and `key.dampingRatio`, the way designers tune springs.
    public static func spring(_ key: String, group: String, label: String, default spring: Spring) -> [Tunable] {
        var response = Tunable("\(key).response", group: group, label: "\(label): response", unit: "s", range: 0.05...3, default: spring.response)
        var dampingRatio = Tunable("\(key).dampingRatio", group: group, label: "\(label): damping ratio", range: 0.05...2, default: spring.dampingRatio)
        response.role = .springResponse(spring: key)
        dampingRatio.role = .springDampingRatio(spring: key)
        return [response, dampingRatio]
    }
}
