/// An app's motion parameters as a plain struct: code reads each one as a stored property, so a misspelt parameter
/// does not compile and reading one costs nothing (no lookup, no allocation, frame after frame).
///
/// `table` ties each property, by key path, to its name in the tuning file and to the group, label, unit and range
/// the panel and the overlay show. The file, the panel and the file watcher work on the named form, `Tuning`; the
/// two convert both ways through the table, so the file format does not depend on the struct's layout.
public protocol TunableSet: Equatable {
    /// The app's id, written under `app` in its tuning file.
    static var app: String { get }
    /// Every tunable property, in the order the panel lists them.
    static var table: [TunableField<Self>] { get }
    /// The defaults.
    init()
}

extension TunableSet {
    /// Every tunable of the set with its default, in table order.
    public static var tunables: [Tunable] { table.flatMap(\.tunables) }

    /// The named form of the defaults, for a file or the panel.
    public static var defaults: Tuning { Self().tuning }

    /// The named form of these values.
    public var tuning: Tuning {
        var values: [String: Double] = [:]
        for field in Self.table {
            for (tunable, value) in zip(field.tunables, field.read(self)) { values[tunable.key] = value }
        }
        return Tuning(app: Self.app, tunables: Self.tunables, values: values)
    }

    /// The values of a named tuning (a file was saved, a slider moved). Every key of the table is in a `Tuning` made
    /// from this set; one that is missing (a tuning of another app) keeps its default.
    public init(_ tuning: Tuning) {
        self.init()
        for field in Self.table {
            let values = field.tunables.map { tuning.values[$0.key] ?? $0.defaultValue }
            field.write(&self, values)
        }
    }
}

/// One row of a `TunableSet`'s table: the property it sets (by key path) and how it appears in the file and the
/// panel. A number is one tunable; a spring is two, `key.response` and `key.dampingRatio`, the way designers tune
/// springs.
///
/// Sendable so that a set's `table` can be a static constant: its closures capture nothing but a key path and the
/// values of one call (immutable), and read or write only the `Root` value handed to them, so one field can be used
/// from any thread; the compiler cannot see that through the closure types, hence unchecked.
public struct TunableField<Root>: @unchecked Sendable {
    /// What the file and the panel show: one tunable, or a spring's two.
    public let tunables: [Tunable]
    let read: (Root) -> [Double]
    let write: (inout Root, [Double]) -> Void
}

extension TunableField where Root: TunableSet {
    /// A number: `key` in the file, its default taken from the set's `init()`.
    public static func number(_ property: WritableKeyPath<Root, Double>, _ key: String, group: String, label: String,
                              unit: String = "", range: ClosedRange<Double>) -> TunableField {
        TunableField(tunables: [Tunable(key, group: group, label: label, unit: unit, range: range, default: Root()[keyPath: property])],
                     read: { [$0[keyPath: property]] },
                     write: { root, values in root[keyPath: property] = values[0] })
    }

    /// A spring, as `key.response` (seconds) and `key.dampingRatio` in the file.
    public static func spring(_ property: WritableKeyPath<Root, Spring>, _ key: String, group: String, label: String) -> TunableField {
        TunableField(tunables: Tunable.spring(key, group: group, label: label, default: Root()[keyPath: property]),
                     read: { [$0[keyPath: property].response, $0[keyPath: property].dampingRatio] },
                     write: { root, values in root[keyPath: property] = Spring(response: values[0], dampingRatio: values[1]) })
    }
}
