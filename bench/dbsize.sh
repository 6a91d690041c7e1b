#!/bin/sh
# make bench: the database's growth (issue 28) — a game of 1835 for five players, ten turns
# resolved, each turn's reports (text, HTML, the map and the charts inline) mailed over Maildir
# by `serve --once`. After each turn: the database with every sent mail kept whole (the
# retention not over: `pbemgm backup` of it), and the same once trimmed (`pbemgm db compact`
# on the backup with retention 0: sent mails keep their header and text, answered ones their
# header). Prints the size after each turn and the growth a turn (target: under 1 MB).
set -eu
build=$(cd "${1:-build}" && pwd)
PBEMGM="$build/pbemgm"
WORK=$(mktemp -d /tmp/pbemgm-dbsize-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
"$PBEMGM" init >/dev/null
"$PBEMGM" game create g1 >/dev/null
for p in alice bob carol dave erin; do
    "$PBEMGM" player add g1 $p $p@example.org --password secret$p >/dev/null
done
"$PBEMGM" game start g1 --options pbem-house-rules >/dev/null
"$PBEMGM" serve --once 2>/dev/null
echo '{"database": "trimmed.db", "retention": {"sent_mail_days": 0, "inbound_days": 0}}' > trimmed.json
size() { stat -c %s "$1"; }
mbs() { awk -v b="$1" 'BEGIN { printf "%.2f", b / 1048576 }'; }
prev_whole=0; prev_trim=0; turns=10
for t in $(seq 1 $turns); do
    "$PBEMGM" game resolve g1 >/dev/null
    "$PBEMGM" serve --once 2>/dev/null
    rm -f whole.db trimmed.db
    "$PBEMGM" backup whole.db >/dev/null
    cp whole.db trimmed.db
    "$PBEMGM" -c trimmed.json db compact >/dev/null
    w=$(size whole.db); tr=$(size trimmed.db)
    echo "dbsize: turn $t: $(mbs $w) MB with sent mail kept whole (+$(mbs $((w - prev_whole)))), $(mbs $tr) MB trimmed (+$(mbs $((tr - prev_trim))))"
    prev_whole=$w; prev_trim=$tr
done
mails=$(sqlite3 whole.db "SELECT COUNT(*) FROM outbox WHERE status = 'sent'")
echo "dbsize: five players, $turns turns, $mails mails sent: $(mbs $((prev_whole / turns))) MB a turn kept whole, $(mbs $((prev_trim / turns))) MB a turn trimmed, the start mails included (target: under 1 MB)"
