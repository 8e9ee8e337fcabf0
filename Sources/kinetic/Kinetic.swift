import ArgumentParser
import Foundation
import KineticApps
import KineticCore
import KineticRender
import KineticRuntime
import KineticScenario
import KineticWindow
import KineticPlatform
import KineticData
import KineticMail

@main
struct Kinetic: AsyncParsableCommand {
    static let configuration: CommandConfiguration = {
        OutputCheck.installed
        return CommandConfiguration(
        commandName: "kinetic",
        abstract: "Fluid, physics-driven interfaces: open them in a window, or play scripted scenarios headlessly.",
        version: KineticVersion.current,
        subcommands: [Run.self, Play.self, Serve.self, CatalogCommand.self, HoneycombLayoutCommand.self, AppsCommand.self,
                      MailAccountCommand.self, CheckImageCommand.self],
        defaultSubcommand: Run.self)
    }()
}

/// Where the data layer reads and writes, shared by `run` and `catalog`.
struct DataOptions: ParsableArguments {
    @Option(help: "The costume catalogue to refresh from (default: $KINETIC_CATALOG_URL; none keeps the app offline).")
    var catalogURL: String?

    @Option(help: "The content server's root, e.g. http://127.0.0.1:8080/ (default: $KINETIC_CONTENT_URL): the Honeycomb's nodes and images, and the costume catalogue when --catalog-url is not given.")
    var contentURL: String?

    @Option(help: "Folder for saved data (default: $XDG_DATA_HOME/kinetic, else ~/.local/share/kinetic).", completion: .directory)
    var dataDir: String?

    @Option(help: "Folder for cached images (default: $XDG_CACHE_HOME/kinetic, else ~/.cache/kinetic).", completion: .directory)
    var cacheDir: String?

    var locations: CatalogLocations { CatalogLocations(dataDirectory: dataDir, cacheDirectory: cacheDir, catalogURL: catalogURL) }

    /// `--content-url`, else `$KINETIC_CONTENT_URL`, else none.
    var content: URL? {
        let text = contentURL ?? ProcessInfo.processInfo.environment["KINETIC_CONTENT_URL"]
        return text.flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }

    func validate() throws {
        // An empty folder name would be the working directory: refused rather than written into silently.
        for (flag, folder) in [("--data-dir", dataDir), ("--cache-dir", cacheDir)] where folder?.isEmpty == true {
            throw ValidationError("\(flag) needs a folder; it was given an empty name")
        }
        let environment = ProcessInfo.processInfo.environment
        try AddressOption.check(catalogURL, flag: "--catalog-url", example: "http://host:port/api/current_costumes.json")
        try AddressOption.check(environment["KINETIC_CATALOG_URL"], flag: "$KINETIC_CATALOG_URL", example: "http://host:port/api/current_costumes.json")
        try AddressOption.check(contentURL, flag: "--content-url")
        try AddressOption.check(environment["KINETIC_CONTENT_URL"], flag: "$KINETIC_CONTENT_URL")
    }
}

/// An app named on the command line: one of the registry's ids (`kinetic apps`), refused by the argument parser,
/// naming the known ones, before anything runs.
struct AppChoice {
    /// The app's id, as `KineticApps.ids` lists it.
    let id: String

    static func parse(_ argument: String) throws -> AppChoice {
        guard KineticApps.ids.contains(argument) else {
            throw ValidationError("unknown app \"\(argument)\"; known: \(KineticApps.ids.joined(separator: ", "))")
        }
        return AppChoice(id: argument)
    }
}

/// The check an address given on the command line (or in the environment) gets wherever it is taken: the one
/// address check (`WebAddress`), refused by the argument parser with what was wrong before anything runs.
enum AddressOption {
    static func check(_ text: String?, flag: String, example: String = "http://host:port/") throws {
        guard let text, !text.isEmpty else { return }
        if case .failure(let refusal) = WebAddress.http(text) {
            throw ValidationError("\(flag) \(refusal) (expected \(example))")
        }
    }
}

/// `--language`, shared by `run` and `play`: the texts' languages, as gettext programs take them.
struct LanguageOption: ParsableArguments {
    @Option(help: "The languages to show texts in, most wanted first, colon-separated (fr, ar:fr, pseudo); default: $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG, as gettext reads them. A language without a catalogue shows English.", completion: .custom { _, _, _ in LanguageOption.offered })
    var language: String?

    func validate() throws {
        guard let language else { return }
        let tags = language.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if let bad = tags.first(where: { LanguagePreference.languages(flag: $0, environment: [:]) == ["en"] && $0 != "en" }) {
            throw ValidationError("--language: \"\(Log.printable(bad, limit: 40))\" is not a language (expected a tag such as fr, ar, fr_CA or pseudo)")
        }
    }

