# End to end through real servers: a player's mail goes by SMTP (OpenSMTPD) into Dovecot, the
# daemon takes it over IMAP (woken by IDLE), and the reply comes back by SMTP into the player's
# mailbox. Also: a wrong password, the player of record told, SIGHUP reload, SIGTERM.
. "$PBEMGM_TOP/tests/integration/lib.sh"

start_servers
write_config "Test GM"
gm init >/dev/null
gm game create g1 --gm master@pbem.test --gm-password masterpw >/dev/null
gm player add g1 alice alice@pbem.test --password secret1 --no-mail >/dev/null
start_daemon
sleep 1

printf 'From: Alice <alice@pbem.test>\r\nSubject: orders\r\nMessage-ID: <it-1@pbem.test>\r\n\r\nGAME g1\r\nPLAYER alice\r\nPASSWORD secret1\r\nBUY 1 BY\r\n' > "$WORK/m1.eml"
t0=$(date +%s)
send alice@pbem.test "$WORK/m1.eml"
check "a player's mail is answered into the player's mailbox" wait_mail alice 1 20
t1=$(date +%s)
check "IDLE wakes the daemon (answer in $((t1 - t0)) s, poll interval 60 s)" test $((t1 - t0)) -lt 15
check "the answer says who sent it and what was not understood" \
    sh -c "'$MAILTOOL' show '$MAILROOT'/alice/new/* | grep -q 'received from player alice' &&
           '$MAILTOOL' show '$MAILROOT'/alice/new/* | grep -q 'line 4: \"BUY 1 BY\"'"
check "the answer is threaded to the player's mail" grep -q "In-Reply-To: <it-1@pbem.test>" "$MAILROOT"/alice/new/*

# issue 13: the GM's desk by mail — the GM's address is not the daemon's, and is answered
printf 'From: Master <master@pbem.test>\r\nSubject: desk\r\nMessage-ID: <it-gm@pbem.test>\r\n\r\nGAME g1\r\nGM\r\nPASSWORD masterpw\r\nSTATUS\r\nREVIEW ON\r\n' > "$WORK/gm1.eml"
send master@pbem.test "$WORK/gm1.eml"
check "the GM's mail to the desk is answered into the GM's mailbox" wait_mail master 1 20
check "the answer carries the status and the review" \
    sh -c "'$MAILTOOL' show '$MAILROOT'/master/new/* | grep -q 'alice@pbem.test' &&
           '$MAILTOOL' show '$MAILROOT'/master/new/* | grep -q 'Review is on for game g1'"
check "REVIEW ON by mail took effect, audited from the GM's address" \
    test "$(sql "SELECT review FROM games WHERE name='g1'")/$(sql "SELECT origin FROM audit WHERE action='review'")" = "1/mail from master@pbem.test"

# issue 16: mail about a player's orders goes only to the player's address of record; a mail
# from another address (or asking answers at another, Reply-To) is told to the player; one
# refusal text for a wrong password, an unknown game and an unknown player
printf 'From: mallory@pbem.test\r\nSubject: x\r\n\r\nGAME g1\r\nPLAYER alice\r\nPASSWORD guess\r\n' > "$WORK/m2.eml"
printf 'From: mallory@pbem.test\r\nSubject: y\r\n\r\nGAME g1\r\nPLAYER alice\r\nPASSWORD secret1\r\n' > "$WORK/m3.eml"
printf 'From: alice@pbem.test\r\nReply-To: mallory@pbem.test\r\nSubject: z\r\n\r\nGAME g1\r\nPLAYER alice\r\nPASSWORD secret1\r\n' > "$WORK/m3b.eml"
printf 'From: mallory@pbem.test\r\nSubject: w\r\n\r\nGAME nosuch\r\nPLAYER alice\r\nPASSWORD secret1\r\n' > "$WORK/m3c.eml"
send mallory@pbem.test "$WORK/m2.eml"
check "a wrong password is answered" wait_mail mallory 1 20
send mallory@pbem.test "$WORK/m3.eml"
check "the right password from another address: the answer and a notice go to the player of record" wait_mail alice 3 20
check "the notice names the other address" sh -c "'$MAILTOOL' show '$MAILROOT'/alice/new/* | grep -q 'mallory@pbem.test'"
send alice@pbem.test "$WORK/m3b.eml"
check "a Reply-To elsewhere: the answer and a notice go to the player of record" wait_mail alice 5 20
send mallory@pbem.test "$WORK/m3c.eml"
check "an unknown game is answered" wait_mail mallory 2 20
check "mallory got no answer about alice's orders" test "$(mail_count mallory)" -eq 2
check "the wrong password and the unknown game get one and the same refusal" \
    sh -c "test \$('$MAILTOOL' show '$MAILROOT'/mallory/new/* | grep -c 'The game, the player or the password is not right') -eq 2"

# issue 16: a second, different mail under a Message-ID seen before (a corrected resend) is
# stored and answered; the same mail again is not
printf 'From: bob@pbem.test\r\nDate: Wed, 25 Nov 2026 06:00:00 +0000\r\nSubject: one\r\nMessage-ID: <same-id@pbem.test>\r\n\r\nhelp\r\n' > "$WORK/s1.eml"
printf 'From: bob@pbem.test\r\nSubject: one, corrected\r\nMessage-ID: <same-id@pbem.test>\r\n\r\nhelp please\r\n' > "$WORK/s2.eml"
send bob@pbem.test "$WORK/s1.eml"
check "a mail is answered" wait_mail bob 1 20
send bob@pbem.test "$WORK/s2.eml"
check "a corrected resend under the same Message-ID is answered too" wait_mail bob 2 20
send bob@pbem.test "$WORK/s1.eml"
sleep 3
check "the first mail again (another delivery, the same mail) is not" test "$(mail_count bob)" -eq 2
rm -f "$MAILROOT"/bob/new/* "$MAILROOT"/bob/cur/*

write_config "Renamed GM"
kill -HUP "$DAEMON_PID"
sleep 1
printf 'From: bob@pbem.test\r\nSubject: help\r\n\r\nhelp\r\n' > "$WORK/m4.eml"
send bob@pbem.test "$WORK/m4.eml"
check "HELP is answered" wait_mail bob 1 20
check "SIGHUP reloaded the configuration" sh -c "'$MAILTOOL' show '$MAILROOT'/bob/new/* | grep -q 'Renamed GM'"

sh "$TOP/tests/integration/servers.sh" imap-down "$WORK/srv"
sleep 3
check "the daemon survives its IMAP server going away" kill -0 "$DAEMON_PID"
sh "$TOP/tests/integration/servers.sh" imap-up "$WORK/srv"
printf 'From: carol@pbem.test\r\nSubject: help\r\n\r\nhelp\r\n' > "$WORK/m5.eml"
send carol@pbem.test "$WORK/m5.eml"
check "and reconnects when it is back (backoff at most 8 s here)" wait_mail carol 1 30
check "the outage was logged" grep -q "warn: waiting for mail: IMAP\|error: fetching mail: IMAP" "$WORK/daemon.log"

echo '{"databse": 1}' > "$WORK/pbemgm.json"
kill -HUP "$DAEMON_PID"
sleep 1
check "a bad configuration on SIGHUP is refused and the daemon runs on" kill -0 "$DAEMON_PID"
check "the refusal names the bad key" grep -q "unknown key 'databse'" "$WORK/daemon.log"

check "SIGTERM stops the daemon cleanly" stop_daemon TERM
check "every stored mail was answered" test "$(sql "SELECT COUNT(*) FROM inbound WHERE status='answered'")" = 10
check "the GM's mailbox has every mail marked seen, none left new" \
    sh -c "test \$(ls '$MAILROOT/gm/new' | wc -l) -eq 0 && test \$(ls '$MAILROOT/gm/cur' | grep -c ',S') -eq 11"
check "nothing is left in the outbox" test "$(sql "SELECT COUNT(*) FROM outbox WHERE status<>'sent'")" = 0
