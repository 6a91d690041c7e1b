#!/bin/sh
# make bench: ingest throughput through the real servers.
#   0. Live, as a game sees it: the daemon runs (IMAP transport) and the N mails are sent while
#      it runs. From the first send: when the last mail is in the mailbox (the servers' delivery
#      rate), when the daemon has taken the last one (stored, checked, its answer queued: the
#      take rate), the lag between the two, the most mails delivered and not yet taken at once,
#      and when every answer has been accepted by OpenSMTPD (the daemon's sender process).
#      Issue 15's "keeps pace": take rate / delivery rate >= 1, less the last mail's own time
#      (a mail alone, the daemon idle: from the mailbox to its answer; measured first).
#   1. N player mails (default 1000, PBEMGM_BENCH_MAILS) are sent over SMTP to OpenSMTPD, which
#      delivers them into Dovecot: the servers' own time, the yardstick.
#   2. Sequential: the daemon starts after that delivery and takes them over IMAP: stored,
#      processed (password checked with yescrypt), answered, and every answer accepted by
#      OpenSMTPD. Mails per second, and the
#      daemon's peak memory (its own getrusage at exit). Then the daemon's answers themselves
#      are sent again by four SMTP clients: the servers' own time for the daemon's output.
#   3. The same mails through the Maildir transport (serve --once, no network): the daemon's
#      cost without the servers — into the game at turn 1, into the same game after
#      PBEMGM_BENCH_LATE_TURNS automatic turns (default 20), and into a game late in play: the
#      action log of Rails' 1835_Issue129done (670 actions, its four players) as the game's log.
# The game is running in every case: each mail's orders are stored and checked on the game
# (issue 15: the benchmark used to measure a game that had not started).
# Prints the figures and the ratios measured in this one run.
set -eu
build=${1:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
pbemgm="$top/$build/pbemgm"
mailtool="$top/$build/tests/tools/mailtool"
n=${PBEMGM_BENCH_MAILS:-1000}
work=$(mktemp -d /tmp/pbemgm-bench-XXXXXX)
chmod 755 "$work"
daemon=""
cleanup() {
    [ -n "$daemon" ] && kill -9 "$daemon" 2>/dev/null
    sh "$top/tests/integration/servers.sh" stop "$work/srv" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
now() { date +%s.%N; }
secs() { awk "BEGIN { printf \"%.2f\", $2 - $1 }"; }
sql() { sqlite3 "$1" "$2"; }

sh "$top/tests/integration/servers.sh" start "$work/srv"
smtp="smtp://127.0.0.1:${PBEMGM_SMTP_PORT:-10025}"
mailroot="$work/srv/mail"

players="alice bob carol dave"
setup_game() { # DIR CONFIG-JSON [TURNS [OPTIONS]]: a running game of $players, TURNS automatic
    mkdir -p "$1"  # turns resolved
    echo "$2" > "$1/pbemgm.json"
    (cd "$1" && "$pbemgm" -c pbemgm.json init >/dev/null &&
     "$pbemgm" -c pbemgm.json game create bench >/dev/null &&
     for p in $players; do
         "$pbemgm" -c pbemgm.json player add bench "$p" "$p@pbem.test" --password "${p}pw" --no-mail >/dev/null
     done &&
     "$pbemgm" -c pbemgm.json game start bench --options "${4:-}" >/dev/null &&
     k=0 && while [ "$k" -lt "${3:-0}" ]; do
         "$pbemgm" -c pbemgm.json game resolve bench >/dev/null; k=$((k + 1))
     done)
}

# (a bench sends a flood from four addresses: the answers' rate limits are lifted)
imap_conf='{"database": "db.sqlite", "transport": "imap",
 "imap": {"host": "127.0.0.1", "port": '"${PBEMGM_IMAP_PORT:-10143}"', "user": "gm", "password": "gmpass"},
 "smtp": {"url": "'"$smtp"'"}, "gm": {"address": "gm@pbem.test"}, "log": {"level": "info"},
 "limits": {"replies_per_hour": 100000, "game_replies_per_hour": 1000000}}'
setup_game "$work/imap" "$imap_conf"

per=$((n / 4))
for p in $players; do
    mkdir -p "$work/mails/$p"
    "$mailtool" gen "$per" bench "$p" "${p}pw" "$p@pbem.test" "$work/mails/$p"
done
total=$((per * 4))

echo "== $total player mails, 4 players, real Dovecot + OpenSMTPD on 127.0.0.1"

# Live: the daemon runs first, as in a game, and the mails arrive while it runs. Its own game,
# database and mailbox (the account mallory of servers.sh, so that the sequential run below
# starts from an empty gm mailbox). mailtool watch samples each 10 ms from the first send: the
# mails in the mailbox (delivered), the mails taken (inbound.status 'answered': stored, checked
# and answered, the answer queued in the outbox in the same transaction) and the answers the
# sender has had accepted by OpenSMTPD (outbox.status 'sent').
# First "the last mail's own time": a mail alone, the daemon idle, from the moment it is in the
# mailbox to its answer queued (the median of three; the first also has the player's password
# checked with yescrypt, which the flood then finds remembered: 15 ms of its seconds).
live_conf=$(echo "$imap_conf" | sed 's/"user": "gm", "password": "gmpass"/"user": "mallory", "password": "mallorypass"/')
setup_game "$work/live" "$live_conf"
(cd "$work/live" && exec "$pbemgm" -c pbemgm.json serve) 2> "$work/live.log" &
daemon=$!
i=0
until grep -qs "IMAP connected" "$work/live.log"; do
    i=$((i + 1)); [ $i -lt 200 ] || { echo "bench: the daemon did not connect"; cat "$work/live.log"; exit 1; }
    sleep 0.05
done
pings=3
mkdir -p "$work/ping"
"$mailtool" gen "$pings" bench alice alicepw alice@pbem.test "$work/ping"
k=0
for f in "$work/ping"/*.eml; do
    k=$((k + 1))
    "$mailtool" watch "$mailroot/mallory" "$work/live/db.sqlite" "$k" 30 > "$work/ping.$k" &
    w=$!
    "$mailtool" send "$smtp" alice@pbem.test mallory@pbem.test "$f"
    wait "$w" || { echo "bench: a mail alone was not answered"; cat "$work/ping.$k"; exit 1; }
    awk '$1 == "delivered" { d = $2 } $1 == "answered" { a = $2 } END { printf "%.3f\n", a - d }' \
        "$work/ping.$k" >> "$work/own"
done
own=$(sort -n "$work/own" | sed -n "$(( (pings + 1) / 2 ))p")
"$mailtool" watch "$mailroot/mallory" "$work/live/db.sqlite" $((total + pings)) 300 > "$work/watch" &
watching=$!
senders=""
for p in $players; do
    "$mailtool" send "$smtp" "$p@pbem.test" mallory@pbem.test "$work/mails/$p"/*.eml &
    senders="$senders $!"
done
wait "$watching" || { echo "bench: live run:"; cat "$work/watch"; exit 1; }
for s in $senders; do wait "$s"; done
kill -TERM "$daemon"; wait "$daemon" || true; daemon=""
live_peak=$(sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' "$work/live.log" | tail -1)
live_deliver=$(awk '$1 == "delivered" { print $2 }' "$work/watch")
live_take=$(awk '$1 == "answered" { print $2 }' "$work/watch")
live_sent=$(awk '$1 == "sent" { print $2 }' "$work/watch")
backlog=$(awk '$1 == "backlog" { print $2 }' "$work/watch")
live_lag=$(secs "$live_deliver" "$live_take")

# Sequential: the servers deliver every mail first, then the daemon starts and takes them.
t0=$(now)
for p in $players; do
    "$mailtool" send "$smtp" "$p@pbem.test" gm@pbem.test "$work/mails/$p"/*.eml &
done
wait
"$mailtool" wait "$mailroot/gm" "$total" 300
t1=$(now)
deliver=$(secs "$t0" "$t1")

"$mailtool" watch "$mailroot/gm" "$work/imap/db.sqlite" "$total" 300 > "$work/watch.seq" &
watching=$!
(cd "$work/imap" && exec "$pbemgm" -c pbemgm.json serve) 2> "$work/daemon.log" &
daemon=$!
wait "$watching" || { echo "bench: sequential run:"; cat "$work/watch.seq"; exit 1; }
kill -TERM "$daemon"; wait "$daemon" || true; daemon=""
ingest=$(awk '$1 == "sent" { print $2 }' "$work/watch.seq")
peak=$(sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' "$work/daemon.log" | tail -1)
# The servers' own time for the daemon's output: its answers, as it sent them, sent again by four
# SMTP clients into a mailbox. The daemon's run also has the servers accept and deliver that
# many mails (and Dovecot serve the IMAP side): this is the floor its run cannot go under.
mkdir -p "$work/answers"
sql "$work/imap/db.sqlite" "SELECT writefile('$work/answers/' || (id % 4) || '-' || id || '.eml', raw)
    FROM outbox WHERE inbound_id IS NOT NULL" >/dev/null
t6=$(now)
for k in 0 1 2 3; do
    "$mailtool" send "$smtp" gm@pbem.test gm@pbem.test "$work/answers/$k"-*.eml &
done
wait
"$mailtool" wait "$mailroot/gm" "$((total * 2))" 300
t7=$(now)
answers=$(secs "$t6" "$t7")

maildir_run() { # DIR MAILS: the mails of $players into the game of DIR over Maildir (its own
    (cd "$1" && "$pbemgm" -c pbemgm.json serve --once 2>/dev/null)  # mail sent first)
    for p in $players; do
        for f in "$2/$p"/*.eml; do cp "$f" "$1/maildir/in/new/$(basename "$f").$p"; done
    done
    t4=$(now)
    (cd "$1" && "$pbemgm" -c pbemgm.json serve --once) 2> "$1.log"
    t5=$(now)
    run_s=$(secs "$t4" "$t5")
    run_peak=$(sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' "$1.log" | tail -1)
    answered=$(sql "$1/db.sqlite" "SELECT COUNT(*) FROM inbound WHERE status='answered'")
    [ "$answered" = "$total" ] || { echo "bench: only $answered of $total answered in $1"; exit 1; }
}
md_conf='{"database": "db.sqlite", "log": {"level": "info"},
  "limits": {"replies_per_hour": 100000, "game_replies_per_hour": 1000000}}'
setup_game "$work/md" "$md_conf"
maildir_run "$work/md" "$work/mails"
local_s=$run_s; local_peak=$run_peak
# a game late in play: a Rails game's log as pbemgm's action log, its players writing
oracle=${PBEMGM_ORACLE:-$top/../shared/oracle/rails-1835}
[ -d "$oracle" ] || oracle=/work/shared/oracle/rails-1835
acts="$work/rails-actions.txt"
RAILS_ACTIONS="$acts" "$top/$build/tests/tools/rails_replay" "$oracle/1835_Issue129done.report" \
    >/dev/null 2>&1 || true
rails_s=""
if [ -s "$acts" ] && grep -q '^# over 0' "$acts"; then
    players=$(sed -n 's/^# players //p' "$acts")
    setup_game "$work/rails" "$md_conf" 0 "$(sed -n 's/^# options //p' "$acts")"
    grep -v '^#' "$acts" | awk '{ gsub("\047", "\047\047")
        printf "INSERT INTO actions (game_id, seq, turn, json, at) VALUES (1, %d, 1, \047%s\047, 0);\n", NR, $0 }' |
        { echo "BEGIN;"; cat; echo "COMMIT;"; } | sqlite3 "$work/rails/db.sqlite"
    rails_actions=$(sql "$work/rails/db.sqlite" "SELECT COUNT(*) FROM actions")
    for p in $players; do
        mkdir -p "$work/rmails/$p"
        "$mailtool" gen "$per" bench "$p" "${p}pw" "$p@pbem.test" "$work/rmails/$p"
    done
    maildir_run "$work/rails" "$work/rmails"
    rails_s=$run_s
    players="alice bob carol dave"
fi

late=${PBEMGM_BENCH_LATE_TURNS:-20}
setup_game "$work/late" "$md_conf" "$late"
late_actions=$(sql "$work/late/db.sqlite" "SELECT COUNT(*) FROM actions")
late_turn=$(sql "$work/late/db.sqlite" "SELECT turn FROM games")
maildir_run "$work/late" "$work/mails"
late_s=$run_s; late_peak=$run_peak

awk -v n="$total" -v d="$live_deliver" -v t="$live_take" -v lag="$live_lag" -v s="$live_sent" \
    -v b="$backlog" -v p="$live_peak" -v own="$own" 'BEGIN {
    printf "live, servers deliver (first send -> last mail in the mailbox): %7.2f s  %7.1f mails/s\n", d, n / d
    printf "live, daemon takes (first send -> last mail stored, checked, answer queued): %7.2f s  %7.1f mails/s  peak memory %d KiB\n", t, n / t, p
    printf "live, lag (last mail delivered -> last mail answered): %5.3f s   a mail alone (the daemon idle: in the mailbox -> answered): %5.3f s\n", lag, own
    printf "live, most mails delivered and not yet answered at once (10 ms samples): %d\n", b
    printf "live, answers accepted by OpenSMTPD (first send -> last answer sent): %7.2f s  %7.1f mails/s\n", s, n / s
    printf "live ratio daemon take rate / servers delivery rate: %5.2f  (the last mail'"'"'s own time included)\n", d / t
    printf "live ratio, less the last mail'"'"'s own time (issue 15: keeps pace >= 1): %5.2f\n", d / (t - own)
}'
awk -v n="$total" -v d="$deliver" -v g="$ingest" -v an="$answers" -v l="$local_s" -v p="$peak" -v lp="$local_peak" \
    -v ls="$late_s" -v lt="$late_turn" -v la="$late_actions" -v lpk="$late_peak" 'BEGIN {
    printf "sequential, servers deliver (SMTP -> LMTP -> Maildir):   %7.2f s   %7.1f mails/s\n", d, n / d
    printf "sequential, servers take the same answers, re-sent:       %7.2f s   %7.1f mails/s\n", an, n / an
    printf "sequential, daemon over IMAP/SMTP (started after delivery -> all answered and sent):   %7.2f s   %7.1f mails/s   peak memory %d KiB\n", g, n / g, p
    printf "daemon over Maildir, game at turn 1:         %7.2f s   %7.1f mails/s   peak memory %d KiB\n", l, n / l, lp
    printf "daemon over Maildir, game at turn %d (%d actions): %5.2f s   %7.1f mails/s   peak memory %d KiB\n", lt, la, ls, n / ls, lpk
    printf "sequential ratio daemon(IMAP) / servers delivering (time): %5.2f  (keeps pace: <= 1)\n", g / d
    printf "sequential ratio daemon(IMAP) / servers taking its answers (time): %5.2f  (the daemon adds: - 1)\n", g / an
    printf "ratio late / turn 1 (mails/s):               %7.2f  (target >= 0.8)\n", l / ls
}'
[ -n "$rails_s" ] && awk -v n="$total" -v l="$local_s" -v r="$rails_s" -v a="$rails_actions" 'BEGIN {
    printf "daemon over Maildir, a Rails game late in play (%d actions): %5.2f s   %7.1f mails/s\n", a, r, n / r
    printf "ratio late in play / turn 1 (mails/s):       %7.2f  (target >= 0.8)\n", l / r
}'
