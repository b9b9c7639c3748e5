/// One keystroke (or one paste) decoded from the terminal's bytes.
enum Key: Sendable, Hashable {
    /// Printable text: one or more Characters typed in a row.
    case text(String)
    /// The content of a bracketed paste, unfiltered; the line editor cleans it.
    case paste(String)
    case enter
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    case backspace
    /// Forward delete (`ESC [ 3 ~`).
    case delete
    /// Esc on its own, recognised once no sequence follows it.
    case escape
    case up, down, left, right
    case home, end
    case pageUp, pageDown
    /// Shift (or Alt) with Up, Down, PageUp or PageDown (`ESC [ 1 ; 2 A`, `ESC [ 6 ; 3 ~`): they
    /// scroll the preview pane, as Shift-Up/Down do in fzf.
    case shiftUp, shiftDown, shiftPageUp, shiftPageDown
    /// Ctrl plus a lowercase letter, except those with their own case (Tab, Enter, Backspace);
    /// also Ctrl-/ (`/`), which sends the same byte as Ctrl-_.
    case ctrl(Character)
    /// Alt (Meta) plus a character, sent as Esc followed by it.
    case alt(Character)
}
