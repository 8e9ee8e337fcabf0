import CSDL2
import KineticCore
import KineticRuntime

/// How big the stage is for the window, and where it sits in it, in drawable pixels.
///
/// The stage is the window: its size in points is the window's size in window coordinates (which SDL gives in points
/// on a HiDPI display, where the drawable has more pixels than the window has coordinates), and a point is as many
/// drawable pixels as the display's scale. Below `Stage.minimumSize` the stage stays at that minimum on the short side
/// and is scaled down to fit, centred, with black bands.
struct Viewport {
    let stageSize: Size
    /// Drawable pixels per stage point: the display's scale, less when the window is smaller than the minimum stage.
    let pixelsPerPoint: Double
    let destination: SDL_Rect
    /// Window coordinates (what mouse events use) per drawable pixel.
    let windowPerPixel: Double
    let windowSize: Size

    init(window: OpaquePointer, renderer: OpaquePointer, desktopScale: Double = 1) {
        var windowW: Int32 = 0, windowH: Int32 = 0, pixelW: Int32 = 0, pixelH: Int32 = 0
        SDL_GetWindowSize(window, &windowW, &windowH)
        if SDL_GetRendererOutputSize(renderer, &pixelW, &pixelH) != 0 { (pixelW, pixelH) = (windowW, windowH) }
        self.init(window: Size(width: Double(max(windowW, 1)), height: Double(max(windowH, 1))),
                  pixels: Size(width: Double(max(pixelW, 1)), height: Double(max(pixelH, 1))), desktopScale: desktopScale)
    }

    /// The stage for a window `window` coordinates large whose drawable is `pixels` large (both at least 1×1). Where the
    /// two are the same (X11, which knows no scale), a point is `desktopScale` of them (`DesktopScale`); where the
    /// drawable is denser, the system scaled already, and that density is the scale.
    init(window: Size, pixels: Size, desktopScale: Double = 1) {
        windowSize = window
        windowPerPixel = window.width / pixels.width
        let scaledBySystem = abs(pixels.width - window.width) > 0.5 || abs(pixels.height - window.height) > 0.5
        let scale = scaledBySystem ? 1 : max(desktopScale, 0.1)
        stageSize = Stage.size(fitting: Size(width: window.width / scale, height: window.height / scale))
        // The display's scale when the stage is the window; less, to fit, when the stage is held at its minimum.
        let fit = min(pixels.width / stageSize.width, pixels.height / stageSize.height)
        pixelsPerPoint = max(fit, 0.1)
        let width = (stageSize.width * pixelsPerPoint).rounded(), height = (stageSize.height * pixelsPerPoint).rounded()
        destination = SDL_Rect(x: Int32(((pixels.width - width) / 2).rounded(.down)), y: Int32(((pixels.height - height) / 2).rounded(.down)),
                               w: Int32(width), h: Int32(height))
    }

    /// The stage point under a mouse event's window coordinates.
    func point(windowX: Int32, windowY: Int32) -> Point {
        point(windowX: Double(windowX), windowY: Double(windowY))
    }

    /// The stage point under a touch event's coordinates, which SDL gives as fractions of the window. They stay
    /// `Double` throughout: a device's value out of 0…1 (or not finite) is the stage's to hold or drop
    /// (`Point.clampedToInputReach`), not a conversion to an integer that would stop the program.
    func point(normalizedX: Double, normalizedY: Double) -> Point {
        point(windowX: normalizedX * windowSize.width, windowY: normalizedY * windowSize.height)
    }

    private func point(windowX: Double, windowY: Double) -> Point {
        let pixelX = windowX / windowPerPixel, pixelY = windowY / windowPerPixel
        return Point(x: (pixelX - Double(destination.x)) / pixelsPerPoint, y: (pixelY - Double(destination.y)) / pixelsPerPoint)
    }

    /// A rectangle on the stage in window coordinates (where an input method places its candidate window), clamped
    /// to the window so the conversion to SDL's integers always holds; with `clampedToWindow` false, held only to a
    /// million pixels either way (a row scrolled out of view keeps its true place and size for a screen reader).
    func windowRect(_ rect: Rect, clampedToWindow: Bool = true) -> SDL_Rect {
        let reach = 1_000_000.0
        let (left, top) = clampedToWindow ? (0.0, 0.0) : (-reach, -reach)
        let (right, bottom) = clampedToWindow ? (windowSize.width, windowSize.height) : (reach, reach)
        func window(_ x: Double, _ y: Double) -> (Int32, Int32) {
            let pixelX = x * pixelsPerPoint + Double(destination.x), pixelY = y * pixelsPerPoint + Double(destination.y)
            let wx = min(max(pixelX * windowPerPixel, left), right), wy = min(max(pixelY * windowPerPixel, top), bottom)
            return (wx.isFinite ? Int32(wx.rounded()) : 0, wy.isFinite ? Int32(wy.rounded()) : 0)
        }
        let (x0, y0) = window(rect.minX, rect.minY), (x1, y1) = window(rect.maxX, rect.maxY)
        return SDL_Rect(x: x0, y: y0, w: max(x1 - x0, 1), h: max(y1 - y0, 1))
    }
}
