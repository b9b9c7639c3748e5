import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros
import TroveMacroExpansions

/// The compiler plugin that TroveTable's macro declarations name.
@main
struct TroveMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [SQLRecordMacro.self, SQLColumnNameMacro.self]
}

// NB: the compiler asks the plugin for `TroveMacros.SQLRecordMacro`, by the module that
// `#externalMacro` names, and the plugin finds a type by its module-qualified name; so the
// types it serves are declared here and hand the work to TroveMacroExpansions, the library the
// expansion tests depend on (see Package.swift for why those tests cannot depend on this target).

/// `@SQLRecord`: ``TroveMacroExpansions/SQLRecordMacro``'s expansion.
struct SQLRecordMacro: ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try TroveMacroExpansions.SQLRecordMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
}

/// `@SQLColumnName`: ``TroveMacroExpansions/SQLColumnNameMacro``'s expansion (nothing).
struct SQLColumnNameMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try TroveMacroExpansions.SQLColumnNameMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
