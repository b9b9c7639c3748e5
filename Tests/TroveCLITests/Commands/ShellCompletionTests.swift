import Foundation
import Testing

/// Issue 51: `trove completion bash` offered no file names after `import`, `--db` or `-o`, no
/// shells after `completion`, no formats, and no list or tag names. Each shell's own completion
/// runs here on the script `trove completion SHELL` prints, against a seeded database: bash
/// through `_trove` with `COMP_WORDS` set, fish through `complete -C`, zsh through a real
/// interactive zsh on a pseudo-terminal that presses Tab (`zpty`).
@Suite(.serialized) struct ShellCompletionTests {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// A folder holding a database with two lists and three tags, a file to import, and the
    /// shell's completion script.
    final class Setup {
        let folder: TemporaryFolder
        let shell: Shell

        init(_ shell: Shell) throws {
            try requireTool(shell.rawValue)
            self.shell = shell
            folder = try TemporaryFolder()
            for arguments in [
                ["add", "Buy milk", "--list", "Groceries", "--tag", "dairy"],
                ["add", "Call the office", "--list", "Home Office", "--tag", "call", "--tag", "errand"],
            ] {
                try #require(try TroveProcess.run(arguments + ["--db", folder.path("t.db")]).status == 0)
            }
            try "Call plumber +Home\n".write(toFile: folder.path("todo.txt"), atomically: true, encoding: .utf8)
            try Data("not a database at all, just text that is long enough to look like one".utf8)
                .write(to: URL(fileURLWithPath: folder.path("corrupt.db")))
            let script = try TroveProcess.run(["completion", shell.rawValue])
            try #require(script.status == 0)
            try script.stdout.write(toFile: folder.path("trove.\(shell.rawValue)"), atomically: true, encoding: .utf8)
            try Self.driver(for: shell).write(toFile: folder.path("drive"), atomically: true, encoding: .utf8)
        }

        /// The candidates the shell offers with the cursor at the end of `line`, sorted, and what
        /// the shell printed on standard error.
        func complete(_ line: String, environment: [String: String] = [:]) throws -> (candidates: [String], stderr: String) {
            let process = Process()
            process.executableURL = try requireTool(shell.rawValue)
            process.arguments = shell == .zsh ? ["-f", "drive", line] : ["drive", line]
            if shell == .fish { process.arguments = ["--no-config", "drive", line] }
            process.currentDirectoryURL = folder.url
            var env = ProcessInfo.processInfo.environment
            // NB: the scripts call `trove` by name, as a person's shell does.
            env["PATH"] = TroveProcess.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
            env["HOME"] = folder.url.path
            env["XDG_DATA_HOME"] = folder.path("xdg")
            env["XDG_CONFIG_HOME"] = folder.path("xdg-config")
            env["TROVE_DB"] = nil
            for (key, value) in environment { env[key] = value }
            process.environment = env
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // NB: sorted: fish sorts what it offers, bash and zsh keep the order given.
            let candidates = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
            return (candidates, String(decoding: stderr, as: UTF8.self))
        }

