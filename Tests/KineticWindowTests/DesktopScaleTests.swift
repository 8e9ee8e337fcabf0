import XCTest
import KineticCore
@testable import KineticWindow

/// The window's scale on X11 (issue #58, item 9: a 4K screen at 200 % got a 1024×768-pixel window with 13-pixel
/// text), read as GTK reads it: `--scale`, then `GDK_SCALE`, then `Xft.dpi` ÷ 96.
final class DesktopScaleTests: XCTestCase {
    func testTheFlagThenGDKScaleThenXftDPIThenOne() {
        XCTAssertEqual(DesktopScale.resolve(flag: 1.5, environment: ["GDK_SCALE": "2"], xftDPI: 192), DesktopScale(factor: 1.5, source: "--scale"))
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: ["GDK_SCALE": "2"], xftDPI: 144), DesktopScale(factor: 2, source: "GDK_SCALE"))
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: [:], xftDPI: 144), DesktopScale(factor: 1.5, source: "Xft.dpi"))
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: [:], xftDPI: 96), DesktopScale(factor: 1, source: "default"))
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: [:], xftDPI: nil), DesktopScale(factor: 1, source: "default"))
    }

    func testWhatIsNoScaleIsPassedOver() {
        // GDK_SCALE is a whole number (GTK ignores "1.5" there too); a broken one falls through to Xft.dpi.
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: ["GDK_SCALE": "1.5"], xftDPI: 192).source, "Xft.dpi")
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: ["GDK_SCALE": "0"], xftDPI: nil).factor, 1)
        XCTAssertEqual(DesktopScale.resolve(flag: .nan, environment: ["GDK_SCALE": "3"], xftDPI: nil).factor, 3)
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: ["GDK_SCALE": "12"], xftDPI: nil).factor, 4, "held to 4")
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: [:], xftDPI: 120).factor, 1.25, "Xft.dpi rounded to a quarter: 120 / 96 = 1.25")
        XCTAssertEqual(DesktopScale.resolve(flag: nil, environment: [:], xftDPI: 100).factor, 1, "100 / 96 is 1 to the quarter")
    }

    func testXftDPIIsReadFromTheServersResources() {
        let resources = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"
        XCTAssertEqual(DesktopScale.xftDPI(inResources: resources), 192)
        XCTAssertNil(DesktopScale.xftDPI(inResources: "Xft.antialias:\t1\n"))
        XCTAssertNil(DesktopScale.xftDPI(inResources: "Xft.dpi:\tlarge\n"))
        XCTAssertNil(DesktopScale.xftDPI(inResources: "XXft.dpi: 192\n"), "another resource's name ending alike")
    }

    /// On X11 the drawable is the window: at 2 the stage is half the window in points and a point is two pixels, and
    /// a click at window pixel (200, 100) is stage point (100, 50). Where the system scaled already (the drawable twice
    /// the window's coordinates), the desktop scale is not applied again.
    func testTheViewportTakesTheScaleOnlyWhereTheSystemGaveNone() {
        let x11 = Viewport(window: Size(width: 2048, height: 1536), pixels: Size(width: 2048, height: 1536), desktopScale: 2)
        XCTAssertEqual(x11.stageSize, Size(width: 1024, height: 768))
        XCTAssertEqual(x11.pixelsPerPoint, 2)
        XCTAssertEqual(x11.point(windowX: 200, windowY: 100), Point(x: 100, y: 50))
        let wayland = Viewport(window: Size(width: 1024, height: 768), pixels: Size(width: 2048, height: 1536), desktopScale: 2)
        XCTAssertEqual(wayland.stageSize, Size(width: 1024, height: 768))
        XCTAssertEqual(wayland.pixelsPerPoint, 2, "the system's own density, once")
        XCTAssertEqual(wayland.point(windowX: 100, windowY: 50), Point(x: 100, y: 50))
    }
}
