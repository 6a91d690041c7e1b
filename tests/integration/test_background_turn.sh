# Issue 15: no answer waits for a resolution. The turn is resolved by a child of the daemon on a
# snapshot of the game, written only if nothing changed meanwhile. Here the child is held four
# seconds between computing the turn and writing it (PBEMGM_TEST_RESOLVE_PAUSE): a player's
# mail that arrives then is answered at once, and — it changes her orders — the turn is computed
# again with them: the report has her revision.
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
write_config "Test GM"
turn_game
export PBEMGM_TEST_RESOLVE_PAUSE=4
start_daemon
sleep 1

order bob 1 "BUY M1 ELSE BUY M3"
order carol 2 "BUY LD ELSE PASS"
order alice 3 "BUY NF" "PASS"
# each mailbox holds the mail that opened the game, then the answers
check "the three are acknowledged" wait_mail alice 2 20
sleep 1 # the resolver has started and holds its result
check "the turn is not written yet" test "$(sql "SELECT turn FROM games")" = 1
order alice 4 "BUY OBB" "PASS"
t0=$(date +%s)
check "alice's revision is answered while the turn is being resolved" wait_mail alice 3 3
t1=$(date +%s)
check "... within three seconds (the resolver holds four)" test $((t1 - t0)) -le 3
check "the turn is resolved after all" wait_mail alice 4 30
check "with alice's revision: the turn was computed again" \
    sh -c "'$MAILTOOL' show '$MAILROOT'/alice/new/* | grep -q 'alice buys OBB'"
check "the game is at turn 2" test "$(sql "SELECT turn FROM games")" = 2
check "one report each, not two" test "$(sql "SELECT COUNT(*) FROM outbox WHERE CAST(raw AS TEXT) LIKE '%Subject: g1: turn 1%'")" = 4
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
