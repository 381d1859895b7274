-- The outbox: a turn's post is owed to its chat from the moment the turn commits (written
-- in the same transaction) until a platform confirms it was posted. After a crash between
-- the commit and the post, the scheduler finds it here and posts it (at least once). One
-- row per game: only the latest turn's post matters, it shows the whole position.
CREATE TABLE outbox (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn      INTEGER NOT NULL,   -- the game's turn number the post shows
    since     INTEGER NOT NULL    -- unix seconds of the commit
);
