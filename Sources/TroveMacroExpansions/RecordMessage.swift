import SwiftDiagnostics

/// What `@SQLRecord` says about a declaration it cannot make a table of: each says what to do.
enum RecordMessage: DiagnosticMessage {
    case notAStruct(String)
    case tableNameNotALiteral
    case noColumns(String)
    case missingType(String)
    case notAName
    case columnNameNotALiteral
    case columnNameOnNonColumn
    case columnNameOnSeveral
    case duplicateColumn(String, String, String)

    var message: String {
        switch self {
        case .notAStruct(let kind):
            "@SQLRecord applies to a struct, not to this \(kind); declare the table's rows as a struct"
        case .tableNameNotALiteral:
            "@SQLRecord needs the table's name as one string literal, such as @SQLRecord(\"bookmarks\")"
        case .noColumns(let name):
            "@SQLRecord found no stored property in '\(name)'; declare one per column, such as 'var id: Int64'"
        case .missingType(let name):
            "@SQLRecord needs the type of '\(name)' to declare its column; write it, such as 'var \(name): String'"
        case .notAName:
            "@SQLRecord reads one property per name; declare each column as its own 'var name: Type'"
        case .columnNameNotALiteral:
            "@SQLColumnName needs the column's name as one string literal, such as @SQLColumnName(\"visits\")"
        case .columnNameOnNonColumn:
            "@SQLColumnName names a stored property's column; a computed, static or lazy property has none, so remove it"
        case .columnNameOnSeveral:
            "@SQLColumnName names one property's column; declare this property on its own line"
        case .duplicateColumn(let column, let first, let second):
            "'\(first)' and '\(second)' both read the column \"\(column)\"; give one of them another @SQLColumnName"
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .notAStruct: "notAStruct"
        case .tableNameNotALiteral: "tableNameNotALiteral"
        case .noColumns: "noColumns"
        case .missingType: "missingType"
        case .notAName: "notAName"
        case .columnNameNotALiteral: "columnNameNotALiteral"
        case .columnNameOnNonColumn: "columnNameOnNonColumn"
        case .columnNameOnSeveral: "columnNameOnSeveral"
        case .duplicateColumn: "duplicateColumn"
        }
        return MessageID(domain: "TroveMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its `@SQLRecord` offers.
enum RecordFixIt: FixItMessage {
    case makeStruct
    case addType(String)

    var message: String {
        switch self {
        case .makeStruct: "Declare it as a struct"
        case .addType(let type): "Write its type, ': \(type)'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .makeStruct: MessageID(domain: "TroveMacros", id: "makeStruct")
        case .addType: MessageID(domain: "TroveMacros", id: "addType")
        }
    }
}
