import ArgumentParser

/// `--color auto|always|never`: whether text output uses ANSI colour.
///
/// ```swift
/// ColorChoice.auto.isEnabled(isTerminal: true, environment: ["NO_COLOR": "1"])  // false
/// ColorChoice.always.isEnabled(isTerminal: false, environment: [:])             // true
/// ```
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    /// Colour when standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    case auto
    case always
    case never

    /// Whether to colour, given where the output goes.
    ///
    /// NB: NO_COLOR set to an empty string does not count, as https://no-color.org says;
    /// `always` wins over NO_COLOR because the person asked for colour on this command line.
    func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
