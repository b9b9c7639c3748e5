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

    /// The long options of `command` that take a value (`--db <path>`), read from the option
    /// lines of its help.
    ///
    /// ```swift
    /// CommandSpelling.valueOptions(of: InteractiveCommand.self)  // ["--db", "--query", "--height", …]
    /// ```
    static func valueOptions(of command: any ParsableCommand.Type) -> Set<String> {
        var names: Set<String> = []
        for line in command.helpMessage(columns: 200).split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
            guard words.first?.hasPrefix("-") == true else { continue }
            for (word, next) in zip(words, words.dropFirst()) where word.hasPrefix("--") && next.hasPrefix("<") {
                names.insert(String(word))
            }
        }
        return names
    }

    /// For a subcommand's line that ArgumentParser refused: a sentence naming the option that
    /// was probably meant, or nil when none is close.
    ///
    /// ```swift
    /// CommandSpelling.optionHint(for: ["add", "--lst", "Home"], command: "add")  // "add has no option --lst; did you mean --list?"
    /// ```
    static func optionHint(for arguments: [String], command name: String) -> String? {
        guard let command = Trove.configuration.subcommands.first(where: { $0._commandName == name }) else { return nil }
        let known = options(of: command)
        for word in arguments.prefix(while: { $0 != "--" }) where word.hasPrefix("--") && word.count > 2 {
            let option = String(word.prefix { $0 != "=" })
            guard !known.contains(option), let meant = closest(to: option, among: known) else { continue }
            return "\(name) has no option \(option); did you mean \(meant)?"
        }
        return nil
    }
}
