extension InteractiveState {
    /// The longest query the prompt keeps; a longer paste is cut, and the header says so.
    static let maxQueryLength = 1_000

    /// Applies one key: editing keys search again when the text changed, movement keys render.
    /// The table of keys is ``KeyBindingsHelp``.
    mutating func handle(_ key: Key) -> [Action] {
        if isEnterPending {
            switch key {
            case .escape:
                isEnterPending = false
                notice = Notice(text: "Enter cancelled")
                return [.render]
            case .ctrl("c"), .ctrl("g"):
                return [.exit(code: 130)]
            default:
                // NB: Enter chose the text on screen; keys typed after it must not change it.
                return []
            }
        }
        let before = editor.text
        switch key {
        case .text(let text): editor.insert(text)
        case .paste(let text):
            // NB: cut after the paste is cleaned, so escape sequences in it do not count.
            editor.paste(text)
        case .backspace: editor.backspace()
        case .delete: editor.deleteForward()
        case .ctrl("d"):
            // NB: as in fzf and a shell: delete forward, or leave when there is nothing to delete.
            guard !editor.text.isEmpty else { return [.exit(code: 130)] }
            editor.deleteForward()
        case .ctrl("u"): editor.clear()
        case .ctrl("w"): editor.deleteWordBackward()
        case .left, .ctrl("b"): editor.moveLeft()
        case .right, .ctrl("f"): editor.moveRight()
        case .home, .ctrl("a"): editor.moveHome()
        case .end, .ctrl("e"): editor.moveEnd()
        case .up, .ctrl("p"): return moveSelection(by: -1)
        case .down, .ctrl("n"): return moveSelection(by: 1)
        case .pageUp: return moveSelection(by: -pageStep)
        case .pageDown: return moveSelection(by: pageStep)
        case .tab: return toggleMark(thenMoveBy: 1)
        case .backTab: return toggleMark(thenMoveBy: -1)
        case .enter: return enter()
        case .ctrl("s"):
            includeCompleted.toggle()
            return search(debounced: false)
        case .ctrl("t"): return toggleDone()
        case .ctrl("z"): return undoLast()
        case .ctrl("o"):
            guard let row = selectedRow else { return [] }
            return [.edit(id: row.id)]
        case .ctrl("/"): return togglePreview()
        case .shiftDown: return scrollPreview(by: 1)
        case .shiftUp: return scrollPreview(by: -1)
        case .shiftPageDown: return scrollPreview(by: max((layout.previewSize?.lines ?? 1) - 2, 1))
        case .shiftPageUp: return scrollPreview(by: -max((layout.previewSize?.lines ?? 1) - 2, 1))
        case .escape, .ctrl("c"), .ctrl("g"):
            return [.exit(code: 130)]
        case .ctrl("l"):
            return [.redraw]
        default:
            return []
        }
        if editor.text.count > Self.maxQueryLength {
            editor.keepPrefix(Self.maxQueryLength)
            notice = Notice(text: "the query was cut to its first \(Self.maxQueryLength) characters", isError: true)
        }
        return editor.text == before ? [.render] : search(debounced: true, textChanged: true)
    }
}
