-- Trove schema, version 15: a reminder with more than 64 tags is counted in the per-prefix tag
-- counts once per prefix, under the empty tag name, instead of once per tag and prefix.
--
-- A reminder's tags are among its tokens, so counting each of its tags under each of its
-- prefixes grows with the square of its tags: one reminder with 2,000 tags wrote about 2.2
-- million rows of prefix_tag_counts (33 s to add it in a debug build; 10,000 tags, the most a
-- reminder may have, several times that). A search whose prefix counts such a reminder reads its
-- tag facets by walking its matches, as it does without counts (trove_prefix_tally.h).
-- The counts made under the old rule are dropped, as version 12 did, and every reminder is left
-- to be counted again: Trove's next write (or a writable open) counts them, and until then
-- searches walk their matches.
DELETE FROM prefix_list_counts;
DELETE FROM prefix_tag_counts;
DELETE FROM prefix_count_changes;
UPDATE prefix_count_state SET counted_through = 0;
