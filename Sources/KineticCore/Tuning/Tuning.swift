import Foundation

/// An app's tunables and their values now.
///
/// A value is always inside its tunable's range. Setting one outside it, or of the wrong type, or an unknown key,
/// is refused with a message naming the key and what was wrong, and the last good value stays. The JSON form is a
/// flat object of keys and numbers, sorted (so each group's keys sit together), with the app's id under `app`.
public struct Tuning: Equatable, Sendable {
    /// The id of the app the tunables belong to, written under `app` in the JSON form.
    public let app: String
    /// Every tunable the app declares, in the order it declares them.
    public let tunables: [Tunable]
    /// The value of every tunable, by key: always inside its range.
    public private(set) var values: [String: Double]

    /// Every tunable at its default.
    public init(app: String, tunables: [Tunable]) {
        self.init(app: app, tunables: tunables, values: [:])
    }

    /// The tunables with `values` where given (clamped into each range) and their defaults elsewhere. A typed set
    /// (`TunableSet.tuning`) makes its named form this way.
    public init(app: String, tunables: [Tunable], values: [String: Double]) {
        self.app = app
        self.tunables = tunables
        var inRange: [String: Double] = [:]
        for tunable in tunables where inRange[tunable.key] == nil {
            let given = values[tunable.key].flatMap { $0.isFinite ? $0 : nil } ?? tunable.defaultValue
            inRange[tunable.key] = min(max(given, tunable.range.lowerBound), tunable.range.upperBound)
        }
        self.values = inRange
    }

    /// The value of one of the tunables.
    public func value(of tunable: Tunable) -> Double { values[tunable.key] ?? tunable.defaultValue }

    /// The spring whose two halves the table declared under `name` (`TunableField.spring`), or `nil` if it has none.
    public func spring(named name: String) -> Spring? {
        guard let response = tunables.first(where: { $0.role == .springResponse(spring: name) }),
              let dampingRatio = tunables.first(where: { $0.role == .springDampingRatio(spring: name) }) else { return nil }
        return Spring(response: value(of: response), dampingRatio: value(of: dampingRatio))
    }

    /// Sets one value; returns why it was refused, or `nil`.
    @discardableResult
    public mutating func set(_ key: String, to value: Double) -> String? {
        guard let tunable = tunables.first(where: { $0.key == key }) else { return "\(key): no such tunable in \(app)" }
        guard value.isFinite, tunable.range.contains(value) else {
            return "\(key): \(value) is outside \(tunable.range.lowerBound)…\(tunable.range.upperBound); keeping \(self.value(of: tunable))"
        }
        values[key] = value
        return nil
    }

    /// Every value back to its default.
    public mutating func reset() {
        for tunable in tunables { values[tunable.key] = tunable.defaultValue }
    }

    /// Applies a tuning file's contents: every good value is taken, every bad one refused with its reason (the rest
    /// of the file still applies). A file that is not a JSON object, or is for another app, changes nothing.
    public mutating func apply(json data: Data) -> [String] {
        let object: [String: FileValue]
        do {
            object = try JSONDecoder().decode([String: FileValue].self, from: data)
        } catch {
            return ["not a JSON object of numbers (\(error)); nothing changed"]
        }
        if case .text(let named)? = object["app"], named != app { return ["it is for \(named), not \(app); nothing changed"] }
        var problems: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != "app" {
            guard case .number(let number) = value else {
                problems.append("\(key): \(value) is not a number; keeping \(values[key].map { "\($0)" } ?? "nothing")")
                continue
            }
            if let problem = set(key, to: number) { problems.append(problem) }
        }
        return problems
    }

    /// A value in a tuning file: a number, or something that is not one (said back in the message).
    private enum FileValue: Decodable, CustomStringConvertible {
        case number(Double), text(String), other(String)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            /// The value as `type`, or `nil` when it is of another type (then the next type is tried).
            func read<T: Decodable>(_ type: T.Type) -> T? {
                do { return try container.decode(type) } catch { return nil }
            }
            if container.decodeNil() {
                self = .other("null")
            } else if let flag = read(Bool.self) {
                self = .other(flag ? "true" : "false")
            } else if let number = read(Double.self) {
                self = .number(number)
            } else if let text = read(String.self) {
                self = .text(text)
            } else if read([Ignored].self) != nil {
                self = .other("a list")
            } else if read([String: Ignored].self) != nil {
                self = .other("an object")
            } else {
                // What is left is a number JSON can write and no Double holds (1e999).
                self = .other("a number out of range")
            }
        }

        /// Any JSON value, read and set aside: enough to tell a list or an object from a number too large.
        private struct Ignored: Decodable {
            init(from decoder: Decoder) {}
        }

        var description: String {
            switch self {
            case .number(let number): return "\(number)"
            case .text(let text): return "\"\(text)\""
            case .other(let text): return text
            }
        }
    }

    /// The values as a tuning file: `{"app": …, "<key>": value, …}`, keys sorted, pretty-printed.
    public func json() -> Data {
        var object: [String: Any] = ["app": app]
        for (key, value) in values { object[key] = value }
        do {
            return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        } catch {
            // Only numbers and strings go in, so this cannot fail; an empty object keeps the file readable if it did.
            return Data("{}".utf8)
        }
    }
}
