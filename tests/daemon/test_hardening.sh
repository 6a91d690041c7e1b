# Issue 16: what an operator and an attacker will try, on the embedded default (Maildir in and
# out, an SQLite file) in a temporary directory: one daemon per database, a full disk, kills
# and crashes while a mail is processed, and the GM's recovery of a mail set aside.
set -u
PBEMGM="${PBEMGM_BUILD:?}/pbemgm"
WORK=$(mktemp -d /tmp/pbemgm-hard-XXXXXX)
N=0
BG=""
cleanup() {
    [ -n "$BG" ] && kill -9 $BG 2>/dev/null
    mountpoint -q "$WORK/full" 2>/dev/null && umount "$WORK/full"
    rm -rf "$WORK"
    echo "1..$N"
}
trap cleanup EXIT
cd "$WORK"
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() { N=$((N + 1)); echo "not ok $N - $1"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; return 1; fi; }
sql() { sqlite3 -cmd ".timeout 5000" "${DB:-pbemgm.db}" "$1"; } # (a daemon may be ending)
out_count() { ls "${OUT:-maildir/out}/new" 2>/dev/null | wc -l; }

# a game of three, started
setup_game() {
    "$PBEMGM" "$@" init >/dev/null
    "$PBEMGM" "$@" game create g1 >/dev/null
    for p in alice bob carol; do
        "$PBEMGM" "$@" player add g1 $p $p@pbem.test --password ${p}-pw1 --no-mail >/dev/null
    done
    "$PBEMGM" "$@" game start g1 --options Variant=Clemens >/dev/null
}
# mail NAME FROM BODY-LINES...: a mail into maildir/in/new
mail_in() {
    name=$1; from=$2; shift 2
    { printf 'From: %s\nTo: pbemgm@localhost\nSubject: orders\nMessage-ID: <%s@pbem.test>\n\n' "$from" "$name"
      for l in "$@"; do printf '%s\n' "$l"; done; } > "${IN:-maildir/in}/new/$name"
}

setup_game
check "the database is created readable by its owner only" test "$(stat -c %a pbemgm.db)" = 600

# ---- 1. two daemons on one database ----
"$PBEMGM" serve > serve1.log 2>&1 &
BG=$!
sleep 1
check "the WAL of a running daemon too" test "$(stat -c %a pbemgm.db-wal)" = 600
check "and its lock file" test "$(stat -c %a pbemgm.db.lock)" = 600
out=$("$PBEMGM" serve --once 2>&1); rc=$?
check "a second daemon on the same database refuses to start" test $rc -ne 0
printf '%s' "$out" | grep -q "another pbemgm serve is running on the database pbemgm.db as pid $BG" &&
    ok "... saying so, with the first one's pid" || not_ok "... saying so ($out)"
kill -TERM $BG; wait $BG; BG=""
out=$("$PBEMGM" serve --once 2>&1)
check "once the first has stopped, the next starts" test $? -eq 0
"$PBEMGM" serve > serve2.log 2>&1 &
BG=$!
sleep 1
kill -9 $BG; wait $BG 2>/dev/null; BG=""
check "a daemon killed with -9 leaves no lock behind" "$PBEMGM" serve --once

# claims: a row another process has claimed is not sent; a claim of a dead process is freed by
# the next daemon (it holds the lock: no one else can be sending)
mail_in claim1 alice@pbem.test "GAME g1" "PLAYER alice" "PASSWORD alice-pw1" "TURN 1" "BUY NF"
before=$(out_count)
DB=pbemgm.db
"$PBEMGM" serve --once >/dev/null 2>&1  # answered and sent
check "the mail is answered" test "$(out_count)" -eq $((before + 1))
sql "UPDATE outbox SET status = 'pending', claimed_by = 'pid 1 since 0' WHERE id = (SELECT MAX(id) FROM outbox)"
sql "INSERT INTO outbox (message_id, mail_from, recipients, raw, created_at, next_attempt_at, claimed_by) VALUES ('x1@t', 'pbemgm@localhost', '[\"alice@pbem.test\"]', 'Subject: x', 0, 0, 'someone else')"
"$PBEMGM" serve --once >/dev/null 2>&1
# (the Maildir sink delivers a Message-ID once: the first row's second sending is its own file)
check "claims left by a dead process are freed by the one daemon: both rows are sent" \
    test "$(out_count)" -eq $((before + 2))
check "no row is claimed or pending after" test "$(sql "SELECT COUNT(*) FROM outbox WHERE claimed_by IS NOT NULL OR status = 'pending'")" = 0

# ---- 3. kills are not failures; crashes are; the GM's list and retry ----
export PBEMGM_TEST_PROCESS_PAUSE=3
for k in 1 2 3 4; do
    mail_in kill$k bob@pbem.test "GAME g1" "PLAYER bob" "PASSWORD bob-pw1" "TURN 1" "BUY M$k"
done
for k in 1 2 3 4; do
    "$PBEMGM" serve > kill.log 2>&1 &
    BG=$!
    sleep 1
    kill -9 $BG; wait $BG 2>/dev/null; BG=""
