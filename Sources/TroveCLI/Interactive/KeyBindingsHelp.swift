/// The interactive keys, for `trove --help` (the CLI's discussion text) and the README.
enum KeyBindingsHelp {
    static let text = """
        Keys in the interactive search:
          typing, Backspace, Delete      edit the query (results update as you type)
          Left/Right, Ctrl-B/Ctrl-F      move the cursor
          Home/End, Ctrl-A/Ctrl-E        jump to the start/end of the query
          Ctrl-U                         clear the query
          Ctrl-W                         delete the word before the cursor
          Ctrl-D                         delete the character under the cursor; quit when the query is empty
          Up/Down, Ctrl-P/Ctrl-N         move the selection (scrolling past the last row loads more)
          PageUp/PageDown                move the selection by a screenful
          Tab / Shift-Tab                mark or unmark the selection, then move down / up
          Enter                          print the marked reminders, or the selected one, and exit (0);
                                         while the results are still being ranked it waits (Esc cancels)
          Ctrl-/                         show/hide the preview pane (the whole reminder)
          Shift-Up/Shift-Down            scroll the preview pane a line (Alt-Up/Alt-Down too)
          Shift-PageUp/Shift-PageDown    scroll the preview pane a pane's height
          Ctrl-O                         open the selected reminder in $VISUAL/$EDITOR; saved on exit
          Ctrl-T                         mark the marked (or selected) reminders done, or not done
          Ctrl-Z                         undo the last change made in this search
          Ctrl-S                         show/hide completed reminders
          Ctrl-L                         redraw the screen
          Esc, Ctrl-C, Ctrl-G            quit without choosing (exit 130)
        """
}
