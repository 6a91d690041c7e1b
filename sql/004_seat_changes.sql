-- 004_seat_changes: a replacement player taking a seat (house rule 13) is a record of its own:
-- the seat, the turn it happened in, who left and who came. The players row keeps its id (the
-- seat's orders and the action log, which names seats, go on).

CREATE TABLE seat_changes (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id),
    seat         INTEGER NOT NULL,
    turn         INTEGER NOT NULL,
    old_name     TEXT    NOT NULL,
    old_address  TEXT    NOT NULL,
    new_name     TEXT    NOT NULL,
    new_address  TEXT    NOT NULL,
    at           INTEGER NOT NULL
);
