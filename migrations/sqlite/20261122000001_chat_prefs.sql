-- Languages: a chat's default language (set with /settings language), and the language a
-- game speaks in public when its chat has no default (its creator's, as of /new).

CREATE TABLE chat_prefs (
    platform     TEXT    NOT NULL,
    chat         TEXT    NOT NULL,
    thread       TEXT    NOT NULL DEFAULT '',   -- '' = the whole chat
    language     TEXT,                          -- 'en', 'pt-BR'; NULL = not chosen
    PRIMARY KEY (platform, chat, thread)
);

ALTER TABLE games ADD COLUMN language TEXT;
