# Issue 31: 1856's CGR formed by mail, through the daemon and real servers (Dovecot, OpenSMTPD).
# test_1856_e2e.sh plays a whole game from its auction, but its companies never reach the first
# 6-train; this one starts from a recorded position instead: 18xx.games' game
# tests/oracle/18xx-games/1856/1856_game_end_bank.json (four players) cut after its action 561,
# in operating round 5.2, phase 5, seven companies holding loans, GW a tile away from its
# destination with its escrow held, TGB about to buy the first 6-train (its action 586). The GM
# imports the cut file (`game import`, an address a seat) and starts it: the game goes on by
# mail. Turn 1, by mail: GW lays the tile that reaches its destination (the bank pays the
# escrow); TGB takes a loan, withholds and buys the first 6-train; in the CGR's round that
# follows Player_3 repays LPS's loans (REPAY ALL LOANS, written before the GIVE UP of his
# company asked first) and gives up GT, Player_2 gives up his three: the CGR forms, the report
# says the exchange, the CGR's shares and price, its director, the new certificate limit. Turn
# 2 (everyone passes): the CGR operates. Two turns; the last report renders as a page. Before
# the turns, the position imported is exported again and loads in 18xx.games' own engine.
. "$PBEMGM_TOP/tests/integration/lib.sh"
GAME=c56
FILE="$TOP/tests/oracle/18xx-games/1856/1856_game_end_bank.json"

start_servers
write_config "Test GM"
gm init >/dev/null
# the file up to its action 561 (undos before it resolve within), its game not over
python3 - "$FILE" "$WORK/cut.json" 561 <<'PY'
import json, sys
game = json.load(open(sys.argv[1]))
game["actions"] = [a for a in game["actions"] if a["id"] <= int(sys.argv[3])]
for key in ("result", "game_end_reason", "finished_at"):
    game.pop(key, None)
game["status"] = "active"
json.dump(game, open(sys.argv[2], "w"))
PY
ADDR="alice bob carol dave" # seats 1 to 4: Player_1 ... Player_4
set -- $ADDR
gm game import c56 "$WORK/cut.json" --player "Player 1=$1@pbem.test" --player "Player 2=$2@pbem.test" \
    --player "Player 3=$3@pbem.test" --player "Player 4=$4@pbem.test" > "$WORK/import.txt" 2>&1
check "the cut 18xx.games file of 1856 is imported, its four seats given addresses" \
    grep -q 'seat 4: Player_4 ("Player 4" in the file) <dave@pbem.test>, password' "$WORK/import.txt"
gm game start c56 > "$WORK/start.txt" 2>&1
# THB's turn ends with the file, as 18xx.games' engine ends it:
# GW is to act at action 561 there (scripts/xgames_engine.sh position), its director Player_1
check "and started where the file stops: operating round 5.2, GW's director to act" \
    grep -q 'now: operating round 5.2, Player_1 to act' "$WORK/start.txt"
gm game set c56 --grace-minutes 0 >/dev/null
# the position imported, exported again: 18xx.games' own engine loads it whole, each player's
# value its own at the file's action 561 (SKIP where the engine is not here)
gm game export c56 --to "$WORK/exported.json" >/dev/null 2>"$WORK/export.err"
check "the imported game exports again as an 18xx.games file" test -s "$WORK/exported.json"
ENGINE="$TOP/scripts/xgames_engine.sh"
if why=$(sh "$ENGINE" setup 2>&1 >/dev/null); then
    sh "$ENGINE" check "$WORK/exported.json" > "$WORK/check.json" 2>&1
    sh "$ENGINE" position "$FILE" 561 > "$WORK/at561.json" 2>&1
    same_values() {
        python3 - "$WORK/check.json" "$WORK/at561.json" <<'PY'
import json, sys
check, there = (json.load(open(f)) for f in sys.argv[1:3])
values = [check["result"][k] for k in sorted(check["result"], key=int)]
sys.exit(0 if check["loaded"] and values == [p["value"] for p in there["players"]] else 1)
PY
    }
    check "18xx.games loads it whole, each player's value as at the file's action 561" same_values
else
    N=$((N + 1)); echo "ok $N # SKIP $why"
fi
start_daemon
check "each player is told the game goes on by mail, his company's loans on his form" \
    mail_says dave 'TGB has 3 loans: TAKE LOAN'

