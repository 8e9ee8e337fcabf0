import ArgumentParser
import Foundation
import KineticApps
import KineticContentServer
import KineticNetwork
import Logging
import KineticData
import KineticPlatform

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the content folder (costume catalogue and art) over HTTP, for the apps to download from.")

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    // Unconditional, so a negative number is read as the port it is (and refused with its value) rather than as a flag.
    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one and prints it).")
    var port = 8080

    @Option(help: "The folder to serve (default: $KINETIC_CONTENT, else Content/ beside the executable or in ../share/kinetic, else the source checkout's).", completion: .directory)
    var content: String?

    @Option(help: "Logging: trace, debug, info (every request), notice, warning, error or critical.",
            completion: .list(Logger.Level.allCases.map(\.rawValue)))
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel) is not one of trace, debug, info, notice, warning, error, critical") }
        if let content {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: content, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--content \(content) is not a folder")
            }
        }
    }

    func run() async throws {
        let folder: URL
        if let content {
            folder = URL(fileURLWithPath: content)
        } else {
            switch RepositoryContent.installed() {
            case .success(let found): folder = found
            case .failure(let notFound): throw ValidationError("\(notFound); name one with --content DIR or KINETIC_CONTENT")
            }
        }
        let server = ContentServer(folder: folder, host: host, port: port)
        var logger = Logger(label: "kinetic.serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let app = server.makeApplication(logger: logger) { port in
            // An IPv6 address goes in brackets in a URL (RFC 3986), so the printed address can be pasted as it is.
            let authority = host.contains(":") ? "[\(host)]" : host
            print("kinetic serve: \(folder.path) on http://\(authority):\(port)/ (catalogue: /api/current_costumes.json)")
            fflush(nil)  // every output stream, standard output among them (C's `stdout` is a global Swift 6 will not read)
        }
        try await app.runService()
    }
}

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Refresh the costume catalogue once, headless, and print it with any problems.",
        discussion: "Exits 0 whenever the app itself would carry on (on bundled and saved costumes if need be).")

    @OptionGroup var data: DataOptions

    func run() async throws {
        let locations = data.locations
        let bundled = BundledCostumes.load()
        let refresher = CatalogRefresher(bundled: bundled.costumes, catalogURL: locations.catalogURL, dataDirectory: locations.dataDirectory,
                                         cacheDirectory: locations.cacheDirectory, fetcher: NetworkFetcher(),
                                         validator: ImageCheckProcess.program.validator)
        let snapshot = await refresher.refresh()
        // What the server sent is printed as the log prints it: control characters escaped, each field capped.
        func shown(_ text: String) -> String { Log.printable(text, limit: 200) }
        let idWidth = max(snapshot.costumes.map { shown($0.id).count }.max() ?? 2, 2)
        let titleWidth = max(snapshot.costumes.map { shown($0.title).count }.max() ?? 5, 5)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(width - text.count, 0)) }
        // A heading first, so the table says what it lists wherever it is printed (make run prints it among others).
        print("Disguise-O-Rama's costumes (\(snapshot.costumes.count)), as its wheel shows them:")
        print("\(pad("id", idWidth))  \(pad("title", titleWidth))  source")
        for costume in snapshot.costumes {
            print("\(pad(shown(costume.id), idWidth))  \(pad(shown(costume.title), titleWidth))  \(snapshot.sources[costume.id]?.rawValue ?? "?")")
        }
        for problem in bundled.problems + snapshot.problems {
            FileHandle.standardError.write(Data("kinetic catalog: \(Log.printable(problem))\n".utf8))
        }
        if snapshot.refreshFailed {
            // Say what is listed: saved costumes from an earlier refresh, or only the built-in ones.
            let showing = snapshot.sources.values.contains(.saved) ? "showing the saved ones" : "showing the built-in ones only"
            let why = snapshot.failure.map { " (\($0.sentence))" } ?? ""
            FileHandle.standardError.write(Data("kinetic catalog: couldn't update costumes\(why); \(showing)\n".utf8))
        }
    }
}
