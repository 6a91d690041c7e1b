# A turn of play by mail through real servers: three players mail their orders for turn 1 by
# SMTP (OpenSMTPD) into Dovecot; the daemon takes them over IMAP, answers each, and — every
# player's orders being in — resolves the turn and mails the report to each player and the GM.
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
write_config "Test GM"
turn_game
start_daemon
sleep 1

# each mailbox holds the mail that opened the game (issue 14), then the answers and the report
order alice 1 "BUY NF" "PASS"
order bob 2 "BUY M1 ELSE BUY M3"
check "the first orders are acknowledged" wait_mail bob 2 20
check "no report while carol's orders are missing" test "$(sql "SELECT turn FROM games")" = 1
order carol 3 "BUY LD ELSE PASS"
check "alice gets her acknowledgement and the report" wait_mail alice 3 30
check "carol gets hers" wait_mail carol 3 30
check "the acknowledgement lists the orders and the deadline" \
    sh -c "'$MAILTOOL' show '$MAILROOT'/carol/new/* | grep -q 'Orders for this turn are due by'"
check "the report says what each player bought" \
    sh -c "'$MAILTOOL' show '$MAILROOT'/alice/new/* | grep -q 'carol buys LD for 190'"
check "the report gives the next turn's deadline" \
    sh -c "'$MAILTOOL' show '$MAILROOT'/bob/new/* | grep -q '== Turn 2: orders are due by'"
check "the game is at turn 2" test "$(sql "SELECT turn FROM games")" = 2
check "the turn's actions are the game's log" test "$(sql "SELECT COUNT(*) FROM actions")" -gt 3
check "the GM gets the report too, in the GM's own mailbox (issue 13: not the daemon's)" wait_mail master 1 30
if mailbox_text master | grep -q 'Game g1, turn 1'; then ok "the GM's copy is the report"; else not_ok "the GM's copy is the report"; fi
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
check "nothing is left in the outbox" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status<>'sent'")" = 0
