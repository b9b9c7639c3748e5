import ArgumentParser
import Foundation
import TroveStore

/// What Trove's arguments complete to in a shell, beyond files and fixed lists.
extension CompletionKind {
    /// The list names in the database the command line names.
    static var listNames: CompletionKind {
        .custom { _, _, prefix in forShell(CompletionNames.lists(startingWith: CompletionNames.unquoted(prefix))) }
    }

    /// The tag names in the database the command line names.
    static var tagNames: CompletionKind {
        .custom { _, _, prefix in forShell(CompletionNames.tags(startingWith: CompletionNames.unquoted(prefix))) }
    }

    /// `list:NAME` and `tag:NAME` for a query word that starts so.
    static var queryTokens: CompletionKind {
        .custom { words, index, prefix in forShell(CompletionNames.queryTokens(words: words, index: index, prefix: prefix)) }
    }

    /// Candidates as the asking shell's script reads them.
    ///
    /// NB: zsh's script hands them to `_describe`, which reads `name:description`, so
    /// `tag:errand` offered `tag`; a colon escaped is a colon in the name.
    private static func forShell(_ candidates: [String]) -> [String] {
        guard CompletionShell.requesting == .zsh else { return candidates }
        return candidates.map { $0.replacingOccurrences(of: ":", with: "\\:") }
    }

    /// The file formats `import` and `export` read and write.
    static var reminderFormats: CompletionKind {
        .list(ReminderFormat.allCases.map(\.rawValue))
    }
}
