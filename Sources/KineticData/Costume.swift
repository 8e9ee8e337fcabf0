import Foundation
import KineticCore

/// One costume Scotch can wear, as the catalogue (bundled `config.plist` or the remote API) describes it.
///
/// Positions are fractions, so a costume fits Scotch at any size:
/// - `alignmentX/Y` (`alignment_x/y`): where the icon's centre sits in its bubble, as an offset from the bubble's
///   centre in fractions of the bubble's diameter (0, 0 = centred). It lets an icon whose art is off-centre look
///   centred.
/// - `displayX/Y` (`display_x/y`): where the worn image's centre sits on Scotch, as an offset from Scotch's centre
///   in fractions of his width and height (0, −0.37 = just above his brow).
/// - `displayWidth/Height` (`display_width/height`): the worn image's size in fractions of Scotch's width and height.
public struct Costume: Codable, Equatable, Sendable, Identifiable, DocumentElement {
    /// Unique in the catalogue; it names the costume's layers (`bubble.<id>`, `icon.<id>`, `costume.<id>`), so it must
    /// be a valid content identifier.
    public var id: String
    /// The costume's name, shown (the `title` layer) while Scotch wears it; never empty.
    public var title: String
    /// The text shown under the title (the `subtitle` layer) while Scotch wears it.
    public var description: String
    /// The bubble's image: a file name relative to the catalogue, or an absolute URL.
    public var icon: String
    /// The image Scotch wears.
    public var worn: String
    /// The icon's horizontal offset in its bubble, in fractions of the bubble's diameter (positive is right).
    public var alignmentX: Double
    /// The icon's vertical offset in its bubble, in fractions of the bubble's diameter (positive is down).
    public var alignmentY: Double
    /// The worn image's horizontal offset from Scotch's centre, in fractions of his width.
    public var displayX: Double
    /// The worn image's vertical offset from Scotch's centre, in fractions of his height (negative is up).
    public var displayY: Double
    /// The worn image's width, in fractions of Scotch's width.
    public var displayWidth: Double
    /// The worn image's height, in fractions of Scotch's height.
    public var displayHeight: Double

    enum CodingKeys: String, CodingKey {
        case id, title, description, icon, worn
        case alignmentX = "alignment_x", alignmentY = "alignment_y"
        case displayX = "display_x", displayY = "display_y"
        case displayWidth = "display_width", displayHeight = "display_height"
    }

    /// A costume made in code (tests, tools); the values are not checked here: `problem` says what is wrong.
    /// The alignment defaults centre the icon in its bubble.
    public init(id: String, title: String, description: String, icon: String, worn: String,
                alignmentX: Double = 0, alignmentY: Double = 0,
                displayX: Double, displayY: Double, displayWidth: Double, displayHeight: Double) {
        (self.id, self.title, self.description, self.icon, self.worn) = (id, title, description, icon, worn)
        (self.alignmentX, self.alignmentY) = (alignmentX, alignmentY)
        (self.displayX, self.displayY, self.displayWidth, self.displayHeight) = (displayX, displayY, displayWidth, displayHeight)
    }

    /// The worn image's frame for a Scotch whose frame is `scotch`.
    public func displayFrame(onScotch scotch: Rect) -> Rect {
        Rect(center: Point(x: scotch.midX + displayX * scotch.width, y: scotch.midY + displayY * scotch.height),
             size: Size(width: displayWidth * scotch.width, height: displayHeight * scotch.height))
    }

    /// What is wrong with the costume's values, if anything: an id that could not serve as a layer or file name,
    /// empty text, or fractions that are not finite or would put the image absurdly far from Scotch.
    public var problem: String? {
        if let problem = ContentIdentifier.problem(id) { return problem }
        if title.isEmpty { return "costume \(id) has an empty title" }
        if icon.isEmpty || worn.isEmpty { return "costume \(id) needs both an icon and a worn image" }
        for (name, value) in [("alignment_x", alignmentX), ("alignment_y", alignmentY), ("display_x", displayX), ("display_y", displayY)] {
            if !value.isFinite || abs(value) > 2 { return "costume \(id): \(name) must be a finite fraction between -2 and 2, got \(value)" }
        }
        for (name, value) in [("display_width", displayWidth), ("display_height", displayHeight)] {
            if !value.isFinite || value <= 0 || value > 4 { return "costume \(id): \(name) must be a fraction in (0, 4], got \(value)" }
        }
        return nil
    }
}
