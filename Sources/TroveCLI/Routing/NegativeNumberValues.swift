/// Joins a negative number to the numeric option before it (`--limit -1` → `--limit=-1`), so
/// the option's own range check answers ("expected a whole number of at least 1") instead of
/// ArgumentParser's "Missing value for '--limit <limit>'", which reads `-1` as an option.
///
/// ```swift
/// NegativeNumberValues.joined(["search", "milk", "--limit", "-1"])  // ["search", "milk", "--limit=-1"]
/// NegativeNumberValues.joined(["search", "--", "--limit", "-1"])   // unchanged: query text after `--`
/// ```
///
/// NB: only options that take a number and have a lower bound; `-1` after any other option
/// stays what it was (`trove add --notes -1` is ArgumentParser's to judge).
enum NegativeNumberValues {
    /// The numeric options of `trove`'s commands: `search --limit/--offset`, `log --limit`,
    /// `undo --entry`, and `--height` of the interactive search.
    static let options: Set<String> = ["--limit", "--offset", "--entry", "--height"]

    static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(arguments.count)
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return result + arguments[index...] }
            if options.contains(argument), index + 1 < arguments.endIndex, isNegativeNumber(arguments[index + 1]) {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// Moves a negative count of `trove undo` (`undo -1`) after `--`, where ArgumentParser
    /// reads it as the count, so `undo`'s own check answers ("N must be at least 1.") instead
    /// of "Unknown option '-1'".
    ///
    /// ```swift
    /// NegativeNumberValues.undoCount(["undo", "-1", "--db", "t.db"])  // ["undo", "--db", "t.db", "--", "-1"]
    /// ```
    static func undoCount(_ arguments: [String]) -> [String] {
        guard let undo = arguments.firstIndex(of: "undo"), !arguments.contains("--") else { return arguments }
        let after = arguments[(undo + 1)...]
        // NB: `--db -1` is the database's name, not a count.
        let counts = after.indices.filter { isNegativeNumber(arguments[$0]) && arguments[$0 - 1] != "--db" }
        guard !counts.isEmpty else { return arguments }
        let rest = after.indices.filter { !counts.contains($0) }.map { arguments[$0] }
        return Array(arguments[...undo]) + rest + ["--"] + counts.map { arguments[$0] }
    }

    /// `-1`, `-20`: a minus and digits only.
    static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.first == "-" && word.dropFirst().allSatisfy(\.isASCII) && word.dropFirst().allSatisfy(\.isNumber)
    }
}
