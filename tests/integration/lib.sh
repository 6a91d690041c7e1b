# Shared by the integration tests: TAP output, real servers in a temporary directory that are
# always stopped, a pbemgm configuration for them, and bounded waits.
# Expects PBEMGM_BUILD (the build directory) and PBEMGM_TOP (the source tree).
set -u
BUILD=${PBEMGM_BUILD:?}
TOP=${PBEMGM_TOP:?}
PBEMGM="$BUILD/pbemgm"
MAILTOOL="$BUILD/tests/tools/mailtool"
WORK=$(mktemp -d /tmp/pbemgm-it-XXXXXX)
chmod 755 "$WORK"
N=0
DAEMON_PID=""

ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }

cleanup() {
    [ -n "$DAEMON_PID" ] && kill -9 "$DAEMON_PID" 2>/dev/null
    sh "$TOP/tests/integration/servers.sh" stop "$WORK/srv" >/dev/null 2>&1
    echo "1..$N"
    [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

start_servers() {
    sh "$TOP/tests/integration/servers.sh" start "$WORK/srv" || { not_ok "servers start"; exit 1; }
    MAILROOT="$WORK/srv/mail"
    SMTP_URL="smtp://127.0.0.1:${PBEMGM_SMTP_PORT:-10025}"
}

# write_config NAME [extra JSON members]
write_config() {
    cat > "$WORK/pbemgm.json" <<CONF
{
  "database": "db.sqlite",
  "transport": "imap",
  "imap": {"host": "127.0.0.1", "port": ${PBEMGM_IMAP_PORT:-10143}, "user": "gm",
           "password": "gmpass", "timeout": 20},
  "smtp": {"url": "$SMTP_URL", "timeout": 20},
  "daemon": {"address": "gm@pbem.test", "name": "$1"},
  "gm": {"address": "master@pbem.test", "name": "$1"},
  "poll_interval": 60,
  "retry": {"base_seconds": 1, "max_seconds": 4}${2:-}
}
CONF
}

gm() { (cd "$WORK" && "$PBEMGM" -c pbemgm.json "$@"); }

start_daemon() {
    (cd "$WORK" && exec "$PBEMGM" -c pbemgm.json serve) >> "$WORK/daemon.log" 2>&1 &
    DAEMON_PID=$!
}

# stop_daemon SIGNAL: sends it and waits (at most 10 s); returns the exit status.
stop_daemon() {
    kill -s "$1" "$DAEMON_PID" 2>/dev/null
    i=0
    while kill -0 "$DAEMON_PID" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    wait "$DAEMON_PID" 2>/dev/null
    rc=$?
    DAEMON_PID=""
    return $rc
}

# turn_game: game g1 started (Variant=Clemens) with alice, bob and carol (passwords NAME-pw1),
# resolved as soon as all orders are in (no grace period)
turn_game() {
    gm init >/dev/null
    gm game create g1 >/dev/null
    for p in alice bob carol; do
        gm player add g1 $p $p@pbem.test --password ${p}-pw1 --no-mail >/dev/null
    done
    gm game start g1 --options Variant=Clemens >/dev/null
    gm game set g1 --grace-minutes 0 >/dev/null
}

# order PLAYER N ORDERS...: PLAYER's mail for turn 1 of g1 (Message-ID turn-N), sent by SMTP
order() {
    who=$1; n=$2; shift 2
    { printf 'From: %s <%s@pbem.test>\r\nSubject: turn 1\r\nMessage-ID: <turn-%s@pbem.test>\r\n\r\n' "$who" "$who" "$n"
      printf 'GAME g1\r\nPLAYER %s\r\nPASSWORD %s-pw1\r\nTURN 1\r\n' "$who" "$who"
      for o in "$@"; do printf '%s\r\n' "$o"; done; } > "$WORK/o$n.eml"
    send $who@pbem.test "$WORK/o$n.eml"
}

# send FROM FILE...: mail from a player to the GM over SMTP
send() { from=$1; shift; "$MAILTOOL" send "$SMTP_URL" "$from" gm@pbem.test "$@"; }

mail_count() { "$MAILTOOL" count "$MAILROOT/$1"; }
wait_mail() { "$MAILTOOL" wait "$MAILROOT/$1" "$2" "${3:-20}"; }
# the decoded text of every message in a user's mailbox
mailbox_text() { for f in "$MAILROOT/$1"/new/* "$MAILROOT/$1"/cur/*; do [ -f "$f" ] && "$MAILTOOL" show "$f"; done; }

sql() { sqlite3 -cmd ".timeout 5000" "$WORK/db.sqlite" "$1"; }
# mail_says WHO TEXT: WHO's mailbox has a mail saying TEXT (a grep pattern), within 30 s
mail_says() {
    i=0
    until mailbox_text "$1" | grep -q "$2"; do
        [ $i -ge 60 ] && return 1
        sleep 0.5; i=$((i + 1))
    done
}

# The game GAME's turns by mail (the tests of whole games): GAME names it.
# orders PLAYER TURN LINES...: PLAYER's mail for that turn of $GAME (password PLAYER-pw1), by SMTP
orders() {
    who=$1; turn=$2; shift 2
    f="$WORK/$who-$turn.eml"
    { printf 'From: %s <%s@pbem.test>\r\nSubject: %s turn %s\r\n' "$who" "$who" "$GAME" "$turn"
      printf 'Message-ID: <%s-%s-%s@pbem.test>\r\n\r\n' "$GAME" "$turn" "$who"
      printf 'GAME %s\r\nPLAYER %s\r\nPASSWORD %s-pw1\r\nTURN %s\r\n' "$GAME" "$who" "$who" "$turn"
      for o in "$@"; do printf '%s\r\n' "$o"; done; } > "$f"
    send $who@pbem.test "$f"
}
game_turn() { sql "SELECT turn FROM games WHERE name='$GAME'"; }
game_status() { sql "SELECT status FROM games WHERE name='$GAME'"; }
# wait_turn N: the game has gone past turn N (or ended), within 60 s
wait_turn() {
    i=0
    while [ "$(game_turn)" -le "$1" ] && [ "$(game_status)" = running ] && [ $i -lt 600 ]; do
        sleep 0.1; i=$((i + 1))
    done
    [ "$(game_turn)" -gt "$1" ] || [ "$(game_status)" = finished ]
}

# check_the_bank_broke: the tests of a whole game's end — $GAME finished, its last report
# ($WORK/last.txt) saying the bank broke and the ranking by place, mailed to the players (carol)
# and the GM
check_the_bank_broke() {
    check "the game ends (status finished, at turn $(game_turn))" test "$(game_status)" = finished
    gm game report "$GAME" "$(game_turn)" > "$WORK/last.txt"
    check "it ends when the bank breaks, after the set of operating rounds" \
        grep -q 'The game is over (the bank broke)' "$WORK/last.txt"
    check "the final ranking is told by place" \
        sh -c "grep -A1 'The game is over' '$WORK/last.txt' | grep -q '^1\\. '"
    check "every player gets the last report by mail" mail_says carol 'The game is over'
    check "the GM too" mail_says master 'The game is over'
}
