-- Trove schema, version 11: the partial index of the rows with substring text holds their
-- title and notes, so a one- or two-character search in those scripts (春节, 서울) reads the
-- index alone.
--
-- Such a search is LIKE over the rows the index lists (version 6 explains why). With only
-- their ids in the index, each of those rows was read from the reminders table: at 1,000,000
-- generated reminders, 12,328 rows spread over the whole table, 17 ms for `东京` (3.5 MB of
-- text; reading that text alone takes 16 ms). Every such search reads them twice, once for its
-- page and once for its counts, and its first answer (the exact first page, as these
-- searches are not ranked) waited for one whole read: ~26 ms, the slowest first answers of
-- the benchmark's 1- and 2-letter and rare-word classes. Read from the index alone, the same
-- LIKE takes 4.3 ms, for 4.0 MB of index at that size (0.5% of the file), written only for
-- the ~1% of reminders with such text.
--
-- The WHERE is version 7's, spelled exactly as before: SQLite uses a partial index only for a
-- query that repeats its WHERE, and SubstringScripts.held(in:) writes the query side.
-- See https://www.sqlite.org/partialindex.html#queries_using_partial_indexes

DROP INDEX reminders_with_substring_text;

CREATE INDEX reminders_with_substring_text ON reminders(id, title, notes)
WHERE (title GLOB '*[֐-𯿿]*' AND title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR (notes GLOB '*[֐-𯿿]*' AND notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*');
