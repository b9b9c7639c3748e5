import Foundation
import PackagePlugin

/// Writes the commit the binary is built from into TroveCLI before every build, for
/// `trove --version`. It runs `git rev-parse` in the package folder and rewrites the file only
/// when the text changes, so an unchanged commit recompiles nothing. Outside a git checkout (a
/// source tarball) the commit is "unknown".
///
/// ```swift
/// // BuildCommit.swift
/// let buildCommit = "4057e49a1c2d"   // with "+dirty" when the working tree has changes
/// ```
@main
struct StampVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "Stamp")
        // NB: a shell, not a tool target: a prebuild command may only run a program that exists
        // before the build, and it runs on every build, which is what notices a new commit.
        let script = #"""
            mkdir -p "$2" || exit 1
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit+dirty"
            fi
            text="let buildCommit = \"$commit\""
            [ "$(cat "$2/BuildCommit.swift" 2>/dev/null)" = "$text" ] || printf '%s\n' "$text" > "$2/BuildCommit.swift"
            """#
        return [
            .prebuildCommand(
                displayName: "Stamping the commit into \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "stamp", context.package.directoryURL.path, folder.path],
                outputFilesDirectory: folder
            )
        ]
    }
}
