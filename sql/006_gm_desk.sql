-- 006_gm_desk: the GM's desk (issue 13). Each game has its GM: an address (NULL: the
-- configuration's gm.address) and a password for the desk by mail (stored hashed like players';
-- NULL: no desk by mail until one is set). A game may be paused (since when) or under review:
-- a resolved turn's reports to the players are held (held_mail) until the GM releases them. The
-- audit says from where each change came and why.

ALTER TABLE games ADD COLUMN gm_address TEXT;
ALTER TABLE games ADD COLUMN gm_password_hash TEXT;
ALTER TABLE games ADD COLUMN paused_at INTEGER;
ALTER TABLE games ADD COLUMN review INTEGER NOT NULL DEFAULT 0;

ALTER TABLE audit ADD COLUMN origin TEXT;
ALTER TABLE audit ADD COLUMN reason TEXT;
CREATE INDEX audit_game ON audit (game_id, id);

CREATE TABLE held_mail (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    turn        INTEGER NOT NULL,
    to_addr     TEXT    NOT NULL,
    to_name     TEXT,
    subject     TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX held_mail_game ON held_mail (game_id, id);
