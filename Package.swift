// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

// NB: the oldest releases with `Synchronization.Mutex` (TroveSQLite) and Swift 6's concurrency
// runtime; the library uses nothing newer. Only Linux is built and tested here (see README).
let applePlatforms: [SupportedPlatform] = [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)]

// Linux links Debian's libsqlite3, found through pkg-config; Darwin links the SDK's libsqlite3
// (`sqlite3.h` and `-lsqlite3` from the module map), which has no pkg-config file to find.
#if os(Linux)
let sqlitePkgConfig: String? = "sqlite3"
#else
let sqlitePkgConfig: String? = nil
#endif

let package = Package(
    name: "Trove",
    platforms: applePlatforms,
    products: [
        .library(name: "Trove", targets: ["Trove"]),
        .library(name: "TroveQuery", targets: ["TroveQuery"]),
        .library(name: "TroveSQLite", targets: ["TroveSQLite"]),
        .library(name: "TroveStore", targets: ["TroveStore"]),
        .library(name: "TroveSearch", targets: ["TroveSearch"]),
        .library(name: "TroveTestSupport", targets: ["TroveTestSupport"]),
        // `@SQLRecord`: a table and its app model in one struct. Its own product, so that an app
        // that only searches never builds swift-syntax (see README, "Declaring a table").
        .library(name: "TroveTable", targets: ["TroveTable"]),
        .executable(name: "trove", targets: ["TroveCLI"]),
        .executable(name: "trove-bench", targets: ["TroveBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // TestClock, so the interactive session's debounce and the fake engine's delays run on
        // time a test advances instead of fixed sleeps (issue 15).
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // `swift package generate-documentation`: the DocC catalogs in each library module
        // (scripts/docs builds them all and fails on any warning; issue 16).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Only for TroveBesideGRDBTests: an app imports GRDB and Trove together and names both
        // libraries' types unqualified (issue 21, item 2). No library target depends on it.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The `@SQLRecord` macro's compiler plugin (TroveMacros) and its expansion tests. Only the
        // TroveTable product pulls it into an app's build. NB: 603.0.1 is what swift-snapshot-testing
        // already resolves here; a range keeps an app free to resolve 600–603 with its other macros.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        // The system's libsqlite3: Debian's (pkg-config) on Linux, the SDK's on Apple platforms.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: sqlitePkgConfig,
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // Pure Swift: renders SQL text plus bindings. Imports no SQLite.
        .target(name: "TroveQuery"),

        // The SQLite layer's C side: process-wide settings before SQLite starts (sqlite3_config is
        // variadic) and the connection setup hooks through which other modules add functions.
        .target(name: "CTroveSQLiteSupport", dependencies: ["CSQLite"]),

        // Trove's ranking as FTS5 auxiliary functions (trove_rank…) and the counting functions,
        // in C because SQLite calls them once per matching row. A load-time constructor adds
        // them to TroveSQLite's connection setup hooks: TroveSQLite registers no function itself.
        .target(name: "CTroveRanking", dependencies: ["CSQLite", "CTroveSQLiteSupport"]),

        // A thin layer over libsqlite3 that executes what TroveQuery renders.
        .target(name: "TroveSQLite", dependencies: ["CSQLite", "CTroveSQLiteSupport", "TroveQuery"]),

        // The reminders domain: schema, migrations, FTS5 index, import and export.
        .target(
            name: "TroveStore",
            dependencies: [
                // CTroveRanking: the reminders' triggers call its trove_prefix_tally.
                "TroveSQLite", "TroveQuery", "CTroveRanking",
                .product(name: "CSV", package: "CSV.swift"),
            ],
            plugins: ["EmbedResources"]
        ),

        // The query language, engines, ranking and the SearchProvider.
        .target(name: "TroveSearch", dependencies: ["TroveStore", "TroveSQLite", "TroveQuery", "CTroveRanking"]),

        // One import for apps: re-exports the builder, the SQLite layer and the search library;
        // the reminders domain (TroveStore) is an import of its own.
        .target(name: "Trove", dependencies: ["TroveQuery", "TroveSQLite", "TroveSearch"]),

        // What `@SQLRecord` and `@SQLColumnName` expand to: reads a struct's stored properties and
        // writes its SQLTable conformance. A library of its own, apart from the compiler plugin,
        // so that the expansion tests depend on it and not on a macro target.
        // NB: a test target that depends on a `.macro` target makes SwiftPM build the whole test
        // product for the host ("Modules-tool"): every module twice, and TroveCLI, an executable,
        // then fails to import in its tests ("no such module 'TroveCLI'") on a clean build.
        .target(
            name: "TroveMacroExpansions",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        // The compiler plugin that serves those expansions to the compiler.
        .macro(
            name: "TroveMacros",
            dependencies: [
                "TroveMacroExpansions",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // Declares the macros, and re-exports the builder their expansion names (TroveQuery).
        .target(name: "TroveTable", dependencies: ["TroveQuery", "TroveMacros"]),

        // Seeded databases and snapshot helpers, for Trove's tests and for apps that embed Trove.
        .target(
            name: "TroveTestSupport",
            dependencies: [
                "TroveStore", "TroveSearch", "TroveQuery", "TroveSQLite",
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),

        // Process settings `trove` makes first in main (address space, out-of-memory exit), in C
        // for glibc extensions and async-signal-safe handlers.
        .target(name: "CTroveRuntime"),

        // The `trove` command.
        .executableTarget(
            name: "TroveCLI",
            dependencies: [
                "TroveSearch", "TroveStore", "TroveSQLite", "TroveQuery", "CTroveRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["StampVersion"]
        ),

        // The benchmark suite: workloads, measurements against direct-libsqlite3 baselines, and
        // the markdown table, in a library so that tests can reach the pure parts.
        .target(
            name: "TroveBenchKit",
            dependencies: ["CSQLite", "CTroveRanking", "TroveSQLite", "TroveStore", "TroveSearch", "TroveQuery"]
        ),

        // `trove-bench`: prints the benchmark tables (BENCHMARKS.md, BENCHMARKS-HISTORY.md).
        .executableTarget(
            name: "TroveBench",
            dependencies: [
                "TroveBenchKit", "TroveSearch", "TroveSQLite", "TroveQuery", "TroveStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Build-time embedding of schema/ and seed-data/ into TroveStore, so the binary works
        // from any directory and needs no resource bundle beside it.
        .executableTarget(name: "TroveEmbed", path: "Sources/TroveEmbed"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["TroveEmbed"]),
        // The commit `trove --version` names, written before every build.
        .plugin(name: "StampVersion", capability: .buildTool()),

        .testTarget(
            name: "TroveQueryTests",
            dependencies: [
                "TroveQuery", "TroveSQLite",
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(name: "TroveSQLiteTests", dependencies: ["TroveSQLite", "TroveQuery", "TroveTestSupport", "CSQLite", "CTroveSQLiteSupport"]),
        .testTarget(
            name: "TroveStoreTests",
            dependencies: ["TroveStore", "TroveSQLite", "TroveQuery", "TroveTestSupport"]
        ),
        .testTarget(
            name: "TroveSearchTests",
            dependencies: [
                "TroveSearch", "TroveStore", "TroveSQLite", "TroveQuery", "TroveTestSupport",
                // withSnapshotTesting(record:), so a test can prove a helper fails on a missing snapshot.
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "TroveCLITests",
            dependencies: [
                "TroveCLI", "TroveSearch", "TroveStore", "TroveSQLite", "TroveQuery", "TroveTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            // Fixtures/Import holds the real-world-style iCalendar and todo.txt files the import table runs.
            exclude: ["Fixtures"]
        ),
        // Hostile input, kill -9, concurrent processes and damaged files, against the real
        // `trove` binary (built by depending on TroveCLI) and the library. `scripts/reliability`
        // runs it at full scale.
        .testTarget(
            name: "TroveReliabilityTests",
            // NB: TroveBench so that `trove-bench app-writes`, the app the kill -9 suite kills, is built first.
            dependencies: ["TroveCLI", "TroveBench", "TroveSearch", "TroveStore", "TroveSQLite", "TroveQuery", "TroveTestSupport"]
        ),
        // NB: TroveBench only so that `trove-bench`, which BenchSmokeTests runs, is built first.
        // Stand-ins for SwiftUI's, SwiftData's and GRDB's names, and a test that imports them beside
        // Trove: a public Trove name that collides with theirs stops it compiling (issue 16, item 4).
        .target(name: "LookalikeFrameworks", path: "Tests/LookalikeFrameworks"),
        .testTarget(name: "TroveNameTests", dependencies: ["Trove", "TroveStore", "TroveTable", "LookalikeFrameworks"]),
        // GRDB itself, built beside Trove: a Trove name GRDB also declares stops it compiling.
        .testTarget(
            name: "TroveBesideGRDBTests",
            dependencies: ["Trove", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // `@SQLRecord`'s expansions (assertMacroExpansion, part of swift-syntax; the generic one,
        // which reports through a closure, so Swift Testing sees its failures) and a table declared
        // with it, created, filled and fetched for real.
        .testTarget(
            name: "TroveTableTests",
            dependencies: [
                "TroveTable", "TroveMacroExpansions", "TroveSQLite", "TroveQuery",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "TroveBenchTests", dependencies: ["TroveBenchKit", "TroveBench", "TroveSearch", "TroveStore"]),
    ]
)

// Upcoming features that keep the code honest, for every Swift target.
// (The C targets take no Swift settings.)
for target in package.targets where target.type != .system && target.type != .plugin
    && !["CTroveRanking", "CTroveRuntime", "CTroveSQLiteSupport"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
