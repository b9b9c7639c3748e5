import ArgumentParser

/// Reads the usual `trove search` command lines without ArgumentParser, into the same
/// ``Search`` that ArgumentParser would make; anything else it leaves to ArgumentParser.
///
/// ```swift
/// SearchCommandLine.parse(["search", "--db", "t.db", "--format", "json", "milk"])  // a Search: db t.db, format json, query ["milk"]
/// SearchCommandLine.parse(["search", "-milk"])           // nil: a dash word, ArgumentParser's rules apply
/// SearchCommandLine.parse(["search", "--limit", "x"])    // nil: ArgumentParser says what is wrong
/// ```
///
/// NB: ArgumentParser reads a command's declarations through `Mirror` and looks up each
/// wrapper's protocol conformances in the whole binary: ~7 ms of a no-hit `trove search`'s
/// ~30 (perf). This reader takes the long options and words only, each option once; a short
/// option, a dash word, `--`, help, an interactive option, a repeated option or a value
/// that does not parse returns nil, and ArgumentParser parses the line (and words its error).
/// `SearchCommandLineTests` checks, over generated lines, that every Search made here dumps
/// exactly as ArgumentParser's does, so an option added to `Search` without a line here fails.
enum SearchCommandLine {
    /// The `Search` for `arguments` (`search` first, as routed), or nil to let ArgumentParser parse them.
    static func parse(_ arguments: [String]) -> Search? {
        guard arguments.first == "search" else { return nil }
        var values = Values()
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                // NB: a word that starts with one dash (`-milk`, `-i`) or is empty follows
                // ArgumentParser's own rules for unknown options; those stay with it.
                guard !argument.isEmpty, !argument.hasPrefix("-") else { return nil }
                values.query.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard values.seen.insert(name).inserted else { return nil }
            if let flag = Self.flags[name] {
                guard parts.count == 1, flag(&values) else { return nil }
                continue
            }
            guard let option = Self.options[name] else { return nil }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-"), option(&values, value) else { return nil }
        }
        return values.search()
    }

    /// What the line said, with `Search`'s defaults.
    struct Values {
        var seen: Set<String> = []
        var db: String?
        var demo = false
        var verbose = false
        var limit = 20
        var offset: Int?
        var after: String?
        var format = SearchOutputFormat.text
        var sort = SortOption.rank
        var rank = RankOption.trove
        var color = ColorChoice.auto
        var explain = false
        var exact = false
        var typos = TypoOption.on
        var wordForms = WordFormOption.on
        var prefix = false
        var completed: CompletedScope?
        var highlightOpen: String?
        var highlightClose: String?
        var query: [String] = []

        /// The command, every property set (one left unset would stop the process when read).
        func search() -> Search? {
            var database = DatabaseOptions()
            database.db = db
            database.demo = demo
            database.verbose = verbose
            var screen = InteractiveScreenOptions()
            screen.height = nil
            screen.fullscreen = false
            screen.preview = false
            var search = Search()
            search.database = database
            search.limit = limit
            search.offset = offset
            search.after = after
            search.format = format
            search.sort = sort
            search.rank = rank
            search.color = color
            search.explain = explain
            search.exact = exact
            search.typos = typos
            search.wordForms = wordForms
            search.prefix = prefix
            search.completed = completed
            search.highlightOpen = highlightOpen
            search.highlightClose = highlightClose
            search.interactive = false
            search.screen = screen
            search.query = query
            // NB: ArgumentParser validates after parsing; a line it would refuse is left to it.
            guard (try? search.validate()) != nil else { return nil }
            return search
        }
    }

    /// The flags, each setting its property (false: a line for ArgumentParser).
    static let flags: [String: @Sendable (inout Values) -> Bool] = [
        "--demo": { $0.demo = true; return true },
        "--verbose": { $0.verbose = true; return true },
        "--explain": { $0.explain = true; return true },
        "--exact": { $0.exact = true; return true },
        "--prefix": { $0.prefix = true; return true },
        // NB: `--all` and `--open` are one exclusive flag; both given is ArgumentParser's error.
        "--all": { values in values.completed == nil ? (values.completed = .all, true).1 : false },
        "--open": { values in values.completed == nil ? (values.completed = .open, true).1 : false },
    ]

    /// The options that take a value, each reading it as ArgumentParser would (false: not a value it takes).
    static let options: [String: @Sendable (inout Values, String) -> Bool] = [
        "--db": { $0.db = $1; return true },
        "--limit": { values, text in Int(argument: text).map { values.limit = $0 } != nil },
        "--offset": { values, text in Int(argument: text).map { values.offset = $0 } != nil },
        "--after": { $0.after = $1; return true },
        "--format": { values, text in SearchOutputFormat(argument: text).map { values.format = $0 } != nil },
        "--sort": { values, text in SortOption(argument: text).map { values.sort = $0 } != nil },
        "--rank": { values, text in RankOption(argument: text).map { values.rank = $0 } != nil },
        "--color": { values, text in ColorChoice(argument: text).map { values.color = $0 } != nil },
        "--typos": { values, text in TypoOption(argument: text).map { values.typos = $0 } != nil },
        "--word-forms": { values, text in WordFormOption(argument: text).map { values.wordForms = $0 } != nil },
        "--highlight-open": { $0.highlightOpen = $1; return true },
        "--highlight-close": { $0.highlightClose = $1; return true },
    ]
}
