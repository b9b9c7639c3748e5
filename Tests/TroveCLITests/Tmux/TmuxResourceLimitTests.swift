#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// Issue 53, item 7: the interactive search under a small `ulimit -n`, in a real terminal.
///
/// Was: under `ulimit -n` 20–24 it died of SIGILL while the person typed (5 runs of 6): its
/// connections left too few descriptors for the terminal and libdispatch's signal sources, and
/// libdispatch's worker monitor, finding none for `/proc/N/stat`, trapped. The shell was then
/// left in `-icanon -echo`. Now the session opens as many readers as leave room (at 20, none),
/// refuses with a sentence below that, and puts the terminal back even when it crashes.
@Suite(.serialized)
struct TmuxResourceLimitTests {
    /// Starts `trove --db t.db` under `ulimit -n LIMIT` and waits for its first screen.
    static func start(limit: Int) async throws -> TmuxPane {
        let folder = try TemporaryFolder()
        _ = try ExpectedScreen.seededDatabase(in: folder)
        let pane = try TmuxPane("ulimit -n \(limit); \"$TROVE\" --db t.db > out 2> err", in: folder)
        try await pane.waitForScreen(timeout: .seconds(20), "the first results") { $0.count > 1 && $0[1].contains(" of ") }
        return pane
    }

    static func expectTerminalRestored(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try #require(pane.file("stty-before"), sourceLocation: sourceLocation)
        let after = try #require(pane.file("stty-after"), sourceLocation: sourceLocation)
        #expect(after == before, sourceLocation: sourceLocation)
        #expect(after.contains(" icanon") && !after.contains("-icanon"), sourceLocation: sourceLocation)
        #expect(after.contains(" echo ") && !after.contains("-echo "), sourceLocation: sourceLocation)
    }

    @Test(arguments: [20, 22, 24])
    func typingUnderFewDescriptorsNeverCrashesAndRestoresTheTerminal(limit: Int) async throws {
        let pane = try await Self.start(limit: limit)
        // NB: the worker monitor runs about once a second while searches keep threads busy, so
        // the typing goes on for 3 s of searches (each word waited for on the screen).
        let words = ["dentist", "milk", "passport", "call", "book"]
        let deadline = ContinuousClock.now + .seconds(3)
        var typed = 0
        while ContinuousClock.now < deadline || typed < words.count {
            let word = words[typed % words.count]
            for letter in word { try pane.type(String(letter)) }
            try await pane.waitForScreen("the query \(word)") { $0.first == "> \(word)" }
            #expect(pane.file("exit") == nil, "trove ended while typing: \(pane.file("err") ?? "")")
            try pane.press("C-u")
            try await pane.waitForScreen("the emptied prompt") { $0.first == ">" || $0.first == "> " }
            typed += 1
        }
        try pane.press("Escape")
        let status = try await pane.waitForExit()
        #expect(status == 130, "exit \(String(describing: status)): \(pane.file("err") ?? "")")
        #expect(pane.file("err") == "")
        try Self.expectTerminalRestored(pane)
    }

    /// Below what one connection, the terminal and libdispatch need, the session is refused
    /// with a sentence before the terminal is touched.
    @Test func tooFewDescriptorsForTheSessionAreRefusedWithASentence() async throws {
        let folder = try TemporaryFolder()
        _ = try ExpectedScreen.seededDatabase(in: folder)
        let pane = try TmuxPane("ulimit -n 16; \"$TROVE\" --db t.db > out 2> err", in: folder)
        #expect(try await pane.waitForExit(timeout: .seconds(20)) == 3)
        #expect(pane.file("err")?.hasPrefix("trove: Trove ran out of file descriptors (the limit is 16; see `ulimit -n`)") == true,
                "\(pane.file("err") ?? "")")
        try Self.expectTerminalRestored(pane)
    }

    /// A crash skips every Swift cleanup; the runtime's handler puts the terminal back before
    /// the signal ends the process (SIGILL, as the libdispatch trap was).
    @Test func aCrashStillRestoresTheTerminal() async throws {
        let folder = try TemporaryFolder()
        _ = try ExpectedScreen.seededDatabase(in: folder)
        // NB: without the Swift backtracer, which on a terminal waits for a key before it ends
        // the process; the handler that restores the terminal runs before it either way.
        let pane = try TmuxPane("SWIFT_BACKTRACE=enable=no \"$TROVE\" --db t.db 2> err & echo $! > pid; wait $!", in: folder)
        try await pane.waitForScreen(timeout: .seconds(20), "the first results") { $0.count > 1 && $0[1].contains(" of ") }
        try pane.type("milk")
        try await pane.waitForScreen("the query") { $0.first == "> milk" }
        let pid = try #require(pane.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(kill(pid, SIGILL) == 0)
        #expect(try await pane.waitForExit() == 128 + SIGILL)
        try Self.expectTerminalRestored(pane)
    }
}
