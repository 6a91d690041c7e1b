# Issue 32: 18Kaas played by mail through the daemon and real servers (Dovecot, OpenSMTPD), as
# test_1830_e2e.sh plays 1830 (18Kaas is 1830's rules on a map of the Netherlands and the Ruhr,
# config/games/18Kaas.json). Three players answer the GM's mails as players write them
# (mail_as_players.sh: a greeting, a line of chat, the order form filled in with its notes, a
# sign-off, a PS under the name, a phone's footer or Outlook's divider, the GM's mail below),
# and every line they type is an order in the acknowledgement or refused there with its line.
# Game k1: turn 1 the start packet's auction (each buys the cheapest private in turn; carol
# gets the D&H and the B&O private) and PRR, NYC and B&O started at their pars; turns 2 and 3:
# stock rounds (shares of each other's companies), six 2-trains and the first 3-train bought by
# orders (phase 3); turn 4: B&O buys the D&H from carol, lays its tile 57 on Venlo (K16)
# without connection and places the D&H's station there in the same turn (seed 003: the
# station only in the turn of the tile), and runs into the Ruhr (K18), the run's cities counted
# twice, as the report says. Game k2, played alongside the same way: B&O lays the D&H's tile in
# a one-round turn (ONE ROUND) without the station; the station ordered in the next turn is
# refused, with the reason, in the acknowledgement and in the report. Then k1 goes on, the
# players buying shares, their companies played for them (house rules 12, 13, 17), until the
# bank breaks (phase 4), the Ruhr run into again and again.
. "$PBEMGM_TOP/tests/integration/lib.sh"
. "$PBEMGM_TOP/tests/integration/mail_as_players.sh"

start_servers
write_config "Test GM"
gm init >/dev/null
quiet() { "$@" >/dev/null; }
has() { grep -q -- "$2" "$1"; }
check "a game of 18Kaas is created (k1)" quiet gm game create k1 --title 18Kaas
seat_and_start k1
check "and another (k2)" quiet gm game create k2 --title 18Kaas
seat_and_start k2 pbem-house-rules # (its preset: priority after the last buyer)
start_daemon
check "the start mail says the game is 18Kaas" mail_says alice '18Kaas'
check "the start mail explains the Ruhr's rule" \
    mail_says alice '^  - Ruhrgebied (J17, K18): worth nothing itself, a run that reaches it counts'
check "and the D&H's station only in the turn of its tile" \
    mail_says alice '^  - D&H (Delaware & Hudson): its station on Venlo (K16) may be placed only in'

# ---- turn 1: the start packet by auction, three companies started ----
packet="BUY SVNRR ELSE BUY C&StL ELSE BUY D&H ELSE BUY M&H ELSE BUY C&A ELSE BUY BO"
turn1() {
    GAME=$1
    reply_orders alice 1 "# the start packet: BUY the cheapest item, BID n ON item" \
        "$packet" "$packet" "BUY PRR AT 67" "BUY PRR" "BUY PRR" "BUY PRR" "BUY PRR"
    reply_orders bob 1 "$packet" "$packet" "BUY NYC AT 67" "BUY NYC" "BUY NYC" "BUY NYC" "BUY NYC"
    reply_orders carol 1 "$packet" "$packet" "PAR B&O 100" "BUY B&O" "BUY B&O" "BUY B&O" "BUY B&O"
    wait_turn 1
}
check "turn 1 of k1 is resolved once the three players' orders are in" turn1 k1
check "the acknowledgement answers the line of chat: not an order, with its line" \
    ack_says alice 1 'line [0-9]*: "THANKS" is not an order'
check "the form's notes, the greeting, the sign-off and the footer are not taken as orders" \
    sh -c "! grep -q 'Cheers\\|iPhone\\|Hi GM\\|the start packet: BUY' '$WORK/ack-k1-alice-1.txt'"
R="$WORK/k1-report"
report_of 1
check "the auction sold every private: carol got the D&H and the B&O private" \
    sh -c "grep -q 'carol buys D&H for 70' '$R-1.txt' && grep -q 'carol buys BO for 220' '$R-1.txt'"
