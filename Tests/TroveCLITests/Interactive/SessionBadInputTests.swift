import Testing
import TroveStore
@testable import TroveCLI

/// Any key sequence, paste or resize storm leaves the terminal restored, and nothing is written
/// unless a write key was pressed. (The tmux suite checks the same against a real database.)
/// Random input comes from seeded generators, so a failure names the seed that reproduces it.
@Suite struct SessionBadInputTests {
    /// Bytes that are keys which write: Ctrl-T (done), Ctrl-Z (undo), Ctrl-O (editor).
    static let writeKeys: Set<UInt8> = [0x14, 0x1A, 0x0F]

    /// Escape sequences and bytes a terminal (or a hostile paste) may send.
    static let pieces: [[UInt8]] = [
        Array("\u{1B}[A".utf8), Array("\u{1B}[B".utf8), Array("\u{1B}[5~".utf8), Array("\u{1B}[6~".utf8),
        Array("\u{1B}[Z".utf8), Array("\u{1B}[1;5C".utf8), Array("\u{1B}[200~".utf8), Array("\u{1B}[201~".utf8),
        Array("\u{1B}]0;title\u{07}".utf8), Array("\u{1B}[?1049h".utf8), Array("\u{1B}[2J".utf8), [0x1B], [0x1B, 0x1B],
        [0xFF, 0xFE], [0xC3], [0xE2, 0x82], Array("é牛🎂".utf8), Array("milk ".utf8), [0x09], [0x7F], [0x17], [0x15],
        [0x1F], [0x13], [0x0C], [0x00], [0x08],
    ]

    static func randomInput(seed: UInt64, length: Int, allowing allowed: (UInt8) -> Bool) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        var chunks: [[UInt8]] = []
        for _ in 0..<length {
            var chunk: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                if Bool.random(using: &generator) {
                    chunk += pieces.randomElement(using: &generator)!
                } else {
                    chunk.append(UInt8.random(in: 0...255, using: &generator))
                }
            }
            chunks.append(chunk.filter(allowed))
        }
        return chunks
    }

    @Test(arguments: 1...25 as ClosedRange<UInt64>)
    func randomKeysWithoutAWriteKeyWriteNothingAndRestoreTheTerminal(seed: UInt64) async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 50, rows: 10))
        let store = FakeStore()
        let editor = FakeEditor { $0 + "x" }
        let session = InteractiveSession(
            terminal: terminal, options: InteractiveSessionTests.options, search: FakeSearch(counts: { _ in 250 }, pageSize: 20).function,
            store: store, textEditor: editor)
        let run = Task { await session.run() }
        // NB: no Enter, Esc, Ctrl-C, Ctrl-D or Ctrl-G either, so the session sees every chunk.
        let quitting: Set<UInt8> = [0x0D, 0x0A, 0x1B, 0x03, 0x04, 0x07]
        for chunk in Self.randomInput(seed: seed, length: 300, allowing: { !Self.writeKeys.contains($0) && !quitting.contains($0) }) {
            terminal.type(bytes: chunk)
        }
        terminal.type(bytes: Array("\u{1B}[201~".utf8) + [0x03])  // end any paste; then Ctrl-C
        let outcome = await run.value
        #expect(outcome.exitCode == 130, "seed \(seed)")
        #expect(store.writes.isEmpty, "seed \(seed)")
        #expect(editor.opened.isEmpty, "seed \(seed)")
        #expect(terminal.restoreCount == 1, "seed \(seed)")
        #expect(terminal.emulator.overflows == 0, "seed \(seed)")
    }

    @Test(arguments: 100...119 as ClosedRange<UInt64>)
    func anyKeysAtAllEndWithTheTerminalRestored(seed: UInt64) async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 50, rows: 10))
        let store = FakeStore()
        let session = InteractiveSession(
            terminal: terminal, options: InteractiveSessionTests.options, search: FakeSearch(counts: { _ in 250 }, pageSize: 20).function,
            store: store, textEditor: FakeEditor { $0 })
        let run = Task { await session.run() }
        let input = Self.randomInput(seed: seed, length: 200, allowing: { _ in true })
        for chunk in input { terminal.type(bytes: chunk) }
        terminal.type(bytes: Array("\u{1B}[201~".utf8) + [0x1B, 0x03])
        terminal.endInput()
        let outcome = await run.value
        #expect([0, 130].contains(outcome.exitCode), "seed \(seed)")
        #expect(terminal.restoreCount == 1, "seed \(seed)")
        if !input.joined().contains(where: Self.writeKeys.contains) {
            #expect(store.writes.isEmpty, "seed \(seed)")
        }
    }

    @Test func aMegabytePasteIsCutToTheLongestQueryAndTheScreenStaysWithinItsWidth() async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 60, rows: 10))
        let search = FakeSearch()
        let run = InteractiveSessionTests.start(terminal, search)
        #expect(await terminal.wait { $0.contains("> all 1") })
        // A megabyte of words, line breaks and escape sequences, in the chunks a tty delivers.
        var paste = Array("\u{1B}[200~".utf8)
        let line = Array("milk and eggs \u{1B}[2J\u{1B}]0;x\u{07} bread\r\n".utf8)
        while paste.count < 1_048_576 { paste += line }
        paste += Array("\u{1B}[201~".utf8)
        var start = 0
        while start < paste.count {
            terminal.type(bytes: Array(paste[start..<min(start + 4096, paste.count)]))
            start += 4096
        }
        #expect(await terminal.wait { $0[1].contains("the query was cut to its first 1000 characters") })
        let searched = search.calls.last?.text ?? ""
        #expect(searched.count == InteractiveState.maxQueryLength)
        #expect(!searched.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(terminal.emulator.overflows == 0)
        terminal.type("\u{3}")
        #expect(await run.value.exitCode == 130)
        #expect(terminal.restoreCount == 1)
    }

    @Test func aResizeStormEndsDrawnAtTheLastSize() async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 80, rows: 20))
        let run = InteractiveSessionTests.start(terminal, FakeSearch())
        #expect(await terminal.wait { $0.contains("> all 1") })
        var generator = SplitMix64(seed: 7)
        for _ in 0..<300 {
            terminal.resize(to: TerminalSize(columns: Int.random(in: 1...200, using: &generator), rows: Int.random(in: 1...60, using: &generator)))
        }
        terminal.resize(to: TerminalSize(columns: 30, rows: 8))
        #expect(await terminal.wait { $0.first == ">" && $0.contains("> all 1") && $0.contains("  3 of 3") })
        terminal.type("milk")
        #expect(await terminal.wait { $0.contains("> milk 1") })
        #expect(terminal.screen.allSatisfy { DisplayWidth.of($0) <= 30 })
        terminal.type("\u{3}")
        #expect(await run.value.exitCode == 130)
        #expect(terminal.restoreCount == 1)
    }
}
