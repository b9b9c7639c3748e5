import Foundation
import Testing
import TroveQuery

/// An `order` closure takes orderings: values (ascending) and `.asc()`/`.desc()` terms, never a
/// comparison or other `Bool` expression, which compiled before and rendered
/// `ORDER BY created_at > created_at` (issue 52, item 4).
@Suite struct OrderingTermTests {
    struct Note: SQLTable {
        static let tableName = "notes"
        struct Columns: TableColumns {
            let createdAt = SQLColumn<Int64>("created_at")
            let isPinned = SQLColumn<Bool>("is_pinned")
        }
        static let columns = Columns()
    }

    @Test func aFlagSortsWithItsDirection() {
        #expect(Note.all.order { $0.isPinned.desc(); $0.createdAt }.sql.debugDescription
            == #"SELECT "notes".* FROM "notes" ORDER BY "notes"."is_pinned" DESC, "notes"."created_at""#)
    }

    /// The same source as a use site, type-checked against the built TroveQuery module.
    static func typecheck(_ orderTerms: String) throws -> (status: Int32, errors: String) {
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("Modules")
        try #require(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("TroveQuery.swiftmodule").path),
            "run this test from `swift test`, which builds TroveQuery's module into \(modules.path)")
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).swift")
        try """
            import TroveQuery
            enum Mood: String, SQLBindable { case calm, busy }
            struct Note: SQLTable {
                static let tableName = "notes"
                struct Columns: TableColumns {
                    let createdAt = SQLColumn<Int64>("created_at")
                    let isPinned = SQLColumn<Bool>("is_pinned")
                    let mood = SQLColumn<Mood>("mood")
                }
                static let columns = Columns()
            }
            let statement = Note.all.order { \(orderTerms) }
            """.write(to: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: source) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, source.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func orderingsCompile() throws {
        let result = try Self.typecheck("$0.createdAt; $0.createdAt.desc(); $0.isPinned.asc(nulls: .last); $0.mood.desc()")
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test(arguments: ["$0.createdAt > $0.createdAt", "$0.isPinned", "$0.createdAt == 3 || $0.isPinned"])
    func aBoolExpressionDoesNotCompile(_ term: String) throws {
        let result = try Self.typecheck(term)
        #expect(result.status != 0)
        #expect(result.errors.contains(
            "a Bool expression (a comparison or a flag) is not an ordering; write .asc() or .desc() to sort by it"))
    }
}

extension OrderingTermTests {
    // An app's own value type sorts bare once it says it is orderable; until then the error
    // says both ways out.
    @Test func aValueOfAnotherTypeNeedsItsDirectionOrAConformance() throws {
        let result = try Self.typecheck("$0.mood")
        #expect(result.status != 0)
        #expect(result.errors.contains(
            "sort by this value with .asc() or .desc(), or conform its type to OrderableQueryValue"))
    }
}
