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
        case .tooFewDescriptors(let path):
            return SystemErrorSentence.sentence(errno: EMFILE, path: path) ?? "Trove ran out of file descriptors opening \(path)."
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .noDatabase, .emptyDatabaseFile: .database
        case .invalidValue, .invalidRepeat, .emptyQuickAddTitle, .unknownFormat, .importFailed: .usage
        case .cannotWrite, .cannotCreateFolder, .tooFewDescriptors: .database
        }
    }
}
