import Foundation
import KineticData
import KineticPlatform

/// What the apps need from the world outside their rules and layers, built at the edge and handed in: the `kinetic`
/// executable makes the live one (the HTTP client, the renderer's image check, standard error); tests and the
/// benchmark make theirs from plain values. `KineticApps` itself links no HTTP client and decodes no image.
public struct AppsEnvironment {
    /// How documents and images are downloaded.
    public var fetcher: HTTPFetching
    /// The check a downloaded image must pass before an app shows it.
    public var imageValidator: ImageValidator
    /// Where the apps say what went wrong while they carry on.
    public var log: (String) -> Void
    /// Opens a link in the person's browser (a window) or says it would (a headless run). Only addresses the one
    /// address check (`WebAddress`) accepted ever reach it.
    public var openLink: (URL) -> Void

    /// Without `openLink`, a link is only written to `log`, saying that this run has no browser.
    public init(fetcher: HTTPFetching, imageValidator: @escaping ImageValidator, log: @escaping (String) -> Void,
                openLink: ((URL) -> Void)? = nil) {
        self.fetcher = fetcher
        self.imageValidator = imageValidator
        self.log = log
        self.openLink = openLink ?? { log("would open \($0.absoluteString) (this run has no browser)") }
    }

    /// No network (every fetch fails at once, and the apps run on bundled and saved data), no image ever accepted
    /// from outside (none is downloaded), and the log on standard error.
    public static var offline: AppsEnvironment {
        AppsEnvironment(fetcher: NoNetwork(), imageValidator: { _ in "this run checks no downloaded images" }, log: Log.line)
    }
}
