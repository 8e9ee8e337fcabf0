/// An object whose animated properties the animator sets by name rather than through the key path.
///
/// Swift writes through a key path to a property with an observer (`didSet`) by way of a write-back buffer it
/// allocates for each write: once per running animation per frame. The properties animations drive most (a layer's
/// position, opacity, scale) all have observers, so an object that lists them here keeps a steady frame free of
/// allocations. A property it does not list still animates, through the key path.
public protocol DirectAnimationTarget: AnyObject {
    /// Sets the property `keyPath` names to `value` and returns `true`; returns `false`, changing nothing, for a key
    /// path or value type it does not handle.
    func setAnimatedValue<Value: Animatable>(_ value: Value, at keyPath: AnyKeyPath) -> Bool
}
