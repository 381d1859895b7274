-- The whole schema on PostgreSQL, as the SQLite migrations leave it (migrations/sqlite/):
-- a game stored as its record (settings in its own notation, every action, snapshots),
-- its seats, timers, results, ratings and the chat's and players' preferences.
-- Times are unix seconds (BIGINT); booleans are BOOLEAN.

CREATE TABLE games (
    id                BIGSERIAL PRIMARY KEY,
    kind              TEXT    NOT NULL DEFAULT 'labscape',
    platform          TEXT    NOT NULL,
    chat              TEXT    NOT NULL,
    thread            TEXT    NOT NULL DEFAULT '',
    name              TEXT    NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned')),
    settings          TEXT    NOT NULL DEFAULT '',
    max_players       BIGINT  NOT NULL CHECK (max_players BETWEEN 1 AND 8),
    seed              TEXT    NOT NULL,
    seed_hash         TEXT    NOT NULL,
    creator           TEXT    NOT NULL,
    turn              BIGINT  NOT NULL DEFAULT 0,
    created_at        BIGINT  NOT NULL,
    updated_at        BIGINT  NOT NULL,
    reminder_interval BIGINT  NOT NULL DEFAULT 43200,
    reminder_limit    BIGINT  NOT NULL DEFAULT 5,
    deadline          BIGINT,
    deadline_policy   TEXT    NOT NULL DEFAULT 'advisory'
        CHECK (deadline_policy IN ('advisory', 'auto-wait')),
    language          TEXT,
    invited           TEXT,
    creator_side      TEXT
);

CREATE UNIQUE INDEX games_one_live_per_scope
    ON games (platform, chat, thread) WHERE status IN ('lobby', 'running');
CREATE INDEX games_running ON games (status) WHERE status = 'running';

CREATE TABLE seats (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         BIGINT  NOT NULL,
    user_id      TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    policy       TEXT,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE actions (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          BIGINT  NOT NULL,
    seat         BIGINT  NOT NULL,
    action       TEXT    NOT NULL,
    sender       TEXT    NOT NULL,
    automatic    BOOLEAN NOT NULL DEFAULT FALSE,
    at           BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          BIGINT  NOT NULL,
    position     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE handled_messages (
    platform     TEXT    NOT NULL,
    message_id   TEXT    NOT NULL,
    game_id      BIGINT,
    at           BIGINT  NOT NULL,
    PRIMARY KEY (platform, message_id)
);

CREATE TABLE user_prefs (
    platform     TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    language     TEXT,
    time_zone    TEXT,
    quiet_start  BIGINT,
    quiet_end    BIGINT,
    away_until   BIGINT,
    PRIMARY KEY (platform, user_id)
);

CREATE TABLE turn_timers (
    game_id        BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn           BIGINT  NOT NULL,
    seat           BIGINT  NOT NULL,
    user_id        TEXT    NOT NULL,
    waiting_since  BIGINT  NOT NULL,
    reminders_sent BIGINT  NOT NULL DEFAULT 0,
    next_reminder  BIGINT,
    deadline_at    BIGINT,
    stalled        BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX turn_timers_due_reminder ON turn_timers (next_reminder);
CREATE INDEX turn_timers_due_deadline ON turn_timers (deadline_at);
CREATE INDEX turn_timers_user ON turn_timers (user_id);

CREATE TABLE chat_prefs (
    platform     TEXT    NOT NULL,
    chat         TEXT    NOT NULL,
    thread       TEXT    NOT NULL DEFAULT '',
    language     TEXT,
    PRIMARY KEY (platform, chat, thread)
);

CREATE TABLE results (
    game_id         BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            BIGINT  NOT NULL,
    user_id         TEXT    NOT NULL,
    display_name    TEXT    NOT NULL,
    computer        BOOLEAN NOT NULL DEFAULT FALSE,
    rank            BIGINT  NOT NULL CHECK (rank >= 1),
    finish          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_user ON results (user_id);

CREATE TABLE labscape_results (
    game_id         BIGINT  NOT NULL,
    seat            BIGINT  NOT NULL,
    food            BIGINT  NOT NULL,
    time            BIGINT  NOT NULL,
    caught_by_robot BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES results (game_id, seat) ON DELETE CASCADE
);

CREATE TABLE outbox (
    game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turn      BIGINT NOT NULL,
    since     BIGINT NOT NULL
);

CREATE TABLE ratings (
    platform     TEXT             NOT NULL,
    user_id      TEXT             NOT NULL,
    game         TEXT             NOT NULL,
    display_name TEXT             NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    deviation    DOUBLE PRECISION NOT NULL,
    volatility   DOUBLE PRECISION NOT NULL,
    games        BIGINT           NOT NULL,
    wins         BIGINT           NOT NULL,
    losses       BIGINT           NOT NULL,
    draws        BIGINT           NOT NULL,
    PRIMARY KEY (platform, user_id, game)
);

CREATE TABLE rated_games (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
