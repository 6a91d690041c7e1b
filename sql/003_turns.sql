-- 003_turns: turns in play. Each game's pace (hours a turn, how long before the deadline players
-- who have not sent orders are reminded, rounds a turn, whether a turn stops with the round in
-- which the Prussian forms — house rule 14), the GM's one-round limit for a turn, the reminder
-- sent; each player's seat needing a replacement (house rule 13); and each resolved turn's report.

ALTER TABLE games ADD COLUMN turn_hours INTEGER NOT NULL DEFAULT 72;
ALTER TABLE games ADD COLUMN remind_hours INTEGER NOT NULL DEFAULT 24;
ALTER TABLE games ADD COLUMN rounds_per_turn INTEGER NOT NULL DEFAULT 2;
ALTER TABLE games ADD COLUMN stop_after_formation INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN one_round_turn INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN reminded_turn INTEGER NOT NULL DEFAULT 0;

ALTER TABLE players ADD COLUMN seat_open INTEGER NOT NULL DEFAULT 0;

CREATE TABLE turns (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id),
    turn         INTEGER NOT NULL,
    resolved_at  INTEGER NOT NULL,
    rounds       INTEGER NOT NULL,
    report       TEXT    NOT NULL,
    UNIQUE (game_id, turn)
);
