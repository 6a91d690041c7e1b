-- 012_player_threads: each player's mail of a game threads under that player's own first mail
-- of it (issue 27: every thread's root was the first player's welcome mail, which the others
-- never received). A replacement player's thread begins again with his first mail. The GM's
-- copies keep the game's thread (games.thread_id).
ALTER TABLE players ADD COLUMN thread_id TEXT;
CREATE INDEX players_thread ON players (thread_id) WHERE thread_id IS NOT NULL;
