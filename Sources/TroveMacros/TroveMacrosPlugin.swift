import SwiftCompilerPlugin
import SwiftSyntaxMacros
import TroveMacroExpansions

/// The compiler plugin that TroveTable's macro declarations name.
@main
struct TroveMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [SQLRecordMacro.self, SQLColumnNameMacro.self]
}