done
unset PBEMGM_TEST_PROCESS_PAUSE
check "four kills while a mail is processed: it is not set aside" \
    test "$(sql "SELECT status FROM inbound WHERE message_id = 'kill1@pbem.test'")" = received
"$PBEMGM" serve --once >/dev/null 2>&1
check "... and it is answered at the next start, with the others" \
    test "$(sql "SELECT COUNT(*) FROM inbound WHERE message_id LIKE 'kill%' AND status = 'answered'")" = 4
check "no mail is marked failed" test "$(sql "SELECT COUNT(*) FROM inbound WHERE status = 'failed'")" = 0

# two mails before the poison, processed in the same transaction as it (a few mails share a
# commit): each crash undoes them too, and they are answered once in the end
mail_in before1 alice@pbem.test "GAME g1" "PLAYER alice" "PASSWORD alice-pw1" "TURN 1" "BUY M1"
mail_in before2 bob@pbem.test "GAME g1" "PLAYER bob" "PASSWORD bob-pw1" "TURN 1" "BUY M2"
mail_in poison carol@pbem.test "GAME g1" "PLAYER carol" "PASSWORD carol-pw1" "TURN 1" "CRASH-ME-NOW"
for k in 1 2 3; do
    PBEMGM_TEST_CRASH_ON=CRASH-ME-NOW ASAN_OPTIONS=handle_abort=0:detect_leaks=0 \
        "$PBEMGM" serve --once > crash$k.log 2>&1
done
check "a mail that crashed processing is counted each time" \
    test "$(sql "SELECT failures FROM inbound WHERE message_id = 'poison@pbem.test'")" = 2
PBEMGM_TEST_CRASH_ON=CRASH-ME-NOW "$PBEMGM" serve --once > crash4.log 2>&1
check "after three crashes it is set aside" \
    test "$(sql "SELECT status FROM inbound WHERE message_id = 'poison@pbem.test'")" = failed
check "the GM is told how to recover it" \
    grep -rlq "pbemgm mail retry" maildir/out/new
check "the mails processed with it before each crash are answered, each once" \
    test "$(sql "SELECT COUNT(*) || '/' || COUNT(DISTINCT o.inbound_id) FROM outbox o JOIN inbound i
                 ON o.inbound_id = i.id WHERE i.message_id IN ('before1@pbem.test', 'before2@pbem.test')")" = 2/2
id=$(sql "SELECT id FROM inbound WHERE message_id = 'poison@pbem.test'")
"$PBEMGM" mail list --failed > failed.txt
check "mail list --failed lists it, with its crashes" grep -q "^$id .*failed.*crashed 3 times" failed.txt
check "... and only it" test "$(wc -l < failed.txt)" = 1
out=$("$PBEMGM" mail retry 1 2>&1)
check "retry of a mail that is not set aside is refused" sh -c "printf '%s' '$out' | grep -q 'is not set aside'"
out=$("$PBEMGM" mail retry 99999 2>&1)
check "retry of an unknown mail is refused" sh -c "printf '%s' '$out' | grep -q 'there is no mail #99999'"
check "mail retry ID requeues it" "$PBEMGM" mail retry "$id"
check "... audited" test "$(sql "SELECT COUNT(*) FROM audit WHERE action = 'mail_retried'")" = 1
"$PBEMGM" serve --once >/dev/null 2>&1
check "... and it is answered (the cause gone)" \
    test "$(sql "SELECT status FROM inbound WHERE id = $id")" = answered

# ---- 5. big mail: limits, each refused with a clear answer, without quadratic work ----
awk 'BEGIN { printf "From: alice@pbem.test\nSubject: big\nMessage-ID: <big1@pbem.test>\n\nGAME g1\nPLAYER alice\nPASSWORD alice-pw1\n";
             for (i = 0; i < 45000; i++) printf "BUY %d BY PLEASE\n", i }' > maildir/in/new/big1
awk 'BEGIN { printf "From: alice@pbem.test\nSubject: deep\nMessage-ID: <deep1@pbem.test>\nMIME-Version: 1.0\n";
             for (i = 0; i < 12000; i++) printf "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n", i, i;
             printf "Content-Type: text/plain\n\nGAME g1\nPLAYER alice\nPASSWORD alice-pw1\nhelp\n"; for (i = 11999; i >= 0; i--) printf "--b%d--\n", i }' > maildir/in/new/deep1
"$PBEMGM" serve --once > big.log 2>&1
# a mail of 100 MB (sparse): not read whole (alone in its run: the peak memory is its own)
dd if=/dev/zero of=maildir/in/new/huge1 bs=1 count=0 seek=100M 2>/dev/null
printf 'From: alice@pbem.test\nSubject: huge\nMessage-ID: <huge1@pbem.test>\n\n' | dd of=maildir/in/new/huge1 conv=notrunc 2>/dev/null
"$PBEMGM" serve --once > huge.log 2>&1
outcome() { sql "SELECT outcome FROM inbound WHERE message_id = '$1'"; }
check "45,000 lines: refused, with the reason" test "$(outcome big1@pbem.test)" = "refused: too many lines"
check "... and stored without its password" \
    test "$(sql "SELECT instr(CAST(raw AS TEXT), 'alice-pw1') FROM inbound WHERE message_id = 'big1@pbem.test'")" = 0
