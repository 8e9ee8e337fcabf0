import Foundation
import Hummingbird
import Logging
import KineticTestSupport

/// A server that misbehaves on purpose, one way per path, for the data layer's fault tests.
///
/// Unchecked Sendable: `port` and `task` are written only in `init` and `stop()`, which a test awaits before it
/// reads them or hands the server on; the server's own tasks read neither.
final class FaultServer: @unchecked Sendable {
    private(set) var port = 0
    private var task: Task<Void, Error>?
    /// The good catalogue (served at /api/good.json), whose images live on `imageBase`.
    let imageBase: String

    init(imageBase: String) async throws {
        self.imageBase = imageBase
        let router = Router()
        let image = imageBase
        @Sendable func costume(_ id: String, icon: String, worn: String) -> String {
            """
            {"id": "\(id)", "title": "\(id.capitalized)", "description": "A test costume.", "icon": "\(icon)", "worn": "\(worn)",
             "alignment_x": 0, "alignment_y": 0, "display_x": 0, "display_y": -0.3, "display_width": 0.8, "display_height": 0.3}
            """
        }
        let goodIcon = "\(image)/costumes/costume-pirate-icon.svg", goodWorn = "\(image)/costumes/costume-pirate-worn.svg"
        @Sendable func json(_ text: String, type: String = "application/json") -> Response {
            Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        router.get("/status/500") { _, _ in Response(status: .internalServerError) }
        // Pictures that take 0.6 s each to start coming (a slow image server), and a honeycomb that uses three of them
        // and one that is not there at all.
        router.get("/delayed/:name") { _, _ in
            try await Task.sleep(nanoseconds: 600_000_000)
            let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#080"/></svg>"##
            return Response(status: .ok, headers: [.contentType: "image/svg+xml"], body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
        }
        router.get("/slow-honeycomb/nodes.json") { _, _ in
            json(##"{"rootNode": [{"id": "k", "title": "K", "color": "#335577", "node": ["##
                 + ##"{"id": "a", "title": "A", "color": "#000000", "image": "/delayed/a.svg"},"##
                 + ##"{"id": "b", "title": "B", "color": "#000000", "image": "/delayed/b.svg"},"##
                 + ##"{"id": "c", "title": "C", "color": "#000000", "image": "/delayed/c.svg"},"##
                 + ##"{"id": "gone", "title": "Gone", "color": "#000000", "image": "/status/404"}]}]}"##)
        }
        router.get("/status/404") { _, _ in Response(status: .notFound) }
        router.get("/slow-headers") { _, _ in
            try await Task.sleep(nanoseconds: 3_000_000_000)
            return json(#"{"costumes": []}"#)
        }
        router.get("/slow-body") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(contentLength: 100) { writer in
                try await writer.write(ByteBuffer(string: #"{"costumes": ["#))
                try await Task.sleep(nanoseconds: 3_000_000_000)
                try await writer.write(ByteBuffer(string: String(repeating: " ", count: 84) + "]}"))
                try await writer.finish(nil)
            })
        }
        // A body that keeps coming, a byte every 0.2 s (faster than any idle timeout), for a minute.
        router.get("/trickle") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(contentLength: 300) { writer in
                for _ in 0..<300 {
                    try await writer.write(ByteBuffer(string: " "))
                    try await Task.sleep(nanoseconds: 200_000_000)
                }
                try await writer.finish(nil)
            })
        }
        // Takes the request and never answers.
        router.get("/silent") { _, _ in
            try await Task.sleep(nanoseconds: 120_000_000_000)
            return Response(status: .ok)
        }
        router.get("/closed-mid-body") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(contentLength: 1000) { writer in
                try await writer.write(ByteBuffer(string: #"{"costumes": [ "#))
                throw CancellationError()
            })
        }
        router.get("/truncated.json") { _, _ in json(#"{"costumes": [{"id": "pirate", "title": "Pi"#) }
        router.get("/invalid.json") { _, _ in json("this is not json at all") }
        router.get("/array.json") { _, _ in json(#"[{"id": "pirate"}]"#) }
        router.get("/wrong-type.json") { _, _ in json(#"{"costumes": []}"#, type: "text/html") }
        router.get("/huge.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(contentLength: 50 * 1024 * 1024) { writer in
                let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 1024 * 1024)
                for _ in 0..<50 { try await writer.write(chunk) }
                try await writer.finish(nil)
            })
        }
        // Entries that are not costumes around one good one, and a costume whose icon names a port no socket has.
        router.get("/api/non-objects.json") { _, _ in
            json(#"{"costumes": [1, null, "x", [], \#(costume("pirate", icon: goodIcon, worn: goodWorn)), \#(costume("portly", icon: "http://127.0.0.1:99999/x.svg", worn: goodWorn))]}"#)
        }
        // A legal catalogue of a thousand costumes, all on the good images.
        let thousand = (0..<1000).map { costume("c\($0)", icon: goodIcon, worn: goodWorn) }.joined(separator: ",")
        router.get("/api/thousand.json") { _, _ in json(#"{"costumes": [\#(thousand)]}"#) }
        // Ten costumes whose images never answer.
        let silentImages = (0..<10).map { costume("quiet\($0)", icon: "/silent?\($0)", worn: "/silent?w\($0)") }.joined(separator: ",")
        router.get("/api/silent-images.json") { _, _ in json(#"{"costumes": [\#(silentImages)]}"#) }
        router.get("/api/good.json") { _, _ in json(#"{"costumes": [\#(costume("pirate", icon: goodIcon, worn: goodWorn))]}"#) }
        router.get("/api/mixed.json") { _, _ in
            json(#"""
            {"costumes": [
              \#(costume("pirate", icon: goodIcon, worn: goodWorn)),
              \#(costume("corrupt", icon: "/images/corrupt.png", worn: goodWorn)),
              \#(costume("absurd", icon: "/images/absurd.svg", worn: goodWorn)),
              \#(costume("loop", icon: "/api/mixed.json", worn: goodWorn)),
              \#(costume("fake", icon: "/images/fake.png", worn: goodWorn)),
              {"id": "typo", "title": 7},
              \#(costume("pirate", icon: goodIcon, worn: goodWorn))
            ]}
            """#)
        }
        router.get("/images/corrupt.png") { _, _ in
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            bytes += Array(repeating: 0x42, count: 64)
            return Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        router.get("/images/fake.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(string: "<svg xmlns='http://www.w3.org/2000/svg'/>")))
        }
        router.get("/images/absurd.svg") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/svg+xml"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: "<svg xmlns='http://www.w3.org/2000/svg' width='900000' height='900000'><rect width='10' height='10'/></svg>")))
        }
        var logger = Logger(label: "test.faults")
        logger.logLevel = .critical
        let ready = PortBox()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { ready.set($0.localAddress?.port ?? 0) }, logger: logger)
        task = Task { try await app.run() }
        port = try await ready.wait()
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() async {
        task?.cancel()
        _ = try? await task?.value
    }
}
