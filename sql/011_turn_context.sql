-- 011_turn_context: what a resolved turn's report says of the turn itself (issue 27, 8 and 9),
-- kept with the turn as JSON: what happened, the rounds, the NMRs and open seats, ONE ROUND,
-- the GM's rulings and corrections told, and each seat's orders with what became of them. A
-- report is then rendered again from the store — on RELEASE with the game as it stands after
-- the GM's review (its corrections, the new deadline), and as a player's copy (REPORT, a
-- replacement's first mail). NULL for turns resolved before it.
ALTER TABLE turns ADD COLUMN context TEXT;
