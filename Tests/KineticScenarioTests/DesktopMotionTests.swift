import XCTest
import KineticPlatform

/// Reduced motion follows GNOME's `enable-animations` when the command line does not ask for it.
final class DesktopMotionTests: XCTestCase {
    func testGsettingsAnswersAreRead() {
        XCTAssertEqual(DesktopMotion.parse("false\n"), true, "animations off: reduce motion")
        XCTAssertEqual(DesktopMotion.parse("true\n"), false)
        XCTAssertNil(DesktopMotion.parse("No such schema “org.gnome.desktop.interface”"))
        XCTAssertNil(DesktopMotion.parse(""))
    }
}
