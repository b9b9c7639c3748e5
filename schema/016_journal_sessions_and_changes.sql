-- Trove schema, version 16: the journal notes which terminal session wrote each entry, and a
-- kept reminder notes which reminder it is and how much of its completion history it left alone.
--
-- session: the writing process's session id (getsid(0), what `ps -o sess` shows); NULL for an
-- entry written before this version, or where the system has no sessions. `trove undo` reverts
-- only entries of the caller's own session, so a script's `undo` never reverts a command that
-- another terminal (or a daemon) wrote in between; `trove undo --entry N` reverts any one entry.
ALTER TABLE journal ADD COLUMN session INTEGER;

-- reminder_id: the kept reminder's id, so that `trove undo --entry N` can tell whether a later
-- entry changed the same reminders without reading every record's JSON. Filled in below for the
-- rows kept before this version.
ALTER TABLE journal_reminders ADD COLUMN reminder_id INTEGER;

-- completions_through: NULL when `record` holds the reminder's whole completion history (an
-- rm, a list rm, an import's update: commands that delete or replace it). Otherwise the
-- command left the history alone but for adding to it (`done` of a repeating reminder): the
-- record's "completions" is empty, and undo deletes the reminder's completions with a higher
-- id than this (0 when it had none). Up to version 15 every entry copied the whole history, so
-- each `done` of a reminder completed 10,000 times wrote ~600 KB.
ALTER TABLE journal_reminders ADD COLUMN completions_through INTEGER;

UPDATE journal_reminders SET reminder_id = json_extract(record, '$.id');
