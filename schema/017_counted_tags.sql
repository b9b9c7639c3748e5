-- Trove schema, version 17: the per-prefix tag counts keep the tags many reminders share, under
-- prefixes of one and two characters; the others are counted when a search asks for them.
--
-- Counting every tag under every prefix of every reminder it labels made the counts most of the
-- file on real data: 64,610 Debian package descriptions tagged with the parts of each package
-- name (34,354 distinct tags) gave 5,519,075 rows of prefix_tag_counts (106.9 MB of a 221 MB
-- file from 36 MB of JSON Lines), and 1,000,000 reminders with 501,899 distinct tags ran out of
-- memory while they were counted. Most of those rows are a tag of one or two reminders under
-- each of their prefixes, and a facet list is the most common tags first.
--
-- Now a tag is counted one by one once `PrefixTallies.countedTagMinimum` reminders hold it (its
-- name is then in prefix_counted_tags, and stays there); a reminder holding a tag not counted
-- is counted under the name ',' (no tag has a comma). A search's tag facets (the 100 most
-- common) come from the counts when no tag outside them can be among those 100: a tag not
-- counted labels fewer reminders than the minimum, and fewer than the ',' entry counts
-- (TroveSearch's `SearchExecutor.prefixCounts(on:)`); otherwise the search walks its matches.
-- Tags are counted under prefixes of one and two characters only: a three- or four-letter
-- prefix has far fewer matches to walk, and its totals still come from prefix_list_counts.
--
-- The counts made before version 17 are dropped and every reminder is left to be counted, as version 15
-- did: Trove's next write (or a writable open) counts them, and until then searches walk.
CREATE TABLE prefix_counted_tags (
    name TEXT NOT NULL PRIMARY KEY
) WITHOUT ROWID;

DELETE FROM prefix_list_counts;
DELETE FROM prefix_tag_counts;
DELETE FROM prefix_count_changes;
UPDATE prefix_count_state SET counted_through = 0;
