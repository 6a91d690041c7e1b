#!/bin/sh
# make bench: ingest throughput through the real servers.
#   1. N player mails (default 1000, PBEMGM_BENCH_MAILS) are sent over SMTP to OpenSMTPD, which
#      delivers them into Dovecot: the servers' own time, the yardstick.
#   2. The daemon starts and takes them over IMAP: stored, processed (password checked with
#      yescrypt), answered, and every answer accepted by OpenSMTPD. Mails per second, and the
#      daemon's peak memory (its own getrusage at exit).
#   3. The same mails through the Maildir transport (serve --once, no network): the daemon's
#      cost without the servers.
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

setup_game() { # DIR CONFIG-JSON
    mkdir -p "$1"
    echo "$2" > "$1/pbemgm.json"
    (cd "$1" && "$pbemgm" -c pbemgm.json init >/dev/null &&
     "$pbemgm" -c pbemgm.json game create bench >/dev/null &&
     for p in alice bob carol dave; do
         "$pbemgm" -c pbemgm.json player add bench $p $p@pbem.test --password ${p}pw --no-mail >/dev/null
     done)
}

imap_conf='{"database": "db.sqlite", "transport": "imap",
 "imap": {"host": "127.0.0.1", "port": '"${PBEMGM_IMAP_PORT:-10143}"', "user": "gm", "password": "gmpass"},
 "smtp": {"url": "'"$smtp"'"}, "gm": {"address": "gm@pbem.test"}, "log": {"level": "info"}}'
setup_game "$work/imap" "$imap_conf"

per=$((n / 4))
for p in alice bob carol dave; do
    mkdir -p "$work/mails/$p"
    "$mailtool" gen "$per" bench "$p" "${p}pw" "$p@pbem.test" "$work/mails/$p"
done
total=$((per * 4))

echo "== $total player mails, 4 players, real Dovecot + OpenSMTPD on 127.0.0.1"
t0=$(now)
for p in alice bob carol dave; do
    "$mailtool" send "$smtp" "$p@pbem.test" gm@pbem.test "$work/mails/$p"/*.eml &
done
wait
"$mailtool" wait "$mailroot/gm" "$total" 300
t1=$(now)
deliver=$(secs "$t0" "$t1")

(cd "$work/imap" && exec "$pbemgm" -c pbemgm.json serve) 2> "$work/daemon.log" &
daemon=$!
t2=$(now)
i=0
while [ $i -lt 6000 ]; do
    a=$(sql "$work/imap/db.sqlite" "SELECT COUNT(*) FROM inbound WHERE status='answered'" 2>/dev/null || echo 0)
    s=$(sql "$work/imap/db.sqlite" "SELECT COUNT(*) FROM outbox WHERE status='sent'" 2>/dev/null || echo 0)
    [ "$a" = "$total" ] && [ "$s" = "$total" ] && break
    sleep 0.05; i=$((i + 1))
done
t3=$(now)
kill -TERM "$daemon"; wait "$daemon" || true; daemon=""
ingest=$(secs "$t2" "$t3")
peak=$(sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' "$work/daemon.log" | tail -1)
[ "$a" = "$total" ] && [ "$s" = "$total" ] || { echo "bench: only $a answered, $s sent"; exit 1; }

setup_game "$work/md" '{"database": "db.sqlite", "log": {"level": "info"}}'
for p in alice bob carol dave; do
    for f in "$work/mails/$p"/*.eml; do cp "$f" "$work/md/maildir/in/new/$(basename "$f").$p"; done
done
t4=$(now)
(cd "$work/md" && "$pbemgm" -c pbemgm.json serve --once) 2> "$work/md.log"
t5=$(now)
local_s=$(secs "$t4" "$t5")
local_peak=$(sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' "$work/md.log" | tail -1)

awk -v n="$total" -v d="$deliver" -v g="$ingest" -v l="$local_s" -v p="$peak" -v lp="$local_peak" 'BEGIN {
    printf "servers deliver (SMTP -> LMTP -> Maildir):   %7.2f s   %7.1f mails/s\n", d, n / d
    printf "daemon over IMAP/SMTP (stored + answered):   %7.2f s   %7.1f mails/s   peak memory %d KiB\n", g, n / g, p
    printf "daemon over Maildir, no servers (--once):    %7.2f s   %7.1f mails/s   peak memory %d KiB\n", l, n / l, lp
    printf "ratio daemon(IMAP) / servers delivering:     %7.2f\n", g / d
    printf "ratio daemon(IMAP) / daemon(Maildir):        %7.2f\n", g / l
}'
