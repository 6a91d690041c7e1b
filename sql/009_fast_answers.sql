-- 009_fast_answers: what answering a mail reads, read without walking what grows (issue 15).
--
-- The rate limits count the answered mails of a sender, and of a game's players, in the last
-- hour: indexes of the answered mails only, holding what the count asks (status too: SQLite
-- reads the row for a column the index lacks), so the count reads no row of the table (each
-- row carries its raw mail). A player's last mail of orders for a turn is the last entry of an
-- index that ends with the time, not a walk over every such mail.
DROP INDEX inbound_sender;
CREATE INDEX inbound_answered_sender ON inbound (sender COLLATE NOCASE, processed_at, status)
    WHERE status = 'answered';
CREATE INDEX inbound_answered_player ON inbound (player_id, processed_at, status)
    WHERE status = 'answered';
DROP INDEX order_mails_turn;
CREATE INDEX order_mails_turn ON order_mails (game_id, turn, player_id, at);

-- A game's action log is only appended to, except by a rollback (the GM's cut) or a hand
-- edit: log_cuts counts those, so that a process keeping a game's state need read only the
-- actions appended since (not the whole log, each mail) and replays the whole log only when
-- the count moved. An action inserted below the last one counts, as a deletion or a change.
ALTER TABLE games ADD COLUMN log_cuts INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER actions_deleted AFTER DELETE ON actions BEGIN
    UPDATE games SET log_cuts = log_cuts + 1 WHERE id = OLD.game_id;
END;
CREATE TRIGGER actions_changed AFTER UPDATE ON actions BEGIN
    UPDATE games SET log_cuts = log_cuts + 1 WHERE id = OLD.game_id OR id = NEW.game_id;
END;
CREATE TRIGGER actions_inserted_within AFTER INSERT ON actions
    WHEN NEW.seq < (SELECT MAX(seq) FROM actions WHERE game_id = NEW.game_id) BEGIN
    UPDATE games SET log_cuts = log_cuts + 1 WHERE id = NEW.game_id;
END;
