-- Runs played live (issue 61): the recording file each began with, then what it sent as it
-- went on, each piece checked by replaying it before it is stored; spectators read them in
-- order. Every board process sharing the database serves them (pg_notify 'delve_live' says a
-- run has more).
CREATE TABLE live_runs (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash TEXT NOT NULL,    -- SHA-256 of the token its player sends with each piece, hex
    address    TEXT NOT NULL,    -- the client's address (its /64 for IPv6): live runs are bounded per address
    seed       TEXT NOT NULL,    -- decimal; '' for a map file's run
    mode       TEXT,             -- how it is played, when not the standard game
    daily      TEXT,             -- YYYY-MM-DD for a daily
    began_at   BIGINT NOT NULL,  -- Unix seconds
    touched_at BIGINT NOT NULL,  -- Unix seconds of its last piece: idle runs are ended
    commands   BIGINT NOT NULL,  -- commands checked and stored
    pieces     BIGINT NOT NULL,  -- pieces stored (the next piece's seq)
    turn       BIGINT NOT NULL,
    depth      BIGINT NOT NULL,
    ended_how  TEXT,             -- NULL while live; 'died', 'won', 'stopped', 'astray', 'idle'
    ended_why  TEXT,             -- the sentence spectators are given
    begin_file BYTEA NOT NULL    -- the recording file it began with
);

CREATE INDEX live_runs_live ON live_runs (ended_how, id);

CREATE TABLE live_pieces (
    live_id     BIGINT NOT NULL REFERENCES live_runs (id),
    seq         BIGINT NOT NULL,
    first       BIGINT NOT NULL,  -- commands before it
    bytes       BYTEA NOT NULL,   -- its commands, as a recording holds them
    checkpoints TEXT NOT NULL,    -- JSON: [[commands, turn, "hash"], ...]
    end_point   TEXT,             -- JSON [commands, turn, "hash"]: where the run stopped, if it did
    PRIMARY KEY (live_id, seq)
);
