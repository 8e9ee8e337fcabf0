// swift-tools-version:5.9
// An app of its own built on Kinetic's library products, as a developer outside the repository builds one: the
// package depends on Kinetic by path and names its products (KineticEngine, KineticApps), never its files.
import Foundation
import PackageDescription

// A package found by path goes by its folder's name, lower-cased and without a trailing ".git" (SwiftPM's identity):
// "kinetic" for a checkout named so, whatever a clone's folder is called here. One depending on Kinetic by its URL
// names it "kinetic".
let kinetic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
let folderName = kinetic.lastPathComponent.lowercased()
let kineticIdentity = folderName.hasSuffix(".git") ? String(folderName.dropLast(4)) : folderName

let package = Package(
    name: "FieldGuide",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: kinetic.path)],
    targets: [
        .executableTarget(name: "field-guide", dependencies: [
            .product(name: "KineticEngine", package: kineticIdentity),
            .product(name: "KineticApps", package: kineticIdentity),
        ], path: "Sources/FieldGuide"),
    ]
)
