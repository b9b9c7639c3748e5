-- Trove schema, version 2: prefix indexes for as-you-type search, and a case-only tag rename
-- that re-indexes.
--
-- Prefix indexes. While typing, the last word is a prefix query (`a*`, `bu*`, `bud*`).
-- Without a prefix index FTS5 answers one by merging the doclist of EVERY indexed word with
-- that prefix into one buffer before it returns the first row, so even
-- `… MATCH 'a*' ORDER BY rowid DESC LIMIT 200` costs as much as matching everything
-- (~30 ms at 100k reminders, ~10x that at 1M). With prefix = '1 2 3' FTS5 also stores, for
-- every 1-, 2- and 3-character prefix (in characters, after case and accent folding), one
-- doclist of the rows holding a word that starts with it. A 1- to 3-letter prefix is then
-- one doclist read lazily in rowid order, and a LIMIT stops it after a few pages; 4 and
-- more letters merge only the few words that share the longer prefix.
-- The price is index size: about 3.2x the index without them (FTS5 data 10 -> 33 MB at 100k
-- generated reminders, 102 -> 332 MB at 1M, where the whole file grows from 391 to ~620 MB).
-- prefix = '1 2' alone costs 2.5x but leaves `the*`-like 3-letter prefixes merging hundreds
-- of words (~11 ms at 100k, ~10x that at 1M). Matching results and bm25 ranks do not change:
-- a prefix index is an access path, not a different answer.
--
-- FTS5 cannot add the option to an existing table, so the table is made again and rebuilt
-- from `reminders` (external content: the text is read back, nothing is lost). The triggers
-- of version 1 name the table, not its contents, and keep working on the new one.
-- See https://www.sqlite.org/fts5.html#prefix_indexes

DROP TABLE reminders_fts;

CREATE VIRTUAL TABLE reminders_fts USING fts5(
    title, notes, tags,
    content = 'reminders',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 5.0)');
INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild');

-- Bug fix: version 1 compared the names with the column's NOCASE collation, so renaming a
-- tag `email` -> `Email` did not fire, and reminders.tags (the indexed text) kept the old
-- spelling. Compare bytes.
DROP TRIGGER tags_rename;

CREATE TRIGGER tags_rename AFTER UPDATE OF name ON tags
WHEN old.name IS NOT new.name COLLATE BINARY
BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
    WHERE id IN (SELECT reminder_id FROM reminder_tags WHERE tag_id = new.id);
END;
