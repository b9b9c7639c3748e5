// swift-tools-version: 6.0
import PackageDescription

// A small notes app that searches its own table with Trove's SearchIndex: the example that
// `scripts/test` builds and tests, so the library's any-table search is used as an app uses it.
let package = Package(
    name: "NotesApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    // NB: named, so that the product resolves whatever the checkout folder is called.
    dependencies: [.package(name: "Trove", path: "../..")],
    targets: [
        .target(name: "NotesApp", dependencies: [.product(name: "Trove", package: "Trove")]),
        .testTarget(name: "NotesAppTests", dependencies: ["NotesApp"]),
    ]
)
