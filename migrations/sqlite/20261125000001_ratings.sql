-- Glicko-2 ratings of the two-player games, per game and platform account (computer
-- players are rated against at fixed ratings and never stored). Derived from the results:
-- a finished game is rated once, its row in `rated_games` written in the same transaction
-- as the ratings it changed; a rating row is updated only if it is still as it was read
-- (`games` is the version), so two games ending at once never lose an update.
CREATE TABLE ratings (
    platform     TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    game         TEXT    NOT NULL,   -- the game's id, as players type it (gatos-caes)
    display_name TEXT    NOT NULL,   -- as of their latest rated game
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    losses       INTEGER NOT NULL,
    draws        INTEGER NOT NULL,
    PRIMARY KEY (platform, user_id, game)
);

CREATE TABLE rated_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
