import Foundation
import Synchronization

/// Pictures a refresh did not get in time (a slow image server, one that timed out or broke off), fetched again in the
/// background after it, so cells fill in as their pictures land instead of waiting for the app to be opened again.
///
/// It tries in rounds, each after a pause that doubles (`pauses`: 1, 2, 4, 8 and 16 s) and with the network's timeouts
/// doubling too (6, 12, 24 s…, held to a minute), so a server that needs four seconds an image is waited for by the
/// second round; what is preferred (the category on screen) goes first in every round. Each picture is handed over
/// as soon as it is checked (`fetch`'s `landed`); one that will not come whatever the wait (a 404, a file that is not an image)
/// is not asked for again. It stops after its last round, or at once when `stop()` is called (the screen went away).
public final class LateImages: Sendable {
    /// The pauses before each round, in seconds: five rounds, the last starting about half a minute after the refresh.
    public static let pauses: [Double] = [1, 2, 4, 8, 16]
    /// How long each round may take, as `ImageBatch`'s refresh deadline times the round's patience.
    public static let roundDeadline = ImageBatch.refreshDeadline

    /// The image URLs to try first (the category on screen), in order.
    private let preferred = Mutex<[String]>([])
    private let stopped = Mutex(false)

    /// Nothing arrived yet, nothing preferred.
    public init() {}

    /// Puts `urls` first from the next round on: the pictures of what the person is looking at.
    public func prefer(_ urls: [String]) { preferred.withLock { $0 = urls } }

    /// Stops after the download under way: nothing more is asked for.
    public func stop() { stopped.withLock { $0 = true } }

    /// Stopped, or the work fetching was cancelled (its screen left the stage).
    private var isStopped: Bool { stopped.withLock { $0 } || Task.isCancelled }

    /// Tries `urls` again, round by round, through `downloader` with its network made more patient each round, until
    /// each has landed or is not worth asking for again, the rounds are over, or `stop()`.
    /// - Parameter urls: the images to fetch (those the refresh did not get in time), the preferred first each round.
    /// - Parameter downloader: what fetches and checks each image; each round uses a copy with more patient timeouts.
    /// - Parameter pause: waits the given seconds (injected: a test's clock need not be the wall's).
    /// - Parameter landed: given each picture as it lands: its image URL and checked file.
    public func fetch(_ urls: [URL], downloader: ImageDownloader,
                      // A cancelled sleep ends the pause early: nothing failed, and `stop()` is looked at next.
                      pause: @Sendable (Double) async -> Void = { try? await Task.sleep(nanoseconds: UInt64($0 * 1e9)) },
                      landed: @escaping @Sendable (String, String) -> Void) async {
        var waiting = urls
        for (round, seconds) in Self.pauses.enumerated() {
            guard !waiting.isEmpty, !isStopped else { return }
            await pause(seconds)
            guard !isStopped else { return }
            let first = preferred.withLock { $0 }
            waiting.sort { (first.firstIndex(of: $0.absoluteString) ?? Int.max) < (first.firstIndex(of: $1.absoluteString) ?? Int.max) }
            let patience = Double(2 << round)  // 2, 4, 8, 16, 32 times the fetcher's own timeouts
            var patient = downloader
            patient.fetcher = downloader.fetcher.patient(by: patience)
            let results = await ImageBatch.files(for: waiting, downloader: patient, within: min(Self.roundDeadline * patience, 60)) { [self] url, file in
                landed(url.absoluteString, file.path)
            }
            waiting = zip(waiting, results).compactMap { url, result in
                if case .failure(let problem) = result, problem.isWorthRetrying { return url }
                return nil
            }
        }
    }
}
