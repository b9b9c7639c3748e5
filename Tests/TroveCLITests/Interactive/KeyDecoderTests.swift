import Testing
@testable import TroveCLI

@Suite struct KeyDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var chunks: [[UInt8]]
        var keys: [Key]
        var pendingEscape = false
        var testDescription: String { name }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let cases: [Case] = [
        Case(name: "ascii text is one run", chunks: [bytes("milk")], keys: [.text("milk")]),
        Case(name: "CR and LF are Enter", chunks: [[0x0D, 0x0A]], keys: [.enter, .enter]),
        Case(name: "tab", chunks: [[0x09]], keys: [.tab]),
        Case(name: "DEL and BS are Backspace", chunks: [[0x7F, 0x08]], keys: [.backspace, .backspace]),
        Case(name: "ctrl letters", chunks: [[0x01, 0x03, 0x04, 0x15, 0x17, 0x0C]],
             keys: [.ctrl("a"), .ctrl("c"), .ctrl("d"), .ctrl("u"), .ctrl("w"), .ctrl("l")]),
        Case(name: "NUL and FS–RS are dropped", chunks: [[0x00, 0x1C, 0x1E, 0x61]], keys: [.text("a")]),
        Case(name: "US is Ctrl-/ (and Ctrl-_)", chunks: [[0x1F]], keys: [.ctrl("/")]),
        Case(name: "the write keys", chunks: [[0x14, 0x1A, 0x0F, 0x13]], keys: [.ctrl("t"), .ctrl("z"), .ctrl("o"), .ctrl("s")]),
        Case(name: "two-byte UTF-8", chunks: [bytes("Café")], keys: [.text("Café")]),
        Case(name: "CJK", chunks: [bytes("牛乳")], keys: [.text("牛乳")]),
        Case(name: "emoji", chunks: [bytes("🎂")], keys: [.text("🎂")]),
        Case(name: "ZWJ family arrives whole", chunks: [bytes("👨‍👩‍👧")], keys: [.text("👨‍👩‍👧")]),
        Case(name: "UTF-8 split across reads", chunks: [[0xF0, 0x9F], [0x8E, 0x82]], keys: [.text("🎂")]),
        Case(name: "stray continuation byte dropped", chunks: [[0x80, 0x61]], keys: [.text("a")]),
        Case(name: "truncated sequence dropped, next byte kept", chunks: [[0xE7, 0x61]], keys: [.text("a")]),
        Case(name: "overlong encoding dropped", chunks: [[0xC0, 0xAF, 0x62]], keys: [.text("b")]),
        Case(name: "surrogate encoding dropped", chunks: [[0xED, 0xA0, 0x80, 0x63]], keys: [.text("c")]),
        Case(name: "C1 control dropped", chunks: [[0xC2, 0x85, 0x64]], keys: [.text("d")]),
        Case(name: "CSI arrows", chunks: [bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")], keys: [.up, .down, .right, .left]),
        Case(name: "SS3 arrows", chunks: [bytes("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD")], keys: [.up, .down, .right, .left]),
        Case(name: "Home variants", chunks: [bytes("\u{1B}[H\u{1B}[1~\u{1B}OH\u{1B}[7~")], keys: [.home, .home, .home, .home]),
        Case(name: "End variants", chunks: [bytes("\u{1B}[F\u{1B}[4~\u{1B}OF\u{1B}[8~")], keys: [.end, .end, .end, .end]),
        Case(name: "PageUp PageDown Delete", chunks: [bytes("\u{1B}[5~\u{1B}[6~\u{1B}[3~")], keys: [.pageUp, .pageDown, .delete]),
        Case(name: "modified arrow reads as the arrow", chunks: [bytes("\u{1B}[1;5C")], keys: [.right]),
        Case(name: "Ctrl-Up is still Up", chunks: [bytes("\u{1B}[1;5A")], keys: [.up]),
        Case(
            name: "Shift and Alt arrows and pages scroll the preview",
            chunks: [bytes("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;3A\u{1B}[1;3B\u{1B}[5;2~\u{1B}[6;2~")],
            keys: [.shiftUp, .shiftDown, .shiftUp, .shiftDown, .shiftPageUp, .shiftPageDown]),
        Case(name: "shift-tab", chunks: [bytes("\u{1B}[Z")], keys: [.backTab]),
        Case(name: "unknown CSI dropped", chunks: [bytes("\u{1B}[15~x")], keys: [.text("x")]),
        Case(name: "CSI split across reads", chunks: [[0x1B], [0x5B], [0x41]], keys: [.up]),
        Case(name: "alt-letter", chunks: [bytes("\u{1B}b")], keys: [.alt("b")]),
        Case(name: "lone Esc waits", chunks: [[0x1B]], keys: [], pendingEscape: true),
        Case(name: "Esc Esc gives one Esc and waits", chunks: [[0x1B, 0x1B]], keys: [.escape], pendingEscape: true),
        Case(name: "unfinished CSI waits", chunks: [bytes("\u{1B}[1;")], keys: [], pendingEscape: true),
        Case(name: "text around keys keeps order", chunks: [bytes("a\u{1B}[Db\r")], keys: [.text("a"), .left, .text("b"), .enter]),
        Case(name: "bracketed paste is one event", chunks: [bytes("\u{1B}[200~buy\nmilk\u{1B}[201~")], keys: [.paste("buy\nmilk")]),
        Case(name: "paste keeps escape bytes inside", chunks: [bytes("\u{1B}[200~a\u{1B}[Ab\u{1B}[201~")], keys: [.paste("a\u{1B}[Ab")]),
        Case(name: "paste end marker split across reads",
             chunks: [bytes("\u{1B}[200~ab\u{1B}[2"), bytes("01~c")], keys: [.paste("ab"), .text("c")]),
        Case(name: "paste body split across reads", chunks: [bytes("\u{1B}[200~牛"), bytes("乳\u{1B}[201~")], keys: [.paste("牛乳")]),
        Case(name: "paste drops invalid UTF-8", chunks: [[0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0x61, 0xFF, 0x62] + bytes("\u{1B}[201~")],
             keys: [.paste("ab")]),
        Case(name: "unfinished paste is not an Esc", chunks: [bytes("\u{1B}[200~abc")], keys: [], pendingEscape: false),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for chunk in testCase.chunks { keys += decoder.decode(chunk) }
        #expect(keys == testCase.keys)
        #expect(decoder.isPendingEscape == testCase.pendingEscape)
    }

    @Test func flushTurnsALoneEscIntoEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isPendingEscape)
        #expect(decoder.decode(Array("x".utf8)) == [.text("x")])
    }

    @Test func flushDropsAnUnfinishedSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[5".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("~".utf8)) == [.text("~")])
    }

    @Test func flushLeavesAPasteWaitingForItsEnd() {
        var decoder = KeyDecoder()
        _ = decoder.decode(Array("\u{1B}[200~ab".utf8))
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("c\u{1B}[201~".utf8)) == [.paste("abc")])
    }

    @Test func escFollowedByAnArrowInTheSameReadIsTheArrow() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}".utf8)).isEmpty)
        #expect(decoder.decode(Array("[B".utf8)) == [.down])
    }
}
