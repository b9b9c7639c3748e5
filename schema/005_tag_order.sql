-- Trove schema, version 5: tags keep the order they were given, and tag work per reminder is
-- linear in its number of tags.
--
-- Order. Each link now has a position, and reminders.tags (the indexed text) lists the names
-- in that order: `trove add x --tag school --tag run` keeps "school, run", so the text reads
-- as the person wrote it. Links an older Trove made get positions in the name order their
-- text already had, so no reminder's text or index entry changes here. A link written
-- without a position (by another tool) comes after the positioned ones, in name order.
--
-- Cost. Version 1's link trigger rebuilt the whole text from every link of the reminder for
-- each link inserted, and its WHEN scanned the whole text for the name: both O(N) per link,
-- O(N^2) per reminder (100,000 tags on one reminder held the write lock for 84 s). A writer
-- that has already put the final text into reminders.tags now says so with a row in
-- tag_text_written for the reminder, for the length of its own transaction; while that row
-- is there the link triggers leave the text alone, so each link costs one primary-key
-- lookup. Trove's store does this for reminders with many tags (RecordInserter); every other
-- writer gets the triggers' full behaviour, as before. `trove check` reports a row left here
-- and any reminder whose text differs from its links.

DROP TRIGGER reminder_tags_link;
DROP TRIGGER reminder_tags_unlink;
DROP TRIGGER reminder_tags_relink;
DROP TRIGGER tags_rename;
DROP VIEW reminder_tag_text;

ALTER TABLE reminder_tags ADD COLUMN position INTEGER;

UPDATE reminder_tags SET position = ordered.position
FROM (
    SELECT rt.reminder_id, rt.tag_id,
           row_number() OVER (PARTITION BY rt.reminder_id ORDER BY t.name COLLATE NOCASE) - 1 AS position
    FROM reminder_tags AS rt JOIN tags AS t ON t.id = rt.tag_id
) AS ordered
WHERE reminder_tags.reminder_id = ordered.reminder_id AND reminder_tags.tag_id = ordered.tag_id;

-- The reminders whose writer has put the final text in reminders.tags itself; empty between
-- transactions.
CREATE TABLE tag_text_written (
    reminder_id INTEGER PRIMARY KEY
);

-- The text reminders.tags should hold for each reminder that has tags: names in position
-- order, unpositioned links last in name order.
CREATE VIEW reminder_tag_text (reminder_id, text) AS
SELECT reminder_id, group_concat(name, ', ')
FROM (
    SELECT rt.reminder_id, t.name
    FROM reminder_tags AS rt JOIN tags AS t ON t.id = rt.tag_id
    ORDER BY rt.reminder_id, rt.position IS NULL, rt.position, t.name COLLATE NOCASE
)
GROUP BY reminder_id;

-- Tag links rewrite reminders.tags, which re-indexes through the update trigger. A link
-- whose name is already in the text, or whose writer has written the text, changes nothing.
CREATE TRIGGER reminder_tags_link AFTER INSERT ON reminder_tags
WHEN NOT EXISTS (SELECT 1 FROM tag_text_written WHERE reminder_id = new.reminder_id)
  AND instr(', ' || (SELECT tags FROM reminders WHERE id = new.reminder_id) || ', ',
            ', ' || (SELECT name FROM tags WHERE id = new.tag_id) || ', ') = 0
BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = new.reminder_id), '')
    WHERE id = new.reminder_id;
END;

CREATE TRIGGER reminder_tags_unlink AFTER DELETE ON reminder_tags
WHEN NOT EXISTS (SELECT 1 FROM tag_text_written WHERE reminder_id = old.reminder_id)
BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = old.reminder_id), '')
    WHERE id = old.reminder_id;
END;

CREATE TRIGGER reminder_tags_relink AFTER UPDATE ON reminder_tags
WHEN NOT EXISTS (SELECT 1 FROM tag_text_written WHERE reminder_id IN (old.reminder_id, new.reminder_id))
BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
    WHERE id IN (old.reminder_id, new.reminder_id);
END;

CREATE TRIGGER tags_rename AFTER UPDATE OF name ON tags
WHEN old.name IS NOT new.name COLLATE BINARY
BEGIN
    UPDATE reminders
    SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
    WHERE id IN (SELECT reminder_id FROM reminder_tags WHERE tag_id = new.id);
END;