check "carol set the B&O's par at once" has "$R-1.txt" "carol sets B&O's par at 100"
check "PRR, NYC and B&O floated (full capitalisation)" \
    sh -c "grep -q 'PRR floats with 670' '$R-1.txt' && grep -q 'NYC floats with 670' '$R-1.txt' && grep -q 'B&O floats with 1000' '$R-1.txt'"
check "turn 1 of k2 is resolved" turn1 k2

# ---- turn 2 (operating round 1.1, stock round 2): six 2-trains bought by orders, the directors
# buy their shares; turn 3 (operating round 2.1, stock round 3): B&O buys the first 3-train ----
both() { # both TURN: mails TURN for k1 and for k2, each game's turn resolved, its report kept
    for GAME in k1 k2; do
        mails $1
        wait_turn $1 || return 1
        report_of $1
    done
}
A="BUY B&O ELSE PASS" B="BUY PRR ELSE PASS" C="BUY NYC ELSE PASS"
mails() {
    reply_orders alice $1 "$A" "$A" "PRR:" "# PRR: LAY tile ON hex, STATION hex, RUN BEST, PAY OUT" \
        "BUY TRAIN 2" "BUY TRAIN 2"
    STYLE=outlook
    reply_orders bob $1 "$B" "$B" "NYC:" "BUY TRAIN 2" "BUY TRAIN 2"
    STYLE=
    reply_orders carol $1 "$C" "$C" "B&O:" "BUY TRAIN 2" "BUY TRAIN 2"
}
check "turn 2 is resolved in both games" both 2
mails() {
    reply_orders alice $1 "$A" "$A"
    reply_orders bob $1 "$B" "$B"
    BELOW="PS: BUY B&O" # (under her name: not taken, and the acknowledgement says so)
    reply_orders carol $1 "$C" "$C" "B&O:" "BUY TRAIN 3"
    BELOW=
}
check "turn 3 is resolved in both games" both 3
check "an order written under the player's name is not taken, and the acknowledgement says so" \
    sh -c "tr '\\n' ' ' < '$WORK/ack-k1-carol-3.txt' | grep -q '\"PS: BUY B&O\" is under your sign-off or your name, *where a *signature is: it was not taken'"
GAME=k1
check "the six 2-trains were bought by orders" \
    test "$(grep -c 'buys a 2 train from the bank for 80' "$R-2.txt")" -eq 6
check "stock rounds by mail: the players buy shares of each other's companies" \
    sh -c "grep -A12 '^Stock round 2$' '$R-2.txt' | grep -q 'buys 10% of'"
check "B&O buys the first 3-train: phase 3" \
    sh -c "grep -q 'B&O buys a 3 train from the bank for 180' '$R-3.txt' && grep -q '^Phase 3 begins' '$R-3.txt'"

# ---- turn 4 (operating rounds 3.1 and 3.2): B&O buys the D&H from its director, carol, and
# lays its tile 57 on Venlo without connection. k1: the D&H's station there in the same turn;
# k2: a turn of one round (ONE ROUND), the tile without the station ----
DH=${KAAS_DH_HEX:-K16} ROT=${KAAS_DH_ROT:-1}
mails() { # (in k2 PRR and NYC place no station: Venlo's one circle stays the D&H's)
    reply_orders alice $1 "PASS" "PRR:" "NO STATION"
    reply_orders bob $1 "PASS" "NYC:" "NO STATION"
    FORM=1 # (carol fills in the report's form)
    if [ $GAME = k1 ]; then
        reply_orders carol $1 "B&O:" "BUY PRIVATE D&H FOR 140" "LAY 57 ON $DH ROT $ROT" "USE D&H"
    else
        reply_orders carol $1 "ONE ROUND" "B&O:" "BUY PRIVATE D&H FOR 140" "LAY 57 ON $DH ROT $ROT" \
            "NO STATION"
    fi
    FORM=
}
check "turn 4 is resolved in both games" both 4
GAME=k1
check "k1: B&O buys the D&H from carol" has "$R-4.txt" 'B&O buys D&H from carol for 140'
check "k1: the D&H's tile 57 on $DH, without connection, paying its terrain" \
    has "$R-4.txt" "B&O lays tile 57 on $DH (terrain 120)"
