-- Trove schema, version 6: the index's vocabulary as a table, and a substring index for
-- scripts whose words run together.
--
-- The vocabulary. A persistent fts5vocab table over reminders_fts: one row per indexed word
-- with the number of reminders holding it. It stores nothing (it reads the index), so it
-- costs no space, and unlike a `temp` one it can be read on a read-only connection. Typo
-- tolerance, did-you-mean and joined words (`oncall` for `on-call`) read it; `SELECT term,
-- doc FROM reminders_vocab WHERE term >= ? AND term < ?` walks only that range of the index.
-- See https://www.sqlite.org/fts5.html#the_fts5vocab_virtual_table_module
CREATE VIRTUAL TABLE reminders_vocab USING fts5vocab(reminders_fts, row);

-- Substrings. unicode61 splits tokens at spaces and punctuation only, so a Chinese, Japanese or
-- Thai sentence is one token (给奶奶打电话), and a Hebrew or Arabic word carries its prefixes
-- (ובבית, "and in the house"): a word inside such a token cannot be found. A second FTS5
-- table with the trigram tokenizer finds any substring of 3 or more characters; for 1 or 2
-- characters (春节) the search runs LIKE over the reminders that hold such text.
--
-- Only reminders whose title or notes hold a character of those scripts are in it, so it
-- costs little where they are rare: the reminders_substring_text view is its external
-- content, and the partial index below is how both the view and the LIKE path find those
-- rows without reading the others. The character class lists Hebrew, Arabic, Thai, Lao,
-- Tibetan, Myanmar, Khmer, CJK (radicals to unified ideographs, kana, Bopomofo), Hangul,
-- CJK compatibility ideographs, halfwidth katakana and the supplementary ideographs; GLOB
-- compares code points. Sources/TroveSearch/Query/SubstringScripts.swift holds the same
-- ranges, and a test checks that the two agree. Tags are not in it: they are searched whole.
--
-- trigram folds case (without remove_diacritics, which SQLite 3.40 lacks); the scripts above
-- have no case, so matching is exact there.
-- See https://www.sqlite.org/fts5.html#the_trigram_tokenizer
CREATE INDEX reminders_with_substring_text ON reminders(id)
WHERE title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*' OR notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*';

CREATE VIEW reminders_substring_text (id, title, notes) AS
SELECT id, title, notes FROM reminders
WHERE title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*' OR notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*';

CREATE VIRTUAL TABLE reminders_substrings USING fts5(
    title, notes,
    content = 'reminders_substring_text',
    content_rowid = 'id',
    tokenize = 'trigram'
);

INSERT INTO reminders_substrings (reminders_substrings) VALUES ('rebuild');

-- Kept in sync as reminders_fts is, from the values SQLite hands the triggers: a row joins or
-- leaves when its text gains or loses such characters.
CREATE TRIGGER reminders_substrings_insert AFTER INSERT ON reminders
WHEN new.title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*' OR new.notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*'
BEGIN
    INSERT INTO reminders_substrings (rowid, title, notes) VALUES (new.id, new.title, new.notes);
END;

CREATE TRIGGER reminders_substrings_delete AFTER DELETE ON reminders
WHEN old.title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*' OR old.notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*'
BEGIN
    INSERT INTO reminders_substrings (reminders_substrings, rowid, title, notes)
    VALUES ('delete', old.id, old.title, old.notes);
END;

-- NB: one trigger with both steps, so the old row always leaves before the new one enters.
CREATE TRIGGER reminders_substrings_update AFTER UPDATE OF id, title, notes ON reminders
WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.notes IS NOT new.notes
BEGIN
    INSERT INTO reminders_substrings (reminders_substrings, rowid, title, notes)
    SELECT 'delete', old.id, old.title, old.notes
    WHERE old.title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*' OR old.notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*';
    INSERT INTO reminders_substrings (rowid, title, notes)
    SELECT new.id, new.title, new.notes
    WHERE new.title GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*' OR new.notes GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*';
END;