        /// A script that completes its one argument, a command line, and prints the candidates.
        static func driver(for shell: Shell) -> String {
            switch shell {
            case .bash:
                // NB: bash splits a line into COMP_WORDS at spaces and at the characters of
                // COMP_WORDBREAKS (`list:Gr` is `list`, `:`, `Gr`); so does this.
                #"""
                source ./trove.bash
                line="$1"
                words=()
                read -ra words <<< "${line//:/ : }"
                [[ "$line" == *" " ]] && words+=("")
                [[ "$line" == *":" ]] && words[-1]=":"
                COMP_WORDS=("${words[@]}")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMP_LINE="$line"
                COMP_POINT=${#COMP_LINE}
                COMPREPLY=()
                _trove trove "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                [[ ${#COMPREPLY[@]} -gt 0 ]] && printf '%s\n' "${COMPREPLY[@]}"
                exit 0
                """#
            case .fish:
                #"""
                source ./trove.fish
                complete -C "$argv[1]" | string replace -r '\t.*' ''
                """#
            case .zsh:
                // NB: completion runs only inside zsh's line editor: an interactive zsh on a
                // pseudo-terminal types the line and Tab, and compadd prints what it is given.
                // Markers are split in the commands ("CA""ND") so their echo does not match.
                #"""
                zmodload zsh/zpty
                zpty z zsh -f -i
                zpty -w z "PROMPT=''; fpath=(\$PWD/zfunctions \$fpath); autoload -Uz compinit; compinit -u -D"
                zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
                zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; typeset -a __hits; builtin compadd -A __hits "$@"; local h; for h in $__hits; do print -r -- "CA""ND:$h"; done; }'
                zpty -w z 'comppostfuncs=( __done ); __done() { print -r -- "CAPTURE""-END"; exit }'
                zpty -w z "$1"$'\t'
                local line
                while zpty -r z line; do
                  [[ $line == *CAPTURE-END* ]] && break
                  [[ $line == *CAND:* ]] && print -r -- "${${${line##*CAND:}%$'\n'}%$'\r'}"
                done
                zpty -d z
                """#
            }
        }
    }

    private static func setUp(_ shell: Shell) throws -> Setup {
        let setup = try Setup(shell)
        if shell == .zsh {
            // NB: zsh finds `_trove` on fpath, as `trove completion zsh > "${fpath[1]}/_trove"` installs it.
            let functions = setup.folder.path("zfunctions")
            try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: setup.folder.path("trove.zsh"), toPath: functions + "/_trove")
        }
        return setup
    }

    @Test(arguments: Shell.allCases)
    func listAndTagNamesComeFromTheDatabaseTheLineNames(shell: Shell) throws {
        let setup = try Self.setUp(shell)
        let lists = try setup.complete("trove --db t.db add Buy eggs --list ")
        // zsh shows a space in a candidate escaped, as it will insert it.
        #expect(lists.candidates.map { $0.replacingOccurrences(of: "\\ ", with: " ") } == ["Groceries", "Home Office"])
        #expect(lists.stderr.isEmpty, "\(lists.stderr)")
        #expect(try setup.complete("trove --db t.db add Buy eggs --tag ").candidates == ["call", "dairy", "errand"])
        #expect(try setup.complete("trove --db t.db add Buy eggs --tag er").candidates == ["errand"])
        #expect(try setup.complete("trove --db t.db edit 1 --untag ").candidates == ["call", "dairy", "errand"])
        #expect(try setup.complete("trove --db t.db import todo.txt --list Gr").candidates == ["Groceries"])
    }

    @Test(arguments: Shell.allCases)
    func queryWordsCompleteListAndTagNames(shell: Shell) throws {
        let setup = try Self.setUp(shell)
        let tags = try setup.complete("trove --db t.db search tag:").candidates
        // bash replaces only the word after the colon (COMP_WORDBREAKS), so it is offered ":call".
        #expect(tags == (shell == .bash ? [":call", ":dairy", ":errand"] : ["tag:call", "tag:dairy", "tag:errand"]))
        let lists = try setup.complete("trove --db t.db search list:Gr").candidates
        #expect(lists == (shell == .bash ? ["Groceries"] : ["list:Groceries"]))
    }

    @Test(arguments: Shell.allCases)
    func theDefaultDatabaseIsReadWithoutDb(shell: Shell) throws {
        let setup = try Self.setUp(shell)
        let found = try setup.complete("trove add Buy eggs --tag d", environment: ["TROVE_DB": setup.folder.path("t.db")])
        #expect(found.candidates == ["dairy"])
        // No --db and no TROVE_DB: the XDG default, which does not exist here.
        #expect(try setup.complete("trove add Buy eggs --tag d").candidates.isEmpty)
    }

    @Test(arguments: Shell.allCases)
    func aMissingOrCorruptDatabaseOffersNoNamesAndPrintsNothing(shell: Shell) throws {
        let setup = try Self.setUp(shell)
        for database in ["missing.db", "corrupt.db", "todo.txt"] {
            let result = try setup.complete("trove --db \(database) add Buy eggs --list ")
            #expect(result.candidates.isEmpty, "\(database): \(result.candidates)")
            #expect(result.stderr.isEmpty, "\(database): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: setup.folder.path("missing.db")), "completion created the file")
    }

    @Test(arguments: Shell.allCases)
    func filesShellsAndFormatsAreOffered(shell: Shell) throws {
        let setup = try Self.setUp(shell)
        #expect(try setup.complete("trove import to").candidates == ["todo.txt"])
        #expect(try setup.complete("trove --db corr").candidates == ["corrupt.db"])
        #expect(try setup.complete("trove export -o to").candidates == ["todo.txt"])
        #expect(try setup.complete("trove export --output to").candidates == ["todo.txt"])
        #expect(try setup.complete("trove completion ").candidates == ["bash", "fish", "zsh"])
        #expect(try setup.complete("trove export --format ").candidates == ["csv", "ics", "jsonl", "todotxt"])
        #expect(try setup.complete("trove import --format ").candidates == ["csv", "ics", "jsonl", "todotxt"])
        #expect(try setup.complete("trove search --format j").candidates == ["json", "jsonl"])
    }
}
