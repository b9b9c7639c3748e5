import Testing
@testable import TroveCLI

@Suite struct LineEditorTests {
    enum Edit: Sendable {
        case insert(String), paste(String), backspace, delete, left, right, home, end, clear, deleteWord
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var cursor: Int?
        var edits: [Edit]
        var expectedText: String
        var expectedCursor: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "insert at end", text: "buy", cursor: nil, edits: [.insert(" milk")], expectedText: "buy milk", expectedCursor: 8),
        Case(name: "insert in the middle", text: "by", cursor: 1, edits: [.insert("u")], expectedText: "buy", expectedCursor: 2),
        Case(name: "insert drops controls", text: "", cursor: nil, edits: [.insert("a\u{1B}b\u{7}")], expectedText: "ab", expectedCursor: 2),
        Case(name: "combining mark joins the previous character", text: "Cafe", cursor: nil,
             edits: [.insert("\u{301}")], expectedText: "Cafe\u{301}", expectedCursor: 4),
        Case(name: "emoji counts as one", text: "", cursor: nil, edits: [.insert("🎂"), .insert("x"), .left, .left],
             expectedText: "🎂x", expectedCursor: 0),
        Case(name: "backspace removes a whole cluster", text: "👨‍👩‍👧a", cursor: 1, edits: [.backspace], expectedText: "a", expectedCursor: 0),
        Case(name: "backspace at start does nothing", text: "ab", cursor: 0, edits: [.backspace], expectedText: "ab", expectedCursor: 0),
        Case(name: "delete under the cursor", text: "abc", cursor: 1, edits: [.delete], expectedText: "ac", expectedCursor: 1),
        Case(name: "delete at end does nothing", text: "abc", cursor: nil, edits: [.delete], expectedText: "abc", expectedCursor: 3),
        Case(name: "left and right stop at the ends", text: "ab", cursor: nil,
             edits: [.right, .left, .left, .left], expectedText: "ab", expectedCursor: 0),
        Case(name: "home and end", text: "牛乳を買う", cursor: 2, edits: [.home, .insert(">"), .end], expectedText: ">牛乳を買う", expectedCursor: 6),
        Case(name: "clear empties the line", text: "buy milk", cursor: 3, edits: [.clear], expectedText: "", expectedCursor: 0),
        Case(name: "delete word before the cursor", text: "buy oat milk", cursor: nil, edits: [.deleteWord], expectedText: "buy oat ", expectedCursor: 8),
        Case(name: "delete word eats trailing spaces first", text: "buy milk  ", cursor: nil, edits: [.deleteWord], expectedText: "buy ", expectedCursor: 4),
        Case(name: "delete word mid-line keeps the rest", text: "buy milk now", cursor: 8, edits: [.deleteWord], expectedText: "buy  now", expectedCursor: 4),
        Case(name: "delete word at start does nothing", text: "milk", cursor: 0, edits: [.deleteWord], expectedText: "milk", expectedCursor: 0),
        Case(name: "delete word treats punctuation as part of the word", text: "tag:home", cursor: nil, edits: [.deleteWord], expectedText: "", expectedCursor: 0),
        Case(name: "paste joins lines with spaces", text: "", cursor: nil, edits: [.paste("buy\nmilk\r\n\teggs\n")], expectedText: "buy milk eggs", expectedCursor: 13),
        Case(name: "paste drops other controls", text: "x", cursor: 0, edits: [.paste("a\u{1B}[31mb")], expectedText: "a[31mbx", expectedCursor: 6),
        Case(name: "paste of only newlines inserts nothing", text: "a", cursor: nil, edits: [.paste("\n\n")], expectedText: "a", expectedCursor: 1),
    ]

    @Test(arguments: cases)
    func edits(_ testCase: Case) {
        var editor = LineEditor(text: testCase.text, cursor: testCase.cursor)
        for edit in testCase.edits {
            switch edit {
            case .insert(let text): editor.insert(text)
            case .paste(let text): editor.paste(text)
            case .backspace: editor.backspace()
            case .delete: editor.deleteForward()
            case .left: editor.moveLeft()
            case .right: editor.moveRight()
            case .home: editor.moveHome()
            case .end: editor.moveEnd()
            case .clear: editor.clear()
            case .deleteWord: editor.deleteWordBackward()
            }
        }
        #expect(editor.text == testCase.expectedText)
        #expect(editor.cursor == testCase.expectedCursor)
    }

    @Test func textBeforeCursorFollowsTheCursor() {
        let editor = LineEditor(text: "buy milk", cursor: 3)
        #expect(editor.textBeforeCursor == "buy")
    }
}
