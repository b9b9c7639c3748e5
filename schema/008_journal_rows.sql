-- Trove schema, version 8: the reminders a command changed are kept one row each.
--
-- Up to version 7 a journal entry held every reminder it changed, as it was, inside its one
-- JSON `undo` value. A re-import that updates 100,000 reminders made a 51 MB value, built in
-- memory three times over (the lines, the encoded JSON, the bound copy): 257 MB resident for
-- `trove import`, and ten times that at a million. A value past SQLite's 1,000,000,000-byte
-- limit (about two million of the benchmark's reminders) could not be written at all, so such
-- an import failed.
--
-- Each remembered reminder is now a row here, written as the command reaches it and read back
-- in batches by `trove undo`; `entry` is the `journal.id` of the command's entry (written last,
-- in the same transaction). Entries written before this version keep their reminders in their
-- JSON, and undo reads both. Rows go with their entry: undone, or pruned past the newest 100.
CREATE TABLE journal_reminders (
    id     INTEGER PRIMARY KEY,
    entry  INTEGER NOT NULL,
    record TEXT    NOT NULL
);

CREATE INDEX journal_reminders_by_entry ON journal_reminders(entry);
