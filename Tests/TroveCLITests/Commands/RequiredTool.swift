import Foundation
import Testing

/// The programs tests run besides `trove`, found on PATH; a missing one fails the test that
/// needs it with a sentence naming it and the package that has it (never a silent skip).
/// `scripts/bootstrap` installs them all.
enum RequiredTool {
    /// Debian's package for each program a test runs.
    static let packages = [
        "sqlite3": "sqlite3", "tmux": "tmux", "setsid": "util-linux", "setpriv": "util-linux", "zsh": "zsh", "fish": "fish",
    ]

    /// The program's path, or nil when it is not on PATH.
    static func path(of name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func missingMessage(_ name: String) -> String {
        "this test needs the `\(name)` command, which is not installed; run scripts/bootstrap --with-tmux "
            + "(or apt-get install \(packages[name] ?? name))"
    }
}

/// The path of `name`, or a failed test that says it is missing and how to install it.
@discardableResult
func requireTool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let path = RequiredTool.path(of: name)
    try #require(path != nil, Comment(rawValue: RequiredTool.missingMessage(name)), sourceLocation: sourceLocation)
    return URL(fileURLWithPath: path!)
}

@Suite struct RequiredToolTests {
    @Test func aMissingToolIsNamedWithWhatToInstall() {
        #expect(RequiredTool.path(of: "trove-no-such-tool", environment: ["PATH": "/usr/bin:/bin"]) == nil)
        #expect(RequiredTool.path(of: "sh") != nil)
        #expect(RequiredTool.missingMessage("sqlite3")
            == "this test needs the `sqlite3` command, which is not installed; run scripts/bootstrap --with-tmux (or apt-get install sqlite3)")
        withKnownIssue("a missing tool fails the test that needs it") {
            try requireTool("trove-no-such-tool")
        }
    }
}