# seat_orders SEAT TURN LINES...: Player_SEAT's mail for that turn (the password from the import)
seat_orders() {
    seat=$1; turn=$2; shift 2
    who=$(echo $ADDR | cut -d' ' -f"$seat")
    pw=$(sed -n "s/^ *seat $seat: .*, password \([^ ]*\).*/\1/p" "$WORK/import.txt")
    f="$WORK/$who-$turn.eml"
    { printf 'From: %s <%s@pbem.test>\r\nSubject: %s turn %s\r\n' "$who" "$who" "$GAME" "$turn"
      printf 'Message-ID: <%s-%s-%s@pbem.test>\r\n\r\n' "$GAME" "$turn" "$who"
      printf 'GAME %s\r\nPLAYER Player_%s\r\nPASSWORD %s\r\nTURN %s\r\n' "$GAME" "$seat" "$pw" "$turn"
      for o in "$@"; do printf '%s\r\n' "$o"; done; } > "$f"
    send "$who@pbem.test" "$f"
}
seat_orders 1 1 "GW:" "LAY 6 ON B19 ROT 1" "GIVE UP GW"
seat_orders 2 1 "GIVE UP CPR" "GIVE UP THB" "GIVE UP CA"
seat_orders 3 1 "LPS:" "REPAY ALL LOANS" "GIVE UP GT"
seat_orders 4 1 "TGB:" "TAKE LOAN" "WITHHOLD" "BUY TRAIN 6"
check "turn 1 is resolved once the four players' orders are in" wait_turn 1
gm game report c56 1 > "$WORK/report1.txt"
has() { grep -q "$1" "$WORK/report1.txt"; }
check "GW lays the tile ordered, which joins its home to its destination" \
    sh -c "grep -q 'GW lays tile 6 on B19' '$WORK/report1.txt' && grep -q 'GW has reached its destination, A20' '$WORK/report1.txt'"
check "the bank pays GW the escrow it held" has '^  the bank pays GW its escrow, 130$'
check "TGB takes the loan ordered and withholds" \
    sh -c "grep -q 'TGB takes a loan and receives 100 (4 loans)' '$WORK/report1.txt' && grep -q 'TGB runs for [0-9]* and withholds' '$WORK/report1.txt'"
check "TGB buys the first 6-train: phase 6, the 3-trains rust" \
    sh -c "grep -q 'TGB buys a 6 train from the bank for 700' '$WORK/report1.txt' && grep -q '^Phase 6 begins' '$WORK/report1.txt' && grep -q '^3 trains rust' '$WORK/report1.txt'"
check "the CGR's round follows: a company's treasury repays what it can" \
    sh -c "grep -q '^Exchanges for CGR' '$WORK/report1.txt' && grep -q 'GW repays 1 loan from its treasury (100)' '$WORK/report1.txt'"
check "LPS's director repays its loans, with his money (REPAY ALL LOANS, before his GIVE UP GT)" \
    has '^LPS repays 3 loans: 71 from its treasury, 229 from Player_3$'
check "and LPS stays out of the CGR" sh -c "! grep -q 'LPS (Player_3) merges' '$WORK/report1.txt'"
check "the companies given up merge into the CGR (GIVE UP GT, GIVE UP CPR)" \
    sh -c "grep -q '^GT (Player_3) merges into the national' '$WORK/report1.txt' && grep -q '^CPR (Player_2) merges into the national' '$WORK/report1.txt' && grep -q '\"LPS: GIVE UP GT\": carried out' '$WORK/report1.txt'"
check "the exchange: two shares for one of the CGR, an odd one to the pool" \
    sh -c "grep -q '^Player_2 exchanges 14 shares for 7 of CGR$' '$WORK/report1.txt' && grep -q '^Player_3 exchanges 5 shares for 2 of CGR (an odd share to the pool)' '$WORK/report1.txt'"
check "the CGR's shares, its price and its director" \
    sh -c "grep -q '^CGR has 20 shares of 5%' '$WORK/report1.txt' && grep -q '^CGR forms at 100, Player_2 its director' '$WORK/report1.txt'"
check "the merged companies' stations and money become the CGR's" \
    sh -c "grep -q \"GW's station on F15 becomes CGR's\" '$WORK/report1.txt' && grep -q '^CGR floats with [0-9]*' '$WORK/report1.txt'"
check "the new certificate limit" has '^The certificate limit is now 12 (6 companies)$'
check "every player's orders were carried out" sh -c "! grep -q 'not carried out' '$WORK/report1.txt'"
check "the players get the report by mail, the CGR among the companies" \
    mail_says carol '^ *CGR *Player_2 '
check "the report's LPS has no loan left" mail_says carol '^ *LPS *Player_3 *[0-9]* *0 '

for seat in 1 2 3 4; do seat_orders $seat 2 "PASS"; done
check "turn 2 is resolved" wait_turn 2
gm game report c56 2 > "$WORK/report2.txt"
check "the CGR operates in the next operating round, its director's company" \
    sh -c "grep -q '^CGR operates (Player_2)' '$WORK/report2.txt' && grep -q '^CGR runs for [0-9]* and' '$WORK/report2.txt'"
gm game report c56 2 --html "$WORK/last.html" >/dev/null 2>&1
check "the last report renders as a page, with its map and the CGR" \
    sh -c "grep -q 'CGR' '$WORK/last.html' && grep -q '<img' '$WORK/last.html'"
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
check "nothing is left in the outbox" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status<>'sent'")" = 0
