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

    /// `-1`, `-20`: a minus and digits only.
    static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.first == "-" && word.dropFirst().allSatisfy(\.isASCII) && word.dropFirst().allSatisfy(\.isNumber)
    }
}
