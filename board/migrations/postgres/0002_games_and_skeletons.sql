-- One game is ranked once, whatever file it comes in: `game` is the digest of what was played
-- (the dungeon, the commands that played it, the state it came to: docs/board.md), unique.
-- Runs stored before it keep none (NULL), but the board fills in those of its own rules at start.
ALTER TABLE runs ADD COLUMN game TEXT;
CREATE UNIQUE INDEX runs_game ON runs (game);

-- Names that look alike are one name for a newcomer: each held name's skeleton (its
-- compatibility form, in lower case, through Unicode's confusables: "Аlice" in Cyrillic and
-- "Ａｌｉｃｅ" are "alice"). A new name whose skeleton is held is refused.
CREATE TABLE name_skeletons (
    skeleton TEXT PRIMARY KEY,
    folded   TEXT NOT NULL REFERENCES names (folded)
);
