-- Trove schema, version 10: the per-prefix counts of version 9 cover prefixes of three
-- characters too (as long as they take at most 8 bytes: three letters of most scripts do).
--
-- With the counts of a one- or two-letter search read from version 9's tables, its page is
-- ranked on both cores. A three-letter search still walked every match for its counts and
-- facets while its page was ranked (`tax` at 1,000,000 generated reminders: 47 ms of lookups
-- beside 55 ms of ranking), and three letters are what a search holds most often while the
-- word is still being typed. The tables and triggers are version 9's; only what is counted
-- grows (trove_prefix_tally, Sources/CTroveRanking). The counts of version 9 lack the new
-- prefixes, so they are dropped here and every reminder is left to be counted: Trove's next
-- write (or a writable open) counts them, and until then searches walk their matches.
DELETE FROM prefix_list_counts;
DELETE FROM prefix_tag_counts;
DELETE FROM prefix_count_changes;
UPDATE prefix_count_state SET counted_through = 0;
