import Testing
@testable import TroveCLI

@Suite struct TerminalScreenTests {
    static let esc = "\u{1B}"
    static let frame = ScreenRenderer.Frame(lines: ["a", "b", "c"], cursorColumn: 3)

    @Test func inlineEnterReservesTheLinesOnceAndReturnsToThePrompt() {
        var screen = TerminalScreen(mode: .inline(height: 3))
        #expect(screen.enter(lines: 3) == "\r\n\n\(Self.esc)[2A")
        #expect(screen.reservedLines == 3)
    }

    @Test func inlineDrawMovesRelativelyAndEndsOnThePromptLine() {
        var screen = TerminalScreen(mode: .inline(height: 3))
        _ = screen.enter(lines: 3)
        let e = Self.esc
        #expect(screen.draw(Self.frame) ==
            "\(e)[?25l\r\(e)[Ka\(e)[B\r\(e)[Kb\(e)[B\r\(e)[Kc\(e)[2A\r\(e)[3C\(e)[?25h")
    }

    @Test func inlineFramesNeverScrollAfterTheFirst() {
        var screen = TerminalScreen(mode: .inline(height: 3))
        _ = screen.enter(lines: 3)
        for _ in 0..<5 {
            let bytes = screen.draw(Self.frame)
            #expect(!bytes.contains("\n"))
        }
    }

    @Test func inlineReservesMoreOnlyWhenTheFrameGrows() {
        var screen = TerminalScreen(mode: .inline(height: 3))
        _ = screen.enter(lines: 2)
        let bytes = screen.draw(Self.frame)
        #expect(bytes.hasPrefix("\(Self.esc)[?25l\r\n\n\(Self.esc)[2A"))
        #expect(!screen.draw(Self.frame).contains("\n"))
    }

    @Test func inlineClearErasesFromThePromptDown() {
        var screen = TerminalScreen(mode: .inline(height: 3))
        _ = screen.enter(lines: 3)
        #expect(screen.draw(Self.frame, clear: true).hasPrefix("\(Self.esc)[?25l\r\(Self.esc)[J\r\(Self.esc)[Ka"))
    }

    @Test func inlineLeaveErasesTheInterfaceAndShowsTheCursor() {
        #expect(TerminalScreen(mode: .inline(height: 3)).leave() == "\r\(Self.esc)[J\(Self.esc)[?25h")
    }

    @Test func cursorAtColumnZeroIsNotMoved() {
        var screen = TerminalScreen(mode: .inline(height: 1))
        let bytes = screen.draw(.init(lines: ["x"], cursorColumn: 0))
        #expect(bytes == "\(Self.esc)[?25l\r\(Self.esc)[Kx\r\(Self.esc)[?25h")
    }

    @Test func fullscreenUsesTheAlternateScreenAndAbsolutePositions() {
        var screen = TerminalScreen(mode: .fullscreen)
        let e = Self.esc
        #expect(screen.enter(lines: 24) == "\(e)[?1049h\(e)[H\(e)[2J")
        #expect(screen.draw(Self.frame) ==
            "\(e)[?25l\(e)[1;1H\(e)[Ka\(e)[2;1H\(e)[Kb\(e)[3;1H\(e)[Kc\(e)[1;4H\(e)[?25h")
        #expect(screen.leave() == "\(e)[?1049l\(e)[?25h")
    }
}
