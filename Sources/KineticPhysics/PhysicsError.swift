/// Why the physics world refused a request.
///
/// Chipmunk, as Debian builds it, aborts the whole process on bad input (a NaN, a non-positive mass, an
/// object added twice). Every entry point of this wrapper checks its input first and throws one of these instead.
public enum PhysicsError: Error, Equatable, CustomStringConvertible {
    /// A number that must be finite was NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// A number that must be above zero was not.
    case notPositive(parameter: String, value: Double)
    /// A number was outside the range it must lie in.
    case outOfRange(parameter: String, value: Double, range: ClosedRange<Double>)
    /// The item, attachment or behaviour belongs to another world, or was removed already.
    case notInWorld(String)
    /// A body ended a step with a non-finite position or velocity; it was put back where it last was.
    case diverged(item: String)

    /// The parameter and the bad value, or what is missing, in a sentence for a log.
    public var description: String {
        switch self {
        case .notFinite(let name, let value): return "\(name) must be finite, got \(value)"
        case .notPositive(let name, let value): return "\(name) must be greater than zero, got \(value)"
        case .outOfRange(let name, let value, let range): return "\(name) must lie in \(range), got \(value)"
        case .notInWorld(let what): return "\(what) is not in this physics world"
        case .diverged(let item): return "item \(item) diverged and was put back at its last good state"
        }
    }
}

// The names are built only when a check fails: a setter called every frame must not format a string each time.

@inline(__always)
func requireFinite(_ value: Double, _ name: @autoclosure () -> String) throws {
    guard value.isFinite else { throw PhysicsError.notFinite(parameter: name(), value: value) }
}

@inline(__always)
func requirePositive(_ value: Double, _ name: @autoclosure () -> String) throws {
    try requireFinite(value, name())
    guard value > 0 else { throw PhysicsError.notPositive(parameter: name(), value: value) }
}

@inline(__always)
func requireNonNegative(_ value: Double, _ name: @autoclosure () -> String) throws {
    try requireFinite(value, name())
    guard value >= 0 else { throw PhysicsError.outOfRange(parameter: name(), value: value, range: 0...Double.greatestFiniteMagnitude) }
}
