public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@SQLColumnName("visits")`: a marker that `@SQLRecord` reads; it adds nothing itself.
///
/// NB: a peer macro that expands to nothing is the only attribute a plain `var` can carry without
/// becoming a property wrapper (which would change its storage and its memberwise initializer).
public struct SQLColumnNameMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
