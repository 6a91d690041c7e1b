# Issue 32: 18GA played by mail through the daemon and real servers (Dovecot, OpenSMTPD), as
# test_1830_e2e.sh plays 1830 (config/games/18GA.json). Three players answer the GM's mails as
# players write them (mail_as_players.sh: a greeting, a line of chat, the order form filled in
# with its notes, a sign-off, a phone's footer or Outlook's divider, the GM's mail below, a
# phone's quotes, Word's list markers), and every line they type is an order in the
# acknowledgement or refused there with its line. Turn 1 the start packet's auction (each buys
# the cheapest private in turn: alice the LT and the OSO, bob the MRC and the M&B with its 10%
# of CoG, carol the W&S) and GA, CoG and SAL started at par 70. Turn 2 (phase 2): each company
# orders two 2-trains from the bank: the second is refused, with its reason, at once in the
# acknowledgement and in the report (one train from the bank a turn in phases 2 and 3). Turn
# 3: the last 2-trains and the first 3-train (phase 3). Turn 4: SAL buys the W&S from carol and
# places its free station in Waycross (I9), its track nowhere near; GA buys the OSO from alice
# and gets the free 2-train with it; CoG buys the Midland from bob and lays its free extra tile
# on F12 and its own; a share ordered in this turn of two operating rounds is refused at once.
# Then every player buys shares each turn, the companies played for their directors (house
# rules 12, 13, 17), until a company reaches the market's end (300) and the game ends after
# that operating round.
. "$PBEMGM_TOP/tests/integration/lib.sh"
. "$PBEMGM_TOP/tests/integration/mail_as_players.sh"
GAME=ga1
R="$WORK/$GAME-report"

start_servers
write_config "Test GM"
gm init >/dev/null
has() { grep -q -- "$2" "$1"; }
if gm game create $GAME --title 18GA > "$WORK/create.txt" 2>&1; then
    ok "a game of 18GA is created"
else
    not_ok "a game of 18GA is created: $(cat "$WORK/create.txt")"
fi
seat_and_start $GAME
start_daemon
check "the start mail says the game is 18GA" mail_says alice '18GA'
start_mail_powers() {
    mail_says alice '^  - W&S (Waycross & Southern): the company that owns it may place a free' &&
        mail_says alice '^  - OSO (Ocilla Southern): the company that buys it from its owner also'
}
check "the start mail explains the W&S's station and the OSO's free train" start_mail_powers
check "and explains the auction of the privates and each one's bid" \
    mail_says alice '^Sold by auction: on your turn BUY the cheapest item'

# ---- turn 1: the start packet by auction, three companies started at par 70 ----
packet="BUY LT ELSE BUY MRC ELSE BUY W&S ELSE BUY OSO ELSE BUY M&B"
reply_orders alice 1 "# the start packet: BUY the cheapest item, BID n ON item" \
    "$packet" "$packet" "BUY GA AT 70" "BUY GA" "BUY GA" "BUY GA" "BUY GA"
FORM=1 STYLE=outlook # (bob fills in the start mail's form, in Outlook)
reply_orders bob 1 "$packet" "$packet" "BUY CoG AT 70" "BUY CoG" "BUY CoG" "BUY CoG"
FORM= STYLE=
reply_orders carol 1 "$packet" "$packet" "BUY SAL AT 70" "BUY SAL" "BUY SAL" "BUY SAL" "BUY SAL"
check "turn 1 is resolved once the three players' orders are in" wait_turn 1
check "the acknowledgement answers the line of chat: not an order, with its line" \
    ack_says alice 1 'line [0-9]*: "THANKS" is not an order'
check "the form's notes, the greeting, the sign-off and the footer are not taken as orders" \
    sh -c "! grep -q 'Cheers\\|iPhone\\|Hi GM\\|the start packet: BUY' '$WORK/ack-$GAME-alice-1.txt'"
report_of 1
check "bob's orders written into the start mail's form, sent from Outlook, are all taken" \
    sh -c "grep -q '^GAME $GAME' '$WORK/$GAME-bob-1.eml' && grep -q -- '-----Original Message-----' '$WORK/$GAME-bob-1.eml' && [ \$(grep -c '^line [0-9]*: ' '$WORK/ack-$GAME-bob-1.txt') -eq 1 ] && grep -q 'BUY 1 CoG PAR 70' '$WORK/ack-$GAME-bob-1.txt'"
