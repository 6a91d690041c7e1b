# Issue 17: a whole game of 1830 through the daemon and real servers. Three players mail their
# orders for turn 1 by SMTP (OpenSMTPD) into Dovecot: the private auction (each buys the
# cheapest item in turn), the B&O's par at once, and three companies started at their pars and
# floated. From then on each mails PASS every turn, their companies played for them (house
# rules 12, 13, 17), and the daemon resolves each turn as soon as every player's orders are in,
# until the bank breaks and the game ends with its final ranking.
. "$PBEMGM_TOP/tests/integration/lib.sh"
GAME=g30

start_servers
write_config "Test GM"
gm init >/dev/null
gm game create g30 --title 1830 >/dev/null
for p in alice bob carol; do
    gm player add g30 $p $p@pbem.test --password ${p}-pw1 --no-mail >/dev/null
done
gm game start g30 >/dev/null
gm game set g30 --grace-minutes 0 >/dev/null
start_daemon

packet="BUY SVNRR ELSE BUY C&StL ELSE BUY D&H ELSE BUY M&H ELSE BUY C&A ELSE BUY BO"
orders alice 1 "$packet" "$packet" "BUY PRR AT 67" "BUY PRR" "BUY PRR" "BUY PRR" "BUY PRR"
orders bob 1 "$packet" "$packet" "BUY NYC AT 67" "BUY NYC" "BUY NYC" "BUY NYC" "BUY NYC"
orders carol 1 "$packet" "$packet" "PAR B&O 100" "BUY B&O" "BUY B&O" "BUY B&O" "BUY B&O"
check "turn 1 is resolved once the three players' orders are in" wait_turn 1
# the start mail: the auction explained, each item with its order, no 1835 formation
mailbox_text alice > "$WORK/alice.txt"
check "the start mail explains the auction and each item's bid" \
    sh -c "grep -q '^Sold by auction: on your turn BUY the cheapest item' '$WORK/alice.txt' && grep -q ', 40: BID 45 ON C&StL' '$WORK/alice.txt' && ! grep -q '(row '  '$WORK/alice.txt'"
check "the start mail says nothing of a formation round" \
    sh -c "! grep -q 'formation round' '$WORK/alice.txt'"
gm game report g30 1 > "$WORK/report1.txt"
has() { grep -q "$2" "$1"; }
check "the auction sold every private" has "$WORK/report1.txt" 'carol buys BO for 220'
check "the B&O's par was set at once by its buyer" has "$WORK/report1.txt" "carol sets B&O's par at 100"
check "PRR, NYC and B&O floated (full capitalisation)" \
    sh -c "grep -q 'PRR floats with 670' '$WORK/report1.txt' && grep -q 'NYC floats with 670' '$WORK/report1.txt' && grep -q 'B&O floats with 1000' '$WORK/report1.txt'"

turn=2 # then PASS each turn until the game is over (bounded)
while [ "$(game_status)" = running ] && [ $turn -le 120 ]; do
    for p in alice bob carol; do orders $p $turn "PASS"; done
    wait_turn $turn || break
    turn=$((turn + 1))
done
check_the_bank_broke
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
check "nothing is left in the outbox" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status<>'sent'")" = 0
