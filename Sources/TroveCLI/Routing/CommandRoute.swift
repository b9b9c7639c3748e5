/// What `trove` does with a command line: ``CommandRouter``'s decision, made before
/// ArgumentParser parses the arguments for the command chosen.
enum CommandRoute: Equatable, Sendable {
    /// No subcommand: the interactive search, whose options ``InteractiveCommand`` parses.
    case interactive
    /// A subcommand, by name; the root `Trove` command parses the line and hands it on.
    case subcommand(String)
    /// `-h`, `--help` or `-help` before any subcommand: the root's help.
    case help
    /// `--version` before any subcommand: the release and commit.
    case version
    /// A completion script: `trove completion SHELL`, or ArgumentParser's
    /// `--generate-completion-script` (and its `--experimental-dump-help`); or the names a
    /// completion script asks for as someone presses Tab (`trove ---completion add -- --list …`).
    case completion
    /// A word where a subcommand goes that names none, with the subcommand it is one or two
    /// typos away from, if any. Words after `--` are never subcommands.
    case unknownCommand(String, suggestion: String?)
    /// An option `trove` has not got, one or two typos away from one it has.
    case unknownOption(String, suggestion: String)

    /// The sentence `trove` prints for a refused command line that has a suggestion, or nil.
    ///
    /// ```swift
    /// CommandRoute.unknownCommand("serch", suggestion: "search").sentence
    /// // "'serch' is not a command; did you mean `trove search`? `trove --help` lists the commands."
    /// ```
    var sentence: String? {
        switch self {
        case .unknownCommand(let word, let suggestion?):
            "'\(word)' is not a command; did you mean `trove \(suggestion)`? `trove --help` lists the commands."
        case .unknownOption(let name, let suggestion):
            "trove has no option \(name); did you mean \(suggestion)?"
        default:
            nil
        }
    }
}
