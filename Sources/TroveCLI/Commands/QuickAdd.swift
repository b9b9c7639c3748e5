import TroveStore

/// The quick-add tokens of `trove add`: fields typed among the title's words, in the words
/// the query language uses for them.
///
/// ```swift
/// QuickAdd.read(["Call", "mom", "+Home", "@phone", "^fri", "!!"], lists: ["Home"], dates: reader)
/// // title "Call mom", list Home, tags [phone], due Fri, priority medium
/// ```
///
/// | Token | Means | Kept as text when |
/// |---|---|---|
/// | `+Project` | the list (created if new), as todo.txt's first project; a further one is the tag `+Project` | the name does not start with a letter (`+1`) |
/// | `@context` | a tag, as todo.txt's context (repeat for more) | the name does not start with a letter, or `@` alone |
/// | `#tag`, `tag:name` | a tag (repeat for more) | the name does not start with a letter (`#12`) |
/// | `list:Name` | the list, created if new (as `--list`) | the name is empty |
/// | `!`, `!!`, `!!!`, `p:high`, `priority:high` | low, medium, high priority | the name is not a priority |
/// | `due:PHRASE`, `^PHRASE` | the due date, as `--due` reads it | the phrase is not a date |
///
/// NB: `+` and `@` mean what they mean in todo.txt, so a line reads the same typed here as
/// imported from a todo.txt file (`TodoTxtReader`) and comes back from an export as typed.
/// A phrase may run on over the next words (`^next fri`, `due:tomorrow 9am`): the longest run
/// of up to four words that reads as a date is taken. Words after `--` on the command line
/// are title text, whatever they look like. A field an option gives (`--list`, `--due`,
/// `--priority`) wins: a token for the same field stays title text, as does a second token
/// for a field a first one gave, except `+Project`, which is then a tag `+Project` as a
/// todo.txt line's further projects are; `--tag` and tag tokens add up.
struct QuickAdd: Equatable {
    /// A token left in the title, and why.
    struct Kept: Equatable {
        var token: String
        var reason: String

        /// `kept ‘@john’ as title text: no list is called john; write list:john to make one`.
        var sentence: String { "Kept ‘\(token)’ as title text: \(reason)." }
    }

    /// Which fields options on the command line already give.
    struct Given: Equatable {
        var list = false
        var due = false
        var priority = false
    }

    var title: String
    var list: String?
    var tags: [String] = []
    var priority: Priority?
    var due: DueDate?
    var kept: [Kept] = []

