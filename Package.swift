// swift-tools-version:5.10
import PackageDescription

/// Kinetic: physics-driven interfaces on Linux.
///
/// The pure modules (`KineticCore`, `KineticScene`, `KineticPhysics`, `KineticRuntime`, `KineticApps`) know
/// nothing of windows or pixels; `KineticRender` draws with Cairo/Pango/librsvg, `KineticWindow` opens an SDL2
/// window, and `KineticScenario` plays scripted touches headlessly.
let package = Package(
    name: "Kinetic",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kinetic", targets: ["kinetic"]),
        .executable(name: "kinetic-bench", targets: ["kinetic-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already built for AsyncHTTPClient's TLS; the data layer takes SHA-256 from it.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // C libraries from Debian packages (see the Makefile's DEBIAN_PACKAGES).
        .systemLibrary(name: "CChipmunk", path: "Sources/CChipmunk"),
        .systemLibrary(name: "CGraphics", path: "Sources/CGraphics", pkgConfig: "pangocairo"),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2"),
        .target(name: "CMallocCounter", path: "Sources/CMallocCounter"),
        // The compositor's turned-bitmap kernel (bilinear sample and OVER in one loop).
        .target(name: "CBlend", path: "Sources/CBlend"),

        // Pure Swift: geometry, motion, gestures.
        .target(name: "KineticCore"),
        .target(name: "KineticPhysics", dependencies: ["KineticCore", "CChipmunk"]),
        .target(name: "KineticScene", dependencies: ["KineticCore"]),
        .target(name: "KineticRuntime", dependencies: ["KineticCore", "KineticScene", "KineticPhysics"]),
        .target(name: "KineticCatalog", dependencies: ["KineticCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                      .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "KineticApps", dependencies: ["KineticRuntime", "KineticCatalog"], resources: [.copy("Resources")]),

        // Platform side: pixels, windows, recordings.
        .target(name: "KineticRender", dependencies: ["KineticScene", "CGraphics", "CBlend"]),
        .target(name: "KineticScenario", dependencies: ["KineticRuntime", "KineticRender"]),
        .target(name: "KineticContentServer", dependencies: ["KineticCatalog", .product(name: "Hummingbird", package: "hummingbird")]),

        .target(name: "KineticWindow", dependencies: ["KineticRuntime", "KineticRender", "CSDL2", "CGraphics"]),

        .executableTarget(name: "kinetic", dependencies: [
            "KineticApps", "KineticScenario", "KineticWindow", "KineticContentServer", "KineticCatalog",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ]),
        .executableTarget(name: "kinetic-bench", dependencies: [
            "KineticApps", "KineticScenario", "CMallocCounter",
        ]),

        // A writer the crash test kills at random moments (see CatalogCrashTests).
        .executableTarget(name: "kinetic-save-loop", dependencies: ["KineticCatalog"], path: "Tests/SaveLoop"),

        // Test helpers shared by the test targets (image snapshots).
        .target(name: "KineticTestSupport", dependencies: ["KineticRender", "KineticContentServer", .product(name: "Hummingbird", package: "hummingbird")],
                path: "Sources/KineticTestSupport"),

        .testTarget(name: "KineticCoreTests", dependencies: ["KineticCore"]),
        .testTarget(name: "KineticPhysicsTests", dependencies: ["KineticPhysics", "CChipmunk"]),
        .testTarget(name: "KineticSceneTests", dependencies: ["KineticScene"]),
        .testTarget(name: "KineticRenderTests", dependencies: ["KineticRender", "KineticTestSupport", "CBlend", "CGraphics"], exclude: ["References"]),
        .testTarget(name: "KineticContentServerTests", dependencies: ["KineticContentServer", "KineticTestSupport"]),
        .testTarget(name: "KineticCatalogTests", dependencies: ["KineticCatalog", "KineticContentServer", "KineticRender", "KineticTestSupport",
                                                          .product(name: "Hummingbird", package: "hummingbird")]),
        .testTarget(name: "KineticScenarioTests", dependencies: ["KineticScenario", "KineticApps", "KineticRender", "KineticTestSupport"], exclude: ["References"]),
    ]
)
