-- 001_init: games, players, inbound mail, the outbox and the audit log.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    title       TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'forming'
                        CHECK (status IN ('forming', 'running', 'finished', 'abandoned')),
    options     TEXT    NOT NULL DEFAULT '{}',
    created_at  INTEGER NOT NULL
);

CREATE TABLE players (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games(id),
    seat           INTEGER NOT NULL,
    name           TEXT    NOT NULL COLLATE NOCASE,
    address        TEXT    NOT NULL,
    password_hash  TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    UNIQUE (game_id, name),
    UNIQUE (game_id, seat)
);

-- Every mail that reached us, stored once. 'source' names where it came from
-- ('imap:<folder>:<uidvalidity>:<uid>' or 'maildir:<unique name>').
CREATE TABLE inbound (
    id            INTEGER PRIMARY KEY,
    source        TEXT    NOT NULL UNIQUE,
    message_id    TEXT    UNIQUE,
    received_at   INTEGER NOT NULL,
    size          INTEGER NOT NULL,
    raw           BLOB    NOT NULL,          -- the message; only its header when refused as too large
    truncated     INTEGER NOT NULL DEFAULT 0,
    status        TEXT    NOT NULL DEFAULT 'received'
                          CHECK (status IN ('received', 'answered', 'ignored', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    sender        TEXT,
    subject       TEXT,
    player_id     INTEGER REFERENCES players(id),
    outcome       TEXT,
    processed_at  INTEGER
);
CREATE INDEX inbound_pending ON inbound (id) WHERE status = 'received';

-- Mail to send. A row leaves 'pending' only when the server accepted it (or after too many tries).
CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY,
    inbound_id       INTEGER REFERENCES inbound(id),
    message_id       TEXT    NOT NULL UNIQUE,
    mail_from        TEXT    NOT NULL,
    recipients       TEXT    NOT NULL,      -- JSON array of addresses
    raw              BLOB    NOT NULL,
    created_at       INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'pending'
                             CHECK (status IN ('pending', 'sent', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL,
    last_error       TEXT,
    sent_at          INTEGER
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';

CREATE TABLE audit (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor    TEXT    NOT NULL,              -- 'gm', 'daemon' or 'player:<id>'
    action   TEXT    NOT NULL,
    game_id  INTEGER REFERENCES games(id),
    detail   TEXT
);
