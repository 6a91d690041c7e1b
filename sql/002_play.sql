-- 002_play: what a game is made of once it is played — its action log (the truth: the state is
-- its replay), its turns, and the players' orders for a turn, by section.

ALTER TABLE games ADD COLUMN turn INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deadline_at INTEGER;

ALTER TABLE players ADD COLUMN nmr_count INTEGER NOT NULL DEFAULT 0;

-- One engine action a row (its JSON form, src/engine/action.c), in order.
CREATE TABLE actions (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    turn     INTEGER NOT NULL,
    json     TEXT    NOT NULL,
    at       INTEGER NOT NULL,
    UNIQUE (game_id, seq)
);

-- A player's orders for a turn, one row an order in canonical form. A section is '' for the
-- stock round or a company ('BY'); a later mail replaces the sections it contains.
CREATE TABLE orders (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    player_id   INTEGER NOT NULL REFERENCES players(id),
    turn        INTEGER NOT NULL,
    section     TEXT    NOT NULL,
    position    INTEGER NOT NULL,
    text        TEXT    NOT NULL,
    inbound_id  INTEGER REFERENCES inbound(id),
    UNIQUE (game_id, player_id, turn, section, position)
);
