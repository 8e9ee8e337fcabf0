import KineticApps
import KineticData
import KineticNetwork
import KineticPlatform

extension AppsEnvironment {
    /// The apps on the real network client (tests point them at a content server on loopback), with `validator` as
    /// the image check.
    static func networked(validator: @escaping ImageValidator, log: @escaping (String) -> Void = Log.line) -> AppsEnvironment {
        AppsEnvironment(fetcher: NetworkFetcher(), imageValidator: validator, log: log)
    }
}