    /// What the shells' completion offers for `--language`: English, each catalogue the program ships, and the
    /// pseudo-language.
    static var offered: [String] { ["en"] + KineticApps.shippedCatalogues(log: { _ in }).keys.sorted() + ["pseudo"] }

    /// The run's texts: the flag's languages, else the environment's, with the catalogues the program ships.
    var localization: Localization {
        let languages = LanguagePreference.languages(flag: language, environment: ProcessInfo.processInfo.environment)
        return Localization(languages: languages, catalogues: KineticApps.shippedCatalogues(only: languages))
    }
}

/// A mail account for the Mailbox (issue #40), on `run` and `play` alike: the flags, else `KINETIC_IMAP_URL`,
/// `KINETIC_MAIL_USER`, `KINETIC_MAIL_PASSWORD_FILE`. None: the bundled and served messages, as always.
struct MailOptions: ParsableArguments {
    @Option(help: "The Mailbox's IMAP server: imaps://HOST[:993] (TLS), imap://HOST[:143] (STARTTLS), or imap://127.0.0.1:PORT (plain, loopback only); default: $KINETIC_IMAP_URL, else (for run) the accounts in $XDG_CONFIG_HOME/kinetic/mail.json.")
    var imap: String?

    @Option(help: "A PEM file of the certificate authorities to trust for the mail servers' TLS instead of the system's; default: $KINETIC_MAIL_CA_FILE.", completion: .file(extensions: ["pem", "crt"]))
    var mailCaFile: String?

    @Option(help: "The account's SMTP server, to send through: smtps://HOST[:465] (TLS), smtp://HOST[:587] (STARTTLS), or smtp://127.0.0.1:PORT (plain, loopback only); the same user and password log in; default: $KINETIC_SMTP_URL.")
    var smtp: String?

    @Option(help: "The mail account's user name; default: $KINETIC_MAIL_USER.")
    var mailUser: String?

    @Option(help: "A file whose first line is the mail account's password (chmod 600); default: $KINETIC_MAIL_PASSWORD_FILE.", completion: .file())
    var mailPasswordFile: String?

    /// The account's server, or `nil` when no IMAP address is given; throws a sentence naming what is wrong. With no
    /// address and `readingTheAccountsFile` (`kinetic run`; `play` takes flags only, so a scenario never reads a
    /// person's mail), the accounts in `mail.json` (`MailAccountsFile`): one, or several as one Mailbox; an account the
    /// file can't give is left out, and said.
    ///
    /// Each account's mail is kept in `keptMailFolder` (`<cache>/mail/`, one SQLite file per account) when one is
    /// given: `run` gives it, so the Mailbox opens on the last check's mail, offline too; `play` and `run --fresh`
    /// keep it in memory only, so a scenario never reads mail an earlier run kept.
    func server(environment: [String: String] = ProcessInfo.processInfo.environment, readingTheAccountsFile: Bool = false,
                keptMailFolder: URL? = nil, warn: (MailProblem) -> Void = { Log.line($0.description) }) throws -> MailServer? {
        guard let address = imapAddress(environment) else {
            guard readingTheAccountsFile, let file = MailAccountsFile.location(environment: environment) else { return nil }
            return MailAccountsFile.server(file, keptMailFolder: keptMailFolder, home: environment["HOME"], environment: environment, warn: warn)
        }
        guard let user = mailUser ?? environment["KINETIC_MAIL_USER"] else { throw ValidationError("--imap needs --mail-user (or KINETIC_MAIL_USER)") }
        guard let file = mailPasswordFile ?? environment["KINETIC_MAIL_PASSWORD_FILE"] else {
            throw ValidationError("--imap needs --mail-password-file (or KINETIC_MAIL_PASSWORD_FILE)")
        }
        do {
            let password = try MailAccount.password(fromFile: file, warn: warn)
            let roots = caFile(environment: environment)
            let sending = smtp ?? environment["KINETIC_SMTP_URL"]
            let account = try MailAccount(address: address, user: user, password: password, trustRootsFile: roots,
                                          smtpAddress: sending?.isEmpty == false ? sending : nil)
            return IMAPMailServer(account: account, keptIn: keptMailFolder?.appendingPathComponent(account.keptMailFileName))
        } catch let error as MailAccountError {
            throw ValidationError("mail account: \(error)")
        }
    }

    func validate() throws { _ = try server(warn: { _ in }) }  // the warning is said once, when the run starts

    /// Whether the flags (or `KINETIC_IMAP_URL`) give this run an account of its own, rather than `mail.json`'s.
    var givesAnAccount: Bool { imapAddress(ProcessInfo.processInfo.environment) != nil }

