import ArgumentParser
import TroveSearch

/// "Did you mean" for a mistyped subcommand or option: the closest name within a small edit
/// distance (a swap, a dropped or extra letter).
///
/// ```swift
/// CommandSpelling.closest(to: "serch", among: ["search", "show"])   // "search"
/// CommandSpelling.closest(to: "--limt", among: ["--limit", "--list"])  // "--limit"
/// CommandSpelling.closest(to: "zzz", among: ["search"])             // nil
/// ```
enum CommandSpelling {
    /// The nearest candidate, at most 1 edit away for short words and 2 for longer ones; the
    /// first listed wins a tie.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            guard let distance = EditDistance.between(word.lowercased(), candidate, limit: limit) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The long options a command's help lists (`--limit`, `--db`, …), read from its help text.
    static func options(of command: any ParsableCommand.Type, root: any ParsableCommand.Type = Trove.self) -> [String] {
        let help = root.helpMessage(for: command, columns: 200)
        var names: [String] = []
        for word in help.split(whereSeparator: { " ,=<>[]()|\n".contains($0) }) where word.hasPrefix("--") && word.count > 2 {
            let name = String(word.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
            if name.count > 2, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The subcommands' names.
    static var subcommands: [String] {
        Trove.configuration.subcommands.map { $0._commandName }
    }

    /// For a command line ArgumentParser refused: a sentence naming the subcommand or option
    /// that was probably meant, or nil when nothing is close.
    ///
    /// ```swift
    /// CommandSpelling.hint(for: ["serch", "foo"])          // "'serch' is not a command; did you mean `trove search`?"
    /// CommandSpelling.hint(for: ["add", "--lst", "Home"])  // "add has no option --lst; did you mean --list?"
    /// ```
    static func hint(for arguments: [String]) -> String? {
        let words = arguments.prefix { $0 != "--" }
        guard let first = words.first(where: { !$0.hasPrefix("-") }) else { return nil }
        guard let command = Trove.configuration.subcommands.first(where: { $0._commandName == first }) else {
            // NB: only a first word that is no command at all; a value of a root option is not one.
            guard words.first == first, let name = closest(to: first, among: subcommands) else { return nil }
            return "'\(first)' is not a command; did you mean `trove \(name)`? `trove --help` lists the commands."
        }
        let known = options(of: command)
        for word in words where word.hasPrefix("--") && word.count > 2 {
            let name = String(word.prefix { $0 != "=" })
            guard !known.contains(name), let meant = closest(to: name, among: known) else { continue }
            return "\(first) has no option \(name); did you mean \(meant)?"
        }
        return nil
    }
}
