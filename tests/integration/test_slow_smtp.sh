# Issue 15: no answer waits for the SMTP server. The outbox is sent by a child of the daemon
# (the sender), so mail is read and answered while the SMTP server is slow or down: here the
# daemon's SMTP server is one that sends its greeting one byte every two seconds
# (tests/tools/slowserver) under a long timeout. Mails arriving while the sender is stuck in it
# are still read and answered at once (the answers wait in the outbox); SIGTERM ends the daemon
# and its sender within seconds; with a working server again, every answer goes out once.
. "$PBEMGM_TOP/tests/integration/lib.sh"

SLOW_PORT=${PBEMGM_SLOW_SMTP_PORT:-10994}
"$BUILD/tests/tools/slowserver" "$SLOW_PORT" 2 120 "220 slow.pbem.test ESMTP" &
SLOW_PID=$!
start_servers
REAL_SMTP=$SMTP_URL
SMTP_URL="smtp://127.0.0.1:$SLOW_PORT"
write_config "Test GM"
SMTP_URL=$REAL_SMTP
sed -i 's/"smtp": {\(.*\)"timeout": 20}/"smtp": {\1"timeout": 600}/' "$WORK/pbemgm.json"
turn_game
answered() { test "$(sql "SELECT COUNT(*) FROM inbound WHERE status = 'answered'")" = "$1"; }
# waits at most $2 seconds for $1 answered mails in the database
wait_answered() { i=0; while ! answered "$1" && [ $i -lt $(($2 * 10)) ]; do sleep 0.1; i=$((i + 1)); done; answered "$1"; }

start_daemon
order bob 1 "BUY M1"
check "a mail is read and answered" wait_answered 1 15
sleep 3 # the sender is in the slow greeting now
check "the sender is stuck in the slow server: nothing is sent" \
    test "$(sql "SELECT COUNT(*) FROM outbox WHERE status = 'sent'")" = 0
order carol 2 "BUY LD"
t0=$(date +%s)
check "a mail arriving meanwhile is answered at once" wait_answered 2 10
t1=$(date +%s)
check "... within ten seconds (the SMTP timeout is ten minutes)" test $((t1 - t0)) -le 10
check "the answers wait in the outbox" \
    test "$(sql "SELECT COUNT(*) FROM outbox WHERE inbound_id IS NOT NULL AND status = 'pending'")" = 2
sender=$(pgrep -P "$DAEMON_PID" -x 'pbemgm sender' || true) # this daemon's, not another's
check "the daemon has its sender" test -n "$sender"
t0=$(date +%s)
stop_daemon TERM
t1=$(date +%s)
check "SIGTERM ends the daemon and its sender within three seconds" test $((t1 - t0)) -le 3
check "... the sender too" sh -c "! kill -0 ${sender:-0} 2>/dev/null"
kill "$SLOW_PID" 2>/dev/null

sed -i "s|smtp://127.0.0.1:$SLOW_PORT|$REAL_SMTP|; s/\"timeout\": 600/\"timeout\": 20/" "$WORK/pbemgm.json"
sql "UPDATE outbox SET next_attempt_at = 0 WHERE status = 'pending'"
start_daemon
check "with a working server the answers go out" wait_mail carol 2 20
check "each once" test "$(sql "SELECT COUNT(*) FROM outbox WHERE inbound_id IS NOT NULL AND status = 'sent'")" = 2
sleep 1
check "bob has his answer once" test "$(mail_count bob)" = 2
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
