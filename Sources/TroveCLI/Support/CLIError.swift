import Foundation

/// Problems the command line itself finds, each said as one sentence with what to do.
enum CLIError: Error, CustomStringConvertible {
    case noDatabase(path: String)
    case emptyDatabaseFile(path: String)
    case invalidValue(option: String, value: String, expected: String)
    case unknownFormat(path: String)
    case cannotWrite(path: String, reason: String)
    case cannotCreateFolder(path: String, reason: String)
    case invalidRepeat(value: String, problem: String)
    /// `trove add` with nothing but quick-add tokens: `trove add #x ^fri`.
    case emptyQuickAddTitle
    case importFailed(file: String, reason: String, alreadyImported: [(file: String, count: Int)])
    /// `trove done --yse`: a `--word` among the ids or query words of a command that takes a query.
    case unknownOption(command: String, option: String, meant: String?)
    /// `trove rm ""`: neither ids nor a query.
    case noTargets(command: String)
    /// A query matched more than ``ReminderTargets/confirmationThreshold`` reminders, without
    /// `--yes` and with no terminal to ask on.
    case confirmationNeeded(count: Int, verb: String, query: String)
    /// Opening the database would take the last file descriptors; see ``DescriptorHeadroom``.
    case tooFewDescriptors(path: String)

    var description: String {
        switch self {
        case .noDatabase(let path):
            return "There is no Trove database at \(path) yet. Create one with `trove init`, `trove add` or `trove import`, or pass --db."
        case .emptyDatabaseFile(let path):
            return "\(path) is an empty file, not a Trove database yet; Trove left it untouched. Create the database in it with `trove init --db \(path)`, or pass another --db."
        case .invalidValue(let option, let value, let expected):
            return "\(option) \"\(value)\" is not valid: expected \(expected)."
        case .invalidRepeat(_, let problem):
            return "--repeat: " + problem + "."
        case .emptyQuickAddTitle:
            return "The title is empty once its quick-add tokens (+List, @tag, #tag, ^date, !) are read; add words, or put them after `--` to keep them as text."
        case .unknownFormat(let path):
            return "Cannot tell the format of \(path) from its extension; pass --format jsonl, csv, ics or todotxt."
        case .cannotWrite(let path, let reason):
            return "Cannot write \(path): \(reason)."
        case .cannotCreateFolder(let path, let reason):
            return "Cannot create the folder \(path) for the database: \(reason). Set XDG_DATA_HOME to a folder you can write, or pass --db."
        case .importFailed(let file, let reason, let done):
            var text = "\(reason)\nNothing from \(file) was imported; fix it and import that file again."
            if !done.isEmpty {
                let list = done.map { "\($0.file) (\($0.count))" }.joined(separator: ", ")
                text += " Already imported before it: \(list)."
            }
            return text
        case .unknownOption(let command, let option, let meant):
            let guess = meant.map { "did you mean \($0)? Or, " } ?? ""
            return "\(command) has no option \(option); \(guess)to act on a query with a word that starts with --, put it after `--`, as in `trove \(command) -- \(option)`."
        case .noTargets(let command):
            return "Give \(command) reminder ids, as in `trove \(command) 3 7`, or a query, as in `trove \(command) tag:family`."
        case .confirmationNeeded(let count, let verb, let query):
            return "‘\(query)’ matches \(count) reminders, more than \(ReminderTargets.confirmationThreshold) changed without asking, and standard input is not a terminal to ask on; pass --yes to \(verb.lowercased()) them all, or narrow the query."
        case .tooFewDescriptors(let path):
            return SystemErrorSentence.sentence(errno: EMFILE, path: path) ?? "Trove ran out of file descriptors opening \(path)."
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .noDatabase, .emptyDatabaseFile: .database
        case .invalidValue, .invalidRepeat, .emptyQuickAddTitle, .unknownFormat, .importFailed: .usage
        case .unknownOption, .noTargets, .confirmationNeeded: .usage
        case .cannotWrite, .cannotCreateFolder, .tooFewDescriptors: .database
        }
    }
}
