import ArgumentParser

/// `trove completion bash|zsh|fish`: the shell completion script, the same one
/// `--generate-completion-script` prints, under a name people look for.
struct ShellCompletion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            bash: trove completion bash > ~/.local/share/bash-completion/completions/trove
            zsh:  trove completion zsh > "${fpath[1]}/_trove"
            fish: trove completion fish > ~/.config/fish/completions/trove.fish
            """)

    @Argument(help: "bash, zsh or fish.") var shell: String

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            throw ValidationError("No completion for \"\(shell)\": choose bash, zsh or fish.")
        }
    }

    func run() throws {
        // NB: validate() has checked the name.
        print(Trove.completionScript(for: CompletionShell(rawValue: shell) ?? .bash))
    }
}
