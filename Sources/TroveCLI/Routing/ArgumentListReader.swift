/// A command that needs the argument list it was parsed from, beyond what ArgumentParser
/// gives its properties: `trove add` counts the words after `--`, which ArgumentParser drops.
/// `trove` hands the list over after parsing, so no command reads `CommandLine.arguments`.
///
/// ```swift
/// var add = try Trove.parseAsRoot(["add", "--", "#12"])   // an Add, argumentList []
/// // Trove.run(arguments:) sets argumentList = ["add", "--", "#12"] before running it
/// ```
///
/// NB: a plain stored property with a default, which ArgumentParser leaves as it is; two
/// positional arrays (`[<title> ...] -- [<title> ...]`) are refused by its validator.
protocol ArgumentListReader {
    var argumentList: [String] { get set }
}
