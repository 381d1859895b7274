-- A two-player game's standing offer of a draw (/draw): who offered it and at which turn.
-- At most one per game; it lapses when the other player plays, and goes when answered.
CREATE TABLE draw_offers (
    game_id  BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seat     BIGINT NOT NULL,
    turn     BIGINT NOT NULL,
    made_at  BIGINT NOT NULL
);
