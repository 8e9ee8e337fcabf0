import KineticApps
import KineticCatalog
import KineticNetwork
import KineticPlatform
import KineticRender

extension AppsEnvironment {
    /// The real world, built here at the edge: AsyncHTTPClient for downloads, the renderer's decoding check for
    /// images (Cairo and librsvg), and standard error for the log.
    static var live: AppsEnvironment {
        AppsEnvironment(fetcher: NetworkFetcher(), imageValidator: { ImageFileCheck.problem(at: $0) }, log: Log.line)
    }
}
