-- A run played in a mode (a difficulty, challenges: issue 60) is ranked on a list of its own; the
-- run keeps the mode's name ("hard, darkness+swarm"). NULL: the standard game, as every run
-- stored before modes was.
ALTER TABLE runs ADD COLUMN mode TEXT;