    /// Reads the tokens out of `words`.
    /// - Parameters:
    ///   - words: The command line's title words, each possibly holding spaces (`"Call mom #x"`).
    ///   - literalCount: How many of the last words came after `--`: title text, as typed.
    ///   - lists: The lists there are, so `+home` or `list:home` takes an existing list's spelling.
    ///   - given: Fields options give; their tokens stay text.
    ///   - dates: Reads `due:` phrases.
    static func read(
        _ words: [String], literalCount: Int = 0, lists: [String], given: Given = Given(),
        dates: NaturalDate = NaturalDate()
    ) -> QuickAdd {
        let literal = words.suffix(min(max(0, literalCount), words.count))
        let tokens = words.dropLast(literal.count).flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        var result = QuickAdd(title: "")
        var titleWords: [String] = []
        var consumedAny = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard let field = Field(token) else {
                titleWords.append(token)
                continue
            }
            let outcome = result.take(field, following: tokens[index...], lists: lists, given: given, dates: dates)
            switch outcome {
            case .taken(let extraWords):
                consumedAny = true
                index += extraWords
            case .kept(let reason):
                titleWords.append(token)
                result.kept.append(Kept(token: token, reason: reason))
            }
        }
        // NB: with no token read, the title is exactly what was typed, spaces and all.
        let head = consumedAny ? titleWords.joined(separator: " ") : words.dropLast(literal.count).joined(separator: " ")
        result.title = ([head] + literal).filter { !$0.isEmpty }.joined(separator: " ")
        return result
    }

    /// What a token names, before it is checked.
    private enum Field {
        case tag(String)
        case project(String)
        case list(String)
        case priority(String)
        case due(String)

        init?(_ token: String) {
            let lowered = token.lowercased()
            if token.hasPrefix("#"), token.count > 1 {
                self = .tag(String(token.dropFirst()))
            } else if token.hasPrefix("+"), token.dropFirst().first?.isLetter == true {
                // NB: `+1`, `+3` and `C++` are text, never a note: only `+word` is a project.
                self = .project(String(token.dropFirst()))
            } else if lowered.hasPrefix("tag:") {
                self = .tag(String(token.dropFirst(4)))
            } else if lowered.hasPrefix("list:") {
                self = .list(String(token.dropFirst(5)))
            } else if token.hasPrefix("@") {
                self = .tag(String(token.dropFirst()))
            } else if !token.isEmpty, token.count <= 3, token.allSatisfy({ $0 == "!" }) {
                self = .priority(["!": "low", "!!": "medium", "!!!": "high"][token]!)
            } else if lowered.hasPrefix("priority:") {
                self = .priority(String(token.dropFirst(9)))
            } else if lowered.hasPrefix("p:") {
                self = .priority(String(token.dropFirst(2)))
            } else if lowered.hasPrefix("due:") {
                self = .due(String(token.dropFirst(4)))
            } else if token.hasPrefix("^"), token.count > 1 {
                self = .due(String(token.dropFirst()))
            } else {
                return nil
            }
        }
    }

    private enum Outcome {
        /// Read; it also used this many of the following words.
        case taken(extraWords: Int)
        case kept(reason: String)
    }

    private mutating func take(
        _ field: Field, following: ArraySlice<String>, lists: [String], given: Given, dates: NaturalDate
    ) -> Outcome {
        switch field {
        case .tag(let name):
            guard let first = name.first, first.isLetter else {
                return .kept(reason: "a tag starts with a letter, as in @phone or #family")
            }
            addTag(name)
            return .taken(extraWords: 0)
        case .project(let name):
            // NB: as in todo.txt, the first project is the list; any further one (or one beside
            // --list or list:) is the tag `+Name`, which a todo.txt export writes back as `+Name`.
            if given.list || list != nil {
                addTag("+" + name)
            } else {
                list = lists.first(where: { $0.lowercased() == name.lowercased() }) ?? name
            }
            return .taken(extraWords: 0)
        case .list(let typed):
            if given.list { return .kept(reason: "--list gives the list") }
            if let list { return .kept(reason: "the list is \(list) already") }
            // NB: `list:"Home Office"` arrives as two words; the quote runs on to its close.
            var name = typed, extra = 0
            if name.hasPrefix("\""), !(name.count >= 2 && name.hasSuffix("\"")),
                let close = following.firstIndex(where: { $0.hasSuffix("\"") })
            {
                extra = close - following.startIndex + 1
                name = ([name] + following[..<(close + 1)]).joined(separator: " ")
            }
            name = Self.unquoted(name)
            guard !name.isEmpty else { return .kept(reason: "list: needs a name, as in list:Home") }
            list = lists.first(where: { $0.lowercased() == name.lowercased() }) ?? name
            return .taken(extraWords: extra)
        case .priority(let name):
            if given.priority { return .kept(reason: "--priority gives the priority") }
            if let priority { return .kept(reason: "the priority is \(priority.name) already") }
            guard let read = Priority(name: name), read != .none else {
                return .kept(reason: "a priority is !, !! or !!!, or p:low, p:medium or p:high")
            }
            priority = read
            return .taken(extraWords: 0)
        case .due(let phrase):
            if given.due { return .kept(reason: "--due gives the due date") }
            if let due { return .kept(reason: "the due date is \(due.spoken(today: dates.today, timeZone: dates.timeZone)) already") }
            // NB: the longest run that reads: `^next fri` needs its second word, `^fri buy` must
            // not take `buy`.
            let extra = following.prefix(3)
            for count in stride(from: extra.count, through: 0, by: -1) {
                let text = Self.unquoted(([phrase] + extra.prefix(count)).joined(separator: " "))
                guard !text.isEmpty, let read = try? dates.parse(text) else { continue }
                due = read
                return .taken(extraWords: count)
            }
            return .kept(reason: "not a date Trove knows; due: and ^ take " + ["fri", "tomorrow", "next fri", "dec 24", "1w"].joined(separator: ", "))
        }
    }

    private mutating func addTag(_ name: String) {
        if !tags.contains(where: { $0.lowercased() == name.lowercased() }) { tags.append(name) }
    }

    /// `"Home Office"` without its quotes.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }
}
