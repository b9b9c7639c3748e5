// Checks every target's imports against Package.swift: each module a target imports is one it
// declares (or a system module), and each target or product it declares is imported somewhere
// in it. `scripts/check-imports` runs it; `scripts/test` runs that first.
//
//   swift package dump-package | swift scripts/check-imports.swift
import Foundation

/// Modules that come with the toolchain or the OS, never declared in Package.swift.
let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest",
    "PackagePlugin", "_Concurrency", "os",
]

let manifest = try JSONSerialization.jsonObject(with: FileHandle.standardInput.readDataToEndOfFile()) as! [String: Any]
let targets = manifest["targets"] as! [[String: Any]]
let kinds = Dictionary(uniqueKeysWithValues: targets.map { ($0["name"] as! String, $0["type"] as! String) })
var problems: [String] = []

/// The headers a C file includes: `sqlite3.h` for `#include <sqlite3.h>`.
func includes(in path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("#include") else { return nil }
        return text.dropFirst("#include".count).trimmingCharacters(in: CharacterSet(charactersIn: " <>\""))
    }
}

for target in targets {
    let name = target["name"] as! String, type = target["type"] as! String
    guard type != "system", type != "plugin" else { continue }
    let folder = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
    var declared: Set<String> = []
    for dependency in target["dependencies"] as! [[String: Any]] {
        for key in ["byName", "target", "product"] {
            if let value = dependency[key] as? [Any], let module = value.first as? String { declared.insert(module) }
        }
    }
    var imported: Set<String> = []
    let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files {
        let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.count >= 2, words[0] == "import" else { continue }
            imported.insert(words[1].split(separator: ".").first.map(String.init) ?? words[1])
        }
    }
    // NB: a C target "imports" a system library by including a header its shim includes
    // (CTroveRanking includes <sqlite3.h>, which CSQLite's shim.h includes).
    let cFiles = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") } ?? []
    let cIncludes = Set(try cFiles.flatMap { try includes(in: folder + "/" + $0) })
    for module in declared where kinds[module] == "system" {
        let shims = FileManager.default.enumerator(atPath: "Sources/\(module)")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".h") } ?? []
        let provided = Set(try shims.flatMap { try includes(in: "Sources/\(module)/" + $0) })
        if !provided.isDisjoint(with: cIncludes) { imported.insert(module) }
    }
    // A C target includes another C target's public headers (CTroveRanking includes
    // trove_connection_setup.h from CTroveSQLiteSupport/include).
    for module in declared where kinds[module] == "regular" {
        let headers = Set(FileManager.default.enumerator(atPath: "Sources/\(module)/include")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".h") } ?? [])
        if !headers.isDisjoint(with: cIncludes) { imported.insert(module) }
    }
    for module in imported.subtracting(declared).subtracting(systemModules).sorted() {
        problems.append("\(name) imports \(module), which Package.swift does not declare for it")
    }
    for module in declared.subtracting(imported).sorted() {
        // NB: a test target may declare an executable target only so that its binary is built
        // before the tests run it as a process.
        if type == "test", kinds[module] == "executable" { continue }
        // NB: a macro target is a compiler plugin: a library declares it to use its macros
        // (`#externalMacro(module:type:)`), never to import it.
        if kinds[module] == "macro" { continue }
        problems.append("\(name) declares \(module) in Package.swift but never imports it")
    }
}

// Every package dependency must provide a product some target declares.
let usedPackages = Set(targets.flatMap { target in
    (target["dependencies"] as! [[String: Any]]).compactMap { ($0["product"] as? [Any])?[1] as? String }
})
for dependency in manifest["dependencies"] as! [[String: Any]] {
    let source = (dependency["sourceControl"] as? [[String: Any]])?.first
    let location = ((source?["location"] as? [String: Any])?["remote"] as? [[String: Any]])?.first?["urlString"] as? String ?? ""
    let identity = source?["identity"] as? String ?? location
    let packageName = location.split(separator: "/").last.map(String.init) ?? identity
    // NB: swift-docc-plugin provides only a command plugin (`swift package generate-documentation`,
    // run by scripts/docs), which no target can declare.
    if identity.lowercased() == "swift-docc-plugin" { continue }
    if !usedPackages.contains(where: { $0.lowercased() == identity.lowercased() || $0 == packageName }) {
        problems.append("Package.swift depends on \(location), but no target uses a product of it")
    }
}

if problems.isEmpty {
    print("check-imports: every target's imports match Package.swift")
} else {
    for problem in problems { FileHandle.standardError.write(Data("check-imports: \(problem)\n".utf8)) }
    exit(1)
}
