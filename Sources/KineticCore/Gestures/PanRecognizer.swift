/// Recognizes a drag: it claims the touch once the finger has moved `minimumDistance` points, then reports its
/// translation and, on release, its velocity.
///
/// The release velocity is the slope of a least-squares line through the samples of the last
/// `velocityWindow` seconds, which is steadier than the last two samples alone and still follows a flick.
open class PanRecognizer: GestureRecognizer {
    /// The direction a drag must mostly take for this pan to claim it; `nil` takes any.
    public enum Axis: Sendable { case horizontal, vertical }

    /// How far, in points, the finger must move from where it landed before the pan claims the touch (the slop).
    public var minimumDistance: Double
    /// With an axis, the pan decides once the finger has moved `minimumDistance` points (the slop): mostly along the
    /// axis, it claims the touch; mostly across it, it fails and leaves the touch to a pan of the other axis
    /// (a list's scroll and a row's swipe share touches this way, and neither steals the other's).
    public var axis: Axis?
    /// Seconds of recent samples used to estimate the velocity.
    public var velocityWindow: Double = 0.1
    private var samples: [(time: Double, location: Point)] = []

    /// Told of every change of state, with the pan itself, so that it reads `translation` and `velocity` without a cast.
    public var panHandler: ((PanRecognizer) -> Void)?

    /// A pan that claims after `minimumDistance` points, along `axis` if one is given, telling `handler` of changes.
    public init(minimumDistance: Double = 10, axis: Axis? = nil, handler: ((PanRecognizer) -> Void)? = nil) {
        self.minimumDistance = minimumDistance
        self.axis = axis
        panHandler = handler
        super.init(handler: nil)
        samples.reserveCapacity(64)
    }

    /// From where the touch landed to where it is, in points.
    public var translation: Vector { location - startLocation }

    /// Points per second, from the recent samples.
    public private(set) var velocity = Vector.zero

    open override func notifyHandler() {
        super.notifyHandler()
        panHandler?(self)
    }

    open override func didReset() {
        samples.removeAll(keepingCapacity: true)
        velocity = .zero
    }

    open override func touchBegan(_ event: TouchEvent) {
        record(event)
    }

    /// Whether the touch may start this pan; the edge pan narrows it to touches landing by an edge.
    open func shouldBegin(at start: Point) -> Bool { true }

    open override func touchMoved(_ event: TouchEvent) {
        record(event)
        switch state {
        case .possible:
            guard event.location.distance(to: startLocation) >= minimumDistance else { return }
            let moved: Vector = event.location - startLocation
            let alongAxis: Bool
            switch axis {
            case .horizontal: alongAxis = abs(moved.dx) > abs(moved.dy)
            case .vertical: alongAxis = abs(moved.dy) >= abs(moved.dx)
            case nil: alongAxis = true
            }
            if alongAxis && shouldBegin(at: startLocation) { transition(to: .began) } else { fail() }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    open override func touchEnded(_ event: TouchEvent) {
        record(event)
        if state == .began || state == .changed { transition(to: .ended) } else { fail() }
    }

    private func record(_ event: TouchEvent) {
        samples.append((event.timestamp, event.location))
        let cutoff = event.timestamp - velocityWindow
        if let firstRecent = samples.firstIndex(where: { $0.time >= cutoff }), firstRecent > 0 {
            // Keep one sample before the window so that two samples are always there after a pause.
            samples.removeFirst(firstRecent - 1)
        }
        velocity = Self.leastSquaresVelocity(samples)
    }

    /// The slope of the best straight line through (time, x) and (time, y).
    static func leastSquaresVelocity(_ samples: [(time: Double, location: Point)]) -> Vector {
        guard samples.count >= 2 else { return .zero }
        let n = Double(samples.count)
        var meanT = 0.0, meanX = 0.0, meanY = 0.0
        for s in samples { meanT += s.time; meanX += s.location.x; meanY += s.location.y }
        meanT /= n; meanX /= n; meanY /= n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples {
            let dt = s.time - meanT
            stt += dt * dt
            stx += dt * (s.location.x - meanX)
            sty += dt * (s.location.y - meanY)
        }
        guard stt > 1e-12 else { return .zero }
        return Vector(dx: stx / stt, dy: sty / stt)
    }
}

/// A pan that only starts from a band along one edge of the screen, like `UIScreenEdgePanGestureRecognizer`.
open class EdgePanRecognizer: PanRecognizer {
    /// The side of the screen along which a touch must land.
    public enum Edge: Sendable { case left, right, top, bottom }

    /// The side of the screen along which a touch must land to start this pan.
    public var edge: Edge
    /// The screen's size, in points, so that the right and bottom edges can be found.
    public var screenSize: Size
    /// How wide the band along the edge is, in points.
    public var edgeWidth: Double

    /// A pan from the band `edgeWidth` points wide along `edge` of a screen of `screenSize`; it claims after 8 points.
    public init(edge: Edge, screenSize: Size, edgeWidth: Double = 24, handler: ((PanRecognizer) -> Void)? = nil) {
        self.edge = edge
        self.screenSize = screenSize
        self.edgeWidth = edgeWidth
        super.init(minimumDistance: 8, handler: handler)
    }

    open override func shouldBegin(at start: Point) -> Bool {
        switch edge {
        case .left: return start.x <= edgeWidth
        case .right: return start.x >= screenSize.width - edgeWidth
        case .top: return start.y <= edgeWidth
        case .bottom: return start.y >= screenSize.height - edgeWidth
        }
    }
}
