import KineticApps
import KineticData
import KineticNetwork
import KineticPlatform
import KineticRender
import KineticWindow

extension AppsEnvironment {
    /// The real world, built here at the edge: AsyncHTTPClient for downloads, the renderer's decoding check for
    /// images (Cairo and librsvg), and standard error for the log. Links are refused: a headless run has no browser.
    static var live: AppsEnvironment {
        AppsEnvironment(fetcher: NetworkFetcher(), imageValidator: { ImageFileCheck.problem(at: $0) }, log: Log.line)
    }

    /// The real world of a window: links open in the person's browser, through SDL.
    static var liveWindow: AppsEnvironment {
        var environment = live
        environment.openLink = { url in
            if let problem = DesktopWindow.openInBrowser(url) { throw LinkNotOpened(reason: problem) }
        }
        return environment
    }
}
