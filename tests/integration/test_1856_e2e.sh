# Issue 31: a whole game of 1856 through the daemon and real servers (Dovecot, OpenSMTPD), as
# test_1830_e2e.sh plays 1830's. Three players mail their orders by SMTP: turn 1 the private
# auction (each buys the cheapest private in turn) and three companies started at their pars
# (escrow capitalisation: each floats with 20% sold); turn 2 the first operating round by
# orders — THB takes a loan and places its home station in the Hamilton city its director
# chooses, CA and WR lay tiles, each buys a 2-train; from then on every player mails, each turn,
# the shares he buys in the stock round (his own company's, else another's) and, from phase 3,
# his company's purchase of his private (the bridge's and tunnel's bonuses, the Ship and its
# port marker), his companies otherwise played for him (house rules 12, 13, 17: they build
# towards their destinations, run, buy trains), until the bank breaks and the game ends with
# its final ranking — within 60 turns. The CGR is not reached by mail here: its round comes
# with the first 6-train, which these companies, capitalised by the shares sold, do not reach
# before the bank breaks, in phase 3 (tests/turn/test_silent_1856.sh plays longer games; the
# CGR's round by orders: tests/turn/test_turn.c; the CGR formed by mail, from a recorded
# position of 18xx.games: test_1856_cgr_e2e.sh).
. "$PBEMGM_TOP/tests/integration/lib.sh"
GAME=g56

start_servers
write_config "Test GM"
gm init >/dev/null
quiet() { "$@" >/dev/null; }
check "a game of 1856 is created" quiet gm game create g56 --title 1856
for p in alice bob carol; do
    gm player add g56 $p $p@pbem.test --password ${p}-pw1 --no-mail >/dev/null
done
check "and started" quiet gm game start g56
gm game set g56 --grace-minutes 0 >/dev/null
start_daemon

packet="BUY Flos ELSE BUY W&SR ELSE BUY TCC ELSE BUY Ship ELSE BUY Brdg ELSE BUY Tunn"
orders alice 1 "$packet" "$packet" "BUY THB AT 100" "BUY THB" "BUY THB" "PASS"
orders bob 1 "$packet" "$packet" "BUY WR AT 90" "BUY WR" "BUY WR" "PASS"
orders carol 1 "$packet" "$packet" "BUY CA AT 100" "BUY CA" "PASS"
check "turn 1 is resolved once the three players' orders are in" wait_turn 1
has() { grep -q "$2" "$1"; }
mailbox_text alice > "$WORK/alice.txt"
check "the start mail explains the auction of the privates and each one's bid" \
    sh -c "grep -q '^Sold by auction: on your turn BUY the cheapest item' '$WORK/alice.txt' && grep -q 'W&SR: Waterloo & Saugeen Railway, 40: BID 45 ON W&SR' '$WORK/alice.txt'"
check "the start mail gives the pars a company may start at" \
    has "$WORK/alice.txt" 'a company started: BUY co AT par (par: 65, 70, 75, 80, 90, 100)'
gm game report g56 1 > "$WORK/report1.txt"
check "the auction sold every private" \
    sh -c "grep -q 'alice buys Flos for 20' '$WORK/report1.txt' && grep -q 'carol buys Tunn for 100' '$WORK/report1.txt'"
check "THB started at par 100, in escrow capitalisation" \
    sh -c "grep -q \"alice sets THB's par at 100\" '$WORK/report1.txt' && grep -q 'THB starts with escrow capitalisation' '$WORK/report1.txt'"
check "THB, WR and CA float with 20% sold" \
    sh -c "grep -q 'THB floats' '$WORK/report1.txt' && grep -q 'WR floats' '$WORK/report1.txt' && grep -q 'CA floats' '$WORK/report1.txt'"
check "the turn's report says each company's capitalisation and destination" \
    mail_says alice '^Capitalisation and destinations: CA escrow, destination H15'

