-- Trove schema, version 9: per-prefix counts, so that a one- or two-letter search knows how
-- many reminders it matches, and in which lists and tags, without walking them.
--
-- While typing, the first letters are the searches with the most matches (`s` matches 577,529
-- of 1,000,000 generated reminders). Their counts and facets were read by walking every match
-- and looking it up in `reminders` (~115 ms for `s`), as long as ranking the page. Here, for
-- every prefix of one or two characters that starts a token of a reminder's title, notes or
-- tags (as reminders_fts tokenizes them, so `"s"*` matches exactly the reminders counted under
-- 's'), the reminders per list and per tag name, and the completed ones among them.
--
-- Kept in step in the transaction that writes the reminders: these triggers only note which
-- counted reminders changed (keeping their values as the counts saw them), a reminder added is
-- known by its id (above `counted_through`, so an import of a million notes nothing), and
-- Trove's writes count the changes before they commit (`PrefixTallies` in TroveStore, through
-- the C aggregate trove_prefix_tally). A write by another program (the `sqlite3` shell) leaves
-- its changes noted here until Trove's next write; meanwhile searches see the note and count
-- by walking, as before. `trove check` compares the counts with a fresh count of every
-- reminder; `trove rebuild` counts afresh.

CREATE TABLE prefix_list_counts (
    prefix    TEXT    NOT NULL,
    list_id   INTEGER NOT NULL,
    matches   INTEGER NOT NULL,
    completed INTEGER NOT NULL,
    PRIMARY KEY (prefix, list_id)
) WITHOUT ROWID;

CREATE TABLE prefix_tag_counts (
    prefix    TEXT    NOT NULL,
    tag       TEXT    NOT NULL,
    matches   INTEGER NOT NULL,
    completed INTEGER NOT NULL,
    PRIMARY KEY (prefix, tag)
) WITHOUT ROWID;

-- How far the counts have come: every reminder with an id up to `counted_through` was counted
-- (as it was then), and one with a higher id was added since and is counted by its id alone.
CREATE TABLE prefix_count_state (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    counted_through INTEGER NOT NULL
);

INSERT INTO prefix_count_state (id, counted_through) VALUES (1, 0);

-- Counted reminders whose counts are to be updated. `counted` 1: the reminder as the counts
-- hold it (its values then, to be taken away); `counted` 0: the reminder as it is now, to be
-- added (read from `reminders` when counted; gone if the reminder was deleted since). A
-- reminder added with a higher id than `counted_through` is noted nowhere: nothing of it is
-- in the counts yet, and the ids above it say what to add.
CREATE TABLE prefix_count_changes (
    id           INTEGER NOT NULL,
    counted      INTEGER NOT NULL,
    list_id      INTEGER,
    is_completed INTEGER,
    title        TEXT,
    notes        TEXT,
    tags         TEXT,
    PRIMARY KEY (id, counted)
) WITHOUT ROWID;

-- NB: an id at or below `counted_through` is new only when SQLite reused a deleted one.
CREATE TRIGGER prefix_counts_insert AFTER INSERT ON reminders
WHEN new.id <= (SELECT counted_through FROM prefix_count_state)
BEGIN
    INSERT OR IGNORE INTO prefix_count_changes (id, counted) VALUES (new.id, 0);
END;

-- NB: the values as counted are kept only when the reminder was counted as it was: not when
-- it was added, or changed already, since the last count (then a row with counted 0 exists).
CREATE TRIGGER prefix_counts_update AFTER UPDATE OF id, list_id, is_completed, title, notes, tags ON reminders BEGIN
    INSERT OR IGNORE INTO prefix_count_changes (id, counted, list_id, is_completed, title, notes, tags)
    SELECT old.id, 1, old.list_id, old.is_completed, old.title, old.notes, old.tags
    WHERE old.id <= (SELECT counted_through FROM prefix_count_state)
      AND NOT EXISTS (SELECT 1 FROM prefix_count_changes WHERE id = old.id AND counted = 0);
    INSERT OR IGNORE INTO prefix_count_changes (id, counted)
    SELECT old.id, 0 WHERE old.id <= (SELECT counted_through FROM prefix_count_state);
    INSERT OR IGNORE INTO prefix_count_changes (id, counted)
    SELECT new.id, 0 WHERE new.id <= (SELECT counted_through FROM prefix_count_state);
END;

CREATE TRIGGER prefix_counts_delete AFTER DELETE ON reminders
WHEN old.id <= (SELECT counted_through FROM prefix_count_state)
BEGIN
    INSERT OR IGNORE INTO prefix_count_changes (id, counted, list_id, is_completed, title, notes, tags)
    SELECT old.id, 1, old.list_id, old.is_completed, old.title, old.notes, old.tags
    WHERE NOT EXISTS (SELECT 1 FROM prefix_count_changes WHERE id = old.id AND counted = 0);
    INSERT OR IGNORE INTO prefix_count_changes (id, counted) VALUES (old.id, 0);
END;

-- The reminders there are now have ids above 0: Trove counts them when it next opens the
-- file for writing.