check "12,000 nested multiparts: refused unparsed" test "$(outcome deep1@pbem.test)" = "refused: too many MIME parts"
check "... and stored as its header only: its password, unread, is not kept" \
    test "$(sql "SELECT instr(CAST(raw AS TEXT), 'alice-pw1') || ' ' || (instr(CAST(raw AS TEXT), 'Subject: deep') > 0) || ' ' || (instr(CAST(raw AS TEXT), 'body of this mail is not kept') > 0) FROM inbound WHERE message_id = 'deep1@pbem.test'")" = "0 1 1"
check "100 MB: refused as too large" test "$(outcome huge1@pbem.test)" = "refused: too large"
peak=$(sed -n 's/.*peak memory \([0-9]*\) KiB.*/\1/p' huge.log)
check "... and not read whole (peak memory ${peak} KiB < 60 MB)" test "${peak:-999999}" -lt 61440
check "the answers say why" sh -c "grep -l 'lines of text, more than the 5000' maildir/out/new/* >/dev/null &&
                                    grep -l 'MIME parts, more than the 64' maildir/out/new/* >/dev/null"

# ---- 2. the disk full: nothing is sent that cannot be recorded, and the reason is said ----
if mkdir full && mount -t tmpfs -o size=16m tmpfs full 2>/dev/null; then
    mkdir -p full/maildir/in/new full/maildir/in/cur full/maildir/in/tmp
    cat > full.json <<CONF
{"database": "full/db.sqlite", "maildir": {"inbox": "full/maildir/in", "outbox": "out2"}}
CONF
    setup_game -c full.json
    IN=full/maildir/in mail_in full1 alice@pbem.test "GAME g1" "PLAYER alice" "PASSWORD alice-pw1" "TURN 1" "BUY NF"
    "$PBEMGM" -c full.json serve --once >/dev/null 2>&1
    sent=$(OUT=out2 out_count)
    DB=full/db.sqlite sql "INSERT INTO outbox (message_id, mail_from, recipients, raw, created_at, next_attempt_at) VALUES ('f1@t', 'pbemgm@localhost', '[\"alice@pbem.test\"]', 'Subject: x', 0, 0)"
    dd if=/dev/zero of=full/filler bs=64k 2>/dev/null
    "$PBEMGM" -c full.json serve --once > full.log 2>&1; rc=$?
    check "with the disk full, the pass fails" test $rc -ne 0
    check "... saying the disk is full" grep -q "disk is full" full.log || cat full.log
    check "... and nothing is sent" test "$(OUT=out2 out_count)" -eq "$sent"
    rm -f full/filler
    "$PBEMGM" -c full.json serve --once > full2.log 2>&1
    check "with room again the mail is sent" test "$(OUT=out2 out_count)" -eq $((sent + 1))
    "$PBEMGM" -c full.json serve --once > full3.log 2>&1
    check "... once" test "$(OUT=out2 out_count)" -eq $((sent + 1))
    # a running daemon whose disk fills: the mail due then is not sent, the reason is logged,
    # and it is sent once when there is room again
    cat > full.json <<CONF
{"database": "full/db.sqlite", "maildir": {"inbox": "full/maildir/in", "outbox": "out2"},
 "poll_interval": 1}
CONF
    due=$(( $(date +%s) + 3 ))
    DB=full/db.sqlite sql "INSERT INTO outbox (message_id, mail_from, recipients, raw, created_at, next_attempt_at) VALUES ('f2@t', 'pbemgm@localhost', '[\"alice@pbem.test\"]', 'Subject: y', 0, $due)"
    "$PBEMGM" -c full.json serve > full4.log 2>&1 &
    BG=$!
    sleep 1
    dd if=/dev/zero of=full/filler bs=64k 2>/dev/null
    sleep 6
    check "a running daemon with the disk full sends nothing that cannot be recorded" \
        test "$(OUT=out2 out_count)" -eq $((sent + 1))
    check "... and logs why" grep -q "is not sent: its sending cannot be recorded (the disk is full" full4.log || cat full4.log
    rm -f full/filler
    i=0; while [ "$(OUT=out2 out_count)" -lt $((sent + 2)) ] && [ $i -lt 40 ]; do sleep 0.5; i=$((i + 1)); done
    check "with room again it is sent" test "$(OUT=out2 out_count)" -eq $((sent + 2))
    sleep 2
    check "... once" test "$(OUT=out2 out_count)" -eq $((sent + 2))
    kill -TERM $BG; wait $BG; BG=""
    umount full
else
    echo "# no tmpfs here (not root?): the full disk is not tried"
fi
