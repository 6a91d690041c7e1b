# Issue 30: a game of 1830 played by mail through the daemon and real servers, then opened in
# 18xx.games. The GM starts it with the preset "18xx.games" (18xx.games' rules); three players
# mail their orders (the private auction, the B&O's par, three companies started), then PASS,
# their companies played for them, through a few operating rounds. A player asks for the
# file by mail (SEND GAME FILE) and receives it attached; the GM exports it from the command
# line. Both are the same decisions, and 18xx.games' own engine (scripts/xgames_engine.sh; the
# checks SKIP where it is not available) loads the file whole, at pbemgm's position: every
# player's cash and shares, every company's cash, trains and price, who acts.
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
write_config "Test GM"
gm init >/dev/null
gm game create x30 --title 1830 >/dev/null
for p in alice bob carol; do
    gm player add x30 $p $p@pbem.test --password ${p}-pw1 --no-mail >/dev/null
done
gm game start x30 --options "18xx.games" >/dev/null
gm game set x30 --grace-minutes 0 >/dev/null
start_daemon

# orders PLAYER TURN LINES...: PLAYER's mail for that turn of x30, sent by SMTP
orders() {
    who=$1; turn=$2; shift 2
    f="$WORK/$who-$turn.eml"
    { printf 'From: %s <%s@pbem.test>\r\nSubject: x30 turn %s\r\n' "$who" "$who" "$turn"
      printf 'Message-ID: <x30-%s-%s@pbem.test>\r\n\r\n' "$turn" "$who"
      printf 'GAME x30\r\nPLAYER %s\r\nPASSWORD %s-pw1\r\nTURN %s\r\n' "$who" "$who" "$turn"
      for o in "$@"; do printf '%s\r\n' "$o"; done; } > "$f"
    send $who@pbem.test "$f"
}
game_turn() { sql "SELECT turn FROM games WHERE name='x30'"; }
game_status() { sql "SELECT status FROM games WHERE name='x30'"; }
wait_turn() {
    i=0
    while [ "$(game_turn)" -le "$1" ] && [ "$(game_status)" = running ] && [ $i -lt 600 ]; do
        sleep 0.1; i=$((i + 1))
    done
    [ "$(game_turn)" -gt "$1" ]
}

packet="BUY SVNRR ELSE BUY C&StL ELSE BUY D&H ELSE BUY M&H ELSE BUY C&A ELSE BUY BO"
orders alice 1 "$packet" "$packet" "BUY PRR AT 67" "BUY PRR" "BUY PRR" "BUY PRR" "BUY PRR"
orders bob 1 "$packet" "$packet" "BUY NYC AT 67" "BUY NYC" "BUY NYC" "BUY NYC" "BUY NYC"
orders carol 1 "$packet" "$packet" "PAR B&O 100" "BUY B&O" "BUY B&O" "BUY B&O" "BUY B&O"
check "turn 1 (the auction, pars, the first stock round) is resolved" wait_turn 1
for turn in 2 3 4; do
    for p in alice bob carol; do orders $p $turn "PASS"; done
    check "turn $turn is resolved, the companies played for their directors" wait_turn $turn
done
gm game report x30 4 > "$WORK/report4.txt"
check "the companies have run and bought trains by now" \
    sh -c "grep -q 'runs for [0-9]* and pays out' '$WORK/report4.txt' && grep -q 'buys a [0-9] train' '$WORK/report4.txt'"

# a player asks for the file by mail: the answer carries it
{ printf 'From: bob <bob@pbem.test>\r\nSubject: the file\r\nMessage-ID: <x30-file@pbem.test>\r\n\r\n'
  printf 'GAME x30\r\nPLAYER bob\r\nPASSWORD bob-pw1\r\nSEND GAME FILE\r\n'; } > "$WORK/ask.eml"
before=$(mail_count bob)
send bob@pbem.test "$WORK/ask.eml"
check "bob's answer arrives" wait_mail bob $((before + 1)) 30
# attached FILE OUT: the application/json part of the newest mail in bob's mailbox, into OUT
attached() {
    python3 - "$MAILROOT/bob" "$1" <<'PY'
import email, glob, os, sys
from email import policy
mails = sorted(glob.glob(sys.argv[1] + "/new/*") + glob.glob(sys.argv[1] + "/cur/*"),
               key=os.path.getmtime)
for path in reversed(mails):
    m = email.message_from_binary_file(open(path, "rb"), policy=policy.default)
    for part in m.iter_attachments():
        if part.get_content_type() == "application/json":
            open(sys.argv[2], "wb").write(part.get_payload(decode=True))
            print(part.get_filename())
            sys.exit(0)
sys.exit(1)
PY
}
name=$(attached "$WORK/mailed.json")
check "the answer carries the game's file, x30.json, as application/json" test "$name" = x30.json
gm game export x30 --to "$WORK/x30.json" 2>"$WORK/export.err"
check "the GM exports the game from the command line, without a note on its rules" \
    sh -c "test -s '$WORK/x30.json' && ! grep -q 'differ' '$WORK/export.err'"
same_decisions() {
    python3 - "$WORK/mailed.json" "$WORK/x30.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
sys.exit(0 if a["actions"] == b["actions"] and a["title"] == "1830" and a["players"] == b["players"] else 1)
PY
}
check "the file mailed and the file exported hold the same decisions" same_decisions

ENGINE="$TOP/scripts/xgames_engine.sh"
if why=$(sh "$ENGINE" setup 2>&1 >/dev/null); then
    sh "$ENGINE" check "$WORK/mailed.json" > "$WORK/check.json" 2>&1
    check "18xx.games' engine loads the mailed file whole" grep -q '"loaded":true' "$WORK/check.json"
    # pbemgm's position: the game's log as stored, replayed and exported by the test tool
    sql "SELECT json FROM actions a JOIN games g ON g.id = a.game_id WHERE g.name = 'x30' ORDER BY a.seq" \
        > "$WORK/actions.txt"
    python3 - "$WORK/actions.txt" "$WORK/log.json" <<'PY'
import json, sys
acts = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
json.dump({"title": "1830", "options": "18xx.games", "players": ["alice", "bob", "carol"],
           "actions": acts}, open(sys.argv[2], "w"))
PY
    (cd "$TOP" && "$BUILD/tests/tools/xgexport" log "$WORK/log.json" "$WORK/tool.json") \
        > "$WORK/pbemgm.pos" 2>"$WORK/tool.err"
    tail -1 "$WORK/pbemgm.pos" > "$WORK/pbemgm.last"
    sh "$ENGINE" position "$WORK/mailed.json" > "$WORK/xgames.last" 2>&1
    check "18xx.games' position at the end is pbemgm's (cash, shares, companies, who acts)" \
        ruby "$TOP/tests/tools/xgames/positions_diff.rb" "$WORK/xgames.last" "$WORK/pbemgm.last"
else
    N=$((N + 1)); echo "ok $N # SKIP $why"
fi
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
