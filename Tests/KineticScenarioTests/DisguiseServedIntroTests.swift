import XCTest
import KineticContentServer
import KineticData
import KineticCore
import KineticRender
import KineticRuntime
import KineticTestSupport
@testable import KineticApps

/// Seed 000 (B): the intro's sequence is the one source of truth for the screens' order, so that a server can give
/// different users a different intro. A content server on 127.0.0.1 serves the repository's catalogue and an
/// `intro.json` of this test's own beside it; the app, on a first launch, shows the intro in the served order, or the
/// bundled one when the served document can't be used.
final class DisguiseServedIntroTests: XCTestCase {
    /// A content folder: the repository's costumes and catalogue, and `api/intro.json` holding `intro`.
    private func content(intro: String) throws -> URL {
        let folder = Disguise.temporaryFolder().appendingPathComponent("content")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ContentServer.repositoryContent.appendingPathComponent("costumes"), to: folder.appendingPathComponent("costumes"))
        try FileManager.default.copyItem(at: ContentServer.repositoryContent.appendingPathComponent("api/current_costumes.json"),
                                         to: folder.appendingPathComponent("api/current_costumes.json"))
        try Data(intro.utf8).write(to: folder.appendingPathComponent("api/intro.json"))
        return folder
    }

    /// The words of each intro page as shown, pressing the intro's button (Enter) from page to page, on a first launch
    /// against `server`; and the log.
    private func introTexts(_ server: RunningServer) -> (texts: [String], log: [String]) {
        let folder = Disguise.temporaryFolder()
        let settings = StageSettings(freshStart: true, dataDirectory: folder.appendingPathComponent("data"), cacheDirectory: folder.appendingPathComponent("cache"),
                                     catalogURL: URL(string: "http://127.0.0.1:\(server.port)/api/current_costumes.json"))
        let stage = Stage(settings: settings)
        let log = LogLines()
        stage.present(Shell(entries: KineticApps.entries(environment: .networked(validator: { ImageVerdict(problem: ImageFileCheck.problem(at: $0)) }, log: log.add)),
                            initialApp: "disguise"))
        // The refresh runs on the network in real time: the splash waits for it (the stage steps only once it is in).
        for _ in 0..<(120 * 3) {  // the splash (2 s) and the intro's panels coming in
            stage.backgroundWork.waitUntilIdle(timeout: 10)
            stage.step()
        }
        var texts: [String] = []
        for _ in 0..<6 {
            guard stage.dump().state.hasPrefix("intro."), let text = stage.dump().layer("intro.text")?.text else { break }
            texts.append(text)
            stage.send(KeyEvent(key: .enter, timestamp: stage.time))
            for _ in 0..<(120 * 2) { stage.step() }
        }
        return (texts, log.lines)
    }

    func testAServedIntroOfThreePagesIsShownInItsOrderOnAFirstLaunch() async throws {
        // The bundled pages "costume" and "hello" in another order, and a page of the server's own words between them.
        let served = #"{"variant": "b", "pages": ["#
            + #"{"id": "hello", "order": 3}, {"id": "costume", "order": 1},"#
            + #"{"id": "welcome", "order": 2, "text": {"fr": "Bienvenue !", "en": "Welcome to the costume shop."}, "button": "Go on"}]}"#
        let server = try await RunningServer(folder: try content(intro: served))
        let (texts, log) = introTexts(server)
        await server.stop()
        let bundled = Dictionary(uniqueKeysWithValues: IntroPage.bundled.map { ($0.id, $0.text) })
        XCTAssertEqual(texts, [bundled["costume"], "Welcome to the costume shop.", bundled["hello"]].compactMap { $0 })
        XCTAssertTrue(log.contains { $0.contains("variant b") && $0.contains("costume, welcome, hello") }, "\(log)")
    }

    func testAHostileIntroFallsBackToTheBundledOneWithAMessage() async throws {
        func pages(_ count: Int) -> String { #"{"pages": ["# + (0..<count).map { _ in #"{"id": "hello", "order": 1}"# }.joined(separator: ",") + "]}" }
        let cases = [
            ("10,000 pages (past the document's 64 KB)", pages(10_000), "more than 65536 bytes"),
            ("21 pages", pages(21), "holds 21 pages; at most 20"),
            ("no pages", #"{"variant": "a"}"#, "pages"),
            ("pages of the wrong types", #"{"pages": [3, null, "hello", {"id": 7, "order": "first"}]}"#, "keeps no page"),
            ("pages naming nothing bundled", #"{"pages": [{"id": "nope", "order": 1}]}"#, "keeps no page"),
        ]
        let bundled = IntroPage.bundled.map(\.text)
        for (name, document, reason) in cases {
            let server = try await RunningServer(folder: try content(intro: document))
            let (texts, log) = introTexts(server)
            await server.stop()
            XCTAssertEqual(texts, bundled, name)
            XCTAssertTrue(log.contains { $0.contains("intro document") && $0.contains(reason) && $0.contains("the bundled intro is shown") },
                          "\(name): \(log.filter { $0.contains("intro") })")
        }
    }
}

/// Lines written to a log, kept for a test to read.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    func add(_ line: String) { lock.withLock { kept.append(line) } }
    var lines: [String] { lock.withLock { kept } }
}
