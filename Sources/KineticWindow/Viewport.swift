import CSDL2
import KineticCore

/// Where the stage sits in the window: scaled uniformly to fit, centred, in drawable pixels.
struct Viewport {
    let stageSize: Size
    /// Drawable pixels per stage point.
    let pixelsPerPoint: Double
    let destination: SDL_Rect
    /// Window coordinates (what mouse events use) per drawable pixel.
    let windowPerPixel: Double
    let windowSize: Size

    init(stageSize: Size, window: OpaquePointer, renderer: OpaquePointer) {
        var windowW: Int32 = 0, windowH: Int32 = 0, pixelW: Int32 = 0, pixelH: Int32 = 0
        SDL_GetWindowSize(window, &windowW, &windowH)
        if SDL_GetRendererOutputSize(renderer, &pixelW, &pixelH) != 0 { (pixelW, pixelH) = (windowW, windowH) }
        self.stageSize = stageSize
        windowSize = Size(width: Double(max(windowW, 1)), height: Double(max(windowH, 1)))
        windowPerPixel = Double(max(windowW, 1)) / Double(max(pixelW, 1))
        let fit = min(Double(pixelW) / stageSize.width, Double(pixelH) / stageSize.height)
        pixelsPerPoint = max(fit, 0.1)
        let width = stageSize.width * pixelsPerPoint, height = stageSize.height * pixelsPerPoint
        destination = SDL_Rect(x: Int32((Double(pixelW) - width) / 2), y: Int32((Double(pixelH) - height) / 2),
                               w: Int32(width.rounded()), h: Int32(height.rounded()))
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
