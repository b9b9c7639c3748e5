import ArgumentParser
import Foundation
import TroveSearch
import TroveStore

/// What `done`, `undone`, `rm`, `edit` and `export` act on: reminder ids, or every hit of a query.
///
/// ```text
/// trove done 3 7                    ids 3 and 7: every argument is a whole number
/// trove done tag:family due:today   every hit of `trove search --typos off tag:family due:today`
/// trove rm 3 milk                   a query ("3 milk"): one word is not a number
/// ```
///
/// A query's hits are found by the search `trove search` runs, all of them (page after page),
/// without typo matches or other word forms: a command that changes reminders acts on exact matches only.
/// Above ``confirmationThreshold`` hits a changing command asks on a terminal, and without one
/// needs `--yes`, as taskwarrior asks before changing more than its `bulk` (3) tasks.
enum ReminderTargets: Equatable {
    case ids([Int64])
    case query(String)

    /// The most reminders a query may change without a "yes" (taskwarrior's `rc.bulk`).
    static let confirmationThreshold = 3

    static let argumentHelp = ArgumentHelp(
        "Reminder ids (every argument a whole number), or a query as `trove search` reads it.", valueName: "ids-or-query")
    static let yesHelp = ArgumentHelp("Act on every hit of a query without asking, however many (for scripts).")

    /// The part of `--help` that says how ids and a query are told apart.
    static func discussion(command: String, verb: String, scope: String) -> String {
        """
        Give ids (`trove \(command) 3 7`) or a query (`trove \(command) tag:family due:today`): when \
        every argument is a whole number they are ids, else the words are joined into one query, \
        as `trove search` joins them, and the command acts on \(scope), without typo matches or other word forms. \
        It shows how many it found; above \(confirmationThreshold) it asks on a terminal \
        ("\(verb) 12 reminders matching ‘tag:family’? (yes/no)"), and without a terminal it needs \
        --yes (else it exits 2, changing nothing). The whole command is one journal entry: one \
        `trove undo` reverts it. A word that starts with -- goes after `--`.
        """
    }

    /// Reads the command's arguments.
    ///
    /// NB: they are parsed `.allUnrecognized`, so that `-tag:x` is query text; that keeps a
    /// `--` terminator among them (what follows is query text as typed) and makes a mistyped
    /// `--yse` a word, refused here as `trove search` refuses it.
    ///
    /// - Throws: `CLIError.unknownOption` for a `--word` before any `--`;
    ///   `CLIError.noTargets` when there are no ids and the query is blank.
    init(_ arguments: [String], command: any ParsableCommand.Type) throws {
        let options = arguments.prefix { $0 != "--" }
        for word in options where word.hasPrefix("--") && word.count > 2 {
            let meant = CommandSpelling.closest(to: word, among: CommandSpelling.options(of: command))
            throw CLIError.unknownOption(command: command._commandName, option: word, meant: meant)
        }
        let words = Array(options) + arguments.dropFirst(options.count + 1)
        let ids = words.compactMap { Int64($0) }
        if !words.isEmpty, ids.count == words.count {
            self = .ids(ids)
            return
        }
        let text = words.joined(separator: " ")
        // NB: a blank query is `search`'s default view, every open reminder: never a target.
        guard text.contains(where: { !$0.isWhitespace }) else { throw CLIError.noTargets(command: command._commandName) }
        self = .query(text)
    }

    /// The ids these targets name: the ids given, or every hit of the query.
    ///
    /// ```swift
    /// try await ReminderTargets.query("tag:family").ids(in: store, includeCompleted: false)
    /// // the engine's statements, 10,000 hits a page, as `trove search --open --typos off tag:family`
    /// ```
    ///
    /// - Parameter includeCompleted: As `search`'s `--all` (true) or `--open` (false); nil as
    ///   a search with words does (completed ones too).
    /// - Throws: `SearchCommandError.queryProblems` for a query that does not read.
    func ids(in store: ReminderStore, includeCompleted: Bool? = nil) async throws -> [Int64] {
        switch self {
        case .ids(let ids): return ids
        case .query(let text):
            try store.requireIndex()
            var request = SearchRequest(
                text: text, limit: SearchRequest.maxLimit, includeCompleted: includeCompleted, sort: .created, typos: .off)
            request.facets = false
            // NB: a command acts on the words as typed, as on no typo: `rm invoice` never
            // removes the reminders that only say "invoices".
            request.wordForms = .off
            guard request.query.problems.isEmpty else { throw SearchCommandError.queryProblems(request.query.problems) }
            let registry = EngineRegistry.trove()
            var ids: [Int64] = []
            while true {
                let page = try await registry.search(request, in: store.database)
                guard page.query.problems.isEmpty else { throw SearchCommandError.queryProblems(page.query.problems) }
                ids += page.hits.map(\.id)
                guard let next = page.next, !page.hits.isEmpty else { break }
                request.page = next
            }
            // NB: id order, as `export` writes and as the confirmations then read.
            return ids.sorted()
        }
    }

    /// Checks that a changing command may go on: ids always may; a query's hits above
    /// ``confirmationThreshold`` need `--yes`, or a "yes" typed on a terminal.
    ///
    /// ```text
    /// Complete 12 reminders matching ‘tag:family’? (yes/no) yes
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many reminders the query found.
    ///   - verb: What the command does, capitalised: `Complete`, `Delete`.
    ///   - yes: Whether `--yes` was given.
    /// - Throws: `CLIError.confirmationNeeded` (exit 2) when standard input is no terminal to
    ///   ask on; `ExitCode(1)` when the person says no.
    func confirm(count: Int, verb: String, yes: Bool) throws {
        guard case .query(let text) = self, count > Self.confirmationThreshold, !yes else { return }
        guard Terminal.standardInput.isTerminal else {
            throw CLIError.confirmationNeeded(count: count, verb: verb, query: text)
        }
        Terminal.standardError.write("\(verb) \(count) reminders matching ‘\(text)’? (yes/no) ")
        let line = readLine()
        let answer = line?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "yes" || answer == "y" else {
            // NB: at Ctrl-D the cursor is still on the question's line.
            if line == nil { Terminal.standardError.write("\n") }
            Terminal.standardError.write("Nothing changed.\n")
            throw ExitCode(ExitStatus.noResults.rawValue)
        }
    }

    /// Says a query found nothing, on stderr, and gives the exit code 1 to throw.
    static func noMatches(_ text: String, changing: Bool = true) -> ExitCode {
        let nothing = changing ? "; nothing changed" : ""
        Terminal.standardError.write("No reminders match ‘\(text)’\(nothing). `trove search --typos off \(text)` shows what a query finds.\n")
        return ExitCode(ExitStatus.noResults.rawValue)
    }
}
