# A burst of mail into a running daemon (the IMAP transport, IDLE, poll interval 60 s): mail
# that arrives while the daemon fetches and answers the first mails is taken in the passes that
# follow at once. The server announces such mail (EXISTS) with its answer to the daemon's
# FETCH or STORE and not again on IDLE: a daemon that went on to IDLE left it for the poll
# interval (bench/ingest.sh's live run: the last 48 of 200 mails answered a minute late).
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
write_config "Test GM" ', "limits": {"replies_per_hour": 100000, "game_replies_per_hour": 1000000}'
gm init >/dev/null
gm game create g1 >/dev/null
players="alice bob carol dave"
for p in $players; do
    gm player add g1 $p $p@pbem.test --password ${p}pw --no-mail >/dev/null
    mkdir -p "$WORK/burst/$p"
    "$MAILTOOL" gen 50 g1 $p ${p}pw $p@pbem.test "$WORK/burst/$p"
done
start_daemon
i=0
until grep -q "IMAP connected" "$WORK/daemon.log" || [ $i -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
t0=$(date +%s)
(for p in $players; do send $p@pbem.test "$WORK/burst/$p"/*.eml & done; wait)
answered() { test "$(sql "SELECT COUNT(*) FROM inbound WHERE status='answered'")" = 200; }
i=0
until answered || [ $i -ge 400 ]; do sleep 0.1; i=$((i + 1)); done
t1=$(date +%s)
answered_in_time() { answered && test $((t1 - t0)) -lt 30; }
check "200 mails sent at once are all answered well within the poll interval ($((t1 - t0)) s)" \
    answered_in_time
check "SIGTERM stops the daemon cleanly" stop_daemon TERM