    /// The IMAP address the flags (or `KINETIC_IMAP_URL`) give, if any.
    private func imapAddress(_ environment: [String: String]) -> String? {
        (imap ?? environment["KINETIC_IMAP_URL"]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The certificate authorities the run trusts for mail, if not the system's.
    func caFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? { mailCaFile ?? environment["KINETIC_MAIL_CA_FILE"] }

    /// How the Mailbox's account sheet sets accounts up in `kinetic run`: kept for good in `mail.json` (and the
    /// keyring), the Mailbox then opening on every account the file gives; `nil` when there is no folder for the file.
    /// `runs` is the run's own account (`--imap`), kept beside the ones set up.
    func settingUpForGood(keptMailFolder: URL?, alongside runs: MailServer?, environment: [String: String] = ProcessInfo.processInfo.environment) -> MailAccountSetting? {
        guard let file = MailAccountsFile.location(environment: environment) else { return nil }
        return MailAccountSetUp.keepingForGood(in: file, keptMailFolder: keptMailFolder, caFile: caFile(environment: environment), alongside: runs,
                                               environment: environment, warn: { Log.line($0) })
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the gallery (or one app) in a window.")

    @Argument(help: "An app to open at once: \(KineticApps.ids.joined(separator: ", ")).", completion: .list(KineticApps.ids),
              transform: AppChoice.parse)
    var app: AppChoice?

    @Flag(help: "Replace springs, falls and slides with short cross-fades.")
    var reduceMotion = false

    @Flag(help: "Start as on a first launch, ignoring saved state.")
    var fresh = false

    // Unconditional, so a negative number is read as the value it is (and refused with it) rather than as a flag.
    @Option(parsing: .unconditional, help: "Close by itself after this many seconds (for scripted checks).")
    var seconds: Double?

    // Unconditional for the same reason as --seconds.
    @Option(parsing: .unconditional, help: ArgumentHelp("Window pixels per point, 0.5 to 4 (default: the desktop's GDK_SCALE, else Xft.dpi ÷ 96, else 1).",
                                                        valueName: "factor"))
    var scale: Double?

    @Option(help: "Tune the motion live: a folder of tuning files, one per app (DIR/<app>.json), or one file (FILE.json). Missing files are written with the current values; saving one applies it in the running app.", completion: .file(extensions: ["json"]))
    var tune: String?

    @OptionGroup var data: DataOptions

    @OptionGroup var languages: LanguageOption

    @OptionGroup var mail: MailOptions

    func validate() throws {
        if let scale, !(scale.isFinite && DesktopScale.range.contains(scale)) {
            throw ValidationError("--scale must be a factor from 0.5 to 4, got \(scale)")
        }
        if let seconds, !(seconds.isFinite && seconds > 0) {
            throw ValidationError("--seconds must be a number of seconds above 0, got \(seconds)")
        }
    }

    func run() throws {
        let locations = data.locations
        // The flag, or else the desktop's own switch (GNOME's enable-animations), read once here.
        let reduce = reduceMotion || DesktopMotion.asksForReducedMotion() == true
        // The installed program with no server named serves its own content (`InstalledContentServer`).
        let content = data.content ?? (locations.catalogURL == nil ? InstalledContentServer.start() : nil)
        var settings = StageSettings(reduceMotion: reduce, freshStart: fresh, dataDirectory: locations.dataDirectory,
                                     cacheDirectory: locations.cacheDirectory, catalogURL: locations.catalogURL, contentURL: content)
        settings.localization = languages.localization
        let stage = Stage(settings: settings)
        var environment = AppsEnvironment.liveWindow
        let keptMail = fresh ? nil : locations.cacheDirectory.appendingPathComponent("mail")
        // Saved mail, drafts, the outbox and kept mail are the person's alone, whatever an earlier version left open.
        OwnerOnly.tighten(locations.dataDirectory)
        if let keptMail { OwnerOnly.tighten(keptMail) }
        // What reading the accounts said goes to the log, and to the Mailbox's first banner.
        var mailWarnings: [MailProblem] = []
        environment.mailServer = try mail.server(readingTheAccountsFile: true, keptMailFolder: keptMail) { warning in
            Log.line(warning.description)
            mailWarnings.append(warning)
        }
        environment.mailWarnings = mailWarnings
        // An account given by flags for this run stays beside those the sheet sets up (mail.json's replace none of it).
        environment.mailAccountSetting = mail.settingUpForGood(keptMailFolder: keptMail, alongside: mail.givesAnAccount ? environment.mailServer : nil)
        stage.present(Shell(entries: KineticApps.entries(environment: environment), initialApp: app?.id))
        if let tune { stage.tuningFiles = TuningFiles(location: URL(fileURLWithPath: tune)) }
        // The installed launcher's desktop id (scripts/install-desktop): org.kinetic.<app id>, the gallery's for none.
        let desktopID = "org.kinetic.\(app?.id ?? "gallery")"
        try DesktopWindow(stage: stage, windowClass: desktopID, scale: scale).run(maximumSeconds: seconds)
    }
}

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario headlessly and write its captures (PNG + JSON), and optionally a GIF or MP4.")

    @Argument(help: "The scenario JSON file.", completion: .file(extensions: ["json"]))
    var scenario: String

    @Option(help: "Folder for the captures.", completion: .directory)
    var out: String = "out"

    @Option(help: "Also record the whole run as a GIF.", completion: .file(extensions: ["gif"]))
    var gif: String?

    @Option(help: "Also record the whole run as an MP4.", completion: .file(extensions: ["mp4"]))
    var mp4: String?

    @Flag(help: "No progress bar.")
    var quiet = false

    @Option(help: "The content server to download from (overrides the scenario's contentURL).")
    var contentURL: String?

    @Option(help: "Play with the motion tuned by this file (FILE.json) or folder of per-app files (DIR/<app>.json), as `kinetic run --tune` writes them.", completion: .file(extensions: ["json"]))
    var tune: String?

    @Flag(help: "Keep the run's own data folder (saved state and downloads) instead of removing it at the end; its path is printed.")
    var keepData = false

    @OptionGroup var languages: LanguageOption

    @OptionGroup var mail: MailOptions

    func validate() throws { try AddressOption.check(contentURL, flag: "--content-url") }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        do {
            let script = try Scenario.load(from: URL(fileURLWithPath: scenario))
            var environment = AppsEnvironment.live
            environment.mailServer = try mail.server()
            environment.mailAccountSetting = MailAccountSetUp.keepingForTheRun(caFile: mail.caFile(), alongside: environment.mailServer)
            let runner = try ScenarioRunner(scenario: script, entries: KineticApps.entries(environment: environment),
                                            contentURL: contentURL.flatMap { URL(string: $0) }, localization: languages.localization)
            // The run's saved state and downloads are its own: gone at the end, unless asked to keep them.
            defer {
                if keepData {
                    if let folder = runner.ownFolder { Log.line("kept the run's data in \(folder.path)") }
                } else {
                    do { try runner.removeOwnFolder() } catch { Log.line("could not remove the run's data folder: \(error)") }
                }
            }
            if let tune {
                let files = TuningFiles(location: URL(fileURLWithPath: tune))
                guard let screen = runner.stage.screen, let tuning = screen.tuning else { throw ValidationError("--tune: \(script.app) has nothing to tune") }
                let file = files.file(for: tuning.app)
                guard FileManager.default.fileExists(atPath: file.path) else { throw ValidationError("--tune: \(file.path) does not exist") }
                files.apply(file, to: screen)
            }
            var recorders: [FrameRecorder] = []
            let (w, h) = (runner.renderer.pixelWidth, runner.renderer.pixelHeight)
            if let gif { recorders.append(try FrameRecorder(output: URL(fileURLWithPath: gif), format: .gif, width: w, height: h, fps: script.recordingFPS)) }
            if let mp4 { recorders.append(try FrameRecorder(output: URL(fileURLWithPath: mp4), format: .mp4, width: w, height: h, fps: script.recordingFPS)) }
            let bar = ProgressBar(label: (scenario as NSString).lastPathComponent)
            // The captures' folder is made first, so a folder that can't be is said as such, before the run.
            let outFolder = URL(fileURLWithPath: out)
            do {
                try FileManager.default.createDirectory(at: outFolder, withIntermediateDirectories: true)
            } catch {
                throw Self.failure("cannot write the captures in \(out): \(ErrorWords.sentence(error, namingPath: false))", status: 73)
            }
            let captures = try runner.run(outputDirectory: outFolder, recorders: recorders, progress: quiet ? nil : bar.show)
            for recorder in recorders { try recorder.finish() }
            for capture in captures { print("\(out)/\(capture.name).png") }
            if let gif { print(gif) }
            if let mp4 { print(mp4) }
            for error in runner.renderer.assetErrors { Log.line("\(error)") }
        } catch let error as ScenarioError {
            // It may quote the file: escaped and capped as a log line. Said with play's own usage, not kinetic's.
            throw Self.failure(Log.printable(error.description), status: 64)
        }
    }

    /// What `play` says when it cannot go on (a scenario that can't be read or used, a folder it can't write), with its
    /// own usage, as the argument parser says a bad flag; the exit status is sysexits.h's (64 usage, 73 can't create).
    static func failure(_ sentence: String, status: Int32) -> ExitCode {
        let usage = Kinetic.usageString(for: Play.self)
        FileHandle.standardError.write(Data("Error: \(sentence)\nUsage: \(usage)\n  See 'kinetic play --help' for more information.\n".utf8))
        return ExitCode(status)
    }
}
