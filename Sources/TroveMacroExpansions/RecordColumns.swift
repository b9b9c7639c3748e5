import SwiftSyntax
import SwiftSyntaxMacros
import SwiftDiagnostics

/// One stored property of a `@SQLRecord` struct, as a column.
struct RecordColumn {
    /// The property's name as written (backticks kept), for `let <property> = SQLColumn…`.
    var property: String
    /// The property's name as a coding key uses it (no backticks).
    var key: String
    /// The column's name in the schema.
    var name: String
    /// The property's type, as written.
    var type: String
}

/// The columns of a `@SQLRecord` struct, read from its members; problems become diagnostics.
struct RecordColumns {
    private(set) var all: [RecordColumn] = []
    private(set) var hadErrors = false
    /// The struct's own `CodingKeys` raw values, property → key, where they differ.
    private var codingKeys: [String: String] = [:]

    init(of decl: StructDeclSyntax, in context: some MacroExpansionContext) {
        for member in decl.memberBlock.members {
            if let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" {
                readCodingKeys(enumDecl)
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            read(variable, in: context)
        }
        var seen: [String: String] = [:]
        for column in all {
            if let other = seen[column.name] {
                error(RecordMessage.duplicateColumn(column.name, other, column.key), at: Syntax(decl.name), in: context)
            }
            seen[column.name] = column.key
        }
    }

    /// The coding keys whose column has another name: what `fetchAll(_:as:)` needs to decode a row.
    var columnNamesByCodingKey: [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        for column in all {
            let key = codingKeys[column.key] ?? column.key
            if key != column.name { result.append((key, column.name)) }
        }
        return result
    }

    private mutating func readCodingKeys(_ enumDecl: EnumDeclSyntax) {
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                if let raw = element.rawValue, let value = stringLiteralValue(raw.value) {
                    codingKeys[element.name.text.trimmingBackticks] = value
                }
            }
        }
    }

    private mutating func read(_ variable: VariableDeclSyntax, in context: some MacroExpansionContext) {
        let explicitName = columnNameAttribute(of: variable, in: context)
        let isStatic = variable.modifiers.contains {
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
        }
        let bindings = Array(variable.bindings)
        if isStatic || bindings.allSatisfy(\.isComputed) {
            // Not a column: a `static`, `lazy` or computed property. A column name on it is a mistake.
            if let explicitName { error(RecordMessage.columnNameOnNonColumn, at: Syntax(explicitName.attribute), in: context) }
            return
        }
        if explicitName != nil, bindings.count > 1 {
            error(RecordMessage.columnNameOnSeveral, at: Syntax(variable), in: context)
            return
        }
        for (index, binding) in bindings.enumerated() where !binding.isComputed {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
                error(RecordMessage.notAName, at: Syntax(binding.pattern), in: context)
                continue
            }
            // `var a, b: Int`: the annotation after the last name types them all.
            let annotation = bindings[index...].lazy.compactMap(\.typeAnnotation).first
            guard let annotation, !(binding.typeAnnotation == nil && binding.initializer != nil) else {
                missingType(binding, identifier, in: context)
                continue
            }
            let key = identifier.text.trimmingBackticks
            all.append(RecordColumn(
                property: identifier.text,
                key: key,
                name: explicitName?.name ?? snakeCase(key),
                type: columnType(annotation.type)
            ))
        }
    }

    /// `@SQLColumnName("…")` on the declaration, with its name; a bad argument is an error.
    private mutating func columnNameAttribute(
        of variable: VariableDeclSyntax, in context: some MacroExpansionContext
    ) -> (attribute: AttributeSyntax, name: String?)? {
        for element in variable.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            guard name == "SQLColumnName" || name.hasSuffix(".SQLColumnName") else { continue }
            guard
                let arguments = attribute.arguments?.as(LabeledExprListSyntax.self), arguments.count == 1,
                let value = stringLiteralValue(arguments.first!.expression), !value.isEmpty
            else {
                error(RecordMessage.columnNameNotALiteral, at: Syntax(attribute), in: context)
                return (attribute, nil)
            }
            return (attribute, value)
        }
        return nil
    }

    /// The error for `var title = "…"`, with a fix-it that writes the type when a literal shows it.
    private mutating func missingType(
        _ binding: PatternBindingSyntax, _ identifier: TokenSyntax, in context: some MacroExpansionContext
    ) {
        hadErrors = true
        var fixIts: [FixIt] = []
        if let value = binding.initializer?.value, let type = literalType(value) {
            let annotated = binding
                .with(\.pattern, binding.pattern.trimmed)
                .with(\.typeAnnotation, TypeAnnotationSyntax(
                    colon: .colonToken(trailingTrivia: .space),
                    type: TypeSyntax(IdentifierTypeSyntax(name: .identifier(type))),
                    trailingTrivia: .space
                ))
            fixIts.append(FixIt(
                message: RecordFixIt.addType(type),
                changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(annotated))]
            ))
        }
        context.diagnose(Diagnostic(
            node: binding, message: RecordMessage.missingType(identifier.text), fixIts: fixIts))
    }

    private mutating func error(_ message: RecordMessage, at node: Syntax, in context: some MacroExpansionContext) {
        hadErrors = true
        context.diagnose(Diagnostic(node: node, message: message))
    }
}

/// `String!` is `String?` to a column.
private func columnType(_ type: TypeSyntax) -> String {
    if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        return iuo.wrappedType.trimmedDescription + "?"
    }
    return type.trimmedDescription
}

/// The type a literal initial value shows, for the fix-it.
private func literalType(_ value: ExprSyntax) -> String? {
    if value.is(StringLiteralExprSyntax.self) { return "String" }
    if value.is(IntegerLiteralExprSyntax.self) { return "Int64" }
    if value.is(FloatLiteralExprSyntax.self) { return "Double" }
    if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    return nil
}

extension PatternBindingSyntax {
    /// `var x: T { … }` or `{ get set }`; a stored property with `willSet`/`didSet` is not computed.
    var isComputed: Bool {
        switch accessorBlock?.accessors {
        case .none: return false
        case .getter: return true
        case .accessors(let list):
            return list.contains {
                [.keyword(.get), .keyword(.set), .keyword(._read), .keyword(._modify)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
