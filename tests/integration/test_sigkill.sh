# Killing the daemon with SIGKILL at any moment never loses or doubles a stored mail or a reply.
# Player mails arrive through the real servers while the daemon is started and killed (-9)
# again and again at random moments; then it runs to the end and every mail must be stored
# exactly once, have exactly one reply queued, and every reply must be in the player's mailbox.
. "$PBEMGM_TOP/tests/integration/lib.sh"

ROUNDS=${PBEMGM_KILL_ROUNDS:-12}
PER_BATCH=5
PLAYERS="alice bob carol dave"

start_servers
write_config "Kill Test GM"
gm init >/dev/null
gm game create g1 >/dev/null
for p in $PLAYERS; do gm player add g1 "$p" "$p@pbem.test" --password "${p}pw" --no-mail >/dev/null; done

total=0
batch() { # one mail from every player
    for p in $PLAYERS; do
        d="$WORK/gen-$p-$total"; mkdir -p "$d"
        "$MAILTOOL" gen "$PER_BATCH" g1 "$p" "${p}pw" "$p@pbem.test" "$d"
        send "$p@pbem.test" "$d"/*.eml || not_ok "sending a batch"
        total=$((total + PER_BATCH))
    done
}

batch
r=0
while [ $r -lt $ROUNDS ]; do
    start_daemon
    ms=$(shuf -i 30-700 -n 1)
    sleep "$(awk "BEGIN { print $ms / 1000 }")"
    kill -9 "$DAEMON_PID" 2>/dev/null; wait "$DAEMON_PID" 2>/dev/null; DAEMON_PID=""
    [ $((r % 3)) -eq 0 ] && batch
    r=$((r + 1))
done
echo "# $ROUNDS kills, $total mails sent"

start_daemon
i=0
while [ $i -lt 600 ]; do  # at most 60 s
    done_in=$(sql "SELECT COUNT(*) FROM inbound WHERE status='answered'" 2>/dev/null || echo 0)
    pending=$(sql "SELECT COUNT(*) FROM outbox WHERE status='pending'" 2>/dev/null || echo 1)
    [ "$done_in" = "$total" ] && [ "$pending" = 0 ] && break
    sleep 0.1; i=$((i + 1))
done
stop_daemon TERM

check "every mail is stored exactly once ($total)" test "$(sql "SELECT COUNT(*) FROM inbound")" = "$total"
check "no Message-ID is stored twice" test "$(sql "SELECT COUNT(DISTINCT message_id) FROM inbound")" = "$total"
check "every stored mail is answered" test "$(sql "SELECT COUNT(*) FROM inbound WHERE status='answered'")" = "$total"
check "each mail has exactly one reply queued" \
    test "$(sql "SELECT COUNT(*) FROM (SELECT inbound_id FROM outbox GROUP BY inbound_id HAVING COUNT(*) <> 1)")" = 0
check "the outbox holds one reply per mail" test "$(sql "SELECT COUNT(*) FROM outbox")" = "$total"
check "every reply was accepted by the SMTP server" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status='sent'")" = "$total"

# Every reply reached its player: compare the Message-IDs in the mailboxes with the outbox.
for p in $PLAYERS; do "$MAILTOOL" msgids "$MAILROOT/$p"; done | sort > "$WORK/delivered"
sql "SELECT message_id FROM outbox" | sort > "$WORK/queued"
check "every queued reply is in its player's mailbox" sh -c "test -z \"\$(sort -u '$WORK/delivered' | comm -13 - '$WORK/queued')\""
check "the mailboxes hold no reply the database does not know" sh -c "test -z \"\$(sort -u '$WORK/delivered' | comm -23 - '$WORK/queued')\""
dups=$(($(wc -l < "$WORK/delivered") - $(sort -u "$WORK/delivered" | wc -l)))
# SMTP has no exactly-once: a kill between the server's "250 OK" and our commit sends that
# reply again, under the same Message-ID (mail clients show it once). Reported, not failed.
echo "# $dups reply deliveries repeated under the same Message-ID"
check "the daemon's log shows no crash but the kills" sh -c "! grep -qi 'sanitizer\|runtime error' '$WORK/daemon.log'"
