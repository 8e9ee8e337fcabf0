import AsyncHTTPClient
import Foundation
import KineticData
import KineticCore
import NIOCore
import NIOHTTP1

/// Fetches with AsyncHTTPClient: a connect and read (idle) timeout, a total deadline that holds however slowly the
/// bytes trickle in, a body cap enforced while the bytes arrive, and one retry (after `retryDelay`) for a timeout, a
/// dropped connection or a 5xx. Every wait is on the network's event loop or a sleeping task: a stalled server costs
/// no CPU.
package final class NetworkFetcher: HTTPFetching, Sendable {
    /// The timeouts, total deadline and retry delay every fetch keeps to.
    package let policy: FetchPolicy
    private let client: HTTPClient

    /// A fetcher keeping to `policy`; fetchers with the same idle timeout share one HTTP client and its connections.
    package init(policy: FetchPolicy = FetchPolicy()) {
        self.policy = policy
        client = ClientPool.client(idleTimeout: policy.idleTimeout)
    }

    /// A fetcher whose timeouts are `factor` times these (at least these, at most 30 s idle and 60 s in all).
    package func patient(by factor: Double) -> HTTPFetching {
        let factor = factor.isFinite ? min(max(factor, 1), 100) : 1
        return NetworkFetcher(policy: FetchPolicy(idleTimeout: min(policy.idleTimeout * factor, 30), totalTimeout: min(policy.totalTimeout * factor, 60),
                                                  retryDelay: policy.retryDelay))
    }

    /// GETs `url` with `headers`, refusing a body over `maxBytes` and retrying once after a transient failure;
    /// an address `WebAddress` refuses throws `FetchError.connection` without a request.
    package func get(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult {
        // The HTTP client is not built for every address a document may hold (a port out of range stops it): only
        // what the one address check accepts reaches it.
        if case .failure(let refusal) = WebAddress.http(url.absoluteString) { throw FetchError.connection(url, "\(refusal)") }
        do {
            return try await attempt(url, headers: headers, maxBytes: maxBytes)
        } catch let error as FetchError where error.isTransient {
            try await Task.sleep(nanoseconds: UInt64(max(policy.retryDelay, 0) * 1e9))
            return try await attempt(url, headers: headers, maxBytes: maxBytes)
        }
    }

    /// One request, raced against its total deadline: whichever ends first wins, and the other is cancelled.
    private func attempt(_ url: URL, headers: [String: String], maxBytes: Int) async throws -> HTTPResult {
        let total = max(policy.totalTimeout, 0.001)
        let client = self.client
        return try await withThrowingTaskGroup(of: HTTPResult?.self) { group in
            group.addTask { try await Self.fetch(url, headers: headers, maxBytes: maxBytes, client: client, deadline: total) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(total * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else { throw FetchError.timedOut(url) }
            return result
        }
    }

    private static func fetch(_ url: URL, headers: [String: String], maxBytes: Int, client: HTTPClient, deadline: Double) async throws -> HTTPResult {
        var request = HTTPClientRequest(url: url.absoluteString)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        do {
            let response = try await client.execute(request, deadline: .now() + .nanoseconds(Int64(deadline * 1e9)))
            var names: [String: String] = [:]
            for header in response.headers { names[header.name.lowercased()] = header.value }
            if let declared = names["content-length"].flatMap(Int.init), declared > maxBytes { throw FetchError.tooLarge(url, limit: maxBytes) }
            var body = Data()
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= maxBytes else { throw FetchError.tooLarge(url, limit: maxBytes) }
                body.append(contentsOf: chunk.readableBytesView)
            }
            let status = Int(response.status.code)
            guard status == 304 || (200..<300).contains(status) else { throw FetchError.status(url, status) }
            return HTTPResult(status: status, headers: names, body: body)
        } catch let error as FetchError {
            throw error
        } catch is CancellationError {
            throw FetchError.timedOut(url)
        } catch let error as HTTPClientError {
            switch error {
            case .connectTimeout, .readTimeout, .deadlineExceeded, .cancelled: throw FetchError.timedOut(url)
            default: throw FetchError.connection(url, ConnectionFailure.sentence(for: error, reaching: url))
            }
        } catch {
            throw FetchError.connection(url, ConnectionFailure.sentence(for: error, reaching: url))
        }
    }
}

/// One HTTP client per idle timeout, for the life of the process (a client must be shut down before it goes, and
/// these never go), so fetchers made and dropped freely share connections and cost nothing to make.
enum ClientPool {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clients: [Int: HTTPClient] = [:]

    static func client(idleTimeout: Double) -> HTTPClient {
        let milliseconds = max(Int((idleTimeout * 1000).rounded()), 1)
        return lock.withLock {
            if let client = clients[milliseconds] { return client }
            var configuration = HTTPClient.Configuration()
            configuration.timeout = .init(connect: .milliseconds(Int64(milliseconds)), read: .milliseconds(Int64(milliseconds)))
            configuration.redirectConfiguration = .follow(max: 3, allowCycles: false)
            // A refused connection fails at once (the fetcher retries once itself), rather than being retried until
            // the connect timeout: with the server down, the app says so in a moment, not after seconds.
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[milliseconds] = client
            return client
        }
    }
}
