-- One store for every game: a game's settings are text in its own notation (`KEY=VALUE`
-- options, read by the game named in `kind`), not Labscape's columns; results give every
-- seat a rank and a finish label, and Labscape's own counts (food, time, robot catches)
-- live in a table of their own; the unused `actions.events` column goes (events are
-- replayed from the record, never read back).

ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '';
UPDATE games SET settings = 'layout=' || layout || ' difficulty=' || difficulty || ' setup=' || setup
    WHERE kind = 'labscape';
ALTER TABLE games DROP COLUMN layout;
ALTER TABLE games DROP COLUMN difficulty;
ALTER TABLE games DROP COLUMN setup;

ALTER TABLE actions DROP COLUMN events;

CREATE TABLE results_any (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    user_id         TEXT    NOT NULL,   -- platform user id (for computer players: bot:<policy>:<n>)
    display_name    TEXT    NOT NULL,   -- the name they played under
    computer        INTEGER NOT NULL DEFAULT 0,
    rank            INTEGER NOT NULL CHECK (rank >= 1),   -- 1 = best; equal finishes share
    finish          TEXT    NOT NULL,   -- the game's word for how they finished
    PRIMARY KEY (game_id, seat)
);

-- Labscape ranks those who escaped by the food they carried out (equal food, equal rank),
-- and everyone else after them.
INSERT INTO results_any (game_id, seat, user_id, display_name, computer, rank, finish)
SELECT r.game_id, r.seat, r.user_id, r.display_name, r.computer,
       CASE WHEN r.finish = 'escaped'
            THEN 1 + (SELECT COUNT(DISTINCT o.food) FROM results o
                      WHERE o.game_id = r.game_id AND o.finish = 'escaped' AND o.food > r.food)
            ELSE 1 + (SELECT COUNT(DISTINCT o.food) FROM results o
                      WHERE o.game_id = r.game_id AND o.finish = 'escaped')
       END,
       r.finish
FROM results r;

CREATE TABLE labscape_results (
    game_id         INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    food            INTEGER NOT NULL,   -- food at the end (carried out, if they escaped)
    time            INTEGER NOT NULL,   -- their time at the end
    caught_by_robot INTEGER NOT NULL,   -- times the robot caught them
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES results_any (game_id, seat) ON DELETE CASCADE
);
INSERT INTO labscape_results (game_id, seat, food, time, caught_by_robot)
SELECT game_id, seat, food, time, caught_by_robot FROM results;

DROP INDEX results_user;
DROP TABLE results;
ALTER TABLE results_any RENAME TO results;
CREATE INDEX results_user ON results (user_id);
