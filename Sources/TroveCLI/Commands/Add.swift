import ArgumentParser
import Foundation
import TroveStore

struct Add: AsyncParsableCommand, ArgumentListReader {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a reminder.",
        discussion: """
            The title's words are joined, as `trove search` joins them, and may hold quick-add \
            tokens, with todo.txt's meanings for + and @: +Project (the list, created if new; a \
            further +Project is the tag +Project, as in a todo.txt import); @context, #tag or \
            tag:NAME (a tag; repeat for more); list:NAME (the list); !, !! or !!! (low, medium, \
            high priority; also p:high or priority:high); due:PHRASE or ^PHRASE (the due date, \
            as --due reads it: ^fri, ^tomorrow 9am, due:"next fri"). \
            Example: trove add Call plumber +Home @phone ^fri

            A token that does not read (due:someday, #12, a second list:) stays in the title, \
            and a line on stderr says why. Words after `--` are title text whatever they look \
            like: trove add -- Fix '#12' ^today. --list, --due and --priority win over tokens \
            (the token then stays title text; a +Project becomes the tag +Project); --tag and \
            tag tokens add up. The confirmation names every field set.

            Shells: an unquoted #word starts a comment in bash and !! repeats the last command; \
            write @tag and p:medium there, or quote the title.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The title, with any quick-add tokens (see below); its words are joined (`trove add Buy oat milk`).", valueName: "title"), completion: .queryTokens)
    var words: [String]
    @Option(help: "Notes.") var notes: String = ""
    @Option(help: "The list; created if new. Default: Reminders.", completion: .listNames) var list: String?
    @Option(name: .customLong("tag"), help: "A tag; repeat for more.", completion: .tagNames) var tags: [String] = []
    @Option(help: "none, low, medium or high.") var priority: String?
    @Option(help: "When it is due: today, tomorrow, fri, next friday, in 3 days, 1w, eow, eom, dec 24, 2026-12-24, tomorrow 9am.") var due: String?
    @Flag(help: "Flag it.") var flag = false
    @Option(help: ArgumentHelp("How it repeats: \"every 2 weeks on mon,thu\", \"monthly on the last fri\", \"daily until 2026-12-31\", or an RRULE. Needs a due date.", valueName: "rule"))
    var `repeat`: String?
    /// The command line this was parsed from, which `trove` hands over after parsing.
    var argumentList: [String] = []

    func validate() throws {
        guard words.joined().contains(where: { !$0.isWhitespace }) else {
            throw ValidationError("Give the reminder a title, as in `trove add Buy oat milk`.")
        }
    }

    /// How many of ``words`` came after a `--` on the command line: title text as typed.
    ///
    /// NB: ArgumentParser drops the `--` itself, so the words after it are counted from the
    /// command line (``argumentList``); every argument after `--` is one of ``words``.
    static func literalCount(arguments: [String], words: [String]) -> Int {
        guard let terminator = arguments.firstIndex(of: "--") else { return 0 }
        return min(words.count, arguments.count - terminator - 1)
    }

    func run() async throws {
        try await runReportingErrors(database) {
            // NB: options are checked before the database is opened, so a bad --due creates nothing.
            let dates = NaturalDate()
            let priority = try priority.map(ReminderInput.priority)
            let due = try due.flatMap { ReminderInput.meansNoDue($0) ? nil : try ReminderInput.due($0, dates: dates) }
            let rule = try `repeat`.map(ReminderInput.repeat)
            let literalCount = Self.literalCount(arguments: argumentList, words: words)
            let given = QuickAdd.Given(list: list != nil, due: due != nil, priority: priority != nil)
            func read(lists: [String]) throws -> QuickAdd {
                let quick = QuickAdd.read(words, literalCount: literalCount, lists: lists, given: given, dates: dates)
                guard quick.title.contains(where: { !$0.isWhitespace }) else { throw CLIError.emptyQuickAddTitle }
                return quick
            }
            // NB: read once without lists first, so a title of tokens alone creates no database;
            // knowing the lists only changes how a list is spelled (+home is the list Home).
            _ = try read(lists: [])
            let store = try await database.openForWriting()
            let lists = try await store.lists().map(\.name)
            let quick = try read(lists: lists)
            let record = ReminderRecord(
                title: quick.title, notes: notes, list: list ?? quick.list, tags: tags + quick.tags,
                priority: priority ?? quick.priority ?? .none,
                isFlagged: flag,
                due: due ?? quick.due,
                repeat: rule
            )
            let reminder = try await store.add(record)
            print(Self.confirmation(reminder, dates: dates))
            for kept in quick.kept { Terminal.standardError.write(kept.sentence + "\n") }
        }
    }

    /// `Added 4: Call mom (Home), due Fri 27 Nov ↻ every week, !!, flagged, #family, with notes`:
    /// every field that was set, so a person sees how the tokens and options were read.
    static func confirmation(_ reminder: Reminder, dates: NaturalDate) -> String {
        var text = "Added \(reminder.id): \(reminder.title) (\(reminder.list))" + ReminderInput.spokenDue(reminder.due, dates: dates)
        if let rule = reminder.repeat { text += " ↻ \(rule)" }
        if reminder.priority != .none { text += ", " + String(repeating: "!", count: reminder.priority.rawValue) }
        if reminder.isFlagged { text += ", flagged" }
        if !reminder.tags.isEmpty { text += ", " + reminder.tags.map { "#" + $0 }.joined(separator: " ") }
        if !reminder.notes.isEmpty { text += ", with notes" }
        return text
    }
}
