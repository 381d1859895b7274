-- Records: how each player finished each game that ended by the rules, written in the same
-- transaction as the turn that ends it (abandoned games never get rows). Computer players
-- get rows too, marked, so a game's result is whole; leaderboards leave them out.

CREATE TABLE results (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    user_id         TEXT    NOT NULL,   -- platform user id (for computer players: bot:<policy>:<n>)
    display_name    TEXT    NOT NULL,   -- the name they played under
    computer        INTEGER NOT NULL DEFAULT 0,
    finish          TEXT    NOT NULL CHECK (finish IN ('escaped', 'caught_at_dawn', 'left_behind')),
    food            INTEGER NOT NULL,   -- food at the end (carried out, if they escaped)
    time            INTEGER NOT NULL,   -- their time at the end
    caught_by_robot INTEGER NOT NULL,   -- times the robot caught them
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_user ON results (user_id);
