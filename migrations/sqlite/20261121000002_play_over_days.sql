-- Play over days: per-game reminder and deadline settings, the timers of the turn being
-- waited for, and away time. Timers live here, not in memory, so a restart loses none and
-- fires none twice.

ALTER TABLE games ADD COLUMN reminder_interval INTEGER NOT NULL DEFAULT 43200;   -- seconds
ALTER TABLE games ADD COLUMN reminder_limit    INTEGER NOT NULL DEFAULT 5;
ALTER TABLE games ADD COLUMN deadline          INTEGER;                          -- seconds; NULL = off
ALTER TABLE games ADD COLUMN deadline_policy   TEXT    NOT NULL DEFAULT 'advisory'
    CHECK (deadline_policy IN ('advisory', 'auto-wait'));

-- The turn a game is waiting for: one row per running game with a person to play.
CREATE TABLE turn_timers (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn           INTEGER NOT NULL,   -- the game's turn number while waiting
    seat           INTEGER NOT NULL,   -- who is awaited
    user_id        TEXT    NOT NULL,
    waiting_since  INTEGER NOT NULL,   -- unix seconds
    reminders_sent INTEGER NOT NULL DEFAULT 0,
    next_reminder  INTEGER,            -- unix seconds; NULL = no more (stalled)
    deadline_at    INTEGER,            -- unix seconds; NULL = none or already handled
    stalled        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX turn_timers_due_reminder ON turn_timers (next_reminder);
CREATE INDEX turn_timers_due_deadline ON turn_timers (deadline_at);

ALTER TABLE user_prefs ADD COLUMN away_until INTEGER;  -- unix seconds
