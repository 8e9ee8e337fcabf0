import Foundation

/// Downloads the images one refresh needs together: at most `parallel` at a time, all within what is left of the
/// refresh's deadline. A server that never answers costs the refresh its deadline once, not a timeout per image;
/// what finished in time is kept, and each image that did not is said with its address.
public enum ImageBatch {
    /// How long one whole refresh (its document and every image) may take, in seconds.
    public static let refreshDeadline = 15.0
    /// How many images download at once.
    public static let parallel = 4

    /// The checked file or the reason, for each of `urls`, in order. An address listed twice (one picture used as a
    /// costume's icon and as what is worn) is fetched and checked once, and both places get its one answer.
    /// - Parameters:
    ///   - urls: the images.
    ///   - downloader: fetches, caches and checks one image.
    ///   - seconds: the time left for all of them.
    ///   - landed: told of each image as soon as its file is checked (from the batch's task), so it can be shown then.
    public static func files(for urls: [URL], downloader: ImageDownloader, within seconds: Double,
                             landed: (@Sendable (URL, URL) -> Void)? = nil) async -> [Result<URL, ImageProblem>] {
        var seen = Set<URL>()
        let distinct = urls.filter { seen.insert($0).inserted }
        guard distinct.count < urls.count else { return await distinctFiles(for: urls, downloader: downloader, within: seconds, landed: landed) }
        let results = await distinctFiles(for: distinct, downloader: downloader, within: seconds, landed: landed)
        let answers = Dictionary(uniqueKeysWithValues: zip(distinct, results))
        return urls.map { url in
            // Every address of `urls` is in `distinct`, so it has an answer; the late one stands in should that change.
            answers[url] ?? .failure(ImageProblem(description: "image \(url.absoluteString): not downloaded before the refresh's deadline", isWorthRetrying: true))
        }
    }

    /// `files(for:…)` for addresses that are each listed once.
    private static func distinctFiles(for urls: [URL], downloader: ImageDownloader, within seconds: Double,
                                      landed: (@Sendable (URL, URL) -> Void)?) async -> [Result<URL, ImageProblem>] {
        let late = "not downloaded before the refresh's deadline"
        var results = urls.map {
            Result<URL, ImageProblem>.failure(ImageProblem(description: "image \($0.absoluteString): \(late)", isWorthRetrying: true))
        }
        guard !urls.isEmpty, seconds > 0 else { return results }
        /// One finished download (its index), or the deadline.
        enum Event: Sendable { case finished(Int, Result<URL, ImageProblem>), deadline }
        await withTaskGroup(of: Event.self) { group in
            group.addTask {
                // Cancelled with the rest once every download is in; a cancelled sleep ends at once.
                do { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) } catch { return .deadline }
                return .deadline
            }
            var next = 0
            func startNext() {
                guard next < urls.count else { return }
                let index = next, url = urls[index]
                next += 1
                group.addTask { .finished(index, await downloader.file(for: url)) }
            }
            for _ in 0..<min(parallel, urls.count) { startNext() }
            var finished = 0
            while let event = await group.next() {
                switch event {
                case .finished(let index, let result):
                    results[index] = result
                    if case .success(let file) = result { landed?(urls[index], file) }
                    finished += 1
                    if finished == urls.count { group.cancelAll(); return }
                    startNext()
                case .deadline:
                    group.cancelAll()
                    return
                }
            }
        }
        return results
    }

    /// `work`'s answer if it comes within `seconds`, else `fallback`. `work` is then cancelled and waited for, so it
    /// must stop when cancelled (a fetch does, and so does a check in a child process, which is killed).
    public static func answer<T: Sendable>(within seconds: Double, otherwise fallback: T, _ work: @escaping @Sendable () async -> T) async -> T {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await work() }
            group.addTask {
                // Cancelled once `work` answered; a cancelled sleep ends at once, and then `work`'s answer is the one read.
                do { try await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1e9)) } catch { return nil }
                return nil
            }
            let first = await group.next()
            group.cancelAll()
            if case .some(.some(let answer)) = first { return answer }
            return fallback
        }
    }
}
