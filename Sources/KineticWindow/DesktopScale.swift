import Foundation

/// How many window pixels a stage point takes where the windowing system does not say it itself: X11, which gives a
/// window in pixels whatever the screen's density, so a 1024×768-point stage is 1024×768 pixels with 13-pixel text on
/// a 4K screen set to 200 %. Read as GTK reads it, so Kinetic doubles where GTK and Qt apps double:
///
/// 1. `--scale` on `kinetic run`, when given;
/// 2. `GDK_SCALE`, the desktop's whole-number window scale (GNOME sets it for X11 sessions scaled by 2 or 3);
/// 3. `Xft.dpi` from the X server's resources, over 96 (what a desktop's "large text" or fractional scaling sets),
///    rounded to a quarter;
/// 4. else 1.
///
/// Where the windowing system scales by itself (Wayland, macOS: the drawable has more pixels than the window has
/// coordinates), it is not applied again.
public struct DesktopScale: Equatable, Sendable {
    /// Window pixels per stage point.
    public let factor: Double
    /// Where the factor came from, as `docs/using.md` names it: "--scale", "GDK_SCALE", "Xft.dpi" or "default".
    public let source: String

    /// The smallest and largest factors taken; anything else given is held to them.
    public static let range = 0.5...4.0

    /// The scale from `flag`, else `environment`'s `GDK_SCALE`, else `xftDPI` (the X server's `Xft.dpi`, when it has
    /// one), else 1. A value that is no number, or not finite, is passed over for the next source.
    public static func resolve(flag: Double?, environment: [String: String], xftDPI: Double?) -> DesktopScale {
        if let flag, flag.isFinite, flag > 0 { return DesktopScale(factor: held(flag), source: "--scale") }
        if let text = environment["GDK_SCALE"], let whole = Int(text.trimmingCharacters(in: .whitespaces)), whole >= 1 {
            return DesktopScale(factor: held(Double(whole)), source: "GDK_SCALE")
        }
        if let dpi = xftDPI, dpi.isFinite, dpi > 0 {
            let quarters = (dpi / 96 * 4).rounded() / 4
            if quarters != 1 { return DesktopScale(factor: held(quarters), source: "Xft.dpi") }
        }
        return DesktopScale(factor: 1, source: "default")
    }

    private static func held(_ value: Double) -> Double { min(max(value, range.lowerBound), range.upperBound) }

    /// `Xft.dpi`'s value in the X server's resource string (`xrdb -query`'s text): `nil` when it is absent or no number.
    public static func xftDPI(inResources resources: String) -> Double? {
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            return Double(parts[1].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
