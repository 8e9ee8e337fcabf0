/// Maps `value` from the range `from` to the range `to` linearly, like Framer's `Utils.modulate`.
///
/// Ranges may run backwards (`from: 60...0` is written as `(60, 0)`). With `clamped`, the result never leaves
/// the target range. A degenerate source range maps everything to the start of the target.
public func modulate(_ value: Double, from: (Double, Double), to: (Double, Double), clamped: Bool = false) -> Double {
    let span = from.1 - from.0
    guard span != 0 else { return to.0 }
    let fraction = (value - from.0) / span
    let result = to.0 + fraction * (to.1 - to.0)
    guard clamped else { return result }
    return min(max(result, min(to.0, to.1)), max(to.0, to.1))
}

/// The rubber-band distance shown for a drag `offset` points past a bound, as `UIScrollView` does:
/// b = (1 − 1/(x·c/d + 1))·d, with c = 0.55 and d the dimension of the view. It approaches d but never reaches
/// it, and keeps the sign of `offset`.
public func rubberBand(offset: Double, dimension: Double, constant: Double = 0.55) -> Double {
    guard dimension > 0 else { return 0 }
    let x = abs(offset)
    let band = (1 - 1 / (x * constant / dimension + 1)) * dimension
    return offset < 0 ? -band : band
}

/// `value` kept inside `range`, with any excess rubber-banded against `dimension`.
public func rubberBand(_ value: Double, range: ClosedRange<Double>, dimension: Double, constant: Double = 0.55) -> Double {
    if value < range.lowerBound {
        return range.lowerBound + rubberBand(offset: value - range.lowerBound, dimension: dimension, constant: constant)
    }
    if value > range.upperBound {
        return range.upperBound + rubberBand(offset: value - range.upperBound, dimension: dimension, constant: constant)
    }
    return value
}