check "the auction sold every private: carol the W&S, alice the OSO" \
    sh -c "grep -q 'carol buys W&S for 70' '$R-1.txt' && grep -q 'alice buys OSO for 100' '$R-1.txt'"
check "the M&B brings bob a 10% share of CoG" has "$R-1.txt" 'bob .*10% of CoG'
check "GA, CoG and SAL floated (full capitalisation, 700)" \
    sh -c "grep -q 'GA floats with 700' '$R-1.txt' && grep -q 'CoG floats with 700' '$R-1.txt' && grep -q 'SAL floats with 700' '$R-1.txt'"

# ---- turn 2 (phase 2): two 2-trains ordered from the bank, the second refused ----
A="BUY CoG ELSE PASS" B="BUY SAL ELSE PASS" C="BUY GA ELSE PASS"
STYLE=html # (alice's mail program writes HTML only)
reply_orders alice 2 "$A" "GA:" "# GA: LAY tile ON hex, STATION hex, RUN BEST, PAY OUT or WITHHOLD," \
    "# BUY TRAIN type" "BUY TRAIN 2" "BUY TRAIN 2"
STYLE=
reply_orders bob 2 "$B" "CoG:" "BUY TRAIN 2" "BUY TRAIN 2"
reply_orders carol 2 "$C" "SAL:" "BUY TRAIN 2" "BUY TRAIN 2"
check "turn 2 is resolved" wait_turn 2
report_of 2
check "alice's mail in HTML only (the report quoted in a blockquote) is read as her text" \
    sh -c "grep -q '^Content-Type: text/html' '$WORK/$GAME-alice-2.eml' && [ \$(grep -c '^    GA: BUY TRAIN 2' '$WORK/ack-$GAME-alice-2.txt') -eq 2 ] && [ \$(grep -c '^line [0-9]*: ' '$WORK/ack-$GAME-alice-2.txt') -eq 1 ]"
check "each company buys one 2-train from the bank" \
    test "$(grep -c 'buys a 2 train from the bank for 100' "$R-2.txt")" -eq 3
check "the second 2-train from the bank in phase 2 is refused, with its reason" \
    sh -c "grep 'GA: BUY TRAIN 2\": not carried out: ' '$R-2.txt' | grep -q 'GA has bought 1 train from the bank and the pool this turn, the most a company may in phase 2'"
check "the acknowledgement had said so at once" \
    sh -c "grep -A1 'GA: BUY TRAIN 2' '$WORK/ack-$GAME-alice-2.txt' | tail -1 | grep -q 'would not be carried out now: GA has bought 1 train from the bank'"

# ---- turn 3: the last two 2-trains, then the first 3-train: phase 3 ----
reply_orders alice 3 "$A" "GA:" "BUY TRAIN 2 ELSE BUY TRAIN 3"
reply_orders bob 3 "“PASS”" "• CoG:" "1. BUY TRAIN 2 ELSE BUY TRAIN 3" # (a phone's quotes, Word's lists)
reply_orders carol 3 "$C" "SAL:" "BUY TRAIN 2 ELSE BUY TRAIN 3"
check "turn 3 is resolved" wait_turn 3
report_of 3
check "a phone's quotes and a word processor's list are read as orders" \
    sh -c "grep -q '\"CoG: BUY TRAIN 2 ELSE BUY TRAIN 3\": carried out' '$R-3.txt' && [ \$(grep -c '^line [0-9]*: ' '$WORK/ack-$GAME-bob-3.txt') -eq 1 ]" # (the chat's)
check "the first 3-train is bought: phase 3" \
    sh -c "grep -q 'buys a 3 train from the bank for 180' '$R-3.txt' && grep -q '^Phase 3 begins' '$R-3.txt'"