check "k1: and its station there in the same turn" has "$R-4.txt" "B&O places a free station on $DH"
check "k1: carol wrote her orders into the report's form" \
    sh -c "grep -A3 '^B&O:' '$WORK/k1-carol-4.eml' | grep -q '^# B&O: LAY tile ON hex' && grep -q '^BUY PRIVATE D&H FOR 140' '$WORK/k1-carol-4.eml'"
check "k1: carol's orders for B&O were all carried out" \
    sh -c "grep -A12 'Orders of carol' '$R-4.txt' | grep 'B&O:' | grep -qv ': carried out$' && exit 1 || exit 0"
R2="$WORK/k2-report"
check "k2: the turn covers one round, as carol asked" \
    sh -c "grep -q 'this turn will cover one round only, as carol asked' '$WORK/ack-k2-carol-4.txt' && ! grep -q '^Stock round' '$R2-4.txt'"
check "k2: the D&H's tile laid without the station" \
    sh -c "grep -q 'B&O lays tile 57 on $DH' '$R2-4.txt' && ! grep -q 'B&O places a free station on $DH' '$R2-4.txt'"

# ---- turn 5: k2: the D&H's station ordered in the turn after its tile: refused, with why ----
mails() {
    reply_orders alice $1 "PASS"
    reply_orders bob $1 "PASS"
    if [ $GAME = k1 ]; then
        reply_orders carol $1 "B&O:" "RUN BEST" "PAY OUT"
    else
        reply_orders carol $1 "B&O:" "USE D&H" "RUN BEST" "PAY OUT"
    fi
}
check "turn 5 is resolved in both games" both 5
GAME=k2
check "k2: the acknowledgement says the D&H's station would not be placed, and why" \
    sh -c "grep -A1 'B&O: USE D&H' '$WORK/ack-k2-carol-5.txt' | grep -q \"would not be carried out now: D&H's station on $DH is placed only in\""
check "k2: the report says the station is refused, with the reason" \
    grep -q "USE D&H\": not carried out: D&H's station on $DH is placed only in the turn in which B&O lays D&H's tile there" "$R2-5.txt"
check "k2: no station of the D&H on $DH" sh -c "! grep -q 'B&O places a free station on $DH' '$R2-5.txt'"
GAME=k1
check "k1: B&O's run into the Ruhr from Venlo counts its cities twice, and the report says so" \
    sh -c "grep -A1 'B&O places a free station on $DH' '$R-4.txt' | grep -q \"^  B&O's [0-9] train runs into Ruhrgebied (K18): its other cities count twice (the train earns 40)\""

every_line_accounted_for

# ---- then each turn the players buy shares (else pass), their companies played for them,
# until the game is over (bounded) ----
play_on 6 "BUY B&O ELSE BUY NYC ELSE PASS" "BUY B&O ELSE PASS" \
    "BUY PRR ELSE BUY B&O ELSE PASS" "BUY PRR ELSE PASS" \
    "BUY NYC ELSE BUY PRR ELSE PASS" "BUY NYC ELSE PASS"
every_order_has_its_fate
check "several operating rounds: more than 15 tiles laid in the game" \
    sh -c "[ \$(grep -c ' lays tile ' '$WORK/all.txt') -gt 15 ]"
check "the game moves on to phase 4 (the 2-trains rust)" has "$WORK/all.txt" '^Phase 4 begins'
check "the Ruhr is run into again and again (its runs said in the report)" \
    sh -c "[ \$(grep -c 'train runs into Ruhrgebied' '$WORK/all.txt') -gt 3 ]"
check_the_bank_broke
the_last_checks 'B&amp;O'
