// swift-tools-version:6.0
import PackageDescription

/// Kinetic: physics-driven interfaces on Linux.
///
/// The graph, from the bottom (each target lists exactly what it imports; `make test` builds with SwiftPM's
/// explicit-import check as an error, so it stays true):
/// - `KineticCore`: geometry, motion, gestures, tunables. Pure: no files, clock, environment or output.
/// - `KineticPlatform`: the few things that touch the machine: folders, atomic files, installed files, the log
///   (swift-log, with a handler of its own).
/// - `KineticScene`, `KineticPhysics`: the layer tree; Chipmunk2D in UIKit Dynamics' terms.
/// - `KineticRuntime`: stage, clock driver, shell, engine components. `KineticData`: documents, saved copies,
///   image cache, the `HTTPFetching` protocol (no HTTP client). `KineticApps`: the three apps.
/// - Platform side: `KineticNetwork` (AsyncHTTPClient), `KineticRender` (Cairo, Pango, librsvg, pixman),
///   `KineticScenario` (headless runs), `KineticWindow` (SDL2), `KineticContentServer` (Hummingbird), and `kinetic`,
///   the edge where the live environment is built.
let package = Package(
    name: "Kinetic",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kinetic", targets: ["kinetic"]),
        .executable(name: "kinetic-bench", targets: ["kinetic-bench"]),
        // For packages that build on Kinetic (docs/architecture.md, "Library products"): the engine, and the three
        // apps (the Honeycomb among them) as components. Their public API is not yet a designed surface (issue #56).
        .library(name: "KineticEngine", targets: ["KineticCore", "KineticScene", "KineticPhysics", "KineticRuntime", "KineticRender",
                                                  "KineticScenario", "KineticWindow", "KineticPlatform"]),
        .library(name: "KineticApps", targets: ["KineticApps", "KineticData"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already built for AsyncHTTPClient's TLS; the data layer takes SHA-256 from it.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Both come with Hummingbird and AsyncHTTPClient; named here because our own code imports them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.0.0"),
        // Comes with AsyncHTTPClient; named here because the mail session's TLS (imaps://) imports it.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // SQLite (Debian's libsqlite3-dev) for the mail kept between launches: each account's headers, flags and bodies.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // C libraries from Debian packages (see the Makefile's DEBIAN_PACKAGES).
        .systemLibrary(name: "CChipmunk", path: "Sources/CChipmunk"),
        .systemLibrary(name: "CGraphics", path: "Sources/CGraphics", pkgConfig: "pangocairo"),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2"),
        .target(name: "CMallocCounter", path: "Sources/CMallocCounter"),
        // ATK and its AT-SPI bridge (libatk1.0-dev, libatk-bridge2.0-dev), and the small C that publishes Kinetic's
        // accessibility tree through them on a GLib thread of its own.
        .systemLibrary(name: "CATK", path: "Sources/CATK", pkgConfig: "atk-bridge-2.0"),
        .target(name: "CAccessibility", dependencies: ["CATK"], path: "Sources/CAccessibility",
                linkerSettings: [.linkedLibrary("atk-bridge-2.0"), .linkedLibrary("atk-1.0"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]),
        // The compositor's turned-bitmap kernel (bilinear sample and OVER in one loop).
        .target(name: "CBlend", path: "Sources/CBlend"),
        // The benchmark's floor: a frame's clears and blends as tight C with SIMD (SSE2; AVX2 where the processor has it, detected with
        // CBlend's check), on one core and on all.
        .target(name: "CPixelFloor", dependencies: ["CBlend"], path: "Sources/CPixelFloor"),

        // Pure Swift: geometry, motion, gestures, tunables.
        .target(name: "KineticCore"),
        .target(name: "KineticPlatform", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(name: "KineticPhysics", dependencies: ["KineticCore", "CChipmunk"]),
        .target(name: "KineticScene", dependencies: ["KineticCore"]),
        .target(name: "KineticRuntime", dependencies: ["KineticCore", "KineticScene", "KineticPlatform"]),
        .target(name: "KineticData", dependencies: ["KineticCore", "KineticPlatform", .product(name: "Crypto", package: "swift-crypto")]),
        // MIME through Debian's GMime 3: a message's text and attachments, whatever its encodings.
        .systemLibrary(name: "CGMime", path: "Sources/CGMime", pkgConfig: "gmime-3.0"),
        .systemLibrary(name: "CXML2", path: "Sources/CXML2", pkgConfig: "libxml-2.0"),
        .target(name: "CHTMLReader", dependencies: ["CXML2"], path: "Sources/CHTMLReader"),
        // The desktop's Secret Service through Debian's libsecret: mail passwords kept as the desktop keeps them.
        .systemLibrary(name: "CSecret", path: "Sources/CSecret", pkgConfig: "libsecret-1"),
        // IMAP and SMTP on SwiftNIO, issue #40: the protocol's parser, sessions, and the Mailbox's server; no app in them.
        .target(name: "KineticMail", dependencies: ["KineticData", "KineticPlatform", "CGMime", "CHTMLReader", "CSecret", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                                                    .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                                                    .product(name: "NIOSSL", package: "swift-nio-ssl"),
                                                    .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "KineticApps", dependencies: ["KineticRuntime", "KineticData", "KineticCore", "KineticScene", "KineticPhysics",
                                                   "KineticPlatform"], resources: [.copy("Resources")]),

        // Platform side: the network, pixels, windows, recordings, the content server.
        .target(name: "KineticNetwork", dependencies: ["KineticData", "KineticCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                      .product(name: "NIOCore", package: "swift-nio"),
                                                      .product(name: "NIOHTTP1", package: "swift-nio")]),
        .target(name: "KineticRender", dependencies: ["KineticCore", "KineticScene", "CGraphics", "CBlend"]),
        .target(name: "KineticScenario", dependencies: ["KineticCore", "KineticScene", "KineticRuntime", "KineticRender", "KineticPlatform"]),
        .target(name: "KineticContentServer", dependencies: ["KineticData", "KineticCore", "KineticPlatform", .product(name: "Hummingbird", package: "hummingbird"),
                                                            .product(name: "HummingbirdCore", package: "hummingbird"),
                                                            .product(name: "HTTPTypes", package: "swift-http-types"),
                                                            .product(name: "NIOHTTP1", package: "swift-nio"),
                                                            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                                                            .product(name: "Logging", package: "swift-log"),
                                                            .product(name: "NIOCore", package: "swift-nio")]),

        .target(name: "KineticWindow", dependencies: ["KineticCore", "KineticScene", "KineticRuntime", "KineticRender", "KineticPlatform", "CSDL2",
                                                     "CAccessibility"]),

        .executableTarget(name: "kinetic", dependencies: [
            "KineticApps", "KineticData", "KineticCore", "KineticNetwork", "KineticPlatform", "KineticRender", "KineticRuntime",
            "KineticScenario", "KineticScene", "KineticWindow", "KineticContentServer", "KineticMail",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "kinetic-bench", dependencies: [
            "KineticApps", "KineticData", "KineticCore", "KineticPhysics", "KineticRender", "KineticRuntime", "KineticScene", "CMallocCounter",
            "CPixelFloor", "KineticFixtures", "KineticMail",
        ]),

        // A writer the crash test kills at random moments (see CatalogCrashTests).
        .executableTarget(name: "kinetic-save-loop", dependencies: ["KineticData"], path: "Tests/SaveLoop"),

        // Fixtures the tests and the benchmark share (the served costumes, read from Content/); not in any product.
        .target(name: "KineticFixtures", dependencies: ["KineticApps", "KineticData", "KineticPlatform"]),
        // Test helpers shared by the test targets (image snapshots, a running content server, a stage driver).
        .target(name: "KineticTestSupport", dependencies: ["KineticRender", "KineticContentServer", "KineticRuntime", "KineticCore",
                                                          .product(name: "Hummingbird", package: "hummingbird"),
                                                          .product(name: "Logging", package: "swift-log")],
                path: "Sources/KineticTestSupport"),

        .testTarget(name: "KineticCoreTests", dependencies: ["KineticCore"]),
        .testTarget(name: "KineticPhysicsTests", dependencies: ["KineticPhysics", "KineticCore", "CChipmunk"]),
        .testTarget(name: "KineticSceneTests", dependencies: ["KineticScene", "KineticCore"]),
        .testTarget(name: "KineticRuntimeTests", dependencies: ["KineticRuntime", "KineticCore", "KineticScene", "KineticTestSupport"]),
        // The apps' rules alone: builds without Cairo, Pango, pixman, SDL or an HTTP client.
        .testTarget(name: "KineticMailTests", dependencies: ["KineticMail", "KineticData", "KineticTestSupport",
                                                             .product(name: "NIOCore", package: "swift-nio"),
                                                             .product(name: "NIOEmbedded", package: "swift-nio"),
                                                             .product(name: "NIOSSL", package: "swift-nio-ssl")]),
        .testTarget(name: "KineticAppsTests", dependencies: ["KineticApps", "KineticData", "KineticCore", "KineticRuntime", "KineticFixtures"]),
        .testTarget(name: "KineticRenderTests", dependencies: ["KineticRender", "KineticTestSupport", "KineticCore", "KineticScene", "CBlend", "CGraphics",
                                                                "CPixelFloor"],
                    exclude: ["References"]),
        .testTarget(name: "KineticContentServerTests", dependencies: ["KineticContentServer", "KineticTestSupport"]),
        .testTarget(name: "KineticDataTests", dependencies: ["KineticData", "KineticCore", "KineticNetwork", "KineticContentServer", "KineticRender", "KineticPlatform",
                                                                "KineticTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                                                                .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "KineticScenarioTests", dependencies: ["KineticScenario", "KineticApps", "KineticData", "KineticNetwork",
                                                                 "KineticContentServer", "KineticCore", "KineticPhysics", "KineticRender",
                                                                 "KineticRuntime", "KineticScene", "KineticPlatform", "KineticTestSupport",
                                                                 "KineticFixtures", "KineticMail"],
                    exclude: ["References"]),
        .testTarget(name: "KineticWindowTests", dependencies: ["KineticWindow", "KineticCore", "KineticScene"]),
        .testTarget(name: "AddingAnAppTests", dependencies: ["KineticRuntime", "KineticCore", "KineticScene", "KineticScenario", "KineticTestSupport"]),
    ]
)
