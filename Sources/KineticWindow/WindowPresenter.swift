import CSDL2
import Foundation
import KineticCore
import KineticPlatform
import KineticScene
import KineticRender
import KineticRuntime

/// Puts the stage's frames on screen: a renderer at the window's pixel density, a streaming texture that receives
/// only the rectangles a frame recomposited, and the texture drawn into the window: the stage is the window's size
/// (`Viewport`), letterboxed only in a window smaller than the least stage.
///
/// Every SDL call that can fail is checked: one that cannot make what the window needs (the texture) stops it with
/// the reason; one that fails on a frame (an upload, a copy) is said once in the log and the next frame tries again.
final class WindowPresenter {
    private let window: OpaquePointer
    private let sdlRenderer: OpaquePointer
    private(set) var viewport: Viewport
    private var frameRenderer: Renderer
    private var texture: OpaquePointer
    /// The scene count last drawn into the texture (`nil`: draw all of it again).
    private var drawnScene: UInt64?
    /// Whether the window must be shown again (a new frame, or uncovered).
    private(set) var needsPresent = true
    /// Window pixels per stage point where the windowing system gives none (`DesktopScale`).
    private let desktopScale: Double
    /// Set when the texture's contents may have been lost (the graphics device was reset): all of it is sent again.
    private var textureLost = false
    private var reportedAssetErrors = 0
    /// SDL failures already said, so a failing call is logged once and not every frame.
    private var reportedFailures = Set<String>()

    /// A presenter for `stage` in `window`: the stage takes the window's size at once (the window manager may have
    /// given the window another size than the one asked for).
    init(window: OpaquePointer, renderer: OpaquePointer, stage: Stage, desktopScale: Double = 1) throws {
        self.window = window
        sdlRenderer = renderer
        self.desktopScale = desktopScale
        viewport = Viewport(window: window, renderer: renderer, desktopScale: desktopScale)
        stage.resize(to: viewport.stageSize)
        frameRenderer = try Renderer(pointSize: viewport.stageSize, scale: viewport.pixelsPerPoint)
        texture = try Self.makeTexture(renderer, frameRenderer)
    }

    deinit {
        SDL_DestroyTexture(texture)
        for cursor in cursors.values { SDL_FreeCursor(cursor) }
    }

    /// The window changed size: the stage follows it and lays out again (`Stage.resize(to:)`); a new size or pixel
    /// density means a new renderer and texture, drawn whole.
    func windowResized(_ stage: Stage) throws {
        viewport = Viewport(window: window, renderer: sdlRenderer, desktopScale: desktopScale)
        stage.resize(to: viewport.stageSize)
        if abs(viewport.pixelsPerPoint - frameRenderer.scale) > 0.01 || frameRenderer.pointSize != viewport.stageSize {
            let renderer = try Renderer(pointSize: viewport.stageSize, scale: viewport.pixelsPerPoint)
            let replacement = try Self.makeTexture(sdlRenderer, renderer)
            SDL_DestroyTexture(texture)
            (frameRenderer, texture, drawnScene) = (renderer, replacement, nil)
        }
        needsPresent = true
    }

    /// The window was uncovered or moved: show the last frame again.
    func windowExposed() { needsPresent = true }

    /// The graphics device lost the texture's contents: send all of it again.
    func textureWasLost() { textureLost = true }

    /// Draws the stage if a layer changed since the last frame, recompositing only what changed and uploading only
    /// those rectangles.
    /// How long the last frame's damaged rectangles took to upload, and how many pixels they held (for
    /// `WindowTimings`).
    private(set) var lastUploadMilliseconds = 0.0
    private(set) var lastUploadPixels = 0
    /// Frames drawn and uploaded so far.
    private(set) var uploadedFrames = 0

    /// Whether the last frame showed some layers at a neighbouring scale, their own rasters waiting for the budget:
    /// the window draws again, even with nothing moving, until every layer has its own.
    var needsAnotherFrame: Bool { frameRenderer.deferredLastFrame > 0 }

