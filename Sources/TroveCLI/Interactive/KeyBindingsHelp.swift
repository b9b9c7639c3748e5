/// The interactive keys, for `trove --help` (the CLI's discussion text) and the README.
enum KeyBindingsHelp {
    static let text = """
        Keys in the interactive search:
          typing, Backspace, Delete      edit the query (results update as you type)
          Left/Right, Ctrl-B/Ctrl-F      move the cursor
          Home/End, Ctrl-A/Ctrl-E        jump to the start/end of the query
          Ctrl-U                         clear the query
          Ctrl-W                         delete the word before the cursor
          Up/Down, Ctrl-P/Ctrl-N         move the selection (Shift-Tab also moves up)
          PageUp/PageDown                move the selection by a screenful
          Enter                          print the selected reminder and exit (0)
          Tab                            show/hide completed reminders
          Ctrl-D                         mark the selected reminder done / not done
          Ctrl-L                         redraw the screen
          Esc, Ctrl-C, Ctrl-G            quit without choosing (exit 130)
        """
}
