-- 014_imported: a game imported from an 18xx.games game file (issue 30; src/service/xgames.c).
-- imported_from says from where ("18xx.games file 26855.json"; NULL: a game begun here). Its
-- decisions are the action log's turn 0; the game waits 'forming' (its options those of the
-- file) until the GM starts it, or is 'finished' when the file's game was over. A player the
-- file names whose address is not known yet has address '' (players.address stays NOT NULL):
-- no mail goes to '' and the game does not start while a seat has it.
ALTER TABLE games ADD COLUMN imported_from TEXT;
