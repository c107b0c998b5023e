-- The board's first schema (SQLite). Every verified run, its recording, the names and their
-- secrets' digests, and each board's best run of each name (what a board page reads).
CREATE TABLE names (
    folded      TEXT PRIMARY KEY,   -- the name in lower case: "Ann" and "ann" are one name
    name        TEXT NOT NULL,      -- as its first submission wrote it
    secret_hash TEXT NOT NULL,      -- SHA-256 of the secret, hex
    claimed_at  INTEGER NOT NULL    -- Unix seconds
);

CREATE TABLE runs (
    id           INTEGER PRIMARY KEY,
    digest       TEXT NOT NULL UNIQUE,  -- SHA-256 of the recording: the same run is stored once
    folded       TEXT NOT NULL REFERENCES names (folded),
    seed         TEXT NOT NULL,         -- decimal: a u64 does not fit a signed 64-bit column
    day          TEXT,                  -- YYYY-MM-DD for the daily of that day
    score        INTEGER NOT NULL,
    depth        INTEGER NOT NULL,
    outcome      TEXT NOT NULL,         -- "died" or "won"
    turns        INTEGER NOT NULL,
    hash         TEXT NOT NULL,         -- the state hash the replay came to, 16 hex digits
    rules        INTEGER NOT NULL,
    submitted_at INTEGER NOT NULL
);

CREATE TABLE recordings (
    run_id INTEGER PRIMARY KEY REFERENCES runs (id),
    bytes  BLOB NOT NULL
);

-- One row per name on each board ('day:YYYY-MM-DD', 'seed:N'): its best run and its attempts.
CREATE TABLE bests (
    board    TEXT NOT NULL,
    folded   TEXT NOT NULL REFERENCES names (folded),
    run_id   INTEGER NOT NULL REFERENCES runs (id),
    score    INTEGER NOT NULL,
    turns    INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    PRIMARY KEY (board, folded)
);

CREATE INDEX bests_ranked ON bests (board, score DESC, turns, run_id);
