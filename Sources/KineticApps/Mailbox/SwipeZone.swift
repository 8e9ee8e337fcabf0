import KineticCore

/// What a message row shows and does at a horizontal offset, as the seed specifies: dragged left (negative x) it
/// reschedules, right (positive x) it archives, each with a gray zone up to 60 pt, a first action from 60 pt and a
/// second from 260 pt.
///
/// Zones are a pure function of the offset, decided exactly at the lines (−60 and −260 belong to the action, −59.9
/// does not), so a finger resting on a line shows one zone per position and never flips frame to frame.
public enum SwipeZone: String, Equatable, Sendable, CaseIterable {
    case none, later, list, archive, delete

    /// Where the first action starts, in points.
    public static let firstThreshold = 60.0
    /// Where the second action starts, in points.
    public static let secondThreshold = 260.0
    /// The icon's distance from the revealed edge, in points, while it waits at the edge.
    public static let iconMargin = 24.0

    /// The zone at offset `x` (points; negative is left).
    public init(offset x: Double) {
        switch x {
        case ...(-Self.secondThreshold): self = .list
        case ...(-Self.firstThreshold): self = .later
        case Self.secondThreshold...: self = .delete
        case Self.firstThreshold...: self = .archive
        default: self = .none
        }
    }

    /// Mailbox's palette.
    public static let gray = Color(red8: 0xE3, green8: 0xE3, blue8: 0xE3)
    /// The Later zone's background (left, from 60 pt).
    public static let yellow = Color(red8: 0xFA, green8: 0xD3, blue8: 0x33)
    /// The List zone's background (left, from 260 pt).
    public static let brown = Color(red8: 0xD8, green8: 0xA6, blue8: 0x75)
    /// The Archive zone's background (right, from 60 pt).
    public static let green = Color(red8: 0x62, green8: 0xD9, blue8: 0x62)
    /// The Delete zone's background (right, from 260 pt).
    public static let red = Color(red8: 0xEF, green8: 0x54, blue8: 0x0C)

    /// The revealed background's colour.
    public var color: Color {
        switch self {
        case .none: return Self.gray
        case .later: return Self.yellow
        case .list: return Self.brown
        case .archive: return Self.green
        case .delete: return Self.red
        }
    }

    /// The zone's icon: its image's name (`later`, `list`, `archive`, `delete`); none for the gray zone.
    public var iconName: String? { self == .none ? nil : rawValue }

    /// Whether the zone's icon is drawn dark (Palette's ink) rather than white: white on Mailbox's gray, green, yellow
    /// and tan is 1.3–2.2:1, under the 3:1 an icon needs (WCAG 2.1); ink on them is 8–14:1. Only the red keeps white
    /// (3.5:1). The gray zone shows the coming action's icon, so it is dark too.
    public var iconIsDark: Bool { self != .delete }

    /// The icon shown at offset `x`: the zone's, and in the gray zone the first action's of that side (fading in).
    public static func icon(at x: Double) -> String {
        SwipeZone(offset: x).iconName ?? (x < 0 ? "later" : "archive")
    }

    /// The icon's opacity: transparent at rest, opaque at 60 pt (`modulate`, clamped).
    public static func iconOpacity(at x: Double) -> Double {
        modulate(abs(x), from: (0, firstThreshold), to: (0, 1), clamped: true)
    }

    /// The icon's centre x on a row `width` points wide: it waits `iconMargin` in from the revealed edge until the
    /// message has moved 60 pt, then moves with the message, point for point.
    public static func iconCentreX(at x: Double, rowWidth width: Double, iconSize: Double) -> Double {
        let inset = iconMargin + iconSize / 2 + max(abs(x) - firstThreshold, 0)
        return x < 0 ? width - inset : inset
    }
}
