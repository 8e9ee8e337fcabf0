extension Int {
    /// The whole number nearest `value` (by `rule`), held inside ±`bound`; NaN is 0.
    ///
    /// `Int(_:)` stops the program for a `Double` that is not finite or does not fit, so every number that can come
    /// from outside (a document's image size, a coordinate that input drove far off the stage) is converted with
    /// this instead.
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero, bound: Int = 1 << 40) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let limit = Double(bound)
        self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }
}
