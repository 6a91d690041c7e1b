# Issue 27, defect 3: the GM's `game resolve` racing the daemon resolved two turns: turn 1 by
# one, then turn 2 (not due, no orders, every player NMR) by the other, and ten reports went
# out. A resolution is of the turn found due, and at most once. Here the daemon's resolver is
# held three seconds between computing turn 1 and writing it (PBEMGM_TEST_RESOLVE_PAUSE); the
# GM resolves turn 1 meanwhile. The daemon then finds turn 1 done and does nothing; a second
# `game resolve g1 1`, typed a moment late, is refused and never resolves turn 2.
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
write_config "Test GM"
turn_game
export PBEMGM_TEST_RESOLVE_PAUSE=3
start_daemon
sleep 1

order bob 1 "BUY M1 ELSE BUY M3"
order carol 2 "BUY LD ELSE PASS"
order alice 3 "BUY NF" "PASS"
check "the three are acknowledged" wait_mail alice 2 20
sleep 1 # the daemon's resolver has computed turn 1 and holds it
check "the daemon has not written turn 1 yet" test "$(sql "SELECT turn FROM games")" = 1
check "the GM resolves turn 1 meanwhile" gm game resolve g1
check "the game is at turn 2" test "$(sql "SELECT turn FROM games")" = 2
sleep 8 # the daemon's resolver wakes, finds the game changed and looks again (held 3 s a try)
check "the daemon did not resolve turn 2" test "$(sql "SELECT turn FROM games")" = 2
check "one resolution: turn 1's" test "$(sql "SELECT group_concat(turn) FROM turns")" = 1
check "one report each (three players and the GM), none of turn 2" \
    test "$(sql "SELECT COUNT(*) FROM outbox WHERE CAST(raw AS TEXT) LIKE '%Subject: g1: turn %'")" = 4
check "no NMR counted" test "$(sql "SELECT SUM(nmr_count) FROM players")" = 0
out=$(gm game resolve g1 1 2>&1)
check "a command naming turn 1 once it is resolved is refused" \
    sh -c "printf '%s' '$out' | grep -q 'turn 1 of g1 is resolved already (the game is at turn 2)'"
check "... and changes nothing" test "$(sql "SELECT turn FROM games")" = 2
out=$(gm game resolve g1 3 2>&1)
check "a turn not begun is refused" sh -c "printf '%s' '$out' | grep -q 'turn 3 of g1 has not begun'"
out=$(gm game resolve g1 x 2>&1)
check "a word that is no turn is refused" sh -c "printf '%s' '$out' | grep -q 'is not a turn number'"
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