    func draw(_ stage: Stage) {
        if textureLost {
            frameRenderer.withPixels { pixels in
                check(SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(frameRenderer.stride)), "SDL_UpdateTexture")
            }
            textureLost = false
            needsPresent = true
        }
        guard drawnScene != stage.sceneChanges.changes || needsAnotherFrame else { return }
        frameRenderer.render(stage.root, rasterBudget: Renderer.rasterBudgetPixels)
        drawnScene = stage.sceneChanges.changes
        if frameRenderer.assetErrors.count > reportedAssetErrors {
            for error in frameRenderer.assetErrors[reportedAssetErrors...] { Log.line("\(error)") }
            reportedAssetErrors = frameRenderer.assetErrors.count
        }
        let stride = frameRenderer.stride
        let uploadStart = SDL_GetPerformanceCounter()
        defer {
            lastUploadMilliseconds = Double(SDL_GetPerformanceCounter() &- uploadStart) * 1000 / Double(SDL_GetPerformanceFrequency())
            lastUploadPixels = frameRenderer.lastDamage.reduce(0) { $0 + $1.width * $1.height }
            uploadedFrames += 1
        }
        frameRenderer.withPixels { pixels in
            // The renderer's frame always has pixels (it is made with the renderer); a frame without them is skipped.
            guard let base = pixels.baseAddress else { return }
            for damage in frameRenderer.lastDamage {
                var rect = SDL_Rect(x: Int32(damage.x), y: Int32(damage.y), w: Int32(damage.width), h: Int32(damage.height))
                check(SDL_UpdateTexture(texture, &rect, base + damage.y * stride + damage.x * 4, Int32(stride)), "SDL_UpdateTexture")
            }
        }
        if !frameRenderer.lastDamage.isEmpty { needsPresent = true }
    }

    /// SDL's system cursors, made once each as they are first shown.
    private var cursors: [PointerCursor: OpaquePointer] = [:]
    private var shownCursor = PointerCursor.arrow

    /// Shows the pointer's shape the stage asks for (a hand over what can be clicked).
    func showCursor(_ cursor: PointerCursor) {
        guard cursor != shownCursor else { return }
        shownCursor = cursor
        if cursors[cursor] == nil {
            let system: SDL_SystemCursor
            switch cursor {
            case .arrow: system = SDL_SYSTEM_CURSOR_ARROW
            case .hand: system = SDL_SYSTEM_CURSOR_HAND
            case .ibeam: system = SDL_SYSTEM_CURSOR_IBEAM
            }
            guard let made = SDL_CreateSystemCursor(system) else {
                if reportedFailures.insert("SDL_CreateSystemCursor").inserted {
                    Log.line("SDL_CreateSystemCursor failed: \(String(cString: SDL_GetError())); the pointer keeps its shape")
                }
                return
            }
            cursors[cursor] = made
        }
        if let made = cursors[cursor] { SDL_SetCursor(made) }
    }

    /// Shows the texture, letterboxed, if anything new is to be seen; returns whether it did.
    @discardableResult
    func presentIfNeeded() -> Bool {
        guard needsPresent else { return false }
        check(SDL_SetRenderDrawColor(sdlRenderer, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        check(SDL_RenderClear(sdlRenderer), "SDL_RenderClear")
        var destination = viewport.destination
        check(SDL_RenderCopy(sdlRenderer, texture, nil, &destination), "SDL_RenderCopy")
        SDL_RenderPresent(sdlRenderer)
        needsPresent = false
        return true
    }

    /// Says a failed SDL call once, with SDL's reason.
    private func check(_ status: Int32, _ call: String) {
        guard status != 0, reportedFailures.insert(call).inserted else { return }
        Log.line("\(call) failed: \(String(cString: SDL_GetError())); the window keeps drawing and tries again each frame")
    }

    private static func makeTexture(_ renderer: OpaquePointer, _ frame: Renderer) throws -> OpaquePointer {
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                              Int32(frame.pixelWidth), Int32(frame.pixelHeight)) else {
            throw DesktopWindow.WindowError.sdl("SDL_CreateTexture (\(frame.pixelWidth)×\(frame.pixelHeight) px): \(String(cString: SDL_GetError()))")
        }
        return texture
    }
}
