-- 008_hardening: what an operator and an attacker will try (issue 16).
--
-- inbound: a mail is known by its source's id, or by its Message-ID together with its content
-- (content_key: a fingerprint of the author's headers and the body, see mail_content_key): a
-- second, different mail under a seen Message-ID is stored and answered. The Message-ID is no
-- longer unique, so the table is rebuilt (SQLite cannot drop a column's UNIQUE). failures
-- counts the times processing the mail crashed (a fatal signal), not the times it was begun:
-- an operator's kill is not the mail's fault.
CREATE TABLE inbound_new (
    id            INTEGER PRIMARY KEY,
    source        TEXT    NOT NULL UNIQUE,
    message_id    TEXT,
    received_at   INTEGER NOT NULL,
    size          INTEGER NOT NULL,
    raw           BLOB    NOT NULL,          -- the message (its password lines redacted once read)
    truncated     INTEGER NOT NULL DEFAULT 0,
    status        TEXT    NOT NULL DEFAULT 'received'
                          CHECK (status IN ('received', 'answered', 'ignored', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    sender        TEXT,
    subject       TEXT,
    player_id     INTEGER REFERENCES players(id),
    outcome       TEXT,
    processed_at  INTEGER,
    content_key   TEXT,
    failures      INTEGER NOT NULL DEFAULT 0
);
INSERT INTO inbound_new (id, source, message_id, received_at, size, raw, truncated, status,
                         attempts, sender, subject, player_id, outcome, processed_at)
    SELECT id, source, message_id, received_at, size, raw, truncated, status, attempts, sender,
           subject, player_id, outcome, processed_at FROM inbound;
DROP TABLE inbound;
ALTER TABLE inbound_new RENAME TO inbound;
CREATE INDEX inbound_pending ON inbound (id) WHERE status = 'received';
CREATE INDEX inbound_message_id ON inbound (message_id);

-- answered mails by sender, and by player, and time: for the rate limits of answers per
-- address and per game (a count over an hour, not a scan of every mail ever stored)
CREATE INDEX inbound_sender ON inbound (sender COLLATE NOCASE, processed_at);
CREATE INDEX inbound_player ON inbound (player_id, processed_at);

-- outbox: a row is claimed by the process that sends it (claimed_by: its token) before it is
-- handed to the server, so no two processes ever send one row.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;

-- Wrong passwords, for throttling guesses per player and per sender.
CREATE TABLE auth_failures (
    id        INTEGER PRIMARY KEY,
    at        INTEGER NOT NULL,
    player    TEXT,      -- 'game/player' as the mail named them (lower case), or NULL
    sender    TEXT       -- the mail's From address (lower case), or NULL
);
CREATE INDEX auth_failures_player ON auth_failures (player, at);
CREATE INDEX auth_failures_sender ON auth_failures (sender, at);
