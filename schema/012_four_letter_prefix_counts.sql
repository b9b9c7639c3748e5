-- Trove schema, version 12: the per-prefix counts cover prefixes of four characters too (as
-- long as they take at most 8 bytes: four letters of most scripts do).
--
-- A prefix of four or more letters has no prefix index, so a search such as `bill` walked
-- every match twice: once for the page's ranking and once for its counts and facets, by
-- looking up each match's reminder (`bill` at 1,000,000 generated reminders: 101,529 matches,
-- 63 ms of counting beside 48 ms of ranking). Read from the tables, the counts take a few
-- hundred rows, and the reader that walked for them ranks half the page's candidates instead.
-- Four letters are what a search holds while the word is still being typed as often as three.
-- The tables and triggers are version 9's; only what is counted grows (trove_prefix_tally,
-- Sources/CTroveRanking). The counts of version 10 lack the new prefixes, so they are dropped
-- here and every reminder is left to be counted, as version 10 did: Trove's next write (or a
-- writable open) counts them, and until then searches walk their matches.
DELETE FROM prefix_list_counts;
DELETE FROM prefix_tag_counts;
DELETE FROM prefix_count_changes;
UPDATE prefix_count_state SET counted_through = 0;
