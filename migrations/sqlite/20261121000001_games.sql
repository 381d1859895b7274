-- Games live as their record: settings, seed, and an append-only list of actions in the
-- public notation. Snapshots (position documents) make loading a long game cheap; the
-- actions stay the truth.

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL DEFAULT 'labscape',
    platform     TEXT    NOT NULL,
    chat         TEXT    NOT NULL,
    thread       TEXT    NOT NULL DEFAULT '',
    name         TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned')),
    layout       TEXT    NOT NULL,
    difficulty   TEXT    NOT NULL,
    setup        TEXT    NOT NULL CHECK (setup IN ('random', 'draft')),
    max_players  INTEGER NOT NULL CHECK (max_players BETWEEN 1 AND 8),
    seed         TEXT    NOT NULL,
    seed_hash    TEXT    NOT NULL,
    creator      TEXT    NOT NULL,
    turn         INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

-- One live game per chat scope.
CREATE UNIQUE INDEX games_one_live_per_scope
    ON games (platform, chat, thread) WHERE status IN ('lobby', 'running');

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    policy       TEXT,              -- a computer player's policy; NULL for people
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE actions (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,  -- 1, 2, 3, … with no gaps
    seat         INTEGER NOT NULL,
    action       TEXT    NOT NULL,  -- public notation
    sender       TEXT    NOT NULL,  -- platform user id (or 'scheduler' for automatic turns)
    automatic    INTEGER NOT NULL DEFAULT 0,
    events       TEXT    NOT NULL,  -- JSON events, for the log and recaps
    at           INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,  -- the position after this many actions
    position     TEXT    NOT NULL,  -- public notation (JSON)
    PRIMARY KEY (game_id, seq)
);

-- Inbound deliveries already applied, so a retried delivery applies once.
CREATE TABLE handled_messages (
    platform     TEXT    NOT NULL,
    message_id   TEXT    NOT NULL,
    game_id      INTEGER,
    at           INTEGER NOT NULL,
    PRIMARY KEY (platform, message_id)
);

CREATE TABLE user_prefs (
    platform     TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    language     TEXT,
    time_zone    TEXT,
    quiet_start  INTEGER,           -- minutes after local midnight
    quiet_end    INTEGER,
    PRIMARY KEY (platform, user_id)
);
