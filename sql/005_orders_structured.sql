-- 005_orders_structured: orders stored as the parser understood them (JSON, src/orders/json.c),
-- beside their canonical text; each mail that brought orders for a turn (a player who sent
-- orders, even ones not understood, is not an NMR: house rule 16); each game's grace period
-- after the last player's orders are in, and when the turn is due because of it.

ALTER TABLE orders ADD COLUMN json TEXT;

CREATE TABLE order_mails (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    player_id   INTEGER NOT NULL REFERENCES players(id),
    turn        INTEGER NOT NULL,
    inbound_id  INTEGER REFERENCES inbound(id),
    at          INTEGER NOT NULL
);
CREATE INDEX order_mails_turn ON order_mails (game_id, turn, player_id);

ALTER TABLE games ADD COLUMN grace_minutes INTEGER NOT NULL DEFAULT 15;
ALTER TABLE games ADD COLUMN early_due_at INTEGER;
