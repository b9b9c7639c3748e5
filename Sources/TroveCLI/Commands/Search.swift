import ArgumentParser
import Foundation
import TroveSQLite
import TroveSearch
import TroveStore

/// `trove search QUERY…`: one search, printed as text, JSON, JSON Lines, CSV or TSV.
struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search reminders and print the hits.",
        discussion: """
            QUERY words are joined with spaces: `trove search list:Work budget` searches for \
            "list:Work budget". No QUERY shows open reminders by due date. Repeated words count \
            once and at most 16 different words are searched; stderr says when words were \
            merged or left out. With no exact match, stderr names the words no reminder holds \
            and suggests a query to try, each word corrected on its own and found together \
            (pyhton requests: "Did you mean: python requests?"), else the words ORed.

            The query language: words must all match; the last word is a prefix unless the \
            query ends with a space or --exact is given, and word* is a prefix anywhere; \
            `a OR b`; "exact phrase"; -word and \
            -"phrase" exclude; is:open|completed|flagged|unflagged; list:NAME; tag:NAME or #NAME \
            (a last one is a prefix of names as the last word is: list:hom is Home or Home Office); \
            priority:none|low|medium|high; due:today|on:today|tomorrow|overdue|week|none|DATE|DATE..DATE \
            or a phrase such as due:fri or due:"next fri" (due:today also holds overdue open \
            reminders, as Apple Reminders' Today does; due:on:today is today only); \
            in:title|notes|tags; -key:value negates. !like matches substrings; !raw passes an \
            FTS5 expression.

            Quoting: the shell removes quotes, so quote a phrase twice: \
            trove search '"exact phrase"'. A word that starts with a single dash (-word, \
            -is:completed) is query text, except -h (help); a word that starts with -- must come after \
            `--`: trove search -- --literal.

            Text output shows each hit's id, title, list, due date, priority (! to !!!), flag (⚑), \
            tags, a ✓ when completed, a ~ when it matched with a typo and a ≈ when by another word \
            form (libraries finding "library"), with the matching notes \
            beneath, then "N of TOTAL" and the next page. On a terminal each line is cut to its \
            width (titles first) and the next-page hint is only --offset N; without colour \
            (NO_COLOR, --color never) matches are bold and underlined there. Piped, lines are \
            whole, matches unmarked (with --color never: [match]), and the hint also gives the \
            --after cursor. JSON: {"query", "total", "typoCount", "wordFormCount", \
            "completedCount", "includesCompleted", "hits", "next", "suggestions", "didYouMean", \
            "notices"}; each hit is the reminder as `trove export` writes it (id, uid, title, notes, \
            list, tags, priority, flagged, completed, completedAt, due as YYYY-MM-DD or UTC ISO \
            8601, repeat, createdAt, updatedAt, completions, icalendar), then repeats (as the text \
            output says it, or null), rank (the --rank score, negated: smaller is better; 0 without \
            text), titleHighlighted, snippet, matchedFields, typo and wordForm (true/false). CSV and TSV rows \
            hold the same fields but repeats. "next" is null or {"offset": N, "after": CURSOR}.

            Typos: a word of 5 to 8 letters may have one typo, of 9 or more two, never on its \
            first letter; typo matches come after every exact match, only once the exact matches \
            end. --typos off turns them off.

            Word forms (English): a word also matches its plural or singular and its -ing and \
            -ed forms when some reminder holds them (libraries finds library, meetings \
            meeting, running run and runs; not ran, nor -er or -ly words); they come after \
            every exact match, as typos do, marked "wordForm": true in JSON. The last word \
            while typing matches its prefix and its forms. Other languages and scripts match \
            words as typed. --word-forms off turns them off.

            --explain prints the parsed query, the engine and each SQL statement with its \
            bindings, then runs the search and prints the count and the time, without the hits; \
            under Trove's ranking it then takes each hit's score apart: every field's share, the \
            boosts, the completion factor.

            -i or --interactive searches as you type instead, starting with QUERY typed (see \
            `trove --help` for the keys); Enter prints the selection as `id<TAB>title`, or as \
            JSON with --format json. --height N, --fullscreen and --preview shape its screen.

            Exit codes: 0 hits; 1 no hits; 2 a wrong option or query; 3 the database could not \
            be used; 130 interrupted (Ctrl-C).
            """
    )

    @OptionGroup var database: DatabaseOptions

    // NB: no one-letter options: ArgumentParser would split a query word like `-milk` into
    // `-m -i -l -k` and take a `-l` out of it.
    @Option(help: "The most hits to print, up to 10,000.")
    var limit = 20

    @Option(help: "Skip this many hits first (0 to 1,000,000,000).")
    var offset: Int?

    /// The largest `--offset`: more than any database holds, small enough that adding a page never overflows.
    static let maxOffset = 1_000_000_000

    @Option(help: ArgumentHelp("Start after the page that printed this cursor (stable while data changes).", valueName: "cursor"))
    var after: String?

    @Option(help: "text, json, jsonl, csv or tsv.")
    var format: SearchOutputFormat = .text

    @Option(help: "rank, due, priority or created.")
    var sort: SortOption = .rank

    @Option(help: "What orders matches under --sort rank: trove (Trove's ranking), bm25 (open first, then FTS5's bm25, as before Trove had its own) or bm25-mixed (bm25 alone).")
    var rank: RankOption = .trove

    @Option(help: "auto (when standard output is a terminal and NO_COLOR is unset), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Print the parsed query and the SQL with its bindings, then the count and time, not the hits.")
    var explain = false

    @Flag(help: "Match whole words only: the last word is not a prefix (word* still is).")
    var exact = false

    @Option(help: "on or off: whether words with a typo also match, after every exact match, when those do not fill the page.")
    var typos: TypoOption = .on

    @Option(name: .customLong("word-forms"), help: "on or off: whether a word's English plural, -ing and -ed forms also match (libraries finds library), after every exact match.")
    var wordForms: WordFormOption = .on

    // NB: the last word has been a prefix by default since one query semantics; the flag stays
    // accepted so that scripts written for it keep working.
    @Flag(help: .hidden)
    var prefix = false

    @Flag(exclusivity: .exclusive, help: "--all includes completed reminders, --open leaves them out. Default: a query with words includes them (after open ones); the default view does not.")
    var completed: CompletedScope?

    @Option(help: ArgumentHelp("Put this before each match in JSON, CSV and TSV (default \"[\"), and in text without colour.", valueName: "text"))
    var highlightOpen: String?

    @Option(help: ArgumentHelp("Put this after each match (default \"]\").", valueName: "text"))
    var highlightClose: String?

    @Flag(help: "Search as you type on the terminal, starting with QUERY typed (-i also works).")
    var interactive = false

    @OptionGroup(title: "With --interactive") var screen: InteractiveScreenOptions

    @Argument(parsing: .allUnrecognized, help: "The query; words are joined with spaces.", completion: .queryTokens)
    var query: [String] = []

    func validate() throws {
        // NB: a bad --height is refused with or without -i, as `trove --height` refuses it.
        _ = try screen.lines()
    }

    func run() async throws {
        if isInteractive {
            let status = await InteractiveLauncher.run(database: database, query: text, options: try interactiveOptions())
            if status != ExitStatus.success.rawValue { throw ExitCode(status) }
            return
        }
        try await runReportingErrors(database) {
            // NB: the handler is installed before the search opens the database; see InterruptSignal.
            let work = WorkCancellation()
            let interrupt = await InterruptSignal.installed { work.cancel() }
            defer { interrupt.cancel() }
            let status = try await work.run { try await search() }
            if status != .success { throw ExitCode(status.rawValue) }
        }
    }

    /// Runs the search and prints it; returns the exit status for what it found.
    private func search() async throws -> ExitStatus {
        let request = try makeRequest()
        guard request.query.problems.isEmpty else { throw SearchCommandError.queryProblems(request.query.problems) }
        // NB: two readers, so that a search with many matches counts them on the second while
        // the first ranks the page (`SQLiteDatabase.readWithHelper`): `s` at 1,000,000 reminders
        // 0.39 -> 0.27 s. Opening them costs a no-hit search ~0.5 ms (BENCHMARKS-HISTORY.md). Under a
        // descriptor limit with no room for them, it reads on one connection as before.
        let store = try await database.openForReading(readers: 2, onlyIfRoom: true)
        try store.requireIndex()
        try Task.checkCancellation()
        let registry = EngineRegistry.trove()
        if explain {
            let clock = ContinuousClock()
            var start = clock.now
            let explanation = try await registry.explanation(for: request, in: store.database)
            let resultSet: ResultSet
            if let answer = explanation?.resultSet {
                guard answer.query.problems.isEmpty else { throw SearchCommandError.queryProblems(answer.query.problems) }
                resultSet = answer
            } else {
                // NB: an engine whose explanation ran nothing is timed on its own search.
                start = clock.now
                resultSet = try await run(request, registry: registry, store: store)
            }
            let elapsed = clock.now - start
            print(explanation.map(SearchExplainRenderer.render)
                ?? SearchExplainRenderer.renderOpaque(query: request.query, engine: request.query.engineName), terminator: "")
            let summary = textRenderer.summary(resultSet, position: position)
            print("\nresult:  \(summary) in \(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))")
            if case .custom = request.ranking, request.sort == .rank, !resultSet.hits.isEmpty {
                let ids = resultSet.hits.map(\.id)
                let parts = try await store.database.read { db in try TroveRanking.breakdown(of: request, ids: ids, on: db) }
                print("\nranking: Trove's score of each hit, taken apart (trove_rank_explain)")
                for hit in resultSet.hits {
                    print("  \(hit.id)  \(hit.title)\n    \(parts[hit.id] ?? "not ranked: matched without the index")")
                }
            }
            return resultSet.total > 0 ? .success : .noResults
        }
        let resultSet = try await run(request, registry: registry, store: store)
        try Task.checkCancellation()
        // NB: JSON carries the notices itself; every other format keeps standard output clean.
        if format != .json, !resultSet.query.notices.isEmpty {
            Terminal.standardError.write(resultSet.query.notices.joined(separator: "\n") + "\n")
        }
        if resultSet.hits.isEmpty, format == .text {
            Terminal.standardError.write(textRenderer.noResultsMessage(resultSet, text: text))
            return .noResults
        }
        print(try await output(resultSet, text: text, store: store), terminator: "")
        // NB: said again at the end, where a person reading the output stops: the first note
        // scrolls away with 10,000 hits (issue 19).
        if limit > SearchRequest.maxLimit, resultSet.next != nil {
            Terminal.standardError.write(
                "trove: stopped at \(ProgressBar.formatCount(resultSet.hits.count)) of \(ProgressBar.formatCount(resultSet.total)) hits, "
                    + "the most one page holds; page on with " + (nextOffset(resultSet).map { "--offset \($0) or " } ?? "")
                    + "the next page's --after cursor.\n")
        }
        // NB: only typo matches: say which word matched nothing and what it could have been.
        if format == .text, !resultSet.didYouMean.isEmpty {
            Terminal.standardError.write(resultSet.didYouMean.sentences.joined(separator: "\n") + "\n")
        }
        return resultSet.hits.isEmpty ? .noResults : .success
    }

    /// Runs the request and keeps the engine's final answer; query problems it found are errors.
    private func run(_ request: SearchRequest, registry: EngineRegistry, store: ReminderStore) async throws -> ResultSet {
        let final = try await registry.search(request, in: store.database)
        guard final.query.problems.isEmpty else { throw SearchCommandError.queryProblems(final.query.problems) }
        return final
    }

    private func output(_ resultSet: ResultSet, text: String, store: ReminderStore) async throws -> String {
        guard format != .text else { return textRenderer.render(resultSet, position: position) }
        // NB: the machine formats write each hit's reminder as every output writes it
        // (ReminderJSON, CSVReminderWriter), so they read the reminders themselves; a hit
        // deleted since the search ran is left out.
        let reminders = try await store.reminders(ids: resultSet.hits.map(\.id))
        let byID = Dictionary(uniqueKeysWithValues: reminders.map { ($0.id, $0) })
        let pairs = resultSet.hits.compactMap { hit in byID[hit.id].map { (hit, $0) } }
        switch format {
        case .text:
            return textRenderer.render(resultSet, position: position)
        case .json:
            var answer = resultSet
            answer.hits = pairs.map(\.0)
            return SearchJSON.resultSet(answer, reminders: pairs.map(\.1), text: text, nextOffset: nextOffset(resultSet))
                .serialized(pretty: true) + "\n"
        case .jsonl:
            return pairs.map { SearchJSON.hit($0, $1).serialized() + "\n" }.joined()
        case .csv:
            return try SearchDelimited.csv.render(pairs)
        case .tsv:
            return try SearchDelimited.tsv.render(pairs)
        }
    }

    // MARK: The request

    private func makeRequest() throws -> SearchRequest {
        try rejectMistypedOptions()
        guard limit >= 1 else { throw SearchCommandError.invalidValue(option: "--limit", value: String(limit), expected: "a whole number of at least 1") }
        if limit > SearchRequest.maxLimit {
            // NB: clamped with a note rather than refused: the person asked for everything.
            Terminal.standardError.write(
                "trove: --limit \(limit) is more than one page holds; showing at most \(ProgressBar.formatCount(SearchRequest.maxLimit)) hits (page on with --after).\n")
        }
        if offset != nil, after != nil { throw SearchCommandError.conflictingPages }
        var page = SearchPage.first
        if let offset {
            guard (0...Self.maxOffset).contains(offset) else {
                throw SearchCommandError.invalidValue(option: "--offset", value: String(offset), expected: "0 to \(ProgressBar.formatCount(Self.maxOffset))")
            }
            page = .offset(offset)
        }
        if let after {
            guard let cursor = SearchCursor(after) else { throw SearchCommandError.invalidCursor(after) }
            page = .after(cursor)
        }
        var request = SearchRequest(
            text: text, exact: exact, limit: limit, page: page,
            includeCompleted: completed.map { $0 == .all }, sort: sort.sort, typos: typos.tolerance, highlight: highlight)
        request.ranking = rank.ranking
        request.wordForms = wordForms.matching
        // NB: no output of `trove search` shows the per-list and per-tag counts.
        request.facets = false
        return request
    }

    /// What matches are wrapped in: STX/ETX for text (turned into colour or marks when
    /// printed), else the person's markers or `[` `]`.
    private var highlight: HighlightStyle {
        if format == .text { return MarkedText.searchMarks }
        return HighlightStyle(open: highlightOpen ?? "[", close: highlightClose ?? "]")
    }

    /// The query words joined with spaces.
    ///
    /// NB: `.allUnrecognized` keeps the `--` terminator among the words; it is not query text.
    /// Neither is `-i` before it, which asks for ``interactive``.
    private var text: String {
        let options = query.prefix { $0 != "--" }
        let literal = query.dropFirst(options.count + 1)
        return (options.filter { $0 != "-i" } + literal).joined(separator: " ")
    }

    // MARK: Interactive

    /// `--interactive`, or `-i` before any `--`.
    ///
    /// NB: `-i` is not declared as a short name: ArgumentParser would then read a query word
    /// such as `-milk` as `-m -i -l -k` (see the NB above `limit`).
    private var isInteractive: Bool {
        interactive || query.prefix { $0 != "--" }.contains("-i")
    }

    /// The interactive session's options: the screen's, with this command's format, colour,
    /// matching and ranking.
    private func interactiveOptions() throws -> InteractiveOptions {
        var options = try screen.options(
            color: color, format: format.selectionFormat, exact: exact, typos: typos.tolerance,
            ranking: rank.ranking, environment: ProcessInfo.processInfo.environment)
        options.wordForms = wordForms.matching
        return options
    }

    /// NB: `.allUnrecognized` makes every unknown option query text, so that `-word` needs no
    /// `--`; a `--word` typed before `--` is far more likely a mistyped option than a search.
    private func rejectMistypedOptions() throws {
        for word in query.prefix(while: { $0 != "--" }) where word.hasPrefix("--") && word.count > 2 {
            throw SearchCommandError.unknownOption(word)
        }
    }

    // MARK: Paging and text

    private var position: SearchTextRenderer.Position {
        after == nil ? .offset(offset ?? 0) : .afterCursor
    }

    private func nextOffset(_ resultSet: ResultSet) -> Int? {
        guard after == nil else { return nil }
        return (offset ?? 0) + resultSet.hits.count
    }

    private var textRenderer: SearchTextRenderer {
        let isTerminal = Terminal.standardOutput.isTerminal
        let useColor = color.isEnabled(isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
        var marks = HighlightStyle(open: highlightOpen ?? "", close: highlightClose ?? "")
        // NB: without colour a terminal still shows matches, bold and underlined (NO_COLOR forbids
        // colour, not emphasis). Piped, `--color never` asks for visible marks: `[`…`]`; NO_COLOR
        // alone (often set for every program) leaves piped text as stored, for `| cut`, `| grep`.
        if !useColor, highlightOpen == nil, highlightClose == nil {
            if isTerminal, ProcessInfo.processInfo.environment["TERM"] != "dumb" {
                marks = SearchTextRenderer.emphasis
            } else if !isTerminal, color == .never {
                marks = HighlightStyle(open: "[", close: "]")
            }
        }
        var renderer = SearchTextRenderer(color: useColor, marks: marks, today: CalendarDay(Date()))
        renderer.terminalWidth = isTerminal ? Terminal.columns(of: Terminal.standardOutput) : nil
        return renderer
    }
}

/// `--sort`, named as ``SearchSort`` names its cases.
enum SortOption: String, CaseIterable, ExpressibleByArgument {
    case rank, due, priority, created

    var sort: SearchSort { SearchSort(rawValue: rawValue)! }
}

/// `--typos`, named as ``TypoTolerance`` names its cases.
enum TypoOption: String, CaseIterable, ExpressibleByArgument {
    case on, off

    var tolerance: TypoTolerance { TypoTolerance(rawValue: rawValue)! }
}

/// `--word-forms`, named as ``WordFormMatching`` names its cases.
enum WordFormOption: String, CaseIterable, ExpressibleByArgument {
    case on, off

    var matching: WordFormMatching { WordFormMatching(rawValue: rawValue)! }
}

/// `--rank`, named as ``SearchRanking/name`` names them.
enum RankOption: String, CaseIterable, ExpressibleByArgument {
    case trove, bm25
    case bm25Mixed = "bm25-mixed"

    var ranking: SearchRanking { SearchRanking(name: rawValue)! }
}

/// `--all` or `--open`.
enum CompletedScope: String, EnumerableFlag {
    case all
    case open
}