orders alice 2 "THB:" "TAKE LOAN" "HOME CITY 1" "BUY TRAIN 2"
orders bob 2 "WR:" "LAY 5 ON O16 ROT 5" "BUY TRAIN 2"
orders carol 2 "CA:" "LAY 5 ON D17 ROT 0" "BUY TRAIN 2"
check "turn 2 is resolved" wait_turn 2
gm game report g56 2 > "$WORK/report2.txt"
check "THB's home station in the city alice chose" has "$WORK/report2.txt" 'THB places a station on L15 (city 1)'
check "THB takes the loan ordered and pays its interest from its treasury" \
    sh -c "grep -q 'THB takes a loan and receives 100 (1 loan)' '$WORK/report2.txt' && grep -q 'THB owes 10 interest on 1 loan' '$WORK/report2.txt'"
check "the tiles ordered are laid" \
    sh -c "grep -q 'CA lays tile 5 on D17' '$WORK/report2.txt' && grep -q 'WR lays tile 5 on O16' '$WORK/report2.txt'"
check "each company buys the 2-train ordered" \
    sh -c "[ \$(grep -c 'buys a 2 train from the bank for 100' '$WORK/report2.txt') -eq 3 ]"

turn=3 # then, each turn, the shares each buys, until the game is over (bounded)
while [ "$(game_status)" = running ] && [ $turn -le 60 ]; do
    orders alice $turn "BUY THB ELSE BUY GT ELSE PASS" "BUY THB ELSE BUY GT ELSE PASS" \
        "BUY THB ELSE BUY GT ELSE PASS" "THB:" "BUY PRIVATE Ship FOR 35" "PORT M18"
    orders bob $turn "BUY WR ELSE BUY CPR ELSE PASS" "BUY WR ELSE BUY CPR ELSE PASS" \
        "BUY WR ELSE BUY CPR ELSE PASS" "WR:" "BUY PRIVATE Brdg FOR 50"
    orders carol $turn "BUY CA ELSE BUY LPS ELSE PASS" "BUY CA ELSE BUY LPS ELSE PASS" \
        "BUY CA ELSE BUY LPS ELSE PASS" "CA:" "BUY PRIVATE Tunn FOR 50"
    wait_turn $turn || break
    turn=$((turn + 1))
done
check_the_bank_broke
last=$(game_turn)
t=1; : > "$WORK/all.txt"
while [ $t -le "$last" ]; do gm game report g56 $t >> "$WORK/all.txt" 2>/dev/null; t=$((t + 1)); done
check "stock rounds by mail: shares bought after the first" \
    sh -c "grep -A40 '^Stock round 3$' '$WORK/all.txt' | grep -q 'buys 10% of'"
check "the operating rounds lay tiles (more than 20 in the game)" \
    sh -c "[ \$(grep -c ' lays tile ' '$WORK/all.txt') -gt 20 ]"
check "the game moves on to phase 3 (3-trains bought)" has "$WORK/all.txt" 'The bank now sells 3 trains'
check "companies played for their directors build towards their destinations" \
    has "$WORK/all.txt" 'towards its destination'
check "from phase 3 the directors' companies buy their privates, and with them the bonuses" \
    sh -c "grep -q 'WR buys Brdg from bob for 50' '$WORK/all.txt' && grep -q \"WR gets Brdg's Bridge bonus\" '$WORK/all.txt' && grep -q 'CA buys Tunn from carol for 50' '$WORK/all.txt'"
check "THB, owning the Ship, places the port marker by mail" \
    has "$WORK/all.txt" 'THB places the Port marker (20 more a stop) on M18'
check "the report says the bonuses and the marker each company holds" \
    mail_says alice '^Bonuses and markers held: CA: Tunnel (Tunn, +10 on B13); WR: Bridge'
gm game report g56 "$last" --html "$WORK/last.html" >/dev/null 2>&1
check "the last report renders as a page, with its map" \
    sh -c "grep -q 'Capitalisation and destinations' '$WORK/last.html' && grep -q '<img' '$WORK/last.html'"
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
check "nothing is left in the outbox" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status<>'sent'")" = 0
