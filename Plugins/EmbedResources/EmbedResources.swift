import Foundation
import PackagePlugin

/// Runs `TroveEmbed` before TroveStore compiles. It turns `schema/*.sql` and `seed-data/*`
/// into one Swift file, so the `trove` binary carries its migrations and demo data inside it
/// and works from any working directory.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let inputs = try ["schema", "seed-data"].flatMap { folder in
            try FileManager.default
                .contentsOfDirectory(at: root.appending(path: folder), includingPropertiesForKeys: nil)
                .filter { ["sql", "jsonl"].contains($0.pathExtension) }
        }.sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding schema/ and seed-data/ into \(target.name)",
                executable: try context.tool(named: "TroveEmbed").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
