import Foundation
import Synchronization
import TroveStore

/// The list and tag names shell completion offers (`trove add --list <TAB>`, `trove search
/// tag:<TAB>`), read from the database the command line being completed names (`--db PATH`,
/// else `$TROVE_DB`, else the default; `--demo` the sample data).
///
/// ```swift
/// // trove ---completion add -- --list 3 3 trove add --db t.db --list Gr
/// await CompletionNames.prepare(for: arguments)   // reads the lists and tags of t.db
/// CompletionNames.lists(startingWith: "Gr")        // ["Groceries"]
/// CompletionNames.queryTokens(words: ["trove", "search", "tag:er"], index: 2, prefix: "tag:er")  // ["tag:errand"]
/// ```
///
/// NB: ArgumentParser calls a `.custom` completion synchronously, and the store reads
/// asynchronously (an `.custom` async closure makes every synchronous parse of the command
/// line a configuration failure in debug builds), so the names are read before the line is
/// parsed, only for a completion request (`---completion`), and the closures read them here.
/// A missing, empty, damaged or locked database gives no names and no output: completion
/// must never print into somebody's command line.
enum CompletionNames {
    struct Names: Sendable, Equatable {
        var lists: [String] = []
        var tags: [String] = []
    }

    private static let names = Mutex(Names())

    /// Reads the names when `arguments` is ArgumentParser's completion request
    /// (`---completion [subcommand …] -- ARGUMENT …` followed by the words typed).
    static func prepare(for arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async {
        guard arguments.first == "---completion" else { return }
        let read = await read(from: arguments.dropFirst(), environment: environment)
        names.withLock { $0 = read }
    }

    /// The names in the database the words name; none when it cannot be read.
    static func read(from words: some Collection<String>, environment: [String: String]) async -> Names {
        let words = words.map(unquoted)
        let store: ReminderStore
        do {
            if words.contains("--demo") {
                store = try await ReminderStore.demo()
            } else {
                let location = DatabaseLocation.resolve(flag: database(in: words), environment: environment)
                // NB: never create, migrate or wait: only a current Trove file with something in it.
                let size = (try? FileManager.default.attributesOfItem(atPath: location.path)[.size] as? Int) ?? 0
                guard size > 0 else { return Names() }
                store = try await ReminderStore.open(path: location.path, readOnly: true, busyTimeout: .milliseconds(200), readers: 0)
            }
            return Names(lists: try await store.lists().map(\.name), tags: try await store.tags().map(\.name))
        } catch {
            return Names()
        }
    }

    /// The value of the last `--db PATH` or `--db=PATH` among `words`.
    static func database(in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--db", index + 1 < words.count { found = words[index + 1] }
            if word.hasPrefix("--db=") { found = String(word.dropFirst(5)) }
        }
        return found
    }

    /// A shell word without the quotes or backslashes around it (`'my db.db'`, `my\ db.db`),
    /// as ArgumentParser passes words verbatim.
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil, character == "'" || character == "\"" {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The list names that start with `prefix` (any case).
    static func lists(startingWith prefix: String) -> [String] {
        names.withLock { $0.lists }.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// The tag names that start with `prefix` (any case).
    static func tags(startingWith prefix: String) -> [String] {
        names.withLock { $0.tags }.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// `list:NAME` and `tag:NAME` tokens for a query word being typed: `list:Gr` gives
    /// `list:Groceries`, `list:Ho` gives `list:"Home Office"` (quoted as the query language
    /// reads a name with a space). Other words get nothing.
    ///
    /// NB: bash splits `list:Gr` at the colon (`COMP_WORDBREAKS`) into `list`, `:`, `Gr` and
    /// replaces only the last: it gets `:Groceries` for `list:` and `Groceries` for `list:Gr`.
    ///
    /// - Parameters:
    ///   - words: The shell words of the command line, as ArgumentParser passes them.
    ///   - index: The index in `words` of the word being completed.
    ///   - prefix: That word up to the cursor.
    static func queryTokens(words: [String], index: Int, prefix: String) -> [String] {
        let fields = ["list:": lists(startingWith:), "tag:": tags(startingWith:)] as [String: (String) -> [String]]
        let word = unquoted(prefix)
        let before = { (offset: Int) in words.indices.contains(index - offset) ? words[index - offset].lowercased() : "" }
        if word.hasPrefix(":"), let named = fields[before(1) + ":"] {
            return named(String(word.dropFirst())).map { ":" + $0 }
        }
        if before(1) == ":", let named = fields[before(2) + ":"] {
            return named(word)
        }
        for (field, named) in fields where word.lowercased().hasPrefix(field) {
            return named(String(word.dropFirst(field.count))).map { name in
                field + (name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name)
            }
        }
        return []
    }
}
