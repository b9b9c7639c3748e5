// swift-tools-version: 6.0
import PackageDescription

// A bookmarks app built as an app developer meets Trove: its own table declared with `@SQLRecord`,
// migrated, searched with highlights and snippets, streamed as you type, fetched as its own
// struct, and snapshot-tested. One file per task, so that `./count-lines` can count each (issue 21).
let package = Package(
    name: "Bookmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    // NB: named, so that the product resolves whatever the checkout folder is called.
    dependencies: [.package(name: "Trove", path: "../..")],
    targets: [
        .target(
            name: "Bookmarks",
            dependencies: [
                .product(name: "Trove", package: "Trove"),
                .product(name: "TroveTable", package: "Trove"),
            ]
        ),
        .testTarget(
            name: "BookmarksTests",
            dependencies: ["Bookmarks", .product(name: "TroveTestSupport", package: "Trove")]
        ),
    ]
)
