public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros
import SwiftDiagnostics

/// `@SQLRecord("bookmarks")`: writes the struct's `SQLTable` conformance from its stored properties.
///
/// Each stored instance property becomes a `SQLColumn` of its annotated type, named by
/// `@SQLColumnName("…")` or else by the property's name in snake_case. Computed and `static`
/// properties are not columns. When a column's name differs from the property's coding key, the
/// expansion lists it in `columnNamesByCodingKey`, which `fetchAll(_:as:)` reads, so the struct's
/// own `Decodable` (synthesized, or with the app's `CodingKeys`) still decodes a row.
public struct SQLRecordMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(notAStruct(node: node, declaration: declaration))
            return []
        }
        guard let tableName = tableName(of: node, in: context) else { return [] }
        let columns = RecordColumns(of: structDecl, in: context)
        guard !columns.hadErrors else { return [] }
        guard !columns.all.isEmpty else {
            context.diagnose(Diagnostic(node: node, message: RecordMessage.noColumns(structDecl.name.text)))
            return []
        }

        let access = accessModifier(of: structDecl)
        // NB: computed, not `static let`: a generic struct cannot have static stored properties,
        // and building a `Columns` of a few names costs nothing.
        var members = """
            \(access)static var tableName: String { \(literal(tableName)) }
            \(access)struct Columns: TroveQuery.TableColumns {
            """
        for column in columns.all {
            members += "\n    \(access)let \(column.property) = TroveQuery.SQLColumn<\(column.type)>(\(literal(column.name)))"
        }
        if !access.isEmpty { members += "\n    \(access)init() {}" }
        members += "\n}\n\(access)static var columns: Columns { Columns() }"
        let renamed = columns.columnNamesByCodingKey
        if !renamed.isEmpty {
            let entries = renamed.map { "\(literal($0.key)): \(literal($0.value))" }.joined(separator: ", ")
            members += "\n\(access)static var columnNamesByCodingKey: [String: String] { [\(entries)] }"
        }

        // Only the protocols the struct does not already adopt (the compiler passes those).
        let adopted = protocols.map(\.trimmedDescription)
        var conformances: [String] = []
        if adopted.contains(where: { $0.hasSuffix("SQLTable") }) { conformances.append("TroveQuery.SQLTable") }
        if adopted.contains(where: { $0.hasSuffix("Decodable") }) { conformances.append("Swift.Decodable") }
        let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")

        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed)\(raw: inheritance) {
            \(raw: members)
            }
            """
        guard let result = extensionDecl.as(ExtensionDeclSyntax.self) else { return [] }
        return [result]
    }

    /// The table name: the attribute's one string literal argument.
    static func tableName(of node: AttributeSyntax, in context: some MacroExpansionContext) -> String? {
        guard
            let arguments = node.arguments?.as(LabeledExprListSyntax.self), arguments.count == 1,
            let name = stringLiteralValue(arguments.first!.expression), !name.isEmpty
        else {
            context.diagnose(Diagnostic(node: node, message: RecordMessage.tableNameNotALiteral))
            return nil
        }
        return name
    }

    /// The error for a class, enum or actor; a class gets a fix-it that makes it a struct.
    static func notAStruct(node: AttributeSyntax, declaration: some DeclGroupSyntax) -> Diagnostic {
        let kind: String
        var fixIts: [FixIt] = []
        if let classDecl = declaration.as(ClassDeclSyntax.self) {
            kind = "class"
            let keyword = classDecl.classKeyword
            fixIts.append(FixIt(
                message: RecordFixIt.makeStruct,
                changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.struct))))]
            ))
        } else if declaration.is(EnumDeclSyntax.self) {
            kind = "enum"
        } else if declaration.is(ActorDeclSyntax.self) {
            kind = "actor"
        } else if declaration.is(ProtocolDeclSyntax.self) {
            kind = "protocol"
        } else {
            kind = "extension"
        }
        return Diagnostic(node: node, message: RecordMessage.notAStruct(kind), fixIts: fixIts)
    }

    /// `public ` or `package ` when the struct is, so that the conformance is usable as widely.
    static func accessModifier(of decl: StructDeclSyntax) -> String {
        for modifier in decl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}

/// The text of a string literal without interpolation, or nil.
func stringLiteralValue(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var value = ""
    for segment in literal.segments {
        guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
        value += text.content.text
    }
    return value
}

/// `name` as a Swift string literal, for names with a quote or a backslash in them too.
func literal(_ name: String) -> String {
    // NB: no Foundation in the plugin: escaping by hand keeps it to swift-syntax alone.
    var escaped = "\""
    for character in name {
        if character == "\\" || character == "\"" { escaped.append("\\") }
        escaped.append(character)
    }
    return escaped + "\""
}