# ---- turn 4 (phase 3): the W&S's free station in Waycross, the OSO's free 2-train ----
reply_orders alice 4 "$A" "GA:" "BUY PRIVATE OSO FOR 100"
reply_orders bob 4 "$B" "CoG:" "BUY PRIVATE MRC FOR 40" "LAY 9 ON F12" "LAY 7 ON E5"
FORM=1 # (carol fills in the report's form)
reply_orders carol 4 "$C" "SAL:" "BUY PRIVATE W&S FOR 70" "USE W&S"
FORM=
check "turn 4 is resolved" wait_turn 4
report_of 4
check "SAL buys the W&S from carol" has "$R-4.txt" 'SAL buys W&S from carol for 70'
check "SAL places the W&S's free station in Waycross (I9), not connected to it" \
    has "$R-4.txt" 'SAL places a free station on I9'
no_track_near_waycross() { # (I9's neighbours: I7, I11, H8, H10, J8, J10)
    ! sed -n '1,/SAL places a free station on I9/p' "$R-2.txt" "$R-3.txt" "$R-4.txt" |
        grep -q 'SAL lays tile [^ ]* on \(I9\|I7\|I11\|H8\|H10\|J8\|J10\)\b'
}
check "SAL had no track in or next to Waycross when it placed the station" no_track_near_waycross
check "GA buys the OSO from alice" has "$R-4.txt" 'GA buys OSO from alice for 100'
check "and gets the free 2-train with it, not to be sold" \
    has "$R-4.txt" "GA receives OSO's free 2-train (it may not be sold)"
check "CoG buys the Midland from bob and lays its free tile on F12 (no swamp cost), and its own" \
    sh -c "grep -q 'CoG buys MRC from bob for 40' '$R-4.txt' && grep -q '^CoG lays tile 9 on F12\$' '$R-4.txt' && [ \$(sed -n '/^CoG operates/,/^SAL operates/{p;/^SAL operates/q}' '$R-4.txt' | grep -c '^CoG lays tile') -eq 2 ]"
check "the companies' orders of turn 4 were all carried out" \
    sh -c "! grep '\"\\(GA\\|SAL\\|CoG\\): ' '$R-4.txt' | grep -q 'not carried out'"
check "the acknowledgement said at once the W&S's station and the OSO would be carried out" \
    sh -c "grep -A1 'SAL: USE W&S' '$WORK/ack-$GAME-carol-4.txt' | grep -q 'would be carried out now' && grep -A1 'GA: BUY PRIVATE OSO FOR 100' '$WORK/ack-$GAME-alice-4.txt' | grep -q 'would be carried out now'"
check "a share ordered in a turn of two operating rounds: the acknowledgement says at once why not" \
    sh -c "grep -A1 'BUY 1 CoG ELSE PASS' '$WORK/ack-$GAME-alice-4.txt' | grep -q 'would not be carried out now: this turn has no stock round'"
check "and the report the same" has "$R-4.txt" '"BUY 1 CoG ELSE PASS": not carried out: this turn had no stock round'

every_line_accounted_for

# ---- then each turn the players buy shares (else pass), their companies played for them,
# until the game is over (bounded) ----
play_on 5 "BUY GA ELSE BUY CoG ELSE PASS" "BUY GA ELSE PASS" \
    "BUY CoG ELSE BUY SAL ELSE PASS" "BUY CoG ELSE PASS" \
    "BUY SAL ELSE BUY GA ELSE PASS" "BUY SAL ELSE PASS"
every_order_has_its_fate
check "several operating rounds: more than 15 tiles laid in the game" \
    sh -c "[ \$(grep -c ' lays tile ' '$WORK/all.txt') -gt 15 ]"
check "the game moves on to phase 4 (the 2-trains rust)" has "$WORK/all.txt" '^Phase 4 begins'
check "the game ends (status finished, at turn $last)" test "$(game_status)" = finished
gm game report $GAME "$last" > "$WORK/last.txt"
check "a company reaches the market's end (300): the game ends after that operating round" \
    sh -c "grep -B1 'The game is over (a company reached the market.s end)' '$WORK/last.txt' | grep -q '^Operating round .* ends'"
check "the final ranking is told by place" \
    sh -c "grep -A1 'The game is over' '$WORK/last.txt' | grep -q '^1\\. '"
mailed_end() { mail_says carol 'The game is over' && mail_says master 'The game is over'; }
check "every player gets the last report by mail, the GM too" mailed_end
the_last_checks SAL
