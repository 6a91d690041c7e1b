# Issue 16: a slow server does not hang the daemon. An IMAP server that sends one byte every
# two seconds (tests/tools/slowserver) is cut off at the configured timeout (a total deadline,
# not only an idle timeout), the daemon says so and tries again later; SIGTERM is honoured
# within seconds in every state, also in the middle of such an exchange.
set -u
BUILD=${PBEMGM_BUILD:?}
PBEMGM="$BUILD/pbemgm"
WORK=$(mktemp -d /tmp/pbemgm-slow-XXXXXX)
PORT=${PBEMGM_SLOW_PORT:-10993}
N=0
PIDS=""
cleanup() { for p in $PIDS; do kill -9 "$p" 2>/dev/null; done; rm -rf "$WORK"; echo "1..$N"; }
trap cleanup EXIT
cd "$WORK"
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; return 1; fi; }

"$BUILD/tests/tools/slowserver" "$PORT" 2 90 &
PIDS="$!"
sleep 0.5
config() {
    cat > pbemgm.json <<CONF
{"database": "db.sqlite", "transport": "imap",
 "imap": {"host": "127.0.0.1", "port": $PORT, "user": "gm", "password": "x", "timeout": $1},
 "smtp": {"url": "smtp://127.0.0.1:1", "timeout": 5}, "poll_interval": 60}
CONF
}
# waits at most $2 seconds for process $1 to end; true when it did
ends_within() { i=0; while kill -0 "$1" 2>/dev/null && [ $i -lt $(($2 * 10)) ]; do sleep 0.1; i=$((i + 1)); done; ! kill -0 "$1" 2>/dev/null; }

config 3
"$PBEMGM" -c pbemgm.json init >/dev/null 2>&1
"$PBEMGM" -c pbemgm.json serve > daemon.log 2>&1 &
D=$!; PIDS="$PIDS $D"
sleep 6
check "the exchange is cut off at the deadline, and the log says so" \
    grep -q "no answer within 3 seconds" daemon.log || cat daemon.log
kill -TERM $D
check "SIGTERM ends the daemon within 3 seconds (waiting to try again)" ends_within $D 3

config 600
"$PBEMGM" -c pbemgm.json serve > daemon2.log 2>&1 &
D=$!; PIDS="$PIDS $D"
sleep 3 # in the middle of the greeting
kill -TERM $D
check "SIGTERM ends the daemon within 3 seconds in the middle of an exchange" ends_within $D 3
check "... cleanly: it says it stops" grep -q "stopping" daemon2.log || cat daemon2.log
