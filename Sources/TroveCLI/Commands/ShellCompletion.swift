import Foundation
import ArgumentParser

/// `trove completion bash|zsh|fish`: the shell completion script, the one
/// `--generate-completion-script` prints (for fish, mended for fish 3), under a name people
/// look for. It offers file names after `import`, `--db` and `--output`, the shells, the
/// formats, and the list and tag names of the database the line names (``CompletionNames``).
struct ShellCompletion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            bash: trove completion bash > ~/.local/share/bash-completion/completions/trove
            zsh:  trove completion zsh > "${fpath[1]}/_trove"
            fish: trove completion fish > ~/.config/fish/completions/trove.fish
            """)

    @Argument(help: "bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"])) var shell: String

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            throw ValidationError("No completion for \"\(shell)\": choose bash, zsh or fish.")
        }
    }

    func run() throws {
        // NB: validate() has checked the name.
        let shell = CompletionShell(rawValue: shell) ?? .bash
        let script = Trove.completionScript(for: shell)
        print(shell == .fish ? Self.withFish3Cursor(script) : script)
    }

    /// The fish script with the cursor asked for in a way fish 3 answers.
    ///
    /// NB: ArgumentParser 1.8.2 passes the cursor's place in the word as
    /// `(commandline -o -tC)` on fish 3, which prints nothing under `complete -C` (and fails
    /// in a non-interactive fish), so every list or tag name request arrived without it and
    /// was refused. Where it is empty, the word's length is the cursor: completion is asked
    /// for at the end of the word.
    static func withFish3Cursor(_ script: String) -> String {
        let asked = "(__trove_tokens -tC)"
        guard script.contains(asked) else { return script }
        return script.replacingOccurrences(of: asked, with: "(__trove_cursor_in_token)") + """

            function __trove_cursor_in_token
                set -l index (__trove_tokens -tC 2>/dev/null)
                if test -n "$index"
                    echo $index
                else
                    string length -- (commandline -t)
                end
            end
            """
    }
}
