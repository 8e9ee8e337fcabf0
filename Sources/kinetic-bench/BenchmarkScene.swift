import Foundation
import KineticCore
import KineticPhysics
import KineticRuntime
import KineticScene

/// 40 textured sprites (an SVG badge and a caption each) orbiting and fading, above 10 bodies bouncing in a
/// walled physics world whose positions and angles drive 10 more layers.
///
/// With `rotatingSprites`, every sprite also turns all the time: the worst case for a CPU compositor, since
/// a rotated bitmap has to be resampled pixel by pixel.
final class BenchmarkScene {
    let rotatingSprites: Bool
    let stage = Stage(settings: StageSettings(dataDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kinetic-bench")))
    let world = PhysicsWorld()
    private var sprites: [Layer] = []
    private var bodies: [(DynamicItem, Layer)] = []
    private var phase = 0.0

    var layerCount: Int { sprites.count * 2 + bodies.count }

    init(rotatingSprites: Bool) throws {
        self.rotatingSprites = rotatingSprites
        let badge = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="46" fill="#E15926"/>\
        <circle cx="50" cy="50" r="30" fill="#FFF3E8"/><path d="M30 55 L50 25 L70 55 Z" fill="#1F2430"/></svg>
        """
        stage.root.backgroundColor = Color(red8: 0xF6, green8: 0xF4, blue8: 0xEF)
        for index in 0..<40 {
            let sprite = Layer(identifier: "sprite.\(index)", frame: Rect(x: 0, y: 0, width: 96, height: 96))
            sprite.contents = .image(.svgData(badge))
            let caption = Layer(frame: Rect(x: -12, y: 96, width: 120, height: 22))
            caption.contents = .text(TextContent("Sprite \(index)", bold: true, fontSize: 15, alignment: .center))
            sprite.addSublayer(caption)
            stage.root.addSublayer(sprite)
            sprites.append(sprite)
        }
        let walls = try world.addCollision()
        try walls.addBoundary(rect: Rect(x: 0, y: 0, width: 1024, height: 768))
        let gravity = world.addGravity()
        for index in 0..<10 {
            let item = try world.addItem("ball.\(index)", shape: .circle(radius: 40), center: Point(x: 80 + Double(index) * 90, y: 100 + Double(index % 3) * 60))
            try item.setElasticity(0.9)
            try item.setVelocity(Vector(dx: Double(index * 37 % 200) - 100, dy: 0))
            walls.addItem(item)
            gravity.addItem(item)
            let layer = Layer(identifier: "ball.\(index)", frame: Rect(x: 0, y: 0, width: 80, height: 80))
            layer.contents = .shape(ShapeContent(path: .circle, fill: Color(red8: 0x4A, green8: 0xA8, blue8: 0xD8), stroke: .white, lineWidth: 3))
            stage.root.addSublayer(layer)
            bodies.append((item, layer))
        }
    }

    /// One fixed step: physics, sprite motion, layer positions.
    func step() {
        phase += Stage.stepDuration
        world.advance(by: Stage.stepDuration)
        for (item, layer) in bodies {
            layer.position = item.center
            layer.rotation = item.angle
        }
        for (index, sprite) in sprites.enumerated() {
            let angle = phase * 0.6 + Double(index) * 2 * .pi / 40
            let radius = 250 + 60 * sin(phase * 1.3 + Double(index))
            sprite.position = Point(x: 512 + cos(angle) * radius * 1.4, y: 384 + sin(angle) * radius)
            if rotatingSprites { sprite.rotation = sin(phase + Double(index)) * 0.3 }
            sprite.opacity = 0.75 + 0.25 * sin(phase * 2 + Double(index))
        }
        stage.step()
    }
}
